/**
 * The demo world of one seed: runs the streams day by day and keeps month-end ledgers, so that a day's
 * events can depend on earlier months (the card statement, interest, dividends) while staying a pure
 * function of (seed, day). Everything a world memoises is a pure function of its seed, so the last few
 * worlds are kept (see worldFor) and a sync's several calls, or the next day's sync, reuse the work.
 */
import { BILL_STREAMS } from './bills';
import {
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  firstDayOf,
  isoOf,
  lastDayOf,
  monthIndex,
  monthIndexOf,
  weekday,
} from './calendar';
import type { DayContext, RawEvent, Snapshot, Stream } from './context';
import { INCOME_STREAMS } from './income';
import { INVESTING_STREAMS } from './investing';
import { ACCOUNT_SPECS, createProfile, OPENING_DAY, type AccountKey, type Profile } from './profile';
import { hash32, Rng } from './random';
import { PriceSeries, securitySpec } from './securities';
import { SPENDING_STREAMS } from './spending';
import { SUBSCRIPTION_STREAMS } from './subscriptions';
import { TRAVEL_STREAMS } from './travel';

const STREAMS: readonly Stream[] = [
  ...INCOME_STREAMS,
  ...BILL_STREAMS,
  ...SUBSCRIPTION_STREAMS,
  ...SPENDING_STREAMS,
  ...TRAVEL_STREAMS,
  ...INVESTING_STREAMS,
];

/** A purchase posts at most this many days after it is authorised (and is pending until then). */
export const MAX_LAG_DAYS = 3;

/** The last day the generator accepts (keeps the work per call bounded). */
export const LAST_DAY = daysFromCivil(2099, 12, 31);

/** Longest statement name a row may carry (the UI cuts longer ones to 47 characters and '…'). */
export const MAX_NAME_LENGTH = 50;

const OPENING_MONTH = monthIndexOf(OPENING_DAY);

function cloneSnapshot(snapshot: Snapshot): Snapshot {
  return {
    balance: { ...snapshot.balance },
    quantityMicro: { ...snapshot.quantityMicro },
    costMinor: { ...snapshot.costMinor },
  };
}

function apply(snapshot: Snapshot, event: RawEvent): void {
  snapshot.balance[event.account] += event.amountMinor;
  if (event.investment) {
    const { securityId, quantityMicro } = event.investment;
    snapshot.quantityMicro[securityId] = (snapshot.quantityMicro[securityId] ?? 0) + quantityMicro;
    snapshot.costMinor[securityId] = (snapshot.costMinor[securityId] ?? 0) - event.amountMinor;
  }
}

/** Throws unless `day` is within what the generator supports. */
export function assertSupportedDay(day: number, label: string): void {
  if (day > LAST_DAY) throw new RangeError(`${label} must be on or before 2099-12-31, got ${isoOf(day)}`);
}

/** One seed's world: memoised days, month-end ledgers and price series. */
export class DemoWorld {
  readonly profile: Profile;
  private readonly days = new Map<number, readonly RawEvent[]>();
  private readonly months = new Map<number, Snapshot>();
  private lastMonth = OPENING_MONTH - 1;
  private readonly opening: Snapshot;
  private readonly prices = new Map<string, PriceSeries>();
  private readonly memo = new Map<string, unknown>();

  constructor(readonly seed: string) {
    this.profile = createProfile(seed);
    this.opening = {
      balance: { ...this.profile.openingBalanceMinor },
      quantityMicro: { ...this.profile.openingQuantityMicro },
      costMinor: { ...this.profile.openingCostMinor },
    };
  }

  /** External id of an account. */
  accountId(account: AccountKey): string {
    return `demo-${this.profile.tag}-${account}`;
  }

  /** Balances and positions on the history start, before any event. */
  openingSnapshot(): Snapshot {
    return cloneSnapshot(this.opening);
  }

  /** Close (cents) of a security on the last trading day on or before `day`. */
  close(securityId: string, day: number): number {
    let series = this.prices.get(securityId);
    if (!series) {
      series = new PriceSeries(this.seed, securitySpec(securityId));
      this.prices.set(securityId, series);
    }
    return series.closeOn(day);
  }

  /** The events authorised on `day` (none before the history start). */
  events(day: number): readonly RawEvent[] {
    if (day < OPENING_DAY) return [];
    const cached = this.days.get(day);
    if (cached) return cached;
    this.monthEnd(monthIndexOf(day) - 1);
    const events = this.generate(day);
    this.days.set(day, events);
    return events;
  }

  /** Posted balances and positions at the end of month `index` (the opening before the history start). */
  monthEnd(index: number): Snapshot {
    if (index < OPENING_MONTH) return this.opening;
    for (let month = this.lastMonth + 1; month <= index; month++) {
      const snapshot = cloneSnapshot(this.monthEnd(month - 1));
      const first = firstDayOf(month);
      const last = lastDayOf(month);
      // Months settle in order, so the events() below only read months already stored.
      for (let day = first - MAX_LAG_DAYS; day <= last; day++) {
        for (const event of this.events(day)) {
          if (event.postDay >= first && event.postDay <= last) apply(snapshot, event);
        }
      }
      this.months.set(month, snapshot);
      this.lastMonth = month;
    }
    const snapshot = this.months.get(index);
    if (!snapshot) throw new Error(`Month ${index} was not settled`);
    return snapshot;
  }

