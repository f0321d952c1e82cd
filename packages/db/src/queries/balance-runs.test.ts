import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceSnapshot, financialAccount, user } from '../schema/index';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { insertBalanceDays, writeBalanceDays } from './balance-runs';
import { balanceReportSql } from './reports';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

const day = (offset: number) =>
  new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

type Day = { date: string; balance: number; currency: string };

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

async function newAccount(type = 'depository') {
  const userId = randomUUID();
  await t.db.insert(user).values({ id: userId, name: 'Ada Lovelace', email: `${userId}@example.com` });
  const [row] = await t.db
    .insert(financialAccount)
    .values({ userId, name: 'Checking', type, provider: 'manual', currency: 'USD', currentBalanceMinor: 0 })
    .returning();
  return { userId, accountId: row!.id };
}

/** Writes `days` through writeBalanceDays, as a recompute passes them (a query over WITH items). */
async function write(scope: { userId: string; accountId: string }, days: Day[]) {
  await writeBalanceDays(
    t.db,
    scope,
    sql`given as (
      select * from unnest(${sql.param(days.map((d) => d.date))}::date[],
        ${sql.param(days.map((d) => d.balance))}::bigint[],
        ${sql.param(days.map((d) => d.currency))}::text[]) as g(date, balance_minor, currency)
    )`,
    sql`select date, balance_minor, currency from given`,
  );
}

async function viewDays(accountId: string): Promise<Day[]> {
  const result = await t.db.execute<{ date: string; balance: string; currency: string }>(sql`
    select date::text, balance_minor::text as balance, currency from balance_snapshot
    where account_id = ${accountId} order by date`);
  return result.rows.map((row) => ({ date: row.date, balance: Number(row.balance), currency: row.currency }));
}

async function runs(accountId: string) {
  const result = await t.db.execute<{ from: string; to: string; balance: string; currency: string }>(sql`
    select from_date::text as from, to_date::text as to, balance_minor::text as balance, currency
    from balance_run where account_id = ${accountId} order by from_date`);
  return result.rows;
}

/** Runs never overlap, and two runs side by side always differ (each run is as long as it can be). */
async function expectMaximalRuns(accountId: string) {
  const list = await runs(accountId);
  for (let index = 1; index < list.length; index += 1) {
    const before = list[index - 1]!;
    const run = list[index]!;
    expect(before.to < run.from).toBe(true);
    const touching = day(offsetOf(before.to) + 1) === run.from;
    if (touching) expect([before.balance, before.currency]).not.toEqual([run.balance, run.currency]);
  }
  return list;
}

const offsetOf = (date: string) => Math.round((Date.parse(date) - Date.UTC(2026, 0, 1)) / 86_400_000);

/** The stored net-worth rollup equals the days of the visible accounts summed from scratch. */
async function expectRollupInStep(userId: string) {
  const stored = await t.db.execute(sql`
    select date::text, account_type, currency, balance_minor::text, account_count from net_worth_daily
    where user_id = ${userId} order by 1, 2, 3`);
  const fresh = await t.db.execute(sql`
    select s.date::text, a.type as account_type, s.currency, sum(s.balance_minor)::bigint::text as balance_minor,
           count(*)::int as account_count
    from balance_snapshot s join financial_account a on a.id = s.account_id and not a.hidden
    where s.user_id = ${userId} group by 1, 2, 3 order by 1, 2, 3`);
  expect(stored.rows).toEqual(fresh.rows);
}

const sorted = (model: Map<string, Day>) => [...model.values()].sort((a, b) => a.date.localeCompare(b.date));

