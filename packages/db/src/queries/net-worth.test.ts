import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceSnapshot, financialAccount, transaction, user } from '../schema/index';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { recomputeBalanceSnapshots } from './balances';
import {
  deleteManualRate,
  ecbRatesForRange,
  lastFxFetch,
  listManualRates,
  newestEcbRateDate,
  recordFxFetch,
  saveManualRate,
  upsertEcbRates,
} from './fx';
import {
  firstNetWorthDate,
  netWorthDailyByClass,
  netWorthDailyRange,
  netWorthVersion,
  rebuildNetWorthDaily,
} from './net-worth';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

async function addUser(): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name: 'Grace Hopper', email: `${id}@example.com` });
  return id;
}

async function addAccount(userId: string, values: Partial<typeof financialAccount.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(financialAccount)
    .values({ userId, name: 'Checking', type: 'depository', provider: 'manual', currency: 'USD', ...values })
    .returning();
  if (!row) throw new Error('no account');
  return row;
}

type Rollup = {
  date: string;
  account_type: string;
  currency: string;
  balance_minor: string;
  account_count: number;
};

/** The rollup as stored, and as a from-scratch aggregate of the snapshots of visible accounts. */
async function rollups(userId: string) {
  const stored = await t.db.execute<Rollup>(sql`
    select date::text, account_type, currency, balance_minor::text, account_count from net_worth_daily
    where user_id = ${userId} order by 1, 2, 3`);
  const fresh = await t.db.execute<Rollup>(sql`
    select s.date::text, a.type as account_type, s.currency, sum(s.balance_minor)::bigint::text as balance_minor,
           count(*)::int as account_count
    from balance_snapshot s join financial_account a on a.id = s.account_id and not a.hidden
    where s.user_id = ${userId} group by 1, 2, 3 order by 1, 2, 3`);
  return { stored: stored.rows, fresh: fresh.rows };
}

async function expectInStep(userId: string) {
  const { stored, fresh } = await rollups(userId);
  expect(stored).toEqual(fresh);
  return stored;
}

async function snapshot(
  userId: string,
  accountId: string,
  date: string,
  balanceMinor: number,
  currency = 'USD',
) {
  await t.db.insert(balanceSnapshot).values({ userId, accountId, date, balanceMinor, currency });
}

