import { compareText, daysBetween } from '../categorization/text';
import { addDays, addMonths, type IsoDate, parseIsoDate } from '../dates';

/**
 * Recurring-payment detection (docs/analytics-api.md GET /insights, `recurring`). Pure: the server
 * passes one series per merchant key and account, and `today`.
 *
 * How a series is read (thresholds in RECURRING_THRESHOLDS and CADENCE_RULES):
 * 1. Rows after `today` and zero amounts are ignored; outflows (< 0) and inflows (> 0) are searched
 *    separately, so a salary and refunds never mix with charges.
 * 2. Candidate sets: every row of the direction, plus amount clusters (rows within ±amountBand of a
 *    grid of amounts), so a subscription is found among one-off purchases at the same merchant.
 * 3. For each candidate set and cadence, the longest chain of rows whose gaps are 1..maxStep times the
 *    cadence within its tolerance (a 2× gap is one missed occurrence). Ties: fewer missed, then
 *    closer amounts, then the later end.
 * 4. A chain is accepted with the cadence's minimum occurrences and at most maxMissed() missed. When
 *    the merchant has no other rows from two intervals before the chain on, the amounts may vary up
 *    to maxVariableCv (utility bills). Otherwise the chain must stand out from the other purchases:
 *    minMixedOccurrences, at most maxExtraShare × occurrences look-alike rows (within
 *    lookAlikeTolerance of one of its amounts) left out anywhere, and a step-wise constant price.
 * 5. The active chain with the most occurrences wins (then fewer missed, then steadier amounts). A
 *    series whose last occurrence is older than staleIntervals cadences plus the tolerance has
 *    stopped and is left out of the result (there is no `active` flag).
 * At most one payment is reported per series and direction.
 */

export type Cadence = 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly';
export const CADENCES: readonly Cadence[] = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'];

/** One merchant at one account; amounts in minor units of `currency`, outflows negative. */
export type RecurringInput = {
  key: string;
  name: string;
  category: string | null;
  accountId: string;
  currency: string;
  transactions: readonly { id: string; date: IsoDate; amountMinor: number }[];
};

export type RecurringPayment = {
  key: string;
  name: string;
  category: string | null;
  accountId: string;
  currency: string;
  direction: 'outflow' | 'inflow';
  cadence: Cadence;
  /** Median days between consecutive occurrences (a skipped occurrence counted as two gaps), rounded. */
  intervalDays: number;
  /** Amounts are signed minor units as in the ledger (outflows negative), means rounded half away from 0. */
  averageAmountMinor: number;
  lastAmountMinor: number;
  firstDate: IsoDate;
  lastDate: IsoDate;
  /** lastDate + one cadence (calendar months keep the usual day of month, clamped to month end). */
  nextDate: IsoDate;
  nextAmountMinor: number;
  occurrences: number;
  /**
   * Outflows only: the latest amount exceeds the previous stable amount (CV < stableCv) by more than
   * priceIncreaseMinPercent. Signed like the amounts; `date` is the first charge at the new price.
   */
  priceIncrease: { fromMinor: number; toMinor: number; date: IsoDate } | null;
  /** The occurrences, oldest first. */
  transactionIds: string[];
};

type CadenceRule = {
  /** Nominal days per occurrence. */
  days: number;
  /** Allowed deviation of a one-step gap in days; a k-step gap allows (1 + (k − 1) / 2) times this. */
  toleranceDays: number;
  /** Largest gap in occurrences (3 = two missed in a row). */
  maxStep: number;
  minOccurrences: number;
  /** Calendar months per occurrence, or null for day-based cadences. */
  months: number | null;
  /** Occurrences per year, for annual figures. */
  perYear: number;
};

export const CADENCE_RULES: Record<Cadence, CadenceRule> = {
  weekly: { days: 7, toleranceDays: 2, maxStep: 3, minOccurrences: 3, months: null, perYear: 52 },
  biweekly: { days: 14, toleranceDays: 3, maxStep: 3, minOccurrences: 3, months: null, perYear: 26 },
  monthly: { days: 30.44, toleranceDays: 7, maxStep: 3, minOccurrences: 3, months: 1, perYear: 12 },
  quarterly: { days: 91.31, toleranceDays: 10, maxStep: 2, minOccurrences: 3, months: 3, perYear: 4 },
  yearly: { days: 365.25, toleranceDays: 15, maxStep: 1, minOccurrences: 2, months: 12, perYear: 1 },
};

