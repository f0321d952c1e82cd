import { and, asc, eq, sql } from 'drizzle-orm';
import { fxFetchState, fxManualRate } from '../schema/index';
import type { Executor } from './sync';

/**
 * Exchange-rate reads and writes (docs/analytics-api.md "Exchange rates"). Rates travel as decimal
 * strings exactly as stored; the domain's createFxTable does the arithmetic.
 */

/** One ECB rate row: `perEur` units of `currency` per 1 EUR on `date`. */
export type EcbRateRow = { date: string; currency: string; perEur: string };

export type ManualRateRow = { id: string; date: string; base: string; quote: string; rate: string };

/** Distinct three-letter codes other than EUR (its rate is 1 by definition); anything else has no rate. */
const codesOf = (currencies: readonly string[]) =>
  [...new Set(currencies)].filter((code) => code !== 'EUR' && /^[A-Z]{3}$/.test(code));

/**
 * The rates a conversion of `from`..`to` can need for `currencies`: every rate dated inside the range plus,
 * per currency, the last one before `from` (the "last known rate" of the range's first days), or, for a
 * currency with no rate on or before `to` at all, its earliest rate (the estimate used before a currency's
 * first rate). With `from` equal to `to` this is at most two rows per currency. Index range scans per
 * currency (PK currency, date).
 */
export async function ecbRatesForRange(
  db: Executor,
  currencies: readonly string[],
  from: string,
  to: string,
): Promise<EcbRateRow[]> {
  const codes = codesOf(currencies);
  if (codes.length === 0) return [];
  const result = await db.execute<EcbRateRow>(sql`
    select r.date::text as date, r.currency, r.per_eur::text as "perEur"
    from unnest(${`{${codes.join(',')}}`}::text[]) as c(code)
    cross join lateral (
      (select date, currency, per_eur from fx_rate
       where currency = c.code and date < ${from}::date
       order by date desc limit 1)
      union all
      (select date, currency, per_eur from fx_rate
       where currency = c.code and date between ${from}::date and ${to}::date)
      union all
      (select date, currency, per_eur from fx_rate
       where currency = c.code and date > ${to}::date
         and not exists (select 1 from fx_rate e where e.currency = c.code and e.date <= ${to}::date)
       order by date asc limit 1)
    ) r`);
  return result.rows;
}

const VALID_ROW = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  currency: /^[A-Z]{3}$/,
  perEur: /^\d+(\.\d+)?$/,
};

/**
 * Stores ECB rates (insert or correct); returns how many rows were new or changed. Throws RangeError on a
 * row that is not an ISO date, a three-letter code and a plain decimal (feeds are validated before this).
 */
export async function upsertEcbRates(db: Executor, rates: readonly EcbRateRow[]): Promise<number> {
  for (const rate of rates) {
    if (
      !VALID_ROW.date.test(rate.date) ||
      !VALID_ROW.currency.test(rate.currency) ||
      !VALID_ROW.perEur.test(rate.perEur)
    )
      throw new RangeError(`Malformed exchange rate row: ${JSON.stringify(rate)}`);
  }
  let changed = 0;
  // Arrays bound as three parameters: one statement per 20,000 rows however long the feed is.
  for (let start = 0; start < rates.length; start += 20_000) {
    const batch = rates.slice(start, start + 20_000);
    const result = await db.execute(sql`
      insert into fx_rate (date, currency, per_eur, source)
      select date, currency, per_eur, 'ecb'
      from unnest(${`{${batch.map((rate) => rate.date).join(',')}}`}::date[],
                  ${`{${batch.map((rate) => rate.currency).join(',')}}`}::text[],
                  ${`{${batch.map((rate) => rate.perEur).join(',')}}`}::numeric[]) as r(date, currency, per_eur)
      order by currency, date
      on conflict (currency, date) do update set per_eur = excluded.per_eur, source = excluded.source
      where fx_rate.per_eur <> excluded.per_eur or fx_rate.source <> excluded.source`);
    changed += result.rowCount ?? 0;
  }
  return changed;
}

/** The dates of the oldest and newest stored ECB rates, or null when the table is empty. */
export async function ecbRateSpan(db: Executor): Promise<{ oldest: string; newest: string } | null> {
  const result = await db.execute<{ oldest: string | null; newest: string | null }>(
    sql`select min(date)::text as oldest, max(date)::text as newest from fx_rate`,
  );
  const row = result.rows[0];
  return row?.oldest && row.newest ? { oldest: row.oldest, newest: row.newest } : null;
}

/** The date of the newest stored ECB rate, or null when the table is empty. */
export async function newestEcbRateDate(db: Executor): Promise<string | null> {
  const result = await db.execute<{ date: string | null }>(sql`select max(date)::text as date from fx_rate`);
  return result.rows[0]?.date ?? null;
}

/** When the ECB feed was last fetched successfully, or null if never. */
export async function lastFxFetch(db: Executor): Promise<Date | null> {
  const [row] = await db.select({ at: fxFetchState.lastFetchedAt }).from(fxFetchState).limit(1);
  return row?.at ?? null;
}

export async function recordFxFetch(db: Executor, at: Date, count: number): Promise<void> {
  await db
    .insert(fxFetchState)
    .values({ id: 1, lastFetchedAt: at, lastCount: count })
    .onConflictDoUpdate({ target: fxFetchState.id, set: { lastFetchedAt: at, lastCount: count } });
}

const manualColumns = {
  id: fxManualRate.id,
  date: fxManualRate.date,
  base: fxManualRate.base,
  quote: fxManualRate.quote,
  rate: fxManualRate.rate,
};

/** The user's manual rates, oldest first (a user keeps a handful, so all of them are read). */
export function listManualRates(db: Executor, userId: string): Promise<ManualRateRow[]> {
  return db
    .select(manualColumns)
    .from(fxManualRate)
    .where(eq(fxManualRate.userId, userId))
    .orderBy(asc(fxManualRate.date), asc(fxManualRate.base), asc(fxManualRate.quote));
}

/**
 * Saves a manual rate; a second rate for the same pair and day replaces the first. `created` tells
 * the two apart.
 */
export async function saveManualRate(
  db: Executor,
  value: { userId: string; date: string; base: string; quote: string; rate: string },
): Promise<ManualRateRow & { created: boolean }> {
  const [row] = await db
    .insert(fxManualRate)
    .values(value)
    .onConflictDoUpdate({
      target: [fxManualRate.userId, fxManualRate.base, fxManualRate.quote, fxManualRate.date],
      set: { rate: value.rate, createdAt: sql`now()` },
    })
    .returning({ ...manualColumns, created: sql<boolean>`xmax = 0` });
  if (!row) throw new Error('manual rate upsert returned no row');
  return row;
}

/** Deletes one of the user's manual rates; false when it is not theirs or does not exist. */
export async function deleteManualRate(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(fxManualRate)
    .where(and(eq(fxManualRate.userId, userId), eq(fxManualRate.id, id)))
    .returning({ id: fxManualRate.id });
  return rows.length > 0;
}
