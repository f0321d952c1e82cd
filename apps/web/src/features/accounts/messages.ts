/** Texts of the accounts feature that more than one component (or a test) relies on. */
export const ACCOUNTS_TEXT = {
  /** Spec §8, when syncing every connection fails. */
  syncFailed: 'Failed to sync transactions',
  laterRelease:
    'Linking a bank through an aggregator, a crypto exchange or a wallet is not available yet: import statements or add accounts by hand.',
  cryptoLaterRelease:
    'Linking crypto exchanges and wallets is not available yet, so nothing is listed here unless you add such an account by hand.',
  demoConnected: 'Lodestar Demo Bank connected',
  demoConnectedDescription: 'Its first sync has started; accounts appear as it finishes.',
  demoReauthDescription:
    'See what happens when a bank asks you to sign in again: its accounts stop syncing until you reconnect.',
} as const;

/** 'Delete {name} and its {n} transactions? This cannot be undone.' */
export function deleteAccountQuestion(name: string, transactions: number): string {
  const noun = transactions === 1 ? 'transaction' : 'transactions';
  return `Delete ${name} and its ${transactions} ${noun}? This cannot be undone.`;
}

/** 'n new, m duplicates' for an import preview. */
export function importCountsText(newCount: number, duplicateCount: number): string {
  return `${newCount} new, ${duplicateCount} ${duplicateCount === 1 ? 'duplicate' : 'duplicates'}`;
}

export function transactionsText(count: number): string {
  return `${count} ${count === 1 ? 'transaction' : 'transactions'}`;
}