/** The detection thresholds named in the module comment. */
export const RECURRING_THRESHOLDS = {
  /** Rows within ±20 % of a grid amount form one amount cluster. */
  amountBand: 0.2,
  /** Missed occurrences allowed: 2, or 20 % of the occurrences for long series (never half the gaps). */
  maxMissedBase: 2,
  maxMissedShare: 0.2,
  /** Look-alike rows left out of a chain among other purchases, as a share of its occurrences. */
  maxExtraShare: 0.25,
  /** Two amounts within 5 % are the same price (card FX wobble) in the step-wise constant test. */
  stepTolerance: 0.05,
  /** Rows within 10 % of a chain's amount are look-alikes: purchases it must stand out from. */
  lookAlikeTolerance: 0.1,
  /** A chain among other purchases at the merchant needs this many occurrences, whatever its cadence. */
  minMixedOccurrences: 4,
  /** Coefficient of variation allowed for a merchant that only bills on the schedule (utilities). */
  maxVariableCv: 0.3,
  /** A series has stopped when today − last > 1.5 cadences + the cadence's tolerance. */
  staleIntervals: 1.5,
  /** Price increase: at least 3 earlier occurrences with CV < 5 %, the latest > 2 % above all of them. */
  minStableOccurrences: 3,
  stableCv: 0.05,
  priceIncreaseMinPercent: 2,
} as const;
const T = RECURRING_THRESHOLDS;

type Row = {
  id: string;
  date: IsoDate;
  amount: number;
  size: number;
  day: number;
  year: number;
  month: number;
  dom: number;
};
type Chain = { rows: Row[]; missed: number; steps: number[] };
type Scored = { cadence: Cadence; chain: Chain; cv: number; active: boolean };

/**
 * Finds the active recurring payments in `series` as of `today` (rows after today are ignored).
 * Result order: nextDate, then key, then account id, then direction. See the module comment for the
 * rules; amounts keep their ledger sign.
 */
export function detectRecurring(series: readonly RecurringInput[], today: IsoDate): RecurringPayment[] {
  const parsedToday = parseIsoDate(today);
  const todayDay = toEpochDay(parsedToday.year, parsedToday.month, parsedToday.day);
  const found: RecurringPayment[] = [];
  // Many rows share a date: each date is parsed once per call.
  const days = new Map<string, Pick<Row, 'day' | 'year' | 'month' | 'dom'>>();
  const dayOf = (date: IsoDate) => {
    let parsed = days.get(date);
    if (!parsed) {
      const { year, month, day } = parseIsoDate(date);
      parsed = { day: toEpochDay(year, month, day), year, month, dom: day };
      days.set(date, parsed);
    }
    return parsed;
  };
  const search = chainSearch();
  for (const input of series) {
    const rows = input.transactions
      .filter((row) => row.amountMinor !== 0 && Number.isFinite(row.amountMinor))
      .map((row): Row => {
        const { day, year, month, dom } = dayOf(row.date);
        return {
          id: row.id,
          date: row.date,
          amount: row.amountMinor,
          size: Math.abs(row.amountMinor),
          day,
          year,
          month,
          dom,
        };
      })
      .filter((row) => row.day <= todayDay)
      .sort((a, b) => a.day - b.day || compareText(a.id, b.id));
    for (const direction of ['outflow', 'inflow'] as const) {
      const side = rows.filter((row) => (direction === 'outflow' ? row.amount < 0 : row.amount > 0));
      const best = bestChain(side, todayDay, search);
      if (best?.active) found.push(describe(input, direction, best));
    }
  }
  return found.sort(compareRecurring);
}

/** The order of `detectRecurring`'s answer: next date, then merchant key, account and direction. */
function compareRecurring(a: RecurringPayment, b: RecurringPayment): number {
  return (
    compareText(a.nextDate, b.nextDate) ||
    compareText(a.key, b.key) ||
    compareText(a.accountId, b.accountId) ||
    compareText(a.direction, b.direction)
  );
}

/** What `detectRecurringReusing` found per series on `today`, for the next call to reuse. */
export type RecurringMemo = {
  today: IsoDate;
  series: ReadonlyMap<string, { input: RecurringInput; payments: readonly RecurringPayment[] }>;
};

