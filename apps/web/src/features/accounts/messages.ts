import { formatMoney, formatNumber } from '@lodestar/domain/formatting';

/** Texts of the accounts feature that more than one component (or a test) relies on. */
export const ACCOUNTS_TEXT = {
  /** Spec §8, when syncing every connection fails. */
  syncFailed: 'Failed to sync transactions',
  cryptoSources:
    'Connect a crypto exchange with a read-only API key on the CEXes page, and follow a Bitcoin or Solana wallet by its public address on the Wallets page.',
  simplefinConnected: 'SimpleFIN Bridge connected',
  simplefinConnectedDescription: 'Its first sync has started; accounts appear as it finishes.',
  plaidConnected: 'Bank linked through Plaid',
  seePlans: 'See plans',
  plaidConnectedDescription: 'Its first sync has started; accounts appear as it finishes.',
  plaidLinkFailed:
    'Plaid could not link the bank, and nothing was saved. Try again, or add the account another way.',
  plaidReconnectFailed:
    'Plaid could not sign in to the bank again, so the connection still needs reconnecting.',
  plaidScriptFailed:
    'Plaid Link could not be loaded from cdn.plaid.com. Check the network connection and try again.',
  exchangesNote:
    'Connect an exchange with a read-only API key on the CEXes page, or add an exchange account by hand.',
  walletsNote:
    'Follow a Bitcoin or Solana wallet by its public address on the Wallets page, or add a wallet account by hand.',
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

/** What deleting an account does to the past, said before it is confirmed. */
export const DELETE_HISTORY_TEXT =
  'Its balance history goes too, so net worth and charts are recomputed without it for every past day, and its imports leave the import history. To keep the history but stop seeing the account, hide it instead.';

/** 'n new, m duplicates' for an import preview, and the possible duplicates inside the file when any. */
export function importCountsText(newCount: number, duplicateCount: number, possibleCount = 0): string {
  const base = `${newCount} new, ${duplicateCount} ${duplicateCount === 1 ? 'duplicate' : 'duplicates'}`;
  if (possibleCount === 0) return base;
  return `${base}, ${possibleCount} possible ${possibleCount === 1 ? 'duplicate' : 'duplicates'} inside the file`;
}

type MoneyValue = { amountMinor: number; currency: string };

/**
 * What an import does to a manual account's balance (ADR 016): the balance entered on a day stays true on
 * that day, so rows after it move today's balance and earlier rows fill in the history before it.
 */
export function balanceEffectText(
  balance: { anchorDate: string; anchor: MoneyValue; current: MoneyValue; after: MoneyValue },
  keptMinor: number,
  display: { masked: boolean; locale: string; formatDate: (date: string) => string },
): string {
  const money = (amountMinor: number) =>
    display.masked
      ? 'hidden'
      : formatMoney({ amountMinor, currency: balance.current.currency }, display.locale);
  const entered = `the balance you entered on ${display.formatDate(balance.anchorDate)}`;
  const after = balance.after.amountMinor + keptMinor;
  if (after === balance.current.amountMinor) {
    return `The balance stays ${money(after)}: no new row is dated after ${entered}, so the rows fill in the history before it.`;
  }
  return `The balance moves from ${money(balance.current.amountMinor)} to ${money(after)}: rows dated after ${entered} add to it; earlier rows fill in the history before it.`;
}

/** 'n transactions', the count grouped in the user's number locale (11,999; de-DE 11.999). */
export function transactionsText(count: number, locale?: string): string {
  return `${formatNumber(count, locale, 0)} ${count === 1 ? 'transaction' : 'transactions'}`;
}

/** 'n duplicates were skipped.' for an import's toast, the count grouped like transactionsText. */
export function skippedDuplicatesText(count: number, locale?: string): string {
  return `${formatNumber(count, locale, 0)} ${count === 1 ? 'duplicate was' : 'duplicates were'} skipped.`;
}