  /** Posted balances and positions at the end of `day` (events whose posting day is on or before it). */
  snapshotAt(day: number): Snapshot {
    if (day < OPENING_DAY) return this.openingSnapshot();
    const index = monthIndexOf(day);
    const snapshot = cloneSnapshot(this.monthEnd(index - 1));
    const first = firstDayOf(index);
    for (let current = first - MAX_LAG_DAYS; current <= day; current++) {
      for (const event of this.events(current)) {
        if (event.postDay >= first && event.postDay <= day) apply(snapshot, event);
      }
    }
    return snapshot;
  }

  /** Purchases authorised on or before `day` that are still pending at its end. */
  pendingAt(day: number): RawEvent[] {
    const pending: RawEvent[] = [];
    for (let current = day - MAX_LAG_DAYS; current <= day; current++) {
      for (const event of this.events(current)) {
        if (event.pendingAmountMinor !== undefined && event.postDay > day) pending.push(event);
      }
    }
    return pending;
  }

  private generate(day: number): RawEvent[] {
    const { year, month, day: date } = civilFromDays(day);
    const index = monthIndex(year, month);
    const { seed, profile } = this;
    const events: RawEvent[] = [];
    const push = (event: RawEvent): void => {
      const valid =
        Number.isSafeInteger(event.amountMinor) &&
        event.amountMinor !== 0 &&
        (event.pendingAmountMinor === undefined || Number.isSafeInteger(event.pendingAmountMinor)) &&
        event.name.length > 0 &&
        event.name.length <= MAX_NAME_LENGTH &&
        !events.some((other) => other.slug === event.slug);
      if (!valid) throw new Error(`Invalid demo event ${isoOf(day)} ${event.slug}`);
      events.push(event);
    };
    const confidence = (slug: string, level: RawEvent['confidence']): RawEvent['confidence'] =>
      level === 'HIGH' && hash32(`${seed}|${day}|confidence|${slug}`) % 100 < 6 ? 'MEDIUM' : level;
    const ctx: DayContext = {
      seed,
      profile,
      day,
      year,
      month,
      date,
      weekday: weekday(day),
      monthIndex: index,
      daysInMonth: daysInMonth(year, month),
      rng: (purpose) => new Rng(`${seed}|${day}|${purpose}`),
      plan: (key) => new Rng(`${seed}|plan|${key}`),
      once: <T>(key: string, make: () => T): T => {
        if (this.memo.has(key)) return this.memo.get(key) as T;
        const value = make();
        this.memo.set(key, value);
        return value;
      },
      monthEnd: (wanted) => {
        if (wanted >= index) throw new RangeError('A day may only read the ledgers of earlier months');
        return this.monthEnd(wanted);
      },
      close: (securityId, when) => this.close(securityId, when),
      emit: (input) => {
        push({ ...input, day, postDay: day, confidence: confidence(input.slug, input.confidence ?? 'HIGH') });
      },
      purchase: (input) => {
        const { lagDays, pendingAmountMinor, ...rest } = input;
        const lag =
          lagDays ??
          new Rng(`${seed}|${day}|lag|${input.slug}`).weighted([
            [1, 55],
            [2, 33],
            [3, 12],
          ] as const);
        if (!Number.isInteger(lag) || lag < 1 || lag > MAX_LAG_DAYS)
          throw new Error(`Bad lag for ${input.slug}`);
        push({
          ...rest,
          day,
          postDay: day + lag,
          pendingAmountMinor: pendingAmountMinor ?? input.amountMinor,
          confidence: confidence(input.slug, input.confidence ?? 'HIGH'),
        });
      },
      transfer: (input) => {
        if (
          ACCOUNT_SPECS[input.from].currency !== ACCOUNT_SPECS[input.to].currency ||
          input.from === input.to
        ) {
          throw new Error(`Transfer ${input.slug} must join two accounts in one currency`);
        }
        if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
          throw new Error(`Transfer ${input.slug} needs a positive amount`);
        }
        const legs = [
          [input.from, -input.amountMinor, input.out, 'out'],
          [input.to, input.amountMinor, input.in, 'in'],
        ] as const;
        for (const [account, amountMinor, leg, side] of legs) {
          push({
            slug: `${input.slug}-${side}`,
            account,
            day,
            postDay: day,
            amountMinor,
            name: leg.name,
            merchantName: leg.merchantName,
            description: leg.description,
            category: leg.category,
            confidence: 'VERY_HIGH',
            channel: 'other',
            method: input.method ?? 'internal_transfer',
            transfer: input.slug,
          });
        }
      },
    };
    for (const stream of STREAMS) stream(ctx);
    return events;
  }
}

/** How many seeds' worlds are kept between calls (a few MB each at most). */
const CACHED_WORLDS = 4;
const worlds = new Map<string, DemoWorld>();

/**
 * The world of `seed`, reused from the last few calls when possible. Results never depend on the cache:
 * a reused world only skips recomputing values that are pure functions of the seed.
 */
export function worldFor(seed: string): DemoWorld {
  const cached = worlds.get(seed);
  if (cached) {
    worlds.delete(seed);
    worlds.set(seed, cached);
    return cached;
  }
  const world = new DemoWorld(seed);
  worlds.set(seed, world);
  for (const key of worlds.keys()) {
    if (worlds.size <= CACHED_WORLDS) break;
    worlds.delete(key);
  }
  return world;
}