describe('balance runs', () => {
  it('keep every written day and every other day as it was, over many overlapping writes', async () => {
    const scope = await newAccount();
    const model = new Map<string, Day>();
    const random = generator(7);
    for (let round = 0; round < 60; round += 1) {
      const start = random(150);
      const length = 1 + random(40);
      const days: Day[] = [];
      for (let offset = start; offset < start + length; offset += 1) {
        if (random(6) === 0) continue; // a day left out keeps its own balance
        // Few distinct values, so written days often equal their neighbours and runs must merge.
        days.push({
          date: day(offset),
          balance: [100, 200, -300][random(3)]!,
          currency: random(12) === 0 ? 'EUR' : 'USD',
        });
      }
      await write(scope, days);
      for (const item of days) model.set(item.date, item);
      expect(await viewDays(scope.accountId)).toEqual(sorted(model));
      await expectMaximalRuns(scope.accountId);
      await expectRollupInStep(scope.userId);
    }
    expect((await runs(scope.accountId)).length).toBeLessThan(model.size);
  });

  it('write nothing when the days are as they were', async () => {
    const scope = await newAccount();
    const days = Array.from({ length: 30 }, (_, offset) => ({
      date: day(offset),
      balance: offset < 10 ? 500 : 700,
      currency: 'USD',
    }));
    await write(scope, days);
    const before = await t.db.execute<{ ctid: string }>(
      sql`select ctid::text from balance_run where account_id = ${scope.accountId} order by from_date`,
    );
    await write(scope, days.slice(5, 20));
    const after = await t.db.execute<{ ctid: string }>(
      sql`select ctid::text from balance_run where account_id = ${scope.accountId} order by from_date`,
    );
    expect(after.rows).toEqual(before.rows);
    expect(await runs(scope.accountId)).toEqual([
      { from: day(0), to: day(9), balance: '500', currency: 'USD' },
      { from: day(10), to: day(29), balance: '700', currency: 'USD' },
    ]);
  });

  it('extend the last run by a day when the balance stays, and split it when it changes', async () => {
    const scope = await newAccount();
    await write(scope, [{ date: day(0), balance: 10, currency: 'USD' }]);
    await write(scope, [{ date: day(1), balance: 10, currency: 'USD' }]);
    expect(await runs(scope.accountId)).toEqual([
      { from: day(0), to: day(1), balance: '10', currency: 'USD' },
    ]);
    await write(scope, [{ date: day(1), balance: 11, currency: 'USD' }]);
    expect(await runs(scope.accountId)).toEqual([
      { from: day(0), to: day(0), balance: '10', currency: 'USD' },
      { from: day(1), to: day(1), balance: '11', currency: 'USD' },
    ]);
    await expectRollupInStep(scope.userId);
  });

  it('keep a hidden account out of the net-worth rollup as its runs grow, shrink and split', async () => {
    const scope = await newAccount();
    await t.db.execute(sql`update financial_account set hidden = true where id = ${scope.accountId}`);
    for (const balance of [5, 5, 6, 5])
      await write(
        scope,
        Array.from({ length: 5 }, (_, offset) => ({ date: day(offset + balance), balance, currency: 'USD' })),
      );
    const rollupRows = async () =>
      (
        await t.db.execute(
          sql`select count(*)::int as n from net_worth_daily where user_id = ${scope.userId}`,
        )
      ).rows;
    await expectRollupInStep(scope.userId);
    expect(await rollupRows()).toEqual([{ n: 0 }]);
    // Shown again, its whole history joins the rollup (the account trigger reads the view).
    await t.db.execute(sql`update financial_account set hidden = false where id = ${scope.accountId}`);
    await expectRollupInStep(scope.userId);
    expect(await rollupRows()).toEqual([{ n: (await viewDays(scope.accountId)).length }]);
  });

  it('take days written through the balance_snapshot view as the table took them', async () => {
    const scope = await newAccount();
    const model = new Map<string, Day>();
    await t.db.insert(balanceSnapshot).values(
      Array.from({ length: 10 }, (_, offset) => ({
        ...scope,
        date: day(offset),
        balanceMinor: 100,
        currency: 'USD',
      })),
    );
    for (let offset = 0; offset < 10; offset += 1)
      model.set(day(offset), { date: day(offset), balance: 100, currency: 'USD' });
    await write(scope, sorted(model)); // the one-day runs the view wrote become one run
    expect(await runs(scope.accountId)).toHaveLength(1);

    await t.db
      .execute(sql`update balance_snapshot set balance_minor = 150 where account_id = ${scope.accountId}
      and date = ${day(4)}`);
    model.set(day(4), { date: day(4), balance: 150, currency: 'USD' });
    await t.db.execute(sql`delete from balance_snapshot where account_id = ${scope.accountId}
      and date in (${day(0)}, ${day(7)})`);
    model.delete(day(0));
    model.delete(day(7));
    expect(await viewDays(scope.accountId)).toEqual(sorted(model));
    await expectRollupInStep(scope.userId);

    const duplicate = t.db
      .execute(sql`insert into balance_snapshot (user_id, account_id, date, balance_minor, currency)
      values (${scope.userId}, ${scope.accountId}, ${day(3)}, 1, 'USD')`);
    await expect(duplicate).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await viewDays(scope.accountId)).toEqual(sorted(model));
  });

  it('give a balance report per account the days the view gives, gaps and hidden accounts left out', async () => {
    const scope = await newAccount();
    const [second] = await t.db
      .insert(financialAccount)
      .values({
        userId: scope.userId,
        name: 'Savings',
        type: 'depository',
        provider: 'manual',
        currency: 'EUR',
      })
      .returning();
    const [hidden] = await t.db
      .insert(financialAccount)
      .values({
        userId: scope.userId,
        name: 'Old',
        type: 'depository',
        provider: 'manual',
        currency: 'USD',
        hidden: true,
      })
      .returning();
    const random = generator(11);
    for (const accountId of [scope.accountId, second!.id, hidden!.id]) {
      const days: Day[] = [];
      for (let offset = 10; offset < 90; offset += 1)
        if (offset % 17 !== 0) days.push({ date: day(offset), balance: [1, 2][random(2)]!, currency: 'USD' });
      await write({ userId: scope.userId, accountId }, days);
    }
    const dates = Array.from({ length: 40 }, (_, index) => day(index * 3));
    const report = await t.db.execute(balanceReportSql({ userId: scope.userId, groupBy: 'account', dates }));
    const fromView = await t.db.execute(sql`
      select a.id::text as key, s.date::text as bucket, s.currency, sum(s.balance_minor) as amount, count(*) as n
      from balance_snapshot s join financial_account a on a.id = s.account_id
      where a.user_id = ${scope.userId} and not a.hidden
        and s.date = any(${sql.param(dates)}::date[])
      group by 1, 2, 3 order by 1, 2, 3`);
    expect(report.rows.length).toBeGreaterThan(20);
    expect(report.rows).toEqual(fromView.rows);
  });

  it('insert restored days as the fewest runs', async () => {
    const scope = await newAccount();
    const days = Array.from({ length: 40 }, (_, offset) => ({
      ...scope,
      date: day(offset),
      balanceMinor: offset < 25 ? 42 : 43,
      currency: 'USD',
    })).filter((item) => item.date !== day(30));
    await insertBalanceDays(t.db, [...days].reverse());
    expect(await runs(scope.accountId)).toEqual([
      { from: day(0), to: day(24), balance: '42', currency: 'USD' },
      { from: day(25), to: day(29), balance: '43', currency: 'USD' },
      { from: day(31), to: day(39), balance: '43', currency: 'USD' },
    ]);
    await expectRollupInStep(scope.userId);
  });

  it('leave one account consistent when two writers of it run at once', async () => {
    const scope = await newAccount();
    await write(
      scope,
      Array.from({ length: 60 }, (_, offset) => ({ date: day(offset), balance: 1, currency: 'USD' })),
    );
    const writes = Array.from({ length: 6 }, (_, index) =>
      write(
        scope,
        Array.from({ length: 30 }, (_, offset) => ({
          date: day(index * 5 + offset),
          balance: index + 2,
          currency: 'USD',
        })),
      ),
    );
    await Promise.all(writes);
    const days = await viewDays(scope.accountId);
    expect(days.map((item) => item.date)).toEqual(Array.from({ length: 60 }, (_, offset) => day(offset)));
    await expectMaximalRuns(scope.accountId);
    await expectRollupInStep(scope.userId);
  });
});
