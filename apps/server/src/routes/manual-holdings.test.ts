import { listBalanceSnapshots } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeYahooFinance, type FakeYahooFinance } from '../testing/fake-yahoo-finance';
import { addAccount, signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

/** POST / PATCH / DELETE /investments/holdings and a security's transactions (docs/markets-api.md "Manual holdings"). */

type ManualHolding = {
  id: string;
  accountId: string;
  symbol: string;
  name: string;
  quantity: string;
  price: { amount: string; currency: string };
  date: string;
  costBasis: { amountMinor: number; currency: string };
};
type Added = { holding: ManualHolding; symbolStatus: string };
type Failure = { error: string; code: string; items?: { field: string; message: string }[] };

let w: AuthWorld;
let yahoo: FakeYahooFinance;
// Today is 2026-11-25 for a user in UTC.
const clock = new Date('2026-11-25T12:00:00Z');

beforeAll(async () => {
  yahoo = await startFakeYahooFinance('2026-11-25');
  w = await createAuthWorld(
    { YAHOO_FINANCE_BASE_URL: yahoo.url, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', RATE_LIMIT_MAX: '100000' },
    { now: () => clock },
  );
}, 60_000);
afterAll(async () => {
  await w.close();
  await yahoo.close();
});

/** A manual brokerage holding $500 cash, entered on 10 November (and again today, at creation). */
async function brokerage(browser: TestBrowser, type = 'brokerage'): Promise<string> {
  const created = await browser.json<Envelope<{ account: { id: string } }>>('/api/v1/accounts', {
    body: { name: 'Own broker', type, currency: 'USD', balance: 500 },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.account.id;
  const entered = await browser.json(`/api/v1/accounts/${id}/balance`, {
    body: { balance: 500, date: '2026-11-10' },
  });
  expect(entered.status).toBe(200);
  return id;
}

const add = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.json<Envelope<Added> & Failure>('/api/v1/investments/holdings', { body });

async function balanceOf(accountId: string): Promise<number> {
  const { rows } = await w.t.database.pool.query<{ balance: string }>(
    'select current_balance_minor as balance from financial_account where id = $1',
    [accountId],
  );
  return Number(rows[0]!.balance);
}

async function history(userId: string, accountId: string): Promise<Map<string, number>> {
  const rows = await listBalanceSnapshots(w.t.database.db, userId, accountId);
  return new Map(rows.map((row) => [row.date, row.balanceMinor]));
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await w.t.database.pool.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

describe('POST /investments/holdings', () => {
  it('adds the holding, its buy as a trade, and values the account as cash + Σ quantity × price from the date', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    const before = await history(userId, id);
    expect(before.get('2026-11-19')).toBe(50_000);

    const { status, body } = await add(browser, {
      accountId: id,
      symbol: ' aapl ',
      quantity: '10',
      price: '150.25',
      date: '2026-11-20',
    });
    expect(status).toBe(201);
    expect(body.data.symbolStatus).toBe('known');
    expect(body.data.holding).toMatchObject({
      accountId: id,
      symbol: 'AAPL',
      name: 'Apple Inc.',
      quantity: '10',
      price: { amount: '150.25', currency: 'USD' },
      date: '2026-11-20',
      costBasis: { amountMinor: 150_250, currency: 'USD' },
    });

    // One truth: balance = cash ($500) + 10 × 150.25.
    expect(await balanceOf(id)).toBe(50_000 + 150_250);
    const after = await history(userId, id);
    for (const [date, balance] of after) {
      expect([date, balance]).toEqual([date, date < '2026-11-20' ? 50_000 : 200_250]);
    }
    expect(after.get('2026-11-10')).toBe(50_000);
    expect(after.get('2026-11-25')).toBe(200_250);

    const { rows: trades } = await w.t.database.pool.query(
      `select date::text, amount_minor::int as amount, detailed_category, excluded, status
       from "transaction" where account_id = $1`,
      [id],
    );
    expect(trades).toEqual([
      {
        date: '2026-11-20',
        amount: -150_250,
        detailed_category: 'INVESTMENT_BUY',
        excluded: true,
        status: 'posted',
      },
    ]);

    const listed = await browser.json<
      Envelope<{ data: { symbol: string; quantity: string; accountId: string }[] }>
    >('/api/v1/investments/holdings');
    expect(listed.body.data.data).toEqual([
      expect.objectContaining({ symbol: 'AAPL', quantity: '10', accountId: id }),
    ]);

    const lots = await browser.json<Envelope<{ transactions: unknown[] }>>(
      '/api/v1/investments/transactions?symbol=aapl',
    );
    expect(lots.status).toBe(200);
    expect(lots.body.data.transactions).toEqual([
      expect.objectContaining({
        holdingId: body.data.holding.id,
        date: '2026-11-20',
        accountId: id,
        accountName: 'Own broker',
        type: 'buy',
        quantity: '10',
        price: { amount: '150.25', currency: 'USD' },
        amount: { amountMinor: 150_250, currency: 'USD' },
      }),
    ]);
  });

  it('values the holding at stored daily closes from its date on', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    const added = await add(browser, {
      accountId: id,
      symbol: 'VTI',
      quantity: '2',
      price: '100',
      date: '2026-11-20',
    });
    expect(added.status).toBe(201);
    const { rows } = await w.t.database.pool.query<{ security_id: string }>(
      'select security_id from holding where id = $1',
      [added.body.data.holding.id],
    );
    await w.t.database.pool.query(
      "insert into security_price (security_id, date, close) values ($1, '2026-11-23', '110') on conflict do nothing",
      [rows[0]!.security_id],
    );
    // A change to the holding values its history again from its date (as the price job does with new closes).
    const changed = await browser.json(`/api/v1/investments/holdings/${added.body.data.holding.id}`, {
      method: 'PATCH',
      body: { price: '100' },
    });
    expect(changed.status).toBe(200);
    const after = await history(userId, id);
    expect(after.get('2026-11-22')).toBe(50_000 + 20_000);
    expect(after.get('2026-11-24')).toBe(50_000 + 22_000);
    expect(after.get('2026-11-25')).toBe(50_000 + 22_000);
    expect(await balanceOf(id)).toBe(72_000);
  });

  it('allows a symbol the provider does not know, and says so', async () => {
    const { browser } = await signedInUser(w);
    const id = await brokerage(browser, 'investment');
    const { status, body } = await add(browser, {
      accountId: id,
      symbol: 'PRIVATEFUND',
      quantity: '3.5',
      price: '10',
      date: '2026-01-02',
    });
    expect(status).toBe(201);
    expect(body.data.symbolStatus).toBe('unknown');
    expect(body.data.holding).toMatchObject({ symbol: 'PRIVATEFUND', name: 'PRIVATEFUND' });
    expect(await balanceOf(id)).toBe(50_000 + 3_500);
  });

  it('answers 400 naming each invalid field', async () => {
    const { browser } = await signedInUser(w);
    const id = await brokerage(browser);
    const valid = { accountId: id, symbol: 'AAPL', quantity: '1', price: '1', date: '2026-11-20' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, symbol: 'not a symbol!' }, 'symbol'],
      [{ ...valid, quantity: '0' }, 'quantity'],
      [{ ...valid, quantity: '-1' }, 'quantity'],
      [{ ...valid, quantity: '1e3' }, 'quantity'],
      [{ ...valid, price: '-5' }, 'price'],
      [{ ...valid, price: 12 }, 'price'],
      [{ ...valid, date: '20.11.2026' }, 'date'],
      [{ ...valid, date: '2026-11-26' }, 'date'],
      [{ ...valid, accountId: 'nope' }, 'accountId'],
      [{ ...valid, quantity: '99999999999999999999', price: '99999999999999999999' }, 'quantity'],
    ];
    for (const [body, field] of cases) {
      const response = await add(browser, body);
      expect([field, response.status]).toEqual([field, 400]);
      expect(response.body.items?.map((item) => item.field)).toContain(field);
    }
    const future = await add(browser, { ...valid, date: '2026-11-26' });
    expect(future.body.items?.[0]?.message).toBe('The date cannot be in the future');
    expect(await count('select count(*)::int as n from holding where account_id = $1', [id])).toBe(0);
  });

  it('refuses an account kept by a connection, an account that is not an investment, and a second lot of a symbol', async () => {
    const { browser, userId } = await signedInUser(w);
    const { rows } = await w.t.database.pool.query<{ id: string }>(
      "insert into connection (user_id, provider, display_name) values ($1, 'plaid', 'Broker') returning id",
      [userId],
    );
    const linked = await addAccount(w.t.database.db, userId, {
      type: 'brokerage',
      provider: 'plaid',
      connectionId: rows[0]!.id,
      externalId: 'acc-1',
    });
    const refused = await add(browser, {
      accountId: linked.id,
      symbol: 'AAPL',
      quantity: '1',
      price: '1',
      date: '2026-11-20',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This account is kept up to date by its connection');

    const checking = await addAccount(w.t.database.db, userId, { type: 'depository' });
    const notInvestment = await add(browser, {
      accountId: checking.id,
      symbol: 'AAPL',
      quantity: '1',
      price: '1',
      date: '2026-11-20',
    });
    expect(notInvestment.status).toBe(400);

    const id = await brokerage(browser);
    const first = await add(browser, {
      accountId: id,
      symbol: 'AAPL',
      quantity: '1',
      price: '1',
      date: '2026-11-20',
    });
    expect(first.status).toBe(201);
    const second = await add(browser, {
      accountId: id,
      symbol: 'aapl',
      quantity: '2',
      price: '1',
      date: '2026-11-21',
    });
    expect(second.status).toBe(409);
    expect(await count('select count(*)::int as n from "transaction" where account_id = $1', [id])).toBe(1);
  });

  it("answers 404 for another user's account and holding, and lists none of their transactions", async () => {
    const owner = await signedInUser(w);
    const other = await signedInUser(w);
    const id = await brokerage(owner.browser);
    const added = await add(owner.browser, {
      accountId: id,
      symbol: 'AAPL',
      quantity: '1',
      price: '1',
      date: '2026-11-20',
    });
    const holdingId = added.body.data.holding.id;

    const foreign = await add(other.browser, {
      accountId: id,
      symbol: 'AAPL',
      quantity: '1',
      price: '1',
      date: '2026-11-20',
    });
    expect(foreign.status).toBe(404);
    const patched = await other.browser.json(`/api/v1/investments/holdings/${holdingId}`, {
      method: 'PATCH',
      body: { quantity: '5' },
    });
    expect(patched.status).toBe(404);
    const removed = await other.browser.json(`/api/v1/investments/holdings/${holdingId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(404);
    const lots = await other.browser.json<Envelope<{ transactions: unknown[] }>>(
      '/api/v1/investments/transactions?symbol=AAPL',
    );
    expect(lots.body.data.transactions).toEqual([]);
    expect(
      await count('select count(*)::int as n from holding where id = $1 and quantity = 1', [holdingId]),
    ).toBe(1);
  });

  it('writes nothing when a step fails', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    const before = await history(userId, id);
    const entered = await w.t.database.pool.query(
      'select date::text, balance_minor from balance_update where account_id = $1 order by date',
      [id],
    );
    // The last step (the daily balances) fails for this account only.
    await w.t.database.pool.query(`
      create or replace function fail_snapshot() returns trigger language plpgsql as $$
      begin raise exception 'snapshot failed'; end $$`);
    await w.t.database.pool.query(
      `create trigger fail_snapshot before insert or update on balance_snapshot for each row
       when (new.account_id = '${id}') execute function fail_snapshot()`,
    );
    try {
      const response = await add(browser, {
        accountId: id,
        symbol: 'AAPL',
        quantity: '10',
        price: '150',
        date: '2026-11-20',
      });
      expect(response.status).toBe(500);
    } finally {
      await w.t.database.pool.query('drop trigger fail_snapshot on balance_snapshot');
    }
    expect(await count('select count(*)::int as n from holding where account_id = $1', [id])).toBe(0);
    expect(await count('select count(*)::int as n from "transaction" where account_id = $1', [id])).toBe(0);
    const after = await w.t.database.pool.query(
      'select date::text, balance_minor from balance_update where account_id = $1 order by date',
      [id],
    );
    expect(after.rows).toEqual(entered.rows);
    expect(await history(userId, id)).toEqual(before);
    expect(await balanceOf(id)).toBe(50_000);
  });
});

describe('PATCH and DELETE /investments/holdings/{id}', () => {
  it('changes quantity, price and date with the trade and the history, and removes both, keeping the cash', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    const added = await add(browser, {
      accountId: id,
      symbol: 'AAPL',
      quantity: '10',
      price: '150',
      date: '2026-11-20',
    });
    const holdingId = added.body.data.holding.id;

    const changed = await browser.json<Envelope<{ holding: ManualHolding }>>(
      `/api/v1/investments/holdings/${holdingId}`,
      {
        method: 'PATCH',
        body: { quantity: '20', date: '2026-11-15' },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.holding).toMatchObject({
      quantity: '20',
      price: { amount: '150' },
      date: '2026-11-15',
      costBasis: { amountMinor: 300_000 },
    });
    expect(await balanceOf(id)).toBe(50_000 + 300_000);
    const moved = await history(userId, id);
    expect(moved.get('2026-11-14')).toBe(50_000);
    expect(moved.get('2026-11-15')).toBe(350_000);
    const { rows } = await w.t.database.pool.query(
      'select date::text, amount_minor::int as amount from "transaction" where account_id = $1',
      [id],
    );
    expect(rows).toEqual([{ date: '2026-11-15', amount: -300_000 }]);

    const empty = await browser.json(`/api/v1/investments/holdings/${holdingId}`, {
      method: 'PATCH',
      body: {},
    });
    expect(empty.status).toBe(400);
    const future = await browser.json(`/api/v1/investments/holdings/${holdingId}`, {
      method: 'PATCH',
      body: { date: '2026-12-01' },
    });
    expect(future.status).toBe(400);

    const removed = await browser.json(`/api/v1/investments/holdings/${holdingId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await balanceOf(id)).toBe(50_000);
    for (const [, balance] of await history(userId, id)) expect(balance).toBe(50_000);
    expect(await count('select count(*)::int as n from "transaction" where account_id = $1', [id])).toBe(0);
    expect(await count('select count(*)::int as n from holding where account_id = $1', [id])).toBe(0);
    const again = await browser.json(`/api/v1/investments/holdings/${holdingId}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('takes a balance entered afterwards as the cash beside the holdings', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    await add(browser, { accountId: id, symbol: 'AAPL', quantity: '10', price: '150', date: '2026-11-20' });
    const entered = await browser.json(`/api/v1/accounts/${id}/balance`, {
      body: { balance: 800, date: '2026-11-25' },
    });
    expect(entered.status).toBe(200);
    expect(await balanceOf(id)).toBe(80_000 + 150_000);
    const after = await history(userId, id);
    expect(after.get('2026-11-24')).toBe(50_000 + 150_000);
    expect(after.get('2026-11-25')).toBe(80_000 + 150_000);
  });
});
