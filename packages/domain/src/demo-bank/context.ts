/**
 * Internal shapes shared by the life-event generators ("streams") and the world that runs them. A stream
 * looks at one day and emits that day's events; it may read month-end ledgers of earlier months and
 * security closes, never anything later, so each day is a pure function of (seed, day).
 */
import type { AccountKey, Profile } from './profile';
import type { Rng } from './random';
import type { DemoBankConfidence, DemoBankPaymentChannel, DemoBankPaymentMethod } from './types';

/** One event as the bank will finally post it, before `today` decides how it is shown. */
export type RawEvent = {
  /** Unique within its day: `${stream}-${n}`. */
  slug: string;
  account: AccountKey;
  /** Day number of authorisation (the day that generated it). */
  day: number;
  /** Day number it posts: `day` for non-card events, 1–3 days later for pending-capable purchases. */
  postDay: number;
  /** Final posted amount, minor units of the account's currency, positive = money in. */
  amountMinor: number;
  /** Present on card and debit-card purchases: the amount shown while pending (before `postDay`). */
  pendingAmountMinor?: number;
  name: string;
  merchantName?: string;
  description?: string;
  /** Detailed Plaid-style category; the primary is derived from it. */
  category: string;
  confidence: DemoBankConfidence;
  channel: DemoBankPaymentChannel;
  method?: DemoBankPaymentMethod;
  /** Transfer slug shared by both legs (made unique by the day in the public id). */
  transfer?: string;
  investment?: { securityId: string; quantityMicro: number; priceMinor: number };
};

/** Balances (minor units) and brokerage positions at the end of some day. */
export type Snapshot = {
  balance: Record<AccountKey, number>;
  /** Units held per security id, in millionths. */
  quantityMicro: Record<string, number>;
  /** Cost of the units held per security id, minor units. */
  costMinor: Record<string, number>;
};

/** What a stream passes to `emit`: an event that posts the same day. */
export type EventInput = Omit<
  RawEvent,
  'day' | 'postDay' | 'pendingAmountMinor' | 'confidence' | 'transfer'
> & {
  confidence?: DemoBankConfidence;
};

/** A card or debit-card purchase: pending first, posted `lagDays` later (drawn when omitted). */
export type PurchaseInput = EventInput & {
  account: 'card' | 'checking';
  lagDays?: number;
  /** Amount while pending when it differs from the posted one (a tip added, a hold released). */
  pendingAmountMinor?: number;
};

/** One leg of a transfer between own accounts. */
export type TransferLeg = {
  name: string;
  description?: string;
  category: string;
  merchantName?: string;
};

/** A transfer between two own accounts in the same currency, posted the same day on both. */
export type TransferInput = {
  slug: string;
  from: AccountKey;
  to: AccountKey;
  /** Positive amount moved. */
  amountMinor: number;
  out: TransferLeg;
  in: TransferLeg;
  method?: DemoBankPaymentMethod;
};

/** The view of one day a stream gets. */
export type DayContext = {
  readonly seed: string;
  readonly profile: Profile;
  readonly day: number;
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** Day of the month, 1–31. */
  readonly date: number;
  /** 0 = Sunday … 6 = Saturday. */
  readonly weekday: number;
  readonly monthIndex: number;
  /** Number of days in this month. */
  readonly daysInMonth: number;
  /** A random stream for this day and purpose. */
  rng(purpose: string): Rng;
  /** A random stream keyed only by the seed and `key` (for plans spanning days: trips, yearly events). */
  plan(key: string): Rng;
  /** Computes a value once per world (plans spanning days: trips, orders, payouts) and reuses it. */
  once<T>(key: string, make: () => T): T;
  /** Balances and positions at the end of an earlier month (index < this month). */
  monthEnd(index: number): Snapshot;
  /** Close of a security (cents) on the last trading day on or before `day`. */
  close(securityId: string, day: number): number;
  emit(event: EventInput): void;
  purchase(event: PurchaseInput): void;
  transfer(input: TransferInput): void;
};

/** A life-event generator: emits the events of `ctx.day`. */
export type Stream = (ctx: DayContext) => void;
