import { insightFigures, payeeSeriesOf, type Database, type InsightRows } from '@lodestar/db';
import { waitForSync } from '../../testing/browser';
import { addDays, addMonths } from '@lodestar/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../../testing/auth-fixtures';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type NewTransaction,
} from '../transactions/test-fixtures';
import { MAX_SERIES_ROWS } from './recurring';

// The insights' reading (ADR 083, then from rollups: ADR 087) must give exactly what the single statement
// it replaced gave. That statement is kept here, word for word, as the reference.

const clock = new Date('2026-11-20T15:00:00Z');
const TODAY = '2026-11-20';
const WINDOWS = {
  stats: { from: addDays(TODAY, -394), to: addDays(TODAY, -30) },
  recent: { from: addDays(TODAY, -29), to: TODAY },
  seriesFrom: addMonths(TODAY, -13),
  maxSeriesRows: MAX_SERIES_ROWS,
};
let w: AuthWorld;

beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
});
afterAll(async () => {
  await w.close();
});

const SHOWN = sql.raw('transaction_category_shown(t.category, t.category_source, t.category_confidence)');
const COUNTS = sql.raw(
  'transaction_counts_toward_spending(t.status, t.excluded, t.transfer_pair_id, ' +
    'transaction_category_shown(t.category, t.category_source, t.category_confidence), ' +
    't.provider_category, t.detailed_category)',
);

/** The statement `insightRows` ran before ADR 083: every counted row of 13 months materialised once. */
async function reference(
  db: Database,
  userId: string,
  windows: typeof WINDOWS,
  hidden: readonly string[],
): Promise<InsightRows> {
  const { stats, recent, seriesFrom, maxSeriesRows } = windows;
  const from = [stats.from, recent.from, seriesFrom].sort()[0] ?? seriesFrom;
  const to = [stats.to, recent.to].sort().at(-1) ?? recent.to;
  const result = await db.execute<{
    payees: {
      payee: string;
      category: string;
      currency: string;
      n: number;
      total: number;
      squares: number;
    }[];
    categories: { category: string; currency: string; n: number; median: number }[];
    recent: {
      id: string;
      date: string;
      name: string;
      payee: string;
      category: string;
      currency: string;
      amount: number;
    }[];
    series: {
      account_id: string;
      payee: string;
      category: string;
      currency: string;
      rows: [string, string, number][];
    }[];
  }>(sql`
    with r as materialized (
      select t.id, t.date, t.account_id, t.name,
             coalesce(nullif(btrim(t.merchant_name), ''), t.name) collate "C" as payee,
             t.currency, t.amount_minor, ${SHOWN} as category
      from "transaction" t
      where t.user_id = ${userId} and t.date >= ${from}::date and t.date <= ${to}::date and ${COUNTS}
        and not (${SHOWN} = any(${sql.param([...hidden])}::text[]))
    ),
    stats as (
      select * from r
      where amount_minor < 0 and date >= ${stats.from}::date and date <= ${stats.to}::date
    )
    select
      (select coalesce(json_agg(p), '[]') from (
        select payee, max(category) as category, currency,
               count(*) as n, sum(-amount_minor) as total, sum((amount_minor::float8) ^ 2) as squares
        from stats group by payee, currency) p) as payees,
      (select coalesce(json_agg(c), '[]') from (
        select category, currency, count(*) as n,
               percentile_disc(0.5) within group (order by -amount_minor) as median
        from stats group by category, currency) c) as categories,
      (select coalesce(json_agg(x order by x.date desc, x.id), '[]') from (
        select id, date, name, payee, category, currency, amount_minor as amount
        from r where date >= ${recent.from}::date and date <= ${recent.to}::date and amount_minor < 0) x)
        as recent,
      (select coalesce(json_agg(s), '[]') from (
        select account_id, payee, currency, (array_agg(category order by date desc, id desc))[1] as category,
               json_agg(json_build_array(id, date, amount_minor) order by date, id) as rows
        from r
        where date >= ${seriesFrom}::date and date <= ${recent.to}::date and amount_minor <> 0
        group by account_id, payee, currency
        having count(*) between 2 and ${maxSeriesRows}) s) as series`);
  const row = result.rows[0];
  if (!row) throw new Error('no row');
  return {
    payees: row.payees.map((p) => ({
      payee: p.payee,
      category: p.category,
      currency: p.currency,
      count: Number(p.n),
      totalMinor: Number(p.total),
      squares: Number(p.squares),
    })),
    categories: row.categories.map((c) => ({
      category: c.category,
      currency: c.currency,
      count: Number(c.n),
      medianMinor: Number(c.median),
    })),
    recent: row.recent.map((x) => ({
      id: x.id,
      date: x.date,
      name: x.name,
      payee: x.payee,
      category: x.category,
      currency: x.currency,
      amountMinor: Number(x.amount),
    })),
    series: row.series.map((s) => ({
      accountId: s.account_id,
      payee: s.payee,
      category: s.category,
      currency: s.currency,
      transactions: s.rows.map(([id, date, amount]) => ({ id, date, amountMinor: Number(amount) })),
    })),
  };
}