function seriesKey(series: Pick<RecurringInput, 'accountId' | 'key' | 'currency'>): string {
  return `${series.accountId}\u0000${series.key}\u0000${series.currency}`;
}

function sameInput(a: RecurringInput, b: RecurringInput): boolean {
  if (
    a.key !== b.key ||
    a.name !== b.name ||
    a.category !== b.category ||
    a.accountId !== b.accountId ||
    a.currency !== b.currency ||
    a.transactions.length !== b.transactions.length
  )
    return false;
  return a.transactions.every((row, index) => {
    const other = b.transactions[index];
    return (
      other !== undefined &&
      row.id === other.id &&
      row.date === other.date &&
      row.amountMinor === other.amountMinor
    );
  });
}

/**
 * `detectRecurring`, reusing `previous`'s answer for every series (one merchant key at one account in one
 * currency) that is the same as then, on the same `today`: a series' payments depend on its own rows and
 * `today` alone, so after a change only the series it touched are searched again. The same answer as
 * `detectRecurring(series, today)`; with the memo for the next call.
 */
export function detectRecurringReusing(
  series: readonly RecurringInput[],
  today: IsoDate,
  previous: RecurringMemo | null,
): { payments: RecurringPayment[]; memo: RecurringMemo } {
  const memo = new Map<string, { input: RecurringInput; payments: readonly RecurringPayment[] }>();
  // Two series under one key cannot be told apart afterwards: then nothing is reused or kept.
  if (new Set(series.map(seriesKey)).size !== series.length)
    return { payments: detectRecurring(series, today), memo: { today, series: memo } };
  const reused: RecurringPayment[] = [];
  const changed: RecurringInput[] = [];
  for (const input of series) {
    const before = previous?.today === today ? previous.series.get(seriesKey(input)) : undefined;
    if (before && sameInput(before.input, input)) {
      memo.set(seriesKey(input), before);
      reused.push(...before.payments);
    } else {
      changed.push(input);
    }
  }
  const found = detectRecurring(changed, today);
  for (const input of changed) memo.set(seriesKey(input), { input, payments: [] });
  for (const payment of found) {
    const entry = memo.get(seriesKey(payment));
    if (entry) memo.set(seriesKey(payment), { input: entry.input, payments: [...entry.payments, payment] });
  }
  return { payments: [...reused, ...found].sort(compareRecurring), memo: { today, series: memo } };
}

/**
 * The expected dates of `payment` from its nextDate up to `through` (inclusive), oldest first. Later
 * calendar-month occurrences step from nextDate, so a day clamped at a short month's end may stay
 * clamped (a projection, not a schedule). Empty when nextDate is after `through`.
 */
export function upcomingDates(
  payment: Pick<RecurringPayment, 'cadence' | 'nextDate'>,
  through: IsoDate,
): IsoDate[] {
  const rule = CADENCE_RULES[payment.cadence];
  const dates: IsoDate[] = [];
  for (let n = 0; n < 400; n += 1) {
    const date =
      rule.months === null
        ? addDays(payment.nextDate, n * rule.days)
        : addMonths(payment.nextDate, n * rule.months);
    if (daysBetween(date, through) < 0) break;
    dates.push(date);
  }
  return dates;
}

/**
 * The best accepted and active chain of `rows` (one direction of a series, in date order), or null.
 * Only active chains can be reported, and an active chain beats every stopped one (`better`), so
 * stopped chains are dropped as soon as they are seen: the winner is the same as among all chains.
 * Work is skipped only where the result cannot change (each skip says why); candidate sets are lists
 * of indexes into `rows`, and a cadence's links between rows are found once for all of its sets
 * (linkRows).
 */
