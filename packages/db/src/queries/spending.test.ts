import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialAccount, transaction, user } from '../schema/index';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import {
  dailySpending,
  monthPieces,
  payeeSpending,
  payerIncome,
  rebuildSpendingRollup,
  spendingSums,
  spendingSumsFromRows,
  splitIntoMonths,
  transactionVersionOf,
  type DayRange,
} from './spending';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

type Row = Partial<typeof transaction.$inferInsert> & { date: string; amountMinor: number };

async function newUser() {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name: 'Test User', email: `${id}@example.test` });
  const [account] = await t.db
    .insert(financialAccount)
    .values({ userId: id, name: 'Checking', type: 'depository', provider: 'manual', currency: 'USD' })
    .returning();
  if (!account) throw new Error('no account');
  return { userId: id, accountId: account.id };
}

async function add(userId: string, accountId: string, rows: Row[]) {
  return t.db
    .insert(transaction)
    .values(
      rows.map((row) => ({
        userId,
        accountId,
        externalId: randomUUID(),
        currency: 'USD',
        name: 'Shop',
        originalName: 'Shop',
        categoryConfidence: 0.9,
        ...row,
      })),
    )
    .returning();
}

async function rollupRows(userId: string) {
  const rows: unknown[] = [];
  for (const [table, key] of [
    ['spending_day', 'day'],
    ['spending_month', 'month'],
    ['account_month', "month || ' ' || account_id"],
    ['payee_account_month', "month || ' ' || account_id || ' ' || payee"],
  ] as const) {
    const result = await t.pool.query(
      table === 'payee_account_month'
        ? `select '${table}' as t, ${key}::text as k, category, currency, inflow_minor::int as inflow,
                  outflow_minor::int as outflow, n, n_inflow, n_outflow, outflow_squares::text as squares
           from ${table} where user_id = $1 order by 2, 3, 4`
        : `select '${table}' as t, ${key}::text as k, category, currency, inflow_minor::int as inflow,
                  outflow_minor::int as outflow, n from ${table} where user_id = $1 order by 2, 3, 4`,
      [userId],
    );
    rows.push(...result.rows);
  }
  return rows;
}

const EVERYTHING: DayRange = { from: '2000-01-01', to: '2100-12-31' };

/** account_month as kept, and the same sums from the rows themselves (per month, account, category, currency). */
async function accountMonths(userId: string) {
  const kept = await t.pool.query(
    `select month::text, account_id::text, category, currency, inflow_minor::int as inflow,
            outflow_minor::int as outflow, n
     from account_month where user_id = $1 order by 1, 2, 3, 4`,
    [userId],
  );
  const scratch = await t.pool.query(
    `select date_trunc('month', date)::date::text as month, account_id::text,
            transaction_category_shown(category, category_source, category_confidence) as category, currency,
            coalesce(sum(amount_minor) filter (where amount_minor > 0), 0)::int as inflow,
            coalesce(sum(amount_minor) filter (where amount_minor < 0), 0)::int as outflow, count(*)::int as n
     from "transaction"
     where user_id = $1 and status in ('posted', 'pending') and not excluded and transfer_pair_id is null
       and transaction_category_shown(category, category_source, category_confidence) <> 'TRANSFER'
     group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    [userId],
  );
  return { kept: kept.rows, scratch: scratch.rows };
}

/**
 * payee_account_month as kept, and the same sums from the rows themselves (per month, account, payee,
 * shown category and currency).
 */
async function payeeAccountMonths(userId: string) {
  const kept = await t.pool.query(
    `select month::text, account_id::text, payee, category, currency, inflow_minor::int as inflow,
            outflow_minor::int as outflow, n, n_inflow, n_outflow, outflow_squares::text as squares
     from payee_account_month where user_id = $1 order by 1, 2, 3, 4, 5`,
    [userId],
  );
  const scratch = await t.pool.query(
    `select date_trunc('month', date)::date::text as month, account_id::text,
            coalesce(nullif(btrim(merchant_name), ''), name) as payee,
            transaction_category_shown(category, category_source, category_confidence) as category, currency,
            coalesce(sum(amount_minor) filter (where amount_minor > 0), 0)::int as inflow,
            coalesce(sum(amount_minor) filter (where amount_minor < 0), 0)::int as outflow,
            count(*)::int as n, count(*) filter (where amount_minor > 0)::int as n_inflow,
            count(*) filter (where amount_minor < 0)::int as n_outflow,
            coalesce(sum(amount_minor::numeric * amount_minor) filter (where amount_minor < 0), 0)::text as squares
     from "transaction"
     where user_id = $1 and status in ('posted', 'pending') and not excluded and transfer_pair_id is null
       and transaction_category_shown(category, category_source, category_confidence) <> 'TRANSFER'
     group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    [userId],
  );
  return { kept: kept.rows, scratch: scratch.rows };
}

