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
  security: { externalId: string; ticker?: string | null; name: string; type: string; currency: string };
  quantity: string;
  price: string;
  costBasis?: string | null;
  asOf: string;
};

export type SyncPage = {
  added: ConnectorTransaction[];
  modified: ConnectorTransaction[];
  removed: { externalId: string; accountExternalId: string }[];
  nextCursor: string;
  hasMore: boolean;
  /** Rough share of the work done after this page (0..1), for progress. */
  progress?: number;
};

export type ConnectorContext = {
  /** Provider settings of the connection (not secret). */
  settings: Record<string, unknown>;
  /** The decrypted provider secret, when the connection has one. */
  secret?: string;
  /** Today in the user's calendar (YYYY-MM-DD). */
  today: string;
};

export type Connector = {
  provider: string;
  institution: { externalId: string; name: string; url?: string };
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
};

export type ProviderErrorKind = 'needs_reauth' | 'rate_limited' | 'unavailable' | 'timeout' | 'invalid';

/** A provider failure in words a user can read (never the provider's raw body). */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }

  /** 429, 5xx and timeouts are worth another try; the rest are not. */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable' || this.kind === 'timeout';
  }
}