function bestChain(rows: readonly Row[], todayDay: number, search: ChainSearch): Scored | null {
  if (rows.length === 0) return null;
  const sizes = rows.map((row) => row.size).sort((a, b) => a - b);
  const lookAlikeCount = (row: Row) =>
    countWithin(sizes, row.size * (1 - T.lookAlikeTolerance), row.size * (1 + T.lookAlikeTolerance)) - 1;
  const neighbours = new Map(rows.map((row) => [row.id, lookAlikeCount(row)]));
  const crowding = rows.map((row) => neighbours.get(row.id) ?? 0);
  const span = (rows[rows.length - 1] as Row).day - (rows[0] as Row).day;
  const everyRow = rows.map((_, index) => index);
  const listed = Int32Array.from(everyRow);
  const all: Candidates = { count: rows.length, rows: () => listed };
  let best: Scored | null = null;
  const clustersOf = new Map<number, Candidates[]>();
  for (const cadence of CADENCES) {
    const rule = CADENCE_RULES[cadence];
    // A row in a chain among other purchases has at most occurrences × (1 + maxExtraShare) look-alikes
    // (see accepted), and the span bounds the occurrences: busier amounts cannot be in one.
    const most = Math.floor(span / (rule.days - 2 * rule.toleranceDays)) + 1;
    const eligible = everyRow.filter((index) => (crowding[index] as number) < (1 + T.maxExtraShare) * most);
    // The eligible rows of the cadences are nested (one threshold each), so as many rows are the same rows.
    const clusters = clustersOf.get(eligible.length) ?? amountClusters(rows, eligible);
    clustersOf.set(eligible.length, clusters);
    const stale = T.staleIntervals * rule.days + rule.toleranceDays;
    let linked = false;
    for (const candidates of [all, ...clusters]) {
      // A chain is no longer than its set, and its gaps are at least the shortest a link allows, so the
      // set's span bounds it too. Too short for the cadence, or shorter than the best chain so far,
      // cannot be accepted or win (`better`): such sets are not searched.
      const shortest = Math.max(rule.minOccurrences, best ? best.chain.rows.length : 0);
      if (candidates.count < shortest) continue;
      const set = candidates.rows();
      const first = rows[set[0] as number] as Row;
      const last = rows[set[set.length - 1] as number] as Row;
      if (Math.floor((last.day - first.day) / nearestGap(rule)) + 1 < shortest) continue;
      // A chain's last row is in its set: a set whose last row is stale only has stopped chains.
      if (todayDay - last.day > stale) continue;
      if (!linked) linkRows(rows, cadence, search);
      linked = true;
      const end = longestChain(set, rule, search);
      const length = search.length[end] as number;
      // The same tests as `accepted` and `better` on the chain's length and missed occurrences, and
      // whether it is active: made before its rows are gathered.
      if (length < shortest || (search.missed[end] as number) > maxMissed(length)) continue;
      if (todayDay - (rows[end] as Row).day > stale) continue;
      const chain = chainOf(rows, end, search);
      if (!accepted(chain, rows, sizes, rule)) continue;
      const scored: Scored = {
        cadence,
        chain,
        cv: variation(chain.rows.map((row) => row.size)),
        active: true,
      };
      if (!best || better(scored, best)) best = scored;
    }
  }
  return best;
}

function better(a: Scored, b: Scored): boolean {
  if (a.active !== b.active) return a.active;
  if (a.chain.rows.length !== b.chain.rows.length) return a.chain.rows.length > b.chain.rows.length;
  if (a.chain.missed !== b.chain.missed) return a.chain.missed < b.chain.missed;
  return a.cv < b.cv - 1e-9;
}

/** A candidate set: `count` rows, listed (indexes into the direction's rows, in date order) on first use. */
type Candidates = { count: number; rows: () => Int32Array };

/**
 * The rows within ±amountBand of amounts on a geometric grid stepTolerance apart (from the smallest
 * amount up), taken from `among` (indexes into `rows`), each distinct non-empty set once. The grid
 * keeps the work proportional to the spread of amounts rather than to the number of distinct amounts.
 */
function amountClusters(rows: readonly Row[], among: readonly number[]): Candidates[] {
  if (among.length === 0) return [];
  const order = Int32Array.from(among).sort((a, b) => (rows[a] as Row).size - (rows[b] as Row).size);
  const sizes = Array.from(order, (index) => (rows[index] as Row).size);
  const [smallest, largest] = [sizes[0] as number, sizes[sizes.length - 1] as number];
  const clusters: Candidates[] = [];
  let [first, after] = [0, 0];
  let [seenFirst, seenAfter] = [-1, -1];
  for (let center = smallest; center <= largest * (1 + T.stepTolerance); center *= 1 + T.stepTolerance) {
    // The band's members are a contiguous run [first, after) of the sorted sizes (all rows of an amount
    // are in it or none). Both ends only move up with the center (a 5 % step moves the band's edges
    // by far more than rounding), so each is walked forward from the previous center's; for the same
    // reason a run seen before is the one just before.
    const band = T.amountBand * center;
    while (first < sizes.length && isBelow(sizes[first] as number, center, band)) first += 1;
    after = Math.max(after, first);
    while (after < sizes.length && !isAbove(sizes[after] as number, center, band)) after += 1;
    if (first >= after || (first === seenFirst && after === seenAfter)) continue;
    [seenFirst, seenAfter] = [first, after];
    const run = [first, after] as const;
    let listed: Int32Array | null = null;
    clusters.push({
      count: after - first,
      // Typed arrays sort numerically: the run's rows back in date order.
      rows: () => (listed ??= order.slice(run[0], run[1]).sort()),
    });
  }
  return clusters;
}

