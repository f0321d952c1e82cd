import type { OutboundPolicy } from '../outbound/guard';
import type { CryptoPriceService } from '../prices/crypto-prices';
import type { EvmChainId, ExtraEvmToken } from './blockchain/evm/chains';

/**
 * The one interface every money source implements (DESIGN.md §5): link → accounts; sync(cursor) →
 * added/modified/removed transactions and the next cursor. Connectors only read from the provider;
 * the sync engine writes.
 */

export type ConnectorAccount = {
  externalId: string;
  name: string;
  officialName?: string | null;
  /** Spec §3 account type. */
  type: string;
  subtype?: string | null;
  currency: string;
  mask?: string | null;
  currentBalanceMinor: number;
  availableBalanceMinor?: number | null;
  creditLimitMinor?: number | null;
  /** When the provider's balance is from (SimpleFIN `balance-date`); the sync's time when not given. */
  balanceAsOf?: Date | null;
  /**
   * It holds nothing: brought to zero when the connection already has it, not created when it does not
   * (an exchange's empty Earn or Funding wallet is no account of the user's until something is in it).
   */
  onlyIfKnown?: boolean;
};

export type ConnectorTransaction = {
  externalId: string;
  accountExternalId: string;
  date: string;
  authorizedDate?: string | null;
  amountMinor: number;
  currency: string;
  name: string;
  merchantName?: string | null;
  description?: string | null;
  providerCategory?: {
    primary?: string | null;
    detailed?: string | null;
    confidence?: string | number | null;
  };
  paymentChannel?: string | null;
  paymentMethod?: string | null;
  status: 'pending' | 'posted';
  /** On a posted transaction: the provider id of the pending one it replaces. */
  pendingExternalId?: string | null;
  /** The same value on both legs of a transfer between the user's own accounts. */
  transferGroup?: string | null;
};

export type ConnectorHolding = {
  accountExternalId: string;
  security: {
    /** Whose id `externalId` is, when not the connector's own (`crypto`: the shared crypto price ids). */
    provider?: string;
    externalId: string;
    ticker?: string | null;
    isin?: string | null;
    cusip?: string | null;
    name: string;
    type: string;
    currency: string;
  };
  quantity: string;
  price: string;
  costBasis?: string | null;
  asOf: string;
  /** Net change of the quantity per day (decimal strings), when the source has its history (wallets). */
  quantityChanges?: { date: string; change: string }[];
};

/** What a lender reports about a card or loan; amounts positive, in minor units of `currency`. */
export type ConnectorLiability = {
  accountExternalId: string;
  kind: 'credit' | 'student' | 'mortgage';
  currency: string;
  aprs: { type: string; percentage: string; balanceSubjectToAprMinor: number | null }[];
  interestRatePercentage: string | null;
  interestRateType: string | null;
  nextPaymentMinor: number | null;
  nextPaymentDueDate: string | null;
  lastPaymentMinor: number | null;
  lastPaymentDate: string | null;
  lastStatementBalanceMinor: number | null;
  lastStatementIssueDate: string | null;
  payoffDate: string | null;
  isOverdue: boolean | null;
};

export type SyncPage = {
  added: ConnectorTransaction[];
  modified: ConnectorTransaction[];
  removed: { externalId: string; accountExternalId: string }[];
  nextCursor: string;
  hasMore: boolean;
  /** Rough share of the work done after this page (0..1), for progress. */
  progress?: number;
  /**
   * For a provider without a change feed (SimpleFIN): the page holds every transaction the provider
   * has for these accounts dated on or after `from`, so the engine removes the rows of that window the
   * page no longer holds (a dropped pending charge, a transaction the bank withdrew).
   */
  window?: { from: string; accountExternalIds: string[] };
  /** What the provider says about the connection (SimpleFIN `errors`), shown on it as given. */
  notices?: string[];
  /** The institution the connection turned out to be at, when the provider says so while syncing. */
  institution?: ConnectorInstitution;
};

export type ConnectorInstitution = {
  externalId: string;
  name: string;
  url?: string;
  /** A data: URL or https URL of the logo, when the provider sends one. */
  logo?: string;
  /** #rrggbb */
  primaryColor?: string;
};

export type ConnectorContext = {
  /** Provider settings of the connection (not secret). */
  settings: Record<string, unknown>;
  /** The decrypted provider secret, when the connection has one. */
  secret?: string;
  /** Today in the user's calendar (YYYY-MM-DD). */
  today: string;
  /**
   * The user asked for this sync (Sync now), rather than a schedule or a webhook: a connector may then
   * read live balances where the provider bills per call for them.
   */
  userRequested?: boolean;
  /** The connection's committed cursor when the sync started (null on a first or full sync). */
  cursor?: string | null;
  /** How requests to addresses from user input (SimpleFIN URLs) may go out (outbound/guard.ts). */
  outbound?: OutboundPolicy;
  /** What wallet connectors read chains and prices with (explorer and RPC URLs, the price service). */
  crypto?: CryptoServices;
};

export type CryptoServices = {
  esploraUrl: string;
  solanaRpcUrl: string;
  /** EVM chain id → JSON-RPC URL replacing the chain's public default (EVM_RPC_URLS). */
  evmRpcUrls?: Partial<Record<EvmChainId, string>>;
  /** ERC-20 tokens read besides the listed stablecoins (EVM_EXTRA_TOKENS). */
  evmExtraTokens?: readonly ExtraEvmToken[];
  prices: CryptoPriceService;
  /** Exchanges (ccxt): API base URLs that replace an exchange's own (CCXT_API_URLS). */
  exchanges?: { apiUrls: Record<string, string>; rateLimitMs?: number };
};

export type Connector = {
  provider: string;
  institution: ConnectorInstitution;
  /**
   * The provider's request budget: syncs of one connection at most this often (SimpleFIN Bridge: every
   * 4 hours). Scheduled syncs wait; a manual one is refused with the time the next is allowed.
   */
  minSyncIntervalMs?: number;
  /**
   * The account's balance is the value of its holdings (wallets): the engine writes its daily history
   * from the holdings' quantities and daily closes instead of from transactions.
   */
  valuedByHoldings?: boolean;
  /**
   * Its deposits and withdrawals (category TRANSFER) are paired with the opposite leg at one of the
   * user's bank accounts by amount, currency and date (exchanges: the bank never marks the leg).
   */
  pairsTransfersByAmount?: boolean;
  accounts(context: ConnectorContext): Promise<ConnectorAccount[]>;
  sync(context: ConnectorContext, cursor: string | null): Promise<SyncPage>;
  /**
   * Signs in to the source again (the user's answer to needs_reauth) and returns the connection's new
   * settings. A connector without it cannot be reconnected in place: the user removes and links again.
   */
  reauthenticate?(context: ConnectorContext): Promise<Record<string, unknown>>;
  holdings?(context: ConnectorContext): Promise<{
    holdings: ConnectorHolding[];
    prices: { securityExternalId: string; date: string; close: string }[];
  }>;
  /** What lenders report about the connection's cards and loans; refreshed on every sync. */
  liabilities?(context: ConnectorContext): Promise<ConnectorLiability[]>;
};

export { ProviderError, type ProviderErrorKind } from './provider-error';
