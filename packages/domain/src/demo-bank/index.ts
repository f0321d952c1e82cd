/**
 * Demo bank: a deterministic stand-in for an aggregator, so a new user sees a lived-in dashboard within
 * seconds. Everything is a pure function of a `seed` (say, the user or connection id) and the dates
 * passed in; there is no clock and no Math.random.
 *
 * The household: biweekly pay with a yearly raise and a March bonus, a mortgage, utilities, insurance,
 * subscriptions (one price rise every two years, one service cancelled and later rejoined), groceries,
 * dining, travel (a yearly trip to their flat in Lisbon, paid partly from a euro account, partly by card
 * with a foreign-transaction fee), marketplace orders with refunds, savings, and a brokerage account
 * with monthly contributions and dividends. History starts on 2020-01-01 with fixed opening balances.
 *
 * Sign convention (docs/domain.md): positive = money into the account, in integer minor units.
 * - checking, savings, euro checking: deposits positive, spending negative; balance = cash.
 * - credit card: purchases and fees negative, refunds and payments positive; balance negative = owed.
 * - mortgage: monthly interest charged negative, payments positive; balance negative = owed.
 * - brokerage: contributions and dividends positive, buys negative (cash); balance = cash + holdings.
 * A transfer between own accounts has two legs with the same transferGroup, opposite amounts, same
 * currency and day (card payment, mortgage payment, savings, brokerage contribution, trip top-up).
 *
 * Syncing: the first sync can ask for [today − 730 days, today]; a later one for [last today + 1, today]
 * (every row still pending at the last sync posts on a later date, with pendingExternalId naming the
 * pending row). Re-reading an overlap is harmless: ids are stable. Each call walks the history from
 * 2020-01-01 (about 0.1–0.2 s of CPU); the last four seeds' walks are cached, so the further calls of a
 * sync are nearly free (results never depend on the cache). demoBankSync returns everything at once.
 *
 * Categories are Plaid personal-finance-category codes (primary TRANSFER_IN/TRANSFER_OUT for transfers;
 * `primaryCategoryOf` folds them to TRANSFER); brokerage buys use INVESTMENT / INVESTMENT_BUY ('Trades').
 */
import { HISTORY_START, type IsoDate } from '../dates';
import { MAX_LAG_DAYS } from './world';

export { demoBankAccounts } from './accounts';
export { demoBankBalances } from './balances';
export { DEMO_BANK_SECURITIES, demoBankHoldings, demoBankPrices } from './holdings';
export { DEMO_BANK_INSTITUTION_NAME } from './profile';
export { demoBankSync, type DemoBankSyncResult } from './sync';
export { demoBankTransactions } from './transactions';
export type {
  DemoBankAccount,
  DemoBankAccountSubtype,
  DemoBankBalance,
  DemoBankCategory,
  DemoBankConfidence,
  DemoBankHolding,
  DemoBankPaymentChannel,
  DemoBankPaymentMethod,
  DemoBankPrice,
  DemoBankSecurity,
  DemoBankSecurityType,
  DemoBankTransaction,
  DemoBankVariant,
} from './types';

/** Where the demo history starts (accounts open with their opening balances on this day). */
export const DEMO_BANK_HISTORY_START: IsoDate = HISTORY_START;

/** A card or debit-card purchase is pending for at most this many days before it posts. */
export const DEMO_BANK_MAX_PENDING_DAYS: number = MAX_LAG_DAYS;
