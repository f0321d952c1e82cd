import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, runMigrations } from './migrate';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await t.drop();
});

/** Migrations before 0043_balance_run (the journal's first 43 entries: 0000 to 0042). */
const BEFORE_RUNS = 43;

const day = (offset: number) =>
  new Date(Date.UTC(2025, 11, 30) + offset * 86_400_000).toISOString().slice(0, 10);

describe('migration 0043 (balance history as runs)', () => {
  it('cuts the daily rows into runs, keeps every day and leaves the net-worth rollup as it was', async () => {
    const client = await t.pool.connect();
    try {
      await migrateTo(client, BEFORE_RUNS);
      await client.query(`insert into "user" (id, name, email) values ('u1', 'Ada', 'ada@example.com')`);
      const accounts = await client.query<{ id: string }>(
        `insert into financial_account (user_id, name, type, provider, currency, current_balance_minor, hidden)
         values ('u1', 'Checking', 'depository', 'manual', 'USD', 0, false),
                ('u1', 'Card', 'credit', 'manual', 'USD', 0, false),
                ('u1', 'Hidden', 'depository', 'manual', 'EUR', 0, true)
         returning id`,
      );
      const [checking, card, hidden] = accounts.rows.map((row) => row.id);
      // Checking: 100 USD for days 0–9, 150 on day 10, 100 USD again for days 11–19, 100 EUR for days 20–24
      // (a new currency starts a run), no row for days 25–26, 100 EUR for days 27–29 (a gap starts one too).
      // Card: one balance throughout. Hidden: two runs.
      const days: [string, string, number, string][] = [];
      for (let offset = 0; offset < 20; offset += 1)
        days.push([checking!, day(offset), offset === 10 ? 150 : 100, 'USD']);
      for (let offset = 20; offset < 30; offset += 1)
        if (offset !== 25 && offset !== 26) days.push([checking!, day(offset), 100, 'EUR']);
      for (let offset = 0; offset < 30; offset += 1) days.push([card!, day(offset), -4_200, 'USD']);
      for (let offset = 0; offset < 30; offset += 1)
        days.push([hidden!, day(offset), offset < 3 ? 1 : 2, 'EUR']);
      await client.query(
        `insert into balance_snapshot (user_id, account_id, date, balance_minor, currency)
         select 'u1', a, d, b, c from unnest($1::uuid[], $2::date[], $3::bigint[], $4::text[]) as x(a, d, b, c)`,
        [
          days.map((row) => row[0]),
          days.map((row) => row[1]),
          days.map((row) => row[2]),
          days.map((row) => row[3]),
        ],
      );
      const rollup = `select date::text, account_type, currency, balance_minor::text, account_count
        from net_worth_daily where user_id = 'u1' order by 1, 2, 3`;
      const daily = `select account_id::text, date::text, balance_minor::text, currency from balance_snapshot
        order by account_id, date`;
      const rollupBefore = (await client.query(rollup)).rows;
      const daysBefore = (await client.query(daily)).rows;
      expect(daysBefore).toHaveLength(88);

      await runMigrations(t.pool);

      expect((await client.query(daily)).rows).toEqual(daysBefore);
      expect((await client.query(rollup)).rows).toEqual(rollupBefore);
      const runs = await client.query<{ account: string; from: string; to: string; balance: string }>(
        `select account_id::text as account, from_date::text as from, to_date::text as to,
           balance_minor::text || ' ' || currency as balance from balance_run order by account_id, from_date`,
      );
      const of = (id: string) =>
        runs.rows.filter((run) => run.account === id).map(({ account: _, ...run }) => run);
      expect(of(checking!)).toEqual([
        { from: day(0), to: day(9), balance: '100 USD' },
        { from: day(10), to: day(10), balance: '150 USD' },
        { from: day(11), to: day(19), balance: '100 USD' },
        { from: day(20), to: day(24), balance: '100 EUR' },
        { from: day(27), to: day(29), balance: '100 EUR' },
      ]);
      expect(of(card!)).toEqual([{ from: day(0), to: day(29), balance: '-4200 USD' }]);
      expect(of(hidden!)).toEqual([
        { from: day(0), to: day(2), balance: '1 EUR' },
        { from: day(3), to: day(29), balance: '2 EUR' },
      ]);
    } finally {
      client.release();
    }
  });
});
