/** Public shapes of the demo bank (see ./index.ts for the generator functions). */
import type { AccountType } from '../accounts';
import type { ConfidenceLevel } from '../categories';
import type { IsoDate } from '../dates';

/** Demo bank profiles. Only one exists; the parameter keeps room for others (e.g. a student, a family). */
export type DemoBankVariant = 'standard';

/** Account subtypes the demo bank uses (Plaid-style names). */
export type DemoBankAccountSubtype = 'checking' | 'savings' | 'credit card' | 'brokerage' | 'mortgage';

/** One account as an aggregator would report it after linking. */
export type DemoBankAccount = {
  /** Stable per seed: the same seed always yields the same ids. */
  externalId: string;
  name: string;
  officialName: string;
  /** Last four digits of the account number. */
  mask: string;
  type: Extract<AccountType, 'depository' | 'credit' | 'brokerage' | 'loan'>;
  subtype: DemoBankAccountSubtype;
  /** ISO-4217 code: 'USD' for all but the euro checking account ('EUR'). */
  currency: string;
  institutionName: string;
  /** Credit cards only: the credit limit, positive, in minor units. */
  creditLimitMinor?: number;
  /** Mortgage only: the loan's terms. */
  loan?: {
    originalPrincipalMinor: number;
    /** Yearly rate in percent, as a decimal string ('3.25'). */
    interestRatePercent: string;
    originationDate: IsoDate;
    maturityDate: IsoDate;
    /** Monthly principal-and-interest payment, positive, in minor units. */
    monthlyPaymentMinor: number;
  };
};

/** Plaid personal-finance-category style pair: primary ('FOOD_AND_DRINK') and detailed ('FOOD_AND_DRINK_GROCERIES'). */
export type DemoBankCategory = { primary: string; detailed: string };

/** The levels the demo bank sends (never UNKNOWN). */
export type DemoBankConfidence = Exclude<ConfidenceLevel, 'UNKNOWN'>;

/** Plaid's payment channels. */
export type DemoBankPaymentChannel = 'online' | 'in store' | 'other';

/** How the money moved. */
export type DemoBankPaymentMethod =
  'credit_card' | 'debit_card' | 'ach' | 'direct_debit' | 'internal_transfer' | 'check' | 'atm' | 'brokerage';

/** One transaction as the provider reports it. */
export type DemoBankTransaction = {
  /**
   * Stable and unique per seed. A posted row that went through a pending stage has a different id from
   * its pending row and names it in `pendingExternalId`.
   */
  externalId: string;
  accountExternalId: string;
  /** Pending rows: the authorisation day. Posted rows: the posting day (0–3 days after authorisation). */
  date: IsoDate;
  /** Card and debit-card purchases: the day the purchase was authorised. */
  authorizedDate?: IsoDate;
  /** Integer minor units of `currency`; positive = money into the account (see ./index.ts). */
  amountMinor: number;
  currency: string;
  /** Statement-style name, at most 50 characters. */
  name: string;
  merchantName?: string;
  /** The raw statement line (may be longer than `name`). */
  description?: string;
  providerCategory: DemoBankCategory;
  providerConfidence: DemoBankConfidence;
  paymentChannel: DemoBankPaymentChannel;
  paymentMethod?: DemoBankPaymentMethod;
  status: 'pending' | 'posted';
  /** On a posted row: the externalId of the pending row it replaces. */
  pendingExternalId?: string;
  /** Both legs of a transfer between the user's own demo accounts carry the same group id. */
  transferGroup?: string;
  /** Brokerage buys only: what was bought (category INVESTMENT / INVESTMENT_BUY). */
  investment?: { securityId: string; quantity: string; price: string };
};

/** Balances of one account at the end of `asOf`. */
export type DemoBankBalance = {
  accountExternalId: string;
  currency: string;
  asOf: IsoDate;
  /**
   * Posted balance, minor units, positive = the user's money. Depository: cash. Credit card and mortgage:
   * negative when money is owed. Brokerage: cash plus the market value of the holdings.
   */
  currentMinor: number;
  /**
   * Depository: current plus pending amounts. Credit card: credit still available (limit + current +
   * pending), ≥ 0. Brokerage: the cash. Mortgage: null.
   */
  availableMinor: number | null;
  creditLimitMinor?: number;
};

/** Security kinds held in the demo brokerage account. */
export type DemoBankSecurityType = 'etf' | 'equity' | 'money_market';

/** A security the demo brokerage account can hold (fictional tickers). */
export type DemoBankSecurity = {
  securityId: string;
  ticker: string;
  name: string;
  type: DemoBankSecurityType;
  currency: string;
};

/** A position in the brokerage account at the end of `asOf`. */
export type DemoBankHolding = DemoBankSecurity & {
  accountExternalId: string;
  /** Units held, decimal string (fractional shares: up to 6 decimals). */
  quantity: string;
  /** Close on `priceDate` (the last trading day on or before asOf), decimal string in major units. */
  price: string;
  priceDate: IsoDate;
  /** quantity × price, rounded to minor units. */
  marketValueMinor: number;
  /** Total paid for the units held, decimal string in MAJOR units of `currency` ('12345.67'). */
  costBasis: string;
};

/** One daily close. */
export type DemoBankPrice = { date: IsoDate; close: string };