/** The lists whose order SQL leaves open, sorted (`recent` keeps its own: newest first). */
function sorted(rows: InsightRows): InsightRows {
  const key = (...parts: string[]) => parts.join('\u0000');
  const by =
    <T>(of: (row: T) => string) =>
    (a: T, b: T) =>
      of(a) < of(b) ? -1 : of(a) > of(b) ? 1 : 0;
  return {
    payees: [...rows.payees].sort(by((row) => key(row.payee, row.currency))),
    categories: [...rows.categories].sort(by((row) => key(row.category, row.currency))),
    recent: rows.recent,
    series: [...rows.series].sort(by((row) => key(row.accountId, row.payee, row.currency))),
  };
}

async function expectSameAsReference(userId: string, hidden: readonly string[], windows = WINDOWS) {
  const db = w.t.database.db;
  const expected = sorted(await reference(db, userId, windows, hidden));
  const { stats, recent, seriesFrom, maxSeriesRows } = windows;
  const [figures, series] = await Promise.all([
    insightFigures(db, userId, { stats, recent }, hidden),
    payeeSeriesOf(db, userId, { from: seriesFrom, to: recent.to, maxSeriesRows }, hidden),
  ]);
  const actual = sorted({ ...figures, series });
  expect(actual).toEqual(expected);
  return actual;
}