describe('net_worth_daily triggers', () => {
  it('follow inserts, updates and deletes of snapshots', async () => {
    const userId = await addUser();
    const checking = await addAccount(userId);
    const card = await addAccount(userId, { name: 'Card', type: 'credit' });
    const euro = await addAccount(userId, { name: 'Girokonto', currency: 'EUR' });
    await t.db.insert(balanceSnapshot).values([
      { userId, accountId: checking.id, date: '2026-01-01', balanceMinor: 100_00, currency: 'USD' },
      { userId, accountId: checking.id, date: '2026-01-02', balanceMinor: 120_00, currency: 'USD' },
      { userId, accountId: card.id, date: '2026-01-02', balanceMinor: -30_00, currency: 'USD' },
      { userId, accountId: euro.id, date: '2026-01-02', balanceMinor: 50_00, currency: 'EUR' },
    ]);
    const second = await addAccount(userId, { name: 'Savings' });
    await snapshot(userId, second.id, '2026-01-02', 5_00);
    expect(await expectInStep(userId)).toEqual([
      {
        date: '2026-01-01',
        account_type: 'depository',
        currency: 'USD',
        balance_minor: '10000',
        account_count: 1,
      },
      {
        date: '2026-01-02',
        account_type: 'credit',
        currency: 'USD',
        balance_minor: '-3000',
        account_count: 1,
      },
      {
        date: '2026-01-02',
        account_type: 'depository',
        currency: 'EUR',
        balance_minor: '5000',
        account_count: 1,
      },
      {
        date: '2026-01-02',
        account_type: 'depository',
        currency: 'USD',
        balance_minor: '12500',
        account_count: 2,
      },
    ]);

    await t.db
      .update(balanceSnapshot)
      .set({ balanceMinor: 90_00 })
      .where(and(eq(balanceSnapshot.accountId, checking.id), eq(balanceSnapshot.date, '2026-01-01')));
    await expectInStep(userId);
    await t.db.delete(balanceSnapshot).where(eq(balanceSnapshot.accountId, card.id));
    const rows = await expectInStep(userId);
    expect(rows.some((row) => row.account_type === 'credit')).toBe(false);
    expect(await firstNetWorthDate(t.db, userId)).toBe('2026-01-01');
  });

  it('follow an upsert of recomputed snapshots (insert and update in one statement)', async () => {
    const userId = await addUser();
    const account = await addAccount(userId, {
      currentBalanceMinor: 1_000_00,
      balanceAsOf: new Date('2026-03-10T12:00:00Z'),
    });
    await t.db.insert(transaction).values(
      ['2026-03-01', '2026-03-05', '2026-03-09'].map((date, index) => ({
        userId,
        accountId: account.id,
        externalId: `t${index}`,
        date,
        amountMinor: -10_00,
        currency: 'USD',
        name: 'Coffee',
        originalName: 'Coffee',
      })),
    );
    await recomputeBalanceSnapshots(t.db, {
      userId,
      accountId: account.id,
      from: '2026-03-05',
      today: '2026-03-10',
    });
    await recomputeBalanceSnapshots(t.db, {
      userId,
      accountId: account.id,
      from: '2026-03-01',
      today: '2026-03-10',
    });
    const rows = await expectInStep(userId);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ date: '2026-03-01', balance_minor: '102000' });
    expect(rows.at(-1)).toMatchObject({ date: '2026-03-10', balance_minor: '100000' });
  });

  it('leave hidden accounts out and re-aggregate when an account is hidden, shown, retyped or deleted', async () => {
    const userId = await addUser();
    const a = await addAccount(userId);
    const b = await addAccount(userId, { name: 'Old savings', hidden: true });
    for (const date of ['2026-02-01', '2026-02-02', '2026-02-03']) {
      await snapshot(userId, a.id, date, 10_00);
      await snapshot(userId, b.id, date, 7_00);
    }
    let rows = await expectInStep(userId);
    expect(rows.map((row) => row.balance_minor)).toEqual(['1000', '1000', '1000']);

    await t.db.update(financialAccount).set({ hidden: false }).where(eq(financialAccount.id, b.id));
    rows = await expectInStep(userId);
    expect(rows.map((row) => [row.balance_minor, row.account_count])).toEqual([
      ['1700', 2],
      ['1700', 2],
      ['1700', 2],
    ]);

    await t.db.update(financialAccount).set({ type: 'brokerage' }).where(eq(financialAccount.id, b.id));
    rows = await expectInStep(userId);
    expect(rows.filter((row) => row.account_type === 'brokerage')).toHaveLength(3);

    await t.db.update(financialAccount).set({ hidden: true }).where(eq(financialAccount.id, a.id));
    rows = await expectInStep(userId);
    expect(rows.map((row) => row.account_type)).toEqual(['brokerage', 'brokerage', 'brokerage']);
    await t.db.update(balanceSnapshot).set({ balanceMinor: 1 }).where(eq(balanceSnapshot.accountId, a.id));
    await expectInStep(userId);
    await t.db.delete(financialAccount).where(eq(financialAccount.id, a.id));
    await expectInStep(userId);

    await t.db.delete(financialAccount).where(eq(financialAccount.id, b.id));
    expect(await expectInStep(userId)).toEqual([]);
    expect(await firstNetWorthDate(t.db, userId)).toBeNull();
  });

  it('empty a deleted user and never touch another user', async () => {
    const gone = await addUser();
    const kept = await addUser();
    const mine = await addAccount(gone);
    const theirs = await addAccount(kept);
    await snapshot(gone, mine.id, '2026-04-01', 1_00);
    await snapshot(kept, theirs.id, '2026-04-01', 2_00);
    await t.db.delete(user).where(eq(user.id, gone));
    const left = await t.db.execute<{ user_id: string }>(
      sql`select user_id from net_worth_daily where user_id in (${gone}, ${kept})`,
    );
    expect(left.rows).toEqual([{ user_id: kept }]);
    expect(await netWorthDailyRange(t.db, kept, '2026-01-01', '2026-12-31')).toEqual([
      { date: '2026-04-01', accountType: 'depository', currency: 'USD', balanceMinor: 200, accountCount: 1 },
    ]);
  });

  it('bump the user’s version on every change and sum days per class', async () => {
    const userId = await addUser();
    const other = await addUser();
    expect(await netWorthVersion(t.db, userId)).toBe(0);
    const a = await addAccount(userId);
    const card = await addAccount(userId, { name: 'Card', type: 'credit' });
    const odd = await addAccount(userId, { name: 'Odd', type: 'money_market' });
    await snapshot(userId, a.id, '2026-06-01', 10_00);
    await snapshot(userId, card.id, '2026-06-01', -4_00);
    await snapshot(userId, odd.id, '2026-06-01', 1_00);
    const afterInserts = await netWorthVersion(t.db, userId);
    expect(afterInserts).toBe(3);
    await t.db.update(financialAccount).set({ name: 'Renamed' }).where(eq(financialAccount.id, a.id));
    expect(await netWorthVersion(t.db, userId)).toBe(afterInserts);
    await t.db.update(financialAccount).set({ hidden: true }).where(eq(financialAccount.id, odd.id));
    expect(await netWorthVersion(t.db, userId)).toBe(afterInserts + 1);
    await t.db.delete(financialAccount).where(eq(financialAccount.id, card.id));
    expect(await netWorthVersion(t.db, userId)).toBeGreaterThan(afterInserts + 1);
    expect(await netWorthVersion(t.db, other)).toBe(0);
    await t.db.update(financialAccount).set({ hidden: false }).where(eq(financialAccount.id, odd.id));
    expect(
      await netWorthDailyByClass(t.db, userId, '2026-01-01', '2026-12-31', {
        depository: 'cash',
        credit: 'liability',
      }),
    ).toEqual([
      {
        date: '2026-06-01',
        currency: 'USD',
        accountCount: 2,
        cash: 10_00,
        investment: 0,
        crypto: 0,
        realEstate: 0,
        other: 1_00,
        liability: 0,
      },
    ]);
  });

  it('can be rebuilt from scratch', async () => {
    const userId = await addUser();
    const account = await addAccount(userId);
    await snapshot(userId, account.id, '2026-05-01', 3_00);
    await t.db.execute(sql`delete from net_worth_daily where user_id = ${userId}`);
    await rebuildNetWorthDaily(t.db, userId);
    expect(await expectInStep(userId)).toHaveLength(1);
  });
});

