import { daysBetween } from '../categorization/text';
import { currencyExponent } from '../currencies';
import { type IsoDate, parseIsoDate } from '../dates';

/** One ECB reference rate: `perEur` units of `currency` buy 1 EUR on `date` (decimal string, > 0). */
export type EcbRate = { date: IsoDate; currency: string; perEur: string };

/** A rate the user entered: 1 `base` = `rate` `quote` from `date` on (decimal string, > 0). */
export type ManualRate = { date: IsoDate; base: string; quote: string; rate: string };

/** A rate older than this many days than the day it is used for is reported as stale. */
export const STALE_RATE_DAYS = 7;

export type FxSource = 'identity' | 'ecb' | 'manual';

/**
 * A rate found for a day: 1 `from` = `rate` `to`; `date` is the (oldest) rate date it rests on. When
 * no rate exists on or before the day, the earliest known one is used instead and the rate is
 * `estimated` (its `date` is then after the day: the newest rate date it rests on).
 */
export type FxRate = { rate: number; date: IsoDate; source: FxSource; stale: boolean; estimated: boolean };

export type FxConversion = {
  amountMinor: number;
  rateDate: IsoDate;
  source: FxSource;
  stale: boolean;
  estimated: boolean;
};

export type FxTable = {
  /**
   * 1 `from` = rate `to` on `date`: the last known rate on or before it, else (estimated) the earliest
   * known one; null only when the table has no rate for the pair at all.
   */
  rate(from: string, to: string, date: IsoDate): FxRate | null;
  /** `amountMinor` of `from` in minor units of `to`, rounded half away from zero; null without any rate. */
  convertMinor(amountMinor: number, from: string, to: string, date: IsoDate): FxConversion | null;
  /**
   * The exact factor convertMinor applies on `date`: any amount converts to `amountMinor × num / den`
   * rounded half away from zero (minor-unit exponents included), so a database can convert the same
   * way; null without any rate.
   */
  minorFactor(from: string, to: string, date: IsoDate): { num: bigint; den: bigint } | null;
  /** Every currency the table holds a rate for (EUR included once there is any rate), sorted. */
  currencies(): string[];
};

const RATE_TEXT = /^\+?(\d+)(?:\.(\d+))?$/;
const RATE_MESSAGE = 'Enter the rate as a positive number';

/** An exact positive rational: num / den, both > 0. */
type Fraction = { num: bigint; den: bigint };

function parseFraction(value: string): Fraction {
  const match = RATE_TEXT.exec(value.trim());
  if (!match) throw new RangeError(RATE_MESSAGE);
  const fraction = match[2] ?? '';
  const num = BigInt((match[1] ?? '') + fraction);
  if (num === 0n) throw new RangeError(RATE_MESSAGE);
  return { num, den: 10n ** BigInt(fraction.length) };
}

/**
 * Validates a rate typed by a user or read from a feed: a plain positive decimal ('1.0842', '157',
 * '0.0061'); no sign other than '+', no exponent, no thousands separators. Returns it as a number
 * (for display; conversions use the exact decimal). Throws RangeError('Enter the rate as a positive
 * number') otherwise.
 */
export function parseRate(value: string): number {
  const { num, den } = parseFraction(value);
  const rate = Number(num) / Number(den);
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError(RATE_MESSAGE);
  return rate;
}

const ONE: Fraction = { num: 1n, den: 1n };
const times = (a: Fraction, b: Fraction): Fraction => ({ num: a.num * b.num, den: a.den * b.den });
const inverse = (a: Fraction): Fraction => ({ num: a.den, den: a.num });
const toNumber = (a: Fraction): number => Number(a.num) / Number(a.den);

/** A dated series sorted by date, one value per date (the last one given wins a duplicate date). */
type Series = { dates: IsoDate[]; values: Fraction[] };
type Found = { value: Fraction; date: IsoDate };

function buildSeries(entries: readonly { date: IsoDate; value: Fraction }[]): Series {
  const byDate = new Map<IsoDate, Fraction>();
  for (const entry of entries) byDate.set(entry.date, entry.value);
  const dates = [...byDate.keys()].sort();
  return { dates, values: dates.map((date) => byDate.get(date) ?? ONE) };
}

/**
 * The latest entry on or before `date`, by binary search; with `earliest`, when there is none, the
 * series' first entry (dated after `date`).
 */
function latestOnOrBefore(series: Series | undefined, date: IsoDate, earliest = false): Found | null {
  if (!series) return null;
  let low = 0;
  let high = series.dates.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((series.dates[middle] ?? '') <= date) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (found === -1 && earliest) found = 0;
  const value = series.values[found];
  const at = series.dates[found];
  return value && at ? { value, date: at } : null;
}

const older = (a: IsoDate, b: IsoDate): IsoDate => (a < b ? a : b);
const newer = (a: IsoDate, b: IsoDate): IsoDate => (a > b ? a : b);

