/** Account types, providers and statuses (spec §3, §4). */

/** Every account type with the label users see. */
export const ACCOUNT_TYPE_LABELS = {
  depository: 'Bank Account',
  credit: 'Credit Card',
  investment: 'Investment',
  brokerage: 'Brokerage',
  loan: 'Loan',
  exchange: 'Exchange',
  exchange_spot: 'Exchange (Spot)',
  exchange_margin: 'Exchange (Margin)',
  exchange_futures: 'Exchange (Futures)',
  exchange_options: 'Exchange (Options)',
  wallet: 'Wallet',
  crypto: 'Crypto',
  crypto_exchange: 'Crypto Exchange',
  defi_pool: 'DeFi Pool',
  staking: 'Staking',
  real_estate: 'Real Estate',
  other: 'Other',
} as const;

export type AccountType = keyof typeof ACCOUNT_TYPE_LABELS;
export const ACCOUNT_TYPES = Object.keys(ACCOUNT_TYPE_LABELS) as AccountType[];

/** Whether `value` is one of the seventeen account types (exact, lower-case). */
export function isAccountType(value: string): value is AccountType {
  return Object.hasOwn(ACCOUNT_TYPE_LABELS, value);
}

/**
 * The label users see for a stored type (case-insensitive); an unknown type is shown in title case
 * ('money_market' → 'Money Market'), an empty one as 'Other'.
 */
export function accountTypeLabel(type: string | null | undefined): string {
  const lower = (type ?? '').trim().toLowerCase();
  if (isAccountType(lower)) return ACCOUNT_TYPE_LABELS[lower];
  const words = lower.split(/[_\s-]+/).filter(Boolean);
  if (words.length === 0) return ACCOUNT_TYPE_LABELS.other;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

/** Asset class each type counts under in net worth and allocation. */
export type AssetClass = 'cash' | 'investment' | 'crypto' | 'real_estate' | 'liability' | 'other';

const CLASS_OF: Record<AccountType, AssetClass> = {
  depository: 'cash',
  credit: 'liability',
  investment: 'investment',
  brokerage: 'investment',
  loan: 'liability',
  exchange: 'crypto',
  exchange_spot: 'crypto',
  exchange_margin: 'crypto',
  exchange_futures: 'crypto',
  exchange_options: 'crypto',
  wallet: 'crypto',
  crypto: 'crypto',
  crypto_exchange: 'crypto',
  defi_pool: 'crypto',
  staking: 'crypto',
  real_estate: 'real_estate',
  other: 'other',
};

/** The asset class an account type counts under (credit and loan → 'liability'). */
export function assetClassOf(type: AccountType): AssetClass {
  return CLASS_OF[type];
}

/** Liabilities (credit cards, loans) carry a negative balance when money is owed. */
export function isLiability(type: AccountType): boolean {
  return CLASS_OF[type] === 'liability';
}

/** Accounts screen tabs (spec §2), id → label, in order. */
export const ACCOUNT_TABS = {
  all: 'All',
  banks: 'Banking',
  brokers: 'Investments',
  exchanges: 'Crypto Exchanges',
  wallets: 'Crypto Wallets',
} as const;
export type AccountTab = keyof typeof ACCOUNT_TABS;

const TAB_OF: Record<AccountType, Exclude<AccountTab, 'all'> | undefined> = {
  depository: 'banks',
  credit: 'banks',
  loan: 'banks',
  investment: 'brokers',
  brokerage: 'brokers',
  exchange: 'exchanges',
  exchange_spot: 'exchanges',
  exchange_margin: 'exchanges',
  exchange_futures: 'exchanges',
  exchange_options: 'exchanges',
  crypto_exchange: 'exchanges',
  wallet: 'wallets',
  crypto: 'wallets',
  defi_pool: 'wallets',
  staking: 'wallets',
  real_estate: undefined,
  other: undefined,
};

/** The tab an account type is listed under besides 'all'; real estate and other appear only in 'all'. */
export function accountTabOf(type: AccountType): Exclude<AccountTab, 'all'> | undefined {
  return TAB_OF[type];
}

/** Whether an account of `type` is listed under `tab` ('all' lists everything). */
export function accountInTab(type: AccountType, tab: AccountTab): boolean {
  return tab === 'all' || TAB_OF[type] === tab;
}

/** Canonical account statuses; aliases from providers are folded into these. */
export const ACCOUNT_STATUSES = ['active', 'syncing', 'needs_reauth', 'error', 'disconnected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const STATUS_ALIASES: Record<string, AccountStatus> = {
  active: 'active',
  syncing: 'syncing',
  needs_reauth: 'needs_reauth',
  reauth_required: 'needs_reauth',
  error: 'error',
  failed: 'error',
  inactive: 'disconnected',
  disconnected: 'disconnected',
};

/** Folds a stored or provider status into a canonical one; unknown or empty → 'active' (the default). */
export function normalizeAccountStatus(status: string | null | undefined): AccountStatus {
  return STATUS_ALIASES[(status ?? '').trim().toLowerCase()] ?? 'active';
}

/** What each status tells the user (spec §4). */
export const ACCOUNT_STATUS_TEXT: Record<AccountStatus, { label: string; description: string }> = {
  active: { label: 'Active', description: 'Up to date' },
  syncing: { label: 'Syncing', description: 'Fetching the latest balances and transactions' },
  needs_reauth: { label: 'Reconnect needed', description: 'Reconnect to continue syncing' },
  error: { label: 'Error', description: 'Try reconnecting' },
  disconnected: { label: 'Disconnected', description: 'This account no longer syncs' },
};

/** The label and explanation for any stored status, after folding aliases (see normalizeAccountStatus). */
export function accountStatusText(status: string | null | undefined): { label: string; description: string } {
  return ACCOUNT_STATUS_TEXT[normalizeAccountStatus(status)];
}

/** Transaction statuses (spec §4); posted is the default. */
export const TRANSACTION_STATUSES = ['pending', 'posted', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_STATUS_TEXT: Record<TransactionStatus, { label: string; description: string }> = {
  pending: { label: 'Pending', description: 'May still change or drop off' },
  posted: { label: 'Posted', description: 'Settled by the bank' },
  failed: { label: 'Failed', description: 'The payment did not go through' },
  cancelled: { label: 'Cancelled', description: 'The payment was cancelled' },
};

/** Folds a stored or provider status into one of the four; 'canceled' → 'cancelled'; unknown or empty → 'posted'. */
export function normalizeTransactionStatus(status: string | null | undefined): TransactionStatus {
  const lower = (status ?? '').trim().toLowerCase();
  if (lower === 'canceled') return 'cancelled';
  return (TRANSACTION_STATUSES as readonly string[]).includes(lower)
    ? (lower as TransactionStatus)
    : 'posted';
}

/** Providers an account can come from. */
export const ACCOUNT_PROVIDERS = [
  'plaid',
  'simplefin',
  'demo',
  'file',
  'manual',
  'crypto',
  'blockchain',
  'ccxt',
] as const;
export type AccountProvider = (typeof ACCOUNT_PROVIDERS)[number];