describe('exchange-rate queries', () => {
  it('store ECB rates idempotently and read the last known rate before a range', async () => {
    expect(await newestEcbRateDate(t.db)).toBeNull();
    const rates = [
      { date: '2026-01-02', currency: 'USD', perEur: '1.0842' },
      { date: '2026-01-05', currency: 'USD', perEur: '1.0900' },
      { date: '2026-01-06', currency: 'USD', perEur: '1.1' },
      { date: '2026-01-05', currency: 'GBP', perEur: '0.8611' },
    ];
    expect(await upsertEcbRates(t.db, rates)).toBe(4);
    expect(await upsertEcbRates(t.db, rates)).toBe(0);
    expect(await upsertEcbRates(t.db, [{ date: '2026-01-06', currency: 'USD', perEur: '1.2' }])).toBe(1);
    expect(await newestEcbRateDate(t.db)).toBe('2026-01-06');
    const read = await ecbRatesForRange(t.db, ['USD', 'EUR', 'GBP', 'JPY'], '2026-01-04', '2026-01-05');
    expect(read.sort((x, y) => (x.currency + x.date).localeCompare(y.currency + y.date))).toEqual([
      { date: '2026-01-05', currency: 'GBP', perEur: '0.8611' },
      { date: '2026-01-02', currency: 'USD', perEur: '1.0842' },
      { date: '2026-01-05', currency: 'USD', perEur: '1.0900' },
    ]);
    await expect(
      upsertEcbRates(t.db, [{ date: '2026-01-07', currency: 'usd', perEur: '1' }]),
    ).rejects.toThrow(RangeError);
  });

  it('record the last fetch and keep manual rates per user, one per pair and day', async () => {
    expect(await lastFxFetch(t.db)).toBeNull();
    await recordFxFetch(t.db, new Date('2026-01-06T10:00:00Z'), 31);
    await recordFxFetch(t.db, new Date('2026-01-07T10:00:00Z'), 32);
    expect(await lastFxFetch(t.db)).toEqual(new Date('2026-01-07T10:00:00Z'));

    const userId = await addUser();
    const other = await addUser();
    const first = await saveManualRate(t.db, {
      userId,
      date: '2026-01-05',
      base: 'USD',
      quote: 'ARS',
      rate: '1050.5',
    });
    expect(first.created).toBe(true);
    const again = await saveManualRate(t.db, {
      userId,
      date: '2026-01-05',
      base: 'USD',
      quote: 'ARS',
      rate: '1060',
    });
    expect(again).toMatchObject({ id: first.id, rate: '1060', created: false });
    expect(await listManualRates(t.db, userId)).toEqual([
      { id: first.id, date: '2026-01-05', base: 'USD', quote: 'ARS', rate: '1060' },
    ]);
    expect(await listManualRates(t.db, other)).toEqual([]);
    expect(await deleteManualRate(t.db, other, first.id)).toBe(false);
    expect(await deleteManualRate(t.db, userId, first.id)).toBe(true);
    expect(await listManualRates(t.db, userId)).toEqual([]);
  });
});