/** Divides with rounding half away from zero, exactly. */
function divideRounded(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * An exchange-rate table over ECB reference rates and the user's manual rates.
 *
 * Lookup for `rate(from, to, date)`:
 * - the same currency is 1 ('identity');
 * - a manual rate for the pair, or its inverse, is the latest one on or before `date` (on the same day
 *   the rate entered in the pair's own direction wins);
 * - otherwise the ECB cross rate: perEur(to) / perEur(from), each the last known rate on or before
 *   `date`, EUR being 1. A currency the ECB has no rate for may be bridged by a manual rate against EUR
 *   or against a currency the ECB does cover (source 'manual'). The cross rate's date is the older leg's;
 * - the manual pair rate wins over the cross rate when its date is the same or later.
 *
 * Conversions are exact (rates are decimal strings, kept as fractions) and round once, half away from
 * zero, to the target's minor unit (JPY 0 decimals, KWD 3). `stale` means the rate date is more than
 * STALE_RATE_DAYS before the day converted.
 *
 * A day before the first rate of a currency (or pair) is converted at the earliest known rate instead,
 * marked `estimated`: the same lookup is made again letting every series fall back to its first entry,
 * and the rate's date is then the newest date it rests on. So one manual rate entered today converts the
 * whole history at that rate rather than leaving every earlier day out. Throws RangeError on a malformed
 * rate or date in the input.
 */
export function createFxTable(ecb: readonly EcbRate[], manual: readonly ManualRate[]): FxTable {
  const ecbEntries = new Map<string, { date: IsoDate; value: Fraction }[]>();
  for (const row of ecb) {
    parseIsoDate(row.date);
    if (row.currency === 'EUR') continue;
    const list = ecbEntries.get(row.currency) ?? [];
    list.push({ date: row.date, value: parseFraction(row.perEur) });
    ecbEntries.set(row.currency, list);
  }
  const ecbSeries = new Map(
    [...ecbEntries].map(([currency, list]) => [currency, buildSeries(list)] as const),
  );

  const manualEntries = new Map<string, { date: IsoDate; value: Fraction }[]>();
  const counterparts = new Map<string, Set<string>>();
  for (const row of manual) {
    parseIsoDate(row.date);
    if (row.base === row.quote) continue;
    const key = pairKey(row.base, row.quote);
    const list = manualEntries.get(key) ?? [];
    list.push({ date: row.date, value: parseFraction(row.rate) });
    manualEntries.set(key, list);
    for (const [a, b] of [
      [row.base, row.quote],
      [row.quote, row.base],
    ] as const) {
      const set = counterparts.get(a) ?? new Set<string>();
      set.add(b);
      counterparts.set(a, set);
    }
  }
  const manualSeries = new Map([...manualEntries].map(([key, list]) => [key, buildSeries(list)] as const));

  /**
   * Units of `quote` per 1 `base` from the user's rates for this pair (either direction). `late`: the
   * estimating pass, where a series without an entry on or before the day gives its first one (and then
   * the earlier of two dates is the nearer one).
   */
  function manualPair(base: string, quote: string, date: IsoDate, late = false): Found | null {
    const direct = latestOnOrBefore(manualSeries.get(pairKey(base, quote)), date, late);
    const reverse = latestOnOrBefore(manualSeries.get(pairKey(quote, base)), date, late);
    if (reverse && (!direct || nearer(reverse.date, direct.date, date))) {
      return { value: inverse(reverse.value), date: reverse.date };
    }
    return direct;
  }

  /** ECB units of `currency` per 1 EUR; EUR itself is 1 with no date of its own. */
  function ecbLeg(
    currency: string,
    date: IsoDate,
    late = false,
  ): { value: Fraction; date: IsoDate | null } | null {
    if (currency === 'EUR') return { value: ONE, date: null };
    return latestOnOrBefore(ecbSeries.get(currency), date, late);
  }

  /** The rate date of two legs: the older one, or in the estimating pass the newer (the estimate's). */
  const combine = (a: IsoDate, b: IsoDate, late: boolean) => (late ? newer(a, b) : older(a, b));

  /** Units of `currency` per 1 EUR: the ECB's, else bridged through a manual rate (latest first). */
  function leg(currency: string, date: IsoDate, late = false) {
    const fromEcb = ecbLeg(currency, date, late);
    if (fromEcb) return { ...fromEcb, manual: false };
    let best: { value: Fraction; date: IsoDate; manual: true } | null = null;
    for (const other of [...(counterparts.get(currency) ?? [])].sort(bridgeOrder)) {
      const pair = manualPair(other, currency, date, late);
      const otherLeg = ecbLeg(other, date, late);
      if (!pair || !otherLeg) continue;
      const legDate = otherLeg.date === null ? pair.date : combine(pair.date, otherLeg.date, late);
      if (!best || nearer(legDate, best.date, date)) {
        best = { value: times(otherLeg.value, pair.value), date: legDate, manual: true };
      }
    }
    return best;
  }

  /** The exact rate for a pair of different currencies, or null. */
  function find(
    from: string,
    to: string,
    date: IsoDate,
    late = false,
  ): (Found & { source: FxSource }) | null {
    const pair = manualPair(from, to, date, late);
    const fromLeg = leg(from, date, late);
    const toLeg = leg(to, date, late);
    let found: (Found & { source: FxSource }) | null = null;
    if (fromLeg && toLeg) {
      // At most one leg is EUR (from ≠ to), so at least one leg carries a date.
      const legDate =
        fromLeg.date === null
          ? toLeg.date
          : toLeg.date === null
            ? fromLeg.date
            : combine(fromLeg.date, toLeg.date, late);
      if (legDate !== null) {
        found = {
          value: times(toLeg.value, inverse(fromLeg.value)),
          date: legDate,
          source: fromLeg.manual || toLeg.manual ? 'manual' : 'ecb',
        };
      }
    }
    if (pair && (!found || pair.date === found.date || nearer(pair.date, found.date, date))) {
      found = { ...pair, source: 'manual' };
    }
    return found;
  }

  /** The rate on or before `date`, else the estimate from the earliest rates. */
  function lookup(from: string, to: string, date: IsoDate) {
    const exact = find(from, to, date);
    if (exact) return { ...exact, estimated: false };
    const estimate = find(from, to, date, true);
    return estimate ? { ...estimate, estimated: true } : null;
  }

  function rate(from: string, to: string, date: IsoDate): FxRate | null {
    parseIsoDate(date);
    if (from === to) return { rate: 1, date, source: 'identity', stale: false, estimated: false };
    const found = lookup(from, to, date);
    if (!found) return null;
    return {
      rate: toNumber(found.value),
      date: found.date,
      source: found.source,
      stale: !found.estimated && isStale(found.date, date),
      estimated: found.estimated,
    };
  }

  function convertMinor(amountMinor: number, from: string, to: string, date: IsoDate): FxConversion | null {
    if (!Number.isSafeInteger(amountMinor)) {
      throw new RangeError(`Minor-unit amount must be a safe integer, got ${amountMinor}`);
    }
    const fromExponent = currencyExponent(from);
    const toExponent = currencyExponent(to);
    parseIsoDate(date);
    if (from === to)
      return { amountMinor, rateDate: date, source: 'identity', stale: false, estimated: false };
    const found = lookup(from, to, date);
    if (!found) return null;
    const num = BigInt(amountMinor) * found.value.num * 10n ** BigInt(toExponent);
    const den = found.value.den * 10n ** BigInt(fromExponent);
    const converted = divideRounded(num, den);
    if (converted > BigInt(Number.MAX_SAFE_INTEGER) || converted < -BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new RangeError(`Converted amount out of range: ${amountMinor} ${from} to ${to}`);
    }
    const value = Number(converted);
    return {
      amountMinor: value === 0 ? 0 : value,
      rateDate: found.date,
      source: found.source,
      stale: !found.estimated && isStale(found.date, date),
      estimated: found.estimated,
    };
  }

  function minorFactor(from: string, to: string, date: IsoDate): { num: bigint; den: bigint } | null {
    parseIsoDate(date);
    if (from === to) return { num: 1n, den: 1n };
    const found = lookup(from, to, date);
    if (!found) return null;
    return {
      num: found.value.num * 10n ** BigInt(currencyExponent(to)),
      den: found.value.den * 10n ** BigInt(currencyExponent(from)),
    };
  }

  function currencies(): string[] {
    const all = new Set<string>([...ecbSeries.keys()]);
    for (const key of manualSeries.keys()) for (const code of key.split('>')) all.add(code);
    if (all.size > 0) all.add('EUR');
    return [...all].sort();
  }

  return { rate, convertMinor, minorFactor, currencies };
}

function pairKey(base: string, quote: string): string {
  return `${base}>${quote}`;
}

/** Bridges through EUR first, then in code order, so the choice between equal dates is stable. */
function bridgeOrder(a: string, b: string): number {
  if (a === 'EUR' || b === 'EUR') return a === 'EUR' ? (b === 'EUR' ? 0 : -1) : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether a rate dated `a` is a better pick for `day` than one dated `b`: on or before the day, the later
 * date; after it (an estimate), the earlier one; one on or before the day beats one after it.
 */
function nearer(a: IsoDate, b: IsoDate, day: IsoDate): boolean {
  if (a <= day) return b > day || a > b;
  return b > day && a < b;
}

function isStale(rateDate: IsoDate, date: IsoDate): boolean {
  return daysBetween(rateDate, date) > STALE_RATE_DAYS;
}