/** Whether `size` lies below the band of ±`band` around `center`. */
function isBelow(size: number, center: number, band: number): boolean {
  return !(size >= center || Math.abs(size - center) <= band);
}

/** Whether `size` lies above the band of ±`band` around `center`. */
function isAbove(size: number, center: number, band: number): boolean {
  return size > center && Math.abs(size - center) > band;
}

/** How many of the ascending `sorted` values lie in [low, high]. */
function countWithin(sorted: readonly number[], low: number, high: number): number {
  return indexAfter(sorted, high, true) - indexAfter(sorted, low, false);
}

/** The first index whose value is above `value` (or, not `inclusive`, at least `value`). */
function indexAfter(sorted: readonly number[], value: number, inclusive: boolean): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    const item = sorted[middle] as number;
    if (item < value || (inclusive && item === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Occurrences from `earlier` to `later` under `rule` (2 = one missed), or 0 when the gap fits none.
 * Calendar cadences also measure the deviation from the same day k months on (clamped), so month
 * lengths (Jan 31 → Feb 28 → Mar 31) cost nothing and mostly real jitter counts. `byDays` is
 * stepsByDays of the rows' gap (STEPS_BY_GAP holds it per whole day).
 */
function stepsOf(earlier: Row, later: Row, rule: CadenceRule, byDays: number): number {
  if (byDays >= 0) return byDays;
  const steps = -byDays;
  const tolerance = rule.toleranceDays * (1 + (steps - 1) / 2);
  const month = earlier.month - 1 + steps * (rule.months as number);
  // Day numbers of the days before the month and before the next one (Date.UTC rolls months over).
  const before = Date.UTC(earlier.year, month, 0) / 86_400_000;
  const length = Date.UTC(earlier.year, month + 1, 0) / 86_400_000 - before;
  const expected = before + Math.min(earlier.dom, length);
  return Math.abs(later.day - expected) <= tolerance ? steps : 0;
}

/**
 * stepsOf's verdict from the day gap alone: the occurrences when the gap fits by days, 0 when it fits
 * none, and minus the occurrences for a near miss of a calendar cadence (only the calendar can tell).
 */
function stepsByDays(gap: number, rule: CadenceRule): number {
  const steps = Math.round(gap / rule.days);
  if (steps < 1 || steps > rule.maxStep) return 0;
  const tolerance = rule.toleranceDays * (1 + (steps - 1) / 2);
  const byDays = Math.abs(gap - steps * rule.days);
  if (byDays <= tolerance) return steps;
  // Month lengths differ from the average by at most 3 days, so only a near miss can pass by calendar.
  if (rule.months === null || byDays > tolerance + 3) return 0;
  return -steps;
}

/** stepsByDays per cadence for every whole-day gap a link may have (up to farthestGap). */
const STEPS_BY_GAP = Object.fromEntries(
  CADENCES.map((cadence) => {
    const rule = CADENCE_RULES[cadence];
    const gaps = Math.floor(farthestGap(rule)) + 1;
    return [cadence, Int8Array.from({ length: gaps }, (_, gap) => stepsByDays(gap, rule))];
  }),
) as Record<Cadence, Int8Array>;

/** The shortest day gap a link may have under `rule` (calendar months accept Feb 6 → Feb 28, Mar 6 − 6). */
function nearestGap(rule: CadenceRule): number {
  return rule.days - 2 * rule.toleranceDays;
}

/** The longest day gap a link may have under `rule`: maxStep occurrences and their tolerance. */
function farthestGap(rule: CadenceRule): number {
  return rule.maxStep * rule.days + rule.toleranceDays * (1 + (rule.maxStep - 1) / 2);
}

/**
 * Working memory of the chain search, made once per call and reused by every direction, cadence and
 * candidate set (grown when a direction needs more; values left from earlier ones are never read):
 * - per pair of rows under the current cadence, the later `i` and an earlier `j` at most farthestGap
 *   before it, at `pairStart[i] + j − windowStart[i]`: the occurrences between them (`pairSteps`, 0
 *   when the gap fits none) and their amounts' difference relative to the larger (`pairDrift`).
 *   linkRows writes every pair whose gap lies between nearestGap and farthestGap, the only pairs
 *   longestChain reads, so stepsOf runs once per pair and cadence rather than once per candidate set;
 * - per row: its day number (`days`), and the best chain ending at it within the current set
 *   (length, missed occurrences, drift, the row before it or −1, and the occurrences of that gap).
 */
type ChainSearch = {
  days: Float64Array;
  windowStart: Int32Array;
  pairStart: Int32Array;
  pairSteps: Int8Array;
  pairDrift: Float64Array;
  length: Int32Array;
  missed: Int32Array;
  drift: Float64Array;
  previous: Int32Array;
  steps: Int32Array;
};

function chainSearch(): ChainSearch {
  return {
    days: new Float64Array(0),
    windowStart: new Int32Array(0),
    pairStart: new Int32Array(0),
    pairSteps: new Int8Array(0),
    pairDrift: new Float64Array(0),
    length: new Int32Array(0),
    missed: new Int32Array(0),
    drift: new Float64Array(0),
    previous: new Int32Array(0),
    steps: new Int32Array(0),
  };
}

/** Writes the pairs of `rows` (one direction, in date order) under `cadence` into `search`. */
function linkRows(rows: readonly Row[], cadence: Cadence, search: ChainSearch): void {
  const rule = CADENCE_RULES[cadence];
  const byGap = STEPS_BY_GAP[cadence];
  const [nearest, farthest] = [nearestGap(rule), farthestGap(rule)];
  if (search.length.length < rows.length) {
    const size = Math.max(rows.length, 2 * search.length.length);
    search.days = new Float64Array(size);
    search.windowStart = new Int32Array(size);
    search.pairStart = new Int32Array(size);
    search.length = new Int32Array(size);
    search.missed = new Int32Array(size);
    search.drift = new Float64Array(size);
    search.previous = new Int32Array(size);
    search.steps = new Int32Array(size);
  }
  const { days, windowStart, pairStart } = search;
  let pairs = 0;
  let low = 0;
  for (let i = 0; i < rows.length; i += 1) {
    const day = (rows[i] as Row).day;
    days[i] = day;
    while (day - (rows[low] as Row).day > farthest) low += 1;
    windowStart[i] = low;
    pairStart[i] = pairs;
    pairs += i - low;
  }
  if (search.pairSteps.length < pairs) {
    const size = Math.max(pairs, 2 * search.pairSteps.length);
    search.pairSteps = new Int8Array(size);
    search.pairDrift = new Float64Array(size);
  }
  const { pairSteps, pairDrift } = search;
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as Row;
    const [first, start] = [windowStart[i] as number, pairStart[i] as number];
    for (let j = first; j < i; j += 1) {
      const before = rows[j] as Row;
      const gap = row.day - before.day;
      if (gap < nearest) break;
      pairSteps[start + j - first] = stepsOf(before, row, rule, byGap[gap] as number);
      pairDrift[start + j - first] = Math.abs(row.size - before.size) / Math.max(row.size, before.size);
    }
  }
}

/**
 * The last row of the best chain among the rows `set` (indexes in date order) under `rule`, through
 * the pairs linkRows wrote; its length, missed occurrences and links are left in `search`. Best:
 * longest, then fewer missed, then closer amounts (betterLink); each row keeps its first best link,
 * and a tie between ends keeps the later end.
 */
function longestChain(set: Int32Array, rule: CadenceRule, search: ChainSearch): number {
  const { days, windowStart, pairStart, pairSteps, pairDrift } = search;
  const { length: lengths, missed: misses, drift: drifts } = search;
  const [nearest, farthest] = [nearestGap(rule), farthestGap(rule)];
  let end = set[0] as number;
  let low = 0;
  for (let at = 0; at < set.length; at += 1) {
    const i = set[at] as number;
    const day = days[i] as number;
    while (day - (days[set[low] as number] as number) > farthest) low += 1;
    let length = 1;
    let missed = 0;
    let drift = 0;
    let from = -1;
    let step = 0;
    // The pairs of row i start at its window's first row.
    const pairs = (pairStart[i] as number) - (windowStart[i] as number);
    for (let before = low; before < at; before += 1) {
      const j = set[before] as number;
      if (day - (days[j] as number) < nearest) break;
      const steps = pairSteps[pairs + j] as number;
      if (steps === 0) continue;
      // Compared field by field (this loop is the detection's hot path), as betterLink does.
      const longer = (lengths[j] as number) + 1;
      if (longer < length) continue;
      const more = (misses[j] as number) + steps - 1;
      if (longer === length && more > missed) continue;
      const further = (drifts[j] as number) + (pairDrift[pairs + j] as number);
      if (!betterLink(longer, more, further, length, missed, drift)) continue;
      length = longer;
      missed = more;
      drift = further;
      from = j;
      step = steps;
    }
    lengths[i] = length;
    misses[i] = missed;
    drifts[i] = drift;
    search.previous[i] = from;
    search.steps[i] = step;
    const better = betterLink(
      lengths[end] as number,
      misses[end] as number,
      drifts[end] as number,
      length,
      missed,
      drift,
    );
    if (!better) end = i;
  }
  return end;
}

/** Same length → fewer missed → closer amounts; a tie keeps the earlier candidate. */
function betterLink(
  length: number,
  missed: number,
  drift: number,
  thanLength: number,
  thanMissed: number,
  thanDrift: number,
): boolean {
  if (length !== thanLength) return length > thanLength;
  if (missed !== thanMissed) return missed < thanMissed;
  return drift < thanDrift - 1e-9;
}

/** The chain `longestChain` left in `search` ending at row `end`, oldest first. */
function chainOf(rows: readonly Row[], end: number, search: ChainSearch): Chain {
  const chainRows: Row[] = [];
  const steps: number[] = [];
  for (let index = end; index >= 0; index = search.previous[index] as number) {
    chainRows.push(rows[index] as Row);
    steps.push(search.steps[index] as number);
  }
  chainRows.reverse();
  // The first row's steps (0: no gap before it) are left out; the rest are the gaps between rows.
  steps.pop();
  steps.reverse();
  return { rows: chainRows, missed: search.missed[end] as number, steps };
}

function accepted(
  chain: Chain,
  all: readonly Row[],
  allSizes: readonly number[],
  rule: CadenceRule,
): boolean {
  const occurrences = chain.rows.length;
  if (occurrences < rule.minOccurrences) return false;
  if (chain.missed > maxMissed(occurrences)) return false;
  const first = (chain.rows[0] as Row).day;
  const inChain = new Set(chain.rows.map((row) => row.id));
  const sizes = chain.rows.map((row) => row.size);
  // Every row from two intervals before the chain began belongs to it (a bill, a salary): only the
  // amounts' spread matters. The lead-in keeps a short run at the end of a busy merchant out of this.
  const since = first - 2 * rule.days;
  if (!all.some((row) => row.day >= since && !inChain.has(row.id)))
    return variation(sizes) <= T.maxVariableCv;
  // Other purchases at the same merchant: the chain must stand out from them. It needs
  // minMixedOccurrences; rows left out anywhere in the window within lookAlikeTolerance of one of its
  // amounts count against it (a random run of coffee visits that happens to look monthly has many
  // look-alikes); and its price must be step-wise constant (one change per six gaps, plus the latest
  // change when it is a rise, so a price increase does not hide the subscription).
  if (occurrences < T.minMixedOccurrences) return false;
  const lookAlikes = countInUnion(allSizes, sizes) - occurrences;
  if (lookAlikes > T.maxExtraShare * occurrences) return false;
  const changes: number[] = [];
  for (let i = 1; i < sizes.length; i += 1) {
    const [a, b] = [sizes[i - 1] as number, sizes[i] as number];
    if (Math.abs(a - b) > T.stepTolerance * Math.max(a, b)) changes.push(b - a);
  }
  const counted = changes.length - ((changes[changes.length - 1] ?? 0) > 0 ? 1 : 0);
  return counted <= Math.floor((sizes.length - 1) / 6);
}

/** How many of the ascending `sorted` values lie within lookAlikeTolerance of one of `centers`. */
function countInUnion(sorted: readonly number[], centers: readonly number[]): number {
  const ranges = [...centers]
    .sort((a, b) => a - b)
    .map((center) => [center * (1 - T.lookAlikeTolerance), center * (1 + T.lookAlikeTolerance)] as const);
  let count = 0;
  let [low, high] = ranges[0] ?? [0, -1];
  for (const [from, to] of ranges.slice(1)) {
    if (from <= high) {
      high = Math.max(high, to);
      continue;
    }
    count += countWithin(sorted, low, high);
    [low, high] = [from, to];
  }
  return count + countWithin(sorted, low, high);
}

/**
 * Missed occurrences a chain may skip: maxMissedBase or maxMissedShare of the occurrences,
 * whichever is more, but never more than half its gaps (three charges 60 days apart are no monthly).
 */
function maxMissed(occurrences: number): number {
  const allowed = Math.max(T.maxMissedBase, Math.floor(T.maxMissedShare * occurrences));
  return Math.min(allowed, Math.floor((occurrences - 1) / 2));
}

function describe(input: RecurringInput, direction: 'outflow' | 'inflow', best: Scored): RecurringPayment {
  const { cadence, chain } = best;
  const rows = chain.rows;
  const first = rows[0] as Row;
  const last = rows[rows.length - 1] as Row;
  const perStep = rows.slice(1).map((row, i) => (row.day - (rows[i] as Row).day) / (chain.steps[i] ?? 1));
  const mean = rows.reduce((total, row) => total + row.amount, 0) / rows.length;
  return {
    key: input.key,
    name: input.name,
    category: input.category,
    accountId: input.accountId,
    currency: input.currency,
    direction,
    cadence,
    intervalDays: Math.round(median(perStep)),
    averageAmountMinor: Math.sign(mean) * Math.round(Math.abs(mean)),
    lastAmountMinor: last.amount,
    firstDate: first.date,
    lastDate: last.date,
    nextDate: nextDateOf(rows, cadence),
    nextAmountMinor: last.amount,
    occurrences: rows.length,
    priceIncrease: direction === 'outflow' ? priceIncreaseOf(rows) : null,
    transactionIds: rows.map((row) => row.id),
  };
}

/**
 * last + one cadence. For calendar cadences the day of month is the last occurrence's, unless that
 * occurrence sat on its month's last day and recent ones fell later in the month (billing on the 31st
 * shows as Feb 28): then the latest of the last three days of month is kept, clamped to the month end.
 */
function nextDateOf(rows: readonly Row[], cadence: Cadence): IsoDate {
  const rule = CADENCE_RULES[cadence];
  const last = (rows[rows.length - 1] as Row).date;
  if (rule.months === null) return addDays(last, rule.days);
  const { day } = parseIsoDate(last);
  const wanted =
    day === monthEndDay(last) ? Math.max(...rows.slice(-3).map((row) => parseIsoDate(row.date).day)) : day;
  const target = addMonths(`${last.slice(0, 8)}01`, rule.months);
  return `${target.slice(0, 8)}${String(Math.min(wanted, monthEndDay(target))).padStart(2, '0')}`;
}

function monthEndDay(date: IsoDate): number {
  const { year, month } = parseIsoDate(date);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The latest run of (near-)equal amounts against the stable run before it; outflow sizes compared. */
function priceIncreaseOf(rows: readonly Row[]): RecurringPayment['priceIncrease'] {
  const last = rows[rows.length - 1] as Row;
  let start = rows.length - 1;
  while (start > 0 && Math.abs((rows[start - 1] as Row).size - last.size) <= 0.005 * last.size) start -= 1;
  const earlier = rows.slice(0, start);
  if (earlier.length < T.minStableOccurrences) return null;
  if (variation(earlier.map((row) => row.size)) >= T.stableCv) return null;
  const previous = earlier[earlier.length - 1] as Row;
  // Above every earlier amount, not just the previous one: a bill at the top of its usual range is no rise.
  const ceiling = Math.max(...earlier.map((row) => row.size));
  if (last.size <= ceiling * (1 + T.priceIncreaseMinPercent / 100)) return null;
  return { fromMinor: previous.amount, toMinor: last.amount, date: (rows[start] as Row).date };
}

function variation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (mean === 0) return 0;
  const variance = values.reduce((total, value) => total + (value - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Days since 1970-01-01 (UTC calendar arithmetic; `month` 1-12, overflowing days roll over). */
function toEpochDay(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}