describe('monthPieces', () => {
  it('reads whole months from the rollup, and a partial month from its rows or as the month less the rest', () => {
    expect(monthPieces({ from: '2026-01-15', to: '2026-04-10' })).toEqual({
      months: ['2026-01-01', '2026-02-01', '2026-03-01'],
      rows: [
        { range: { from: '2026-01-01', to: '2026-01-14' }, sign: -1 },
        { range: { from: '2026-04-01', to: '2026-04-10' }, sign: 1 },
      ],
    });
    expect(monthPieces({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      months: ['2026-02-01'],
      rows: [],
    });
    // Inside one month: its rows, whatever their number.
    expect(monthPieces({ from: '2026-02-02', to: '2026-02-27' })).toEqual({
      months: [],
      rows: [{ range: { from: '2026-02-02', to: '2026-02-27' }, sign: 1 }],
    });
    // Half and half: the rows (no more rows read either way).
    expect(monthPieces({ from: '2026-04-16', to: '2026-05-15' })).toEqual({
      months: [],
      rows: [
        { range: { from: '2026-04-16', to: '2026-04-30' }, sign: 1 },
        { range: { from: '2026-05-01', to: '2026-05-15' }, sign: 1 },
      ],
    });
    // A window ending today: this month less the days after today.
    expect(monthPieces({ from: '2025-10-28', to: '2026-11-28' })).toEqual({
      months: [
        ...['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01'],
        ...['2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01'],
        '2026-11-01',
      ],
      rows: [
        { range: { from: '2025-10-28', to: '2025-10-31' }, sign: 1 },
        { range: { from: '2026-11-29', to: '2026-11-30' }, sign: -1 },
      ],
    });
    expect(monthPieces({ from: '2024-02-29', to: '2024-02-29' })).toEqual({
      months: [],
      rows: [{ range: { from: '2024-02-29', to: '2024-02-29' }, sign: 1 }],
    });
  });
});

describe('splitIntoMonths', () => {
  it('reads whole months from the rollup and only the partial edges from the rows', () => {
    expect(splitIntoMonths({ from: '2026-01-15', to: '2026-04-10' })).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      edges: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
    expect(splitIntoMonths({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      edges: [],
    });
    expect(splitIntoMonths({ from: '2026-02-02', to: '2026-02-27' })).toEqual({
      months: null,
      edges: [{ from: '2026-02-02', to: '2026-02-27' }],
    });
    expect(splitIntoMonths({ from: '2026-01-20', to: '2026-02-10' })).toEqual({
      months: null,
      edges: [{ from: '2026-01-20', to: '2026-02-10' }],
    });
    expect(splitIntoMonths({ from: '2025-12-01', to: '2026-01-15' })).toEqual({
      months: { from: '2025-12-01', to: '2025-12-01' },
      edges: [{ from: '2026-01-01', to: '2026-01-15' }],
    });
  });
});

describe('spending_month rollup', () => {
  it('counts only what counts toward spending and income, with refunds netting off', async () => {
    const { userId, accountId } = await newUser();
    await add(userId, accountId, [
      { date: '2026-03-02', amountMinor: -5_000, category: 'FOOD_AND_DRINK' },
      { date: '2026-03-03', amountMinor: 1_000, category: 'FOOD_AND_DRINK' },
      { date: '2026-03-04', amountMinor: -2_500, category: 'FOOD_AND_DRINK', status: 'pending' },
      { date: '2026-03-05', amountMinor: 300_000, category: 'INCOME' },
      { date: '2026-03-06', amountMinor: -700, category: 'FOOD_AND_DRINK', categoryConfidence: 0.4 },
      { date: '2026-03-06', amountMinor: 900, category: null },
      // Left out: failed, cancelled, excluded, transfers (paired or shown as TRANSFER), investment trades.
      { date: '2026-03-07', amountMinor: -9_999, category: 'FOOD_AND_DRINK', status: 'failed' },
      { date: '2026-03-07', amountMinor: -9_999, category: 'FOOD_AND_DRINK', status: 'cancelled' },
      { date: '2026-03-07', amountMinor: -9_999, category: 'TRAVEL', excluded: true },
      { date: '2026-03-07', amountMinor: -9_999, category: 'TRANSFER' },
      { date: '2026-03-07', amountMinor: -9_999, category: 'LOAN_PAYMENTS', transferPairId: randomUUID() },
      { date: '2026-03-07', amountMinor: -9_999, category: null, detailedCategory: 'INVESTMENT_BUY' },
      {
        date: '2026-03-07',
        amountMinor: -9_999,
        category: 'GENERAL_MERCHANDISE',
        categorySource: 'user',
        providerCategory: 'INVESTMENT_BUY',
      },
      { date: '2026-03-08', amountMinor: -1_200, category: 'TRAVEL', currency: 'EUR' },
    ]);
    expect(await spendingSums(t.db, userId, { from: '2026-03-01', to: '2026-03-31' })).toEqual([
      { category: '', currency: 'USD', inflowMinor: 900, outflowMinor: -700, count: 2 },
      { category: 'FOOD_AND_DRINK', currency: 'USD', inflowMinor: 1_000, outflowMinor: -7_500, count: 3 },
      { category: 'INCOME', currency: 'USD', inflowMinor: 300_000, outflowMinor: 0, count: 1 },
      { category: 'TRAVEL', currency: 'EUR', inflowMinor: 0, outflowMinor: -1_200, count: 1 },
    ]);
    // A partial month comes from the rows, with the same rule.
    expect(await spendingSums(t.db, userId, { from: '2026-03-03', to: '2026-03-04' })).toEqual([
      { category: 'FOOD_AND_DRINK', currency: 'USD', inflowMinor: 1_000, outflowMinor: -2_500, count: 2 },
    ]);
    expect(await payerIncome(t.db, userId, { from: '2026-03-01', to: '2026-03-31' })).toEqual([
      { payer: 'Shop', currency: 'USD', amountMinor: 300_900 },
    ]);
  });

  it('stays equal to a from-scratch aggregate after inserts, updates and deletes', async () => {
    const { userId, accountId } = await newUser();
    const other = await newUser();
    await add(other.userId, other.accountId, [{ date: '2026-01-10', amountMinor: -123, category: 'TRAVEL' }]);
    const categories = ['FOOD_AND_DRINK', 'TRAVEL', 'INCOME', 'TRANSFER', null] as const;
    const rows: Row[] = Array.from({ length: 240 }, (_, i) => ({
      date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      amountMinor: (i % 7 === 0 ? 1 : -1) * (100 + i * 37),
      category: categories[i % categories.length] ?? null,
      categoryConfidence: i % 11 === 0 ? 0.3 : 0.9,
      status: i % 13 === 0 ? 'pending' : 'posted',
      currency: i % 5 === 0 ? 'EUR' : 'USD',
      // Payees by merchant name (a blank one falls back to the name) and by name; a few zero amounts.
      ...(i % 3 === 0 ? { merchantName: i % 6 === 0 ? 'Big Store' : '  ' } : {}),
      ...(i % 17 === 0 ? { amountMinor: 0 } : {}),
    }));
    const inserted = await add(userId, accountId, rows);
    const [savings] = await t.db
      .insert(financialAccount)
      .values({ userId, name: 'Savings', type: 'depository', provider: 'manual', currency: 'USD' })
      .returning();
    await add(userId, savings!.id, rows.slice(0, 40));
    const check = async () => {
      // The per-account rollup equals the rows summed from scratch, account by account.
      const { kept, scratch } = await accountMonths(userId);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(scratch);
      // So does the per-account and payee rollup (migration 0041).
      const payees = await payeeAccountMonths(userId);
      expect(payees.kept.length).toBeGreaterThan(0);
      expect(payees.kept).toEqual(payees.scratch);
      expect(await spendingSums(t.db, userId, EVERYTHING)).toEqual(
        await spendingSumsFromRows(t.db, userId, EVERYTHING),
      );
      // Any period: whole months from the rollup plus partial edges equal the rows alone.
      const period = { from: '2025-02-17', to: '2025-11-03' };
      expect(await spendingSums(t.db, userId, period)).toEqual(
        await spendingSumsFromRows(t.db, userId, period),
      );
    };
    await check();

    const ids = inserted.map((row) => row.id);
    // Recategorise (a hand-set category), exclude, move a date across months, change an amount's sign.
    await t.db
      .update(transaction)
      .set({ category: 'MEDICAL', categorySource: 'user' })
      .where(inArray(transaction.id, ids.slice(0, 30)));
    await t.db
      .update(transaction)
      .set({ excluded: true })
      .where(inArray(transaction.id, ids.slice(30, 50)));
    await t.db
      .update(transaction)
      .set({ date: '2024-12-31' })
      .where(inArray(transaction.id, ids.slice(50, 60)));
    await t.db
      .update(transaction)
      .set({ amountMinor: 4_321 })
      .where(inArray(transaction.id, ids.slice(60, 70)));
    // A new payee for some rows, and amounts that become zero (they leave the payee-account rollup).
    await t.db
      .update(transaction)
      .set({ merchantName: 'Renamed' })
      .where(inArray(transaction.id, ids.slice(90, 100)));
    await t.db
      .update(transaction)
      .set({ amountMinor: 0 })
      .where(inArray(transaction.id, ids.slice(180, 190)));
    await t.db
      .update(transaction)
      .set({ accountId: savings!.id })
      .where(inArray(transaction.id, ids.slice(70, 90)));
    await t.db
      .update(transaction)
      .set({ notes: 'nothing the rollup sees' })
      .where(eq(transaction.userId, userId));
    await check();

    await t.db.delete(transaction).where(inArray(transaction.id, ids.slice(100, 180)));
    await check();

    // The daily and per-payee rollups agree with the rows too.
    const spent = await t.pool.query<{ total: string }>(
      `select coalesce(-sum(amount_minor), 0)::text as total from "transaction"
       where user_id = $1 and currency = 'USD' and status in ('posted', 'pending') and not excluded
         and transfer_pair_id is null
         and transaction_category_shown(category, category_source, category_confidence) not in ('INCOME', 'TRANSFER')
         and not (transaction_category_shown(category, category_source, category_confidence) = '' and amount_minor > 0)`,
      [userId],
    );
    const daily = await dailySpending(t.db, userId, EVERYTHING, []);
    const payees = await payeeSpending(t.db, userId, EVERYTHING, []);
    const usd = (rows: { currency: string; amountMinor: number }[]) =>
      rows.filter((row) => row.currency === 'USD').reduce((total, row) => total + row.amountMinor, 0);
    expect(usd(daily)).toBe(Number(spent.rows[0]?.total));
    expect(usd(payees)).toBe(Number(spent.rows[0]?.total));

    // Rebuilding from scratch gives the very rows the triggers kept.
    const kept = await rollupRows(userId);
    await rebuildSpendingRollup(t.db, userId);
    expect(await rollupRows(userId)).toEqual(kept);

    // Deleting everything leaves no rollup rows behind, and the other user's rollup is untouched.
    await t.db.delete(transaction).where(and(eq(transaction.userId, userId)));
    expect(await rollupRows(userId)).toEqual([]);
    expect(await spendingSums(t.db, other.userId, EVERYTHING)).toEqual([
      { category: 'TRAVEL', currency: 'USD', inflowMinor: 0, outflowMinor: -123, count: 1 },
    ]);
  });

  it('answers nothing for a user without transactions', async () => {
    const { userId } = await newUser();
    expect(await spendingSums(t.db, userId, EVERYTHING)).toEqual([]);
    expect(await payerIncome(t.db, userId, EVERYTHING)).toEqual([]);
  });
});

describe('transaction_version', () => {
  it('changes with every statement that writes a user’s transactions, and only theirs', async () => {
    const a = await newUser();
    const b = await newUser();
    expect(await transactionVersionOf(t.db, a.userId)).toBe(0);

    const [first] = await add(a.userId, a.accountId, [
      { date: '2026-10-01', amountMinor: -500 },
      { date: '2026-10-02', amountMinor: -700 },
    ]);
    if (!first) throw new Error('no row');
    const afterInsert = await transactionVersionOf(t.db, a.userId);
    expect(afterInsert).toBeGreaterThan(0);
    expect(await transactionVersionOf(t.db, b.userId)).toBe(0);

    // One statement bumps it once, however many rows it writes.
    await t.db.update(transaction).set({ notes: 'lunch' }).where(eq(transaction.userId, a.userId));
    const afterUpdate = await transactionVersionOf(t.db, a.userId);
    expect(afterUpdate).toBe(afterInsert + 1);

    await t.db.delete(transaction).where(eq(transaction.id, first.id));
    expect(await transactionVersionOf(t.db, a.userId)).toBe(afterUpdate + 1);
    expect(await transactionVersionOf(t.db, b.userId)).toBe(0);

    // The version goes with the user.
    await t.db.delete(user).where(eq(user.id, a.userId));
    const left = await t.pool.query('select 1 from transaction_version where user_id = $1', [a.userId]);
    expect(left.rowCount).toBe(0);
  });
});