describe('the insights’ rows', () => {
  it('are those of the single statement they replaced on the demo bank, with and without hidden categories', async () => {
    const { browser, userId } = await signedInUser(w);
    const created = await browser.json('/api/v1/connections/demo', { body: { variant: 'standard' } });
    expect(created.status).toBe(201);
    await waitForSync(browser);
    const all = await expectSameAsReference(userId, []);
    // Something of each kind to compare: the demo bank has statistics, recent rows and series.
    expect(all.payees.length).toBeGreaterThan(5);
    expect(all.categories.length).toBeGreaterThan(3);
    expect(all.recent.length).toBeGreaterThan(3);
    expect(all.series.length).toBeGreaterThan(1);
    const categories = all.categories.map((row) => row.category).filter((category) => category !== '');
    const hidden = await expectSameAsReference(userId, categories.slice(0, 2));
    expect(hidden.payees.length).toBeLessThan(all.payees.length);
  });

  it('are those of the single statement at the windows’ edges, with ties, refunds, zeros and two currencies', async () => {
    const { userId } = await signedInUser(w);
    const db = w.t.database.db;
    const checking = await addAccount(db, userId, { name: 'Checking' });
    const euros = await addAccount(db, userId, { name: 'Konto', currency: 'EUR' });
    const { stats, recent, seriesFrom } = WINDOWS;
    const edges = [
      addDays(seriesFrom, -1),
      seriesFrom,
      addDays(stats.from, -1),
      stats.from,
      stats.to,
      recent.from,
      recent.to,
      addDays(recent.to, 1),
      // The first and last days of the months at the windows' ends, and days near them: where a month
      // is read from the rollup less the days outside a window, or from its rows.
      ...['2025-10-01', '2025-10-02', '2025-10-31', '2025-11-01', '2026-10-01', '2026-10-02', '2026-10-03'],
      ...['2026-10-31', '2026-11-01', '2026-11-30'],
    ];
    const rows: NewTransaction[] = edges.flatMap((date, index) => [
      { date, amountMinor: -(1_000 + index), name: 'Edge Shop', category: 'shopping' },
      { date, amountMinor: 2_500, name: 'Edge Shop', category: 'shopping' }, // a refund
      { date, amountMinor: 0, name: 'Zero Ltd', category: 'shopping' },
      // The same payee by merchant name, blank merchant names falling back to the name.
      { date, amountMinor: -700, name: 'CARD 123 GROCER', merchantName: 'Grocer', category: 'groceries' },
      { date, amountMinor: -700, name: 'Grocer', merchantName: '  ', category: 'groceries' },
      // A tie in size for the median and a row of another category under the same payee.
      { date, amountMinor: -700, name: 'Grocer', category: 'dining' },
    ]);
    // Series of 1, 2, 60 and 61 rows within the series window.
    const monthly = (name: string, count: number, amountMinor: number): NewTransaction[] =>
      Array.from({ length: count }, (_, index) => ({
        date: addDays(recent.to, -Math.floor((index * 390) / Math.max(count, 1))),
        amountMinor,
        name,
        category: 'bills',
      }));
    await addTransactions(db, userId, checking.id, [
      ...rows,
      ...monthly('Once', 1, -999),
      ...monthly('Twice', 2, -1_999),
      ...monthly('Sixty', 60, -500),
      ...monthly('Sixty-one', 61, -500),
      { date: recent.to, amountMinor: -123, name: 'Uncategorized Shop' },
    ]);
    await addTransactions(db, userId, euros.id, [
      ...rows.map((row) => ({ ...row, currency: 'EUR' })),
      ...monthly('Twice', 2, -1_999).map((row) => ({ ...row, currency: 'EUR' })),
    ]);
    const all = await expectSameAsReference(userId, []);
    expect(all.series.map((row) => `${row.payee}:${row.transactions.length}`).sort()).toEqual(
      expect.arrayContaining(['Sixty:60', 'Twice:2']),
    );
    expect(all.series.some((row) => row.payee === 'Sixty-one' || row.payee === 'Once')).toBe(false);
    await expectSameAsReference(userId, ['groceries', '']);
    // Windows that meet without a gap and a recent window inside the statistics one.
    await expectSameAsReference(userId, [], {
      ...WINDOWS,
      recent: { from: addDays(TODAY, -100), to: TODAY },
      seriesFrom: addMonths(TODAY, -2),
    });
    // Windows of whole months only; starting two days into a month (the month less two days of rows);
    // inside one month; ending a day into a month.
    for (const [from, to, seriesFrom] of [
      ['2025-11-01', '2026-10-31', '2025-11-01'],
      ['2025-10-03', '2026-10-02', '2025-10-03'],
      ['2026-10-02', '2026-10-30', '2026-10-02'],
      ['2025-10-21', '2026-11-01', '2025-10-31'],
    ] as const) {
      await expectSameAsReference(userId, ['dining'], { ...WINDOWS, stats: { from, to }, seriesFrom });
      await expectSameAsReference(userId, [], { ...WINDOWS, stats: { from, to }, seriesFrom });
    }
  });

  /**
   * The plan of `query` as JSON text, with the tiny test tables' other ways off (the index shows). The
   * table is vacuumed first: an index-only scan is costed by the pages marked all-visible, and whether
   * autovacuum had marked them yet depended on how busy the machine was.
   */
  async function planOf(query: SQL): Promise<string> {
    await w.t.database.db.execute(sql`vacuum (analyze) "transaction"`);
    return w.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
      return JSON.stringify(result.rows[0]?.['QUERY PLAN']);
    });
  }

  it('read the counted rows from the covering index alone (migration 0038)', async () => {
    const { userId } = await signedInUser(w);
    const plan = await planOf(sql`
      select t.id, t.date, t.account_id, t.name, t.merchant_name, t.currency, t.amount_minor, ${SHOWN}
      from "transaction" t
      where t.user_id = ${userId} and t.date >= ${WINDOWS.seriesFrom}::date and t.date <= ${TODAY}::date
        and ${COUNTS}`);
    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('"Index Name":"transaction_user_date_counted_idx"');
  });

  it('read a series’ rows from the series index alone (migration 0041)', async () => {
    const { userId } = await signedInUser(w);
    // A constant account, as the series' reading passes one: a volatile `gen_random_uuid()` here could not
    // be an index condition, which left the two indexes tied on the empty table (PostgreSQL 15 chose this
    // one, 18 the date index).
    const plan = await planOf(sql`
      select t.id, t.date, t.amount_minor, ${SHOWN}
      from "transaction" t
      where t.user_id = ${userId} and t.account_id = '4c1d5a7e-0000-4000-8000-000000000001'::uuid
        and coalesce(nullif(btrim(t.merchant_name), ''), t.name) = 'Grocer' and t.currency = 'USD'
        and t.date >= ${WINDOWS.seriesFrom}::date and t.date <= ${TODAY}::date
        and ${COUNTS} and t.amount_minor <> 0`);
    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('"Index Name":"transaction_user_series_idx"');
  });
});
