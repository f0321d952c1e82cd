import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listBalanceSnapshots } from '@lodestar/db';
import { OFX_INVESTMENT } from '@lodestar/domain/import/fixtures/investment-exports';
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
  lots: number;
};
type Lot = {
  id: string;
  holdingId: string;
  quantity: string;
  price: { amount: string; currency: string };
  date: string;
  amount: { amountMinor: number; currency: string };
};
type Added = { holding: ManualHolding; lot: Lot; symbolStatus: string };
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

/** The fake provider's current price of a symbol (its last close) in minor units per unit. */
function quoteMinor(symbol: string): number {
  const closes = yahoo.securities.find((security) => security.symbol === symbol)!.closes;
  return Math.round(Number(closes.at(-1)!.close) * 100);
}

type ListedHolding = {
  id: string;
  symbol: string;
  price: { amount: string; currency: string };
  priceAsOf: string;
  buyPrice: { amount: string; currency: string; buys: number } | null;
  valuedAtBuyPrice: boolean;
  native: { amountMinor: number };
  costBasis: { amountMinor: number } | null;
  unrealizedGain: { amountMinor: number } | null;
};

async function listedHolding(browser: TestBrowser, holdingId: string): Promise<ListedHolding> {
  const response = await browser.json<Envelope<{ data: ListedHolding[] }>>('/api/v1/investments/holdings');
  expect(response.status).toBe(200);
  return response.body.data.data.find((holding) => holding.id === holdingId)!;
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await w.t.database.pool.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

describe('POST /investments/holdings', () => {
  it('adds the holding at its buy price, its buy as a trade, and values it at the quote the request fetched', async () => {
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

    // One truth: today's balance = cash ($500) + 10 × the quote (214.67), not 10 × the buy price.
    const quote = quoteMinor('AAPL');
    expect(quote).toBe(21_467);
    expect(await balanceOf(id)).toBe(50_000 + 10 * quote);
    const after = await history(userId, id);
    // Days before today have no close yet (the daily-closes job fills them): valued at the buy price.
    for (const [date, balance] of after) {
      const expected = date < '2026-11-20' ? 50_000 : date < '2026-11-25' ? 200_250 : 50_000 + 10 * quote;
      expect([date, balance]).toEqual([date, expected]);
    }
    expect(after.get('2026-11-10')).toBe(50_000);
    expect(after.get('2026-11-25')).toBe(264_670);

    // The quote is the security's close on its day, in the table the daily-closes job writes.
    const { rows: closes } = await w.t.database.pool.query(
      `select sp.date::text, sp.close::float as close from security_price sp
       join holding h on h.security_id = sp.security_id where h.id = $1`,
      [body.data.holding.id],
    );
    expect(closes).toEqual([{ date: '2026-11-25', close: 214.67 }]);

    // The holding's price is the quote and its day; the buy price and the cost are kept apart.
    expect(await listedHolding(browser, body.data.holding.id)).toMatchObject({
      price: { amount: '214.67', currency: 'USD' },
      priceAsOf: '2026-11-25',
      buyPrice: { amount: '150.25', currency: 'USD', buys: 1 },
      valuedAtBuyPrice: false,
      native: { amountMinor: 214_670 },
      costBasis: { amountMinor: 150_250 },
      unrealizedGain: { amountMinor: 214_670 - 150_250 },
    });

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
    // Today: the quote the change fetched.
    expect(after.get('2026-11-25')).toBe(50_000 + 2 * quoteMinor('VTI'));
    expect(await balanceOf(id)).toBe(50_000 + 2 * quoteMinor('VTI'));
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
    // Valued at its buy price, which the listing says; its gain is not known.
    expect(await listedHolding(browser, body.data.holding.id)).toMatchObject({
      price: { amount: '10', currency: 'USD' },
      priceAsOf: '2026-01-02',
      buyPrice: { amount: '10', currency: 'USD' },
      valuedAtBuyPrice: true,
      native: { amountMinor: 3_500 },
      costBasis: { amountMinor: 3_500 },
      unrealizedGain: null,
    });
    const totals = await browser.json<Envelope<{ totals: { costBasis: { amountMinor: number } } }>>(
      '/api/v1/investments/holdings',
    );
    expect(totals.body.data.totals.costBasis.amountMinor).toBe(0);
  });

  it('gives GET /investments the same buy price, valuation and gain as the holdings listing', async () => {
    const { browser } = await signedInUser(w);
    const id = await brokerage(browser);
    const known = await add(browser, {
      accountId: id,
      symbol: 'AAPL',
      quantity: '10',
      price: '150',
      date: '2026-11-20',
    });
    const unknown = await add(browser, {
      accountId: id,
      symbol: 'PRIVATEFUND',
      quantity: '3.5',
      price: '10',
      date: '2026-01-02',
    });
    expect([known.body.data.symbolStatus, unknown.body.data.symbolStatus]).toEqual(['known', 'unknown']);

    type Money = { amountMinor: number; currency: string };
    type Listed = {
      id: string;
      price: { amount: string; currency: string };
      buyPrice: { amount: string; currency: string } | null;
      valuedAtBuyPrice: boolean;
      costBasis: Money | null;
      marketValue: Money;
      unrealizedGain: Money | null;
      unrealizedGainConverted: Money | null;
      unrealizedGainPercent: number | null;
    };
    type Totals = { marketValue: Money; costBasis: Money; unrealizedGain: Money };
    const investments =
      await browser.json<
        Envelope<{ holdings: Listed[]; accounts: (Totals & { accountId: string })[]; totals: Totals }>
      >('/api/v1/investments');
    expect(investments.status).toBe(200);
    const byId = new Map(investments.body.data.holdings.map((holding) => [holding.id, holding]));
    const quote = quoteMinor('AAPL');
    expect(byId.get(known.body.data.holding.id)).toMatchObject({
      price: { amount: '214.67', currency: 'USD' },
      buyPrice: { amount: '150', currency: 'USD' },
      valuedAtBuyPrice: false,
      costBasis: { amountMinor: 150_000 },
      marketValue: { amountMinor: 10 * quote },
      unrealizedGain: { amountMinor: 10 * quote - 150_000 },
    });
    // Unknown to the provider: valued at its buy price, its gain not known, and so not in the gain totals.
    expect(byId.get(unknown.body.data.holding.id)).toMatchObject({
      price: { amount: '10', currency: 'USD' },
      buyPrice: { amount: '10', currency: 'USD' },
      valuedAtBuyPrice: true,
      costBasis: { amountMinor: 3_500 },
      marketValue: { amountMinor: 3_500 },
      unrealizedGain: null,
      unrealizedGainConverted: null,
      unrealizedGainPercent: null,
    });
    const expectedTotals = {
      marketValue: { amountMinor: 10 * quote + 3_500, currency: 'USD' },
      costBasis: { amountMinor: 150_000, currency: 'USD' },
      unrealizedGain: { amountMinor: 10 * quote - 150_000, currency: 'USD' },
    };
    expect(investments.body.data.totals).toMatchObject(expectedTotals);
    expect(investments.body.data.accounts.find((account) => account.accountId === id)).toMatchObject(
      expectedTotals,
    );

    // The two endpoints agree, holding by holding and in their totals.
    for (const holding of [known, unknown].map((added) => added.body.data.holding)) {
      const listed = await listedHolding(browser, holding.id);
      const fromInvestments = byId.get(holding.id)!;
      expect({
        price: fromInvestments.price.amount,
        buyPrice: fromInvestments.buyPrice,
        valuedAtBuyPrice: fromInvestments.valuedAtBuyPrice,
        value: fromInvestments.marketValue.amountMinor,
        gain: fromInvestments.unrealizedGain,
      }).toEqual({
        price: listed.price.amount,
        buyPrice: listed.buyPrice,
        valuedAtBuyPrice: listed.valuedAtBuyPrice,
        value: listed.native.amountMinor,
        gain: listed.unrealizedGain,
      });
    }
    const holdings = await browser.json<
      Envelope<{ totals: { value: Money; costBasis: Money; unrealizedGain: Money } }>
    >('/api/v1/investments/holdings');
    expect(holdings.body.data.totals).toEqual({
      value: expectedTotals.marketValue,
      costBasis: expectedTotals.costBasis,
      unrealizedGain: expectedTotals.unrealizedGain,
    });
  });

  it('values a symbol quoted in another currency, or when the provider fails, at its buy price', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    const pence = await add(browser, {
      accountId: id,
      symbol: 'VOD.L',
      quantity: '100',
      price: '0.5',
      date: '2026-11-20',
    });
    expect(pence.status).toBe(201);
    expect(pence.body.data.symbolStatus).toBe('other_currency');
    expect(await listedHolding(browser, pence.body.data.holding.id)).toMatchObject({
      price: { amount: '0.5', currency: 'USD' },
      valuedAtBuyPrice: true,
      unrealizedGain: null,
    });

    yahoo.failure = { status: 503 };
    try {
      const down = await add(browser, {
        accountId: id,
        symbol: 'VFIAX',
        quantity: '1',
        price: '400',
        date: '2026-11-24',
      });
      expect(down.status).toBe(201);
      expect(down.body.data.symbolStatus).toBe('unavailable');
      expect(await listedHolding(browser, down.body.data.holding.id)).toMatchObject({
        price: { amount: '400', currency: 'USD' },
        priceAsOf: '2026-11-24',
        valuedAtBuyPrice: true,
        unrealizedGain: null,
      });
    } finally {
      yahoo.failure = null;
    }
    expect(await balanceOf(id)).toBe(50_000 + 5_000 + 40_000);
    expect((await history(userId, id)).get('2026-11-25')).toBe(95_000);
    expect(
      await count(
        'select count(*)::int as n from security_price sp join holding h on h.security_id = sp.security_id where h.account_id = $1',
        [id],
      ),
    ).toBe(0);
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

  it('refuses an account kept by a connection and an account that is not an investment', async () => {
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
      `create trigger fail_snapshot before insert or update on balance_run for each row
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
      await w.t.database.pool.query('drop trigger fail_snapshot on balance_run');
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

    const changed = await browser.json<Envelope<{ holding: ManualHolding; symbolStatus: string }>>(
      `/api/v1/investments/holdings/${holdingId}`,
      {
        method: 'PATCH',
        body: { quantity: '20', date: '2026-11-15' },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.symbolStatus).toBe('known');
    // The buy price stays what was entered; the cost follows the quantity.
    expect(changed.body.data.holding).toMatchObject({
      quantity: '20',
      price: { amount: '150' },
      date: '2026-11-15',
      costBasis: { amountMinor: 300_000 },
    });
    const quote = quoteMinor('AAPL');
    expect(await balanceOf(id)).toBe(50_000 + 20 * quote);
    const moved = await history(userId, id);
    expect(moved.get('2026-11-14')).toBe(50_000);
    expect(moved.get('2026-11-15')).toBe(350_000);
    expect(moved.get('2026-11-25')).toBe(50_000 + 20 * quote);

    // A new buy price moves the cost and the gain, never the value.
    const repriced = await browser.json<Envelope<{ holding: ManualHolding }>>(
      `/api/v1/investments/holdings/${holdingId}`,
      { method: 'PATCH', body: { price: '160' } },
    );
    expect(repriced.status).toBe(200);
    expect(repriced.body.data.holding).toMatchObject({
      price: { amount: '160' },
      costBasis: { amountMinor: 320_000 },
    });
    expect(await listedHolding(browser, holdingId)).toMatchObject({
      price: { amount: '214.67' },
      priceAsOf: '2026-11-25',
      buyPrice: { amount: '160' },
      valuedAtBuyPrice: false,
      native: { amountMinor: 20 * quote },
      costBasis: { amountMinor: 320_000 },
      unrealizedGain: { amountMinor: 20 * quote - 320_000 },
    });
    expect(await balanceOf(id)).toBe(50_000 + 20 * quote);
    expect((await history(userId, id)).get('2026-11-15')).toBe(50_000 + 320_000);
    const lots = await browser.json<Envelope<{ transactions: { price: { amount: string } }[] }>>(
      '/api/v1/investments/transactions?symbol=AAPL',
    );
    expect(lots.body.data.transactions.map((lot) => lot.price.amount)).toEqual(['160']);
    const { rows } = await w.t.database.pool.query(
      'select date::text, amount_minor::int as amount from "transaction" where account_id = $1',
      [id],
    );
    expect(rows).toEqual([{ date: '2026-11-15', amount: -320_000 }]);

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

  it('values again the other accounts holding the symbol when a write stores its quote', async () => {
    const first = await signedInUser(w);
    const firstAccount = await brokerage(first.browser);
    yahoo.failure = { status: 503 };
    try {
      const down = await add(first.browser, {
        accountId: firstAccount,
        symbol: 'VFIAX',
        quantity: '2',
        price: '400',
        date: '2026-11-20',
      });
      expect(down.body.data.symbolStatus).toBe('unavailable');
    } finally {
      yahoo.failure = null;
    }
    expect((await history(first.userId, firstAccount)).get('2026-11-25')).toBe(50_000 + 80_000);

    const second = await signedInUser(w);
    const secondAccount = await brokerage(second.browser);
    const known = await add(second.browser, {
      accountId: secondAccount,
      symbol: 'VFIAX',
      quantity: '1',
      price: '400',
      date: '2026-11-25',
    });
    expect(known.body.data.symbolStatus).toBe('known');
    const quote = quoteMinor('VFIAX');
    expect(await balanceOf(secondAccount)).toBe(50_000 + quote);
    // The first account's day is valued at the stored quote too, as the daily-closes job would do.
    expect((await history(first.userId, firstAccount)).get('2026-11-25')).toBe(50_000 + 2 * quote);
    expect((await history(first.userId, firstAccount)).get('2026-11-24')).toBe(50_000 + 80_000);
  });

  it('takes a balance entered afterwards as the cash beside the holdings', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    await add(browser, { accountId: id, symbol: 'AAPL', quantity: '10', price: '150', date: '2026-11-20' });
    const entered = await browser.json(`/api/v1/accounts/${id}/balance`, {
      body: { balance: 800, date: '2026-11-25' },
    });
    expect(entered.status).toBe(200);
    expect(await balanceOf(id)).toBe(80_000 + 10 * quoteMinor('AAPL'));
    const after = await history(userId, id);
    expect(after.get('2026-11-24')).toBe(50_000 + 150_000);
    expect(after.get('2026-11-25')).toBe(80_000 + 10 * quoteMinor('AAPL'));
  });
});

describe('a file import into an account with holdings added by hand', () => {
  type Held = { provider: string; ticker: string | null; quantity: string };
  async function heldIn(accountId: string): Promise<Held[]> {
    const { rows } = await w.t.database.pool.query<Held>(
      `select s.provider, s.ticker, h.quantity::float::text as quantity from holding h
       join security s on s.id = h.security_id where h.account_id = $1 order by s.provider, s.ticker`,
      [accountId],
    );
    return rows;
  }
  const buys = (holdingIds: string[]) =>
    count(`select count(*)::int as n from "transaction" where external_id = any($1)`, [
      holdingIds.map((id) => `manual-holding:${id}`),
    ]);

  it('replaces only the imported positions, keeps the manual ones with their buys and value, and undo keeps them too', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    const apple = await add(browser, {
      accountId: id,
      symbol: 'AAPL',
      quantity: '10',
      price: '150',
      date: '2026-11-20',
    });
    // The same symbol as one of the file's positions: another security (`manual`), so both stay.
    const vti = await add(browser, {
      accountId: id,
      symbol: 'VTI',
      quantity: '5',
      price: '200',
      date: '2026-11-20',
    });
    expect([apple.status, vti.status]).toEqual([201, 201]);
    const manualIds = [apple.body.data.holding.id, vti.body.data.holding.id];
    const listedBefore = await Promise.all(manualIds.map((holdingId) => listedHolding(browser, holdingId)));
    const todayBefore = (await history(userId, id)).get('2026-11-25')!;

    // A statement stated as of yesterday, newer than the purchases.
    const statement = OFX_INVESTMENT.replace(/<DTPRICEASOF>20240131160000/g, '<DTPRICEASOF>20261124160000');
    const imported = await browser.json<Envelope<{ batch: { id: string; importedCount: number } }> & Failure>(
      '/api/v1/imports',
      { body: { accountId: id, fileName: 'broker.qfx', content: statement } },
    );
    expect(imported.status, imported.body.error).toBe(201);
    expect(imported.body.data.batch.importedCount).toBe(6);

    expect(await heldIn(id)).toEqual([
      { provider: 'import', ticker: 'FZROX', quantity: '150.2688' },
      { provider: 'import', ticker: 'VTI', quantity: '110' },
      { provider: 'manual', ticker: 'AAPL', quantity: '10' },
      { provider: 'manual', ticker: 'VTI', quantity: '5' },
    ]);
    expect(await buys(manualIds)).toBe(2);
    for (const [index, holdingId] of manualIds.entries()) {
      expect(await listedHolding(browser, holdingId)).toEqual(listedBefore[index]);
    }
    // Today's balance values the manual holdings as before, plus the file's positions.
    const listed = await browser.json<Envelope<{ data: (ListedHolding & { accountId: string })[] }>>(
      '/api/v1/investments/holdings',
    );
    const importedValue = listed.body.data.data
      .filter((row) => row.accountId === id && !manualIds.includes(row.id))
      .reduce((sum, row) => sum + row.native.amountMinor, 0);
    expect(importedValue).toBeGreaterThan(0);
    expect((await history(userId, id)).get('2026-11-25')).toBe(todayBefore + importedValue);

    // A holding added by hand after the import does not stand in the way of its undo.
    const later = await add(browser, {
      accountId: id,
      symbol: 'MSFT',
      quantity: '1',
      price: '400',
      date: '2026-11-24',
    });
    expect(later.status).toBe(201);
    const undone = await browser.json<Envelope<{ removed: number }> & Failure>(
      `/api/v1/imports/${imported.body.data.batch.id}`,
      { method: 'DELETE' },
    );
    expect(undone.status, undone.body.error).toBe(200);
    expect(await heldIn(id)).toEqual([
      { provider: 'manual', ticker: 'AAPL', quantity: '10' },
      { provider: 'manual', ticker: 'MSFT', quantity: '1' },
      { provider: 'manual', ticker: 'VTI', quantity: '5' },
    ]);
    expect(await buys([...manualIds, later.body.data.holding.id])).toBe(3);
    for (const [index, holdingId] of manualIds.entries()) {
      expect(await listedHolding(browser, holdingId)).toEqual(listedBefore[index]);
    }
  });

  it('sets the positions of a statement older than a holding added by hand', async () => {
    const { browser } = await signedInUser(w);
    const id = await brokerage(browser);
    expect(
      (
        await add(browser, {
          accountId: id,
          symbol: 'AAPL',
          quantity: '10',
          price: '150',
          date: '2026-11-20',
        })
      ).status,
    ).toBe(201);
    // The statement's date (31 January 2024) is before the purchase's: the purchase is not a newer statement.
    const imported = await browser.json<Envelope<unknown> & Failure>('/api/v1/imports', {
      body: { accountId: id, fileName: 'broker.qfx', content: OFX_INVESTMENT },
    });
    expect(imported.status, imported.body.error).toBe(201);
    expect(await heldIn(id)).toEqual([
      { provider: 'import', ticker: 'FZROX', quantity: '150.2688' },
      { provider: 'import', ticker: 'VTI', quantity: '110' },
      { provider: 'manual', ticker: 'AAPL', quantity: '10' },
    ]);
  });
});

describe('several buys of a symbol (lots)', () => {
  type Listed = {
    id: string;
    lotId: string;
    holdingId: string;
    accountId: string;
    date: string;
    quantity: string;
  };
  const lotsOf = async (browser: TestBrowser, symbol: string) =>
    (
      await browser.json<Envelope<{ transactions: Listed[] }>>(
        `/api/v1/investments/transactions?symbol=${symbol}`,
      )
    ).body.data.transactions;
  const patchLot = (browser: TestBrowser, id: string, body: Record<string, unknown>) =>
    browser.json<Envelope<Added> & Failure>(`/api/v1/investments/lots/${id}`, { method: 'PATCH', body });
  const deleteLot = (browser: TestBrowser, id: string) =>
    browser.json<Envelope<{ id: string; holdingId: string; holdingRemoved: boolean }> & Failure>(
      `/api/v1/investments/lots/${id}`,
      { method: 'DELETE' },
    );
  const enteredBalances = async (accountId: string) =>
    (
      await w.t.database.pool.query(
        'select date::text, balance_minor::int as balance from balance_update where account_id = $1 order by date',
        [accountId],
      )
    ).rows;

  /** $500 cash, then 10 PRIVATEFUND at $10 on 12 November and 5 at $16 on 18 November (no quote: buy prices). */
  async function twoBuys() {
    const person = await signedInUser(w);
    const id = await brokerage(person.browser);
    const first = await add(person.browser, {
      accountId: id,
      symbol: 'PRIVATEFUND',
      quantity: '10',
      price: '10',
      date: '2026-11-12',
    });
    expect(first.status).toBe(201);
    const second = await add(person.browser, {
      accountId: id,
      symbol: 'privatefund',
      quantity: '5',
      price: '16',
      date: '2026-11-18',
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    return { ...person, id, first: first.body.data, second: second.body.data };
  }

  it('adds a second buy as another lot: quantity and cost basis are the sums, each lot valued from its day', async () => {
    const { browser, userId, id, first, second } = await twoBuys();
    const holdingId = first.holding.id;
    expect(second.holding).toMatchObject({
      id: holdingId,
      symbol: 'PRIVATEFUND',
      quantity: '15',
      price: { amount: '12', currency: 'USD' },
      date: '2026-11-12',
      costBasis: { amountMinor: 18_000, currency: 'USD' },
      lots: 2,
    });
    expect(second.lot).toMatchObject({
      holdingId,
      quantity: '5',
      price: { amount: '16', currency: 'USD' },
      date: '2026-11-18',
      amount: { amountMinor: 8_000, currency: 'USD' },
    });
    expect(await count('select count(*)::int as n from holding where account_id = $1', [id])).toBe(1);

    // The cash stays $500: each lot adds its value from its own day, at its own buy price.
    const after = await history(userId, id);
    expect(after.get('2026-11-11')).toBe(50_000);
    expect(after.get('2026-11-12')).toBe(60_000);
    expect(after.get('2026-11-17')).toBe(60_000);
    expect(after.get('2026-11-18')).toBe(68_000);
    expect(after.get('2026-11-25')).toBe(68_000);
    expect(await balanceOf(id)).toBe(68_000);
    // The buy price is the average of the two buys, which the listing says.
    expect(await listedHolding(browser, holdingId)).toMatchObject({
      native: { amountMinor: 18_000 },
      costBasis: { amountMinor: 18_000 },
      buyPrice: { amount: '12', currency: 'USD', buys: 2 },
    });

    const { rows: trades } = await w.t.database.pool.query(
      `select name, date::text, amount_minor::int as amount from "transaction" where account_id = $1 order by date`,
      [id],
    );
    expect(trades).toEqual([
      { name: 'Buy PRIVATEFUND', date: '2026-11-12', amount: -10_000 },
      { name: 'Buy PRIVATEFUND', date: '2026-11-18', amount: -8_000 },
    ]);
    const listed = await lotsOf(browser, 'PRIVATEFUND');
    expect(listed).toEqual([
      expect.objectContaining({ lotId: second.lot.id, holdingId, date: '2026-11-18', quantity: '5' }),
      expect.objectContaining({ lotId: first.lot.id, holdingId, date: '2026-11-12', quantity: '10' }),
    ]);
    // A holding bought twice is changed buy by buy.
    const whole = await browser.json<Failure>(`/api/v1/investments/holdings/${holdingId}`, {
      method: 'PATCH',
      body: { quantity: '1' },
    });
    expect(whole.status).toBe(409);
    expect(whole.body.error).toMatch(/more than once/);
  });

  type ExportDoc = Record<string, unknown> & { holdingLots?: unknown[] };
  const exportOf = async (browser: TestBrowser) => {
    const response = await browser.request('/api/v1/user/export');
    expect(response.status).toBe(200);
    return (await response.json()) as ExportDoc;
  };
  const restoreInto = async (doc: ExportDoc) => {
    const person = await signedInUser(w);
    const restored = await person.browser.json<Envelope<Record<string, number>>>('/api/v1/user/restore', {
      body: doc,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const accounts =
      await person.browser.json<Envelope<{ accounts: { id: string; name: string }[] }>>('/api/v1/accounts');
    const id = accounts.body.data.accounts.find((account) => account.name === 'Own broker')!.id;
    return { ...person, id };
  };
  const buysOf = (accountId: string) =>
    count(`select count(*)::int as n from "transaction" where account_id = $1 and name like 'Buy %'`, [
      accountId,
    ]);
  const holdingFigures = async (accountId: string) =>
    (
      await w.t.database.pool.query(
        `select quantity::text, price::text, cost_basis::text as cost, as_of::text from holding where account_id = $1`,
        [accountId],
      )
    ).rows;
  /** A lot as the security's page lists it, without the ids that a restore renews. */
  const lotFigures = (lots: Listed[]) =>
    lots.map(({ id: _id, lotId: _lot, holdingId: _holding, accountId: _account, ...rest }) => rest);

  it('an export and its restore carry each buy: lots, their buys and the holding, each buy changed and removed after', async () => {
    const { browser, userId, id } = await twoBuys();
    const doc = await exportOf(browser);
    expect(doc.holdingLots).toHaveLength(2);
    const copy = await restoreInto(doc);

    const original = await lotsOf(browser, 'PRIVATEFUND');
    const restored = await lotsOf(copy.browser, 'PRIVATEFUND');
    expect(restored).toHaveLength(2);
    expect(lotFigures(restored)).toEqual(lotFigures(original));
    expect(await holdingFigures(copy.id)).toEqual(await holdingFigures(id));
    expect(await buysOf(copy.id)).toBe(2);
    expect(await history(copy.userId, copy.id)).toEqual(await history(userId, id));

    // Each restored buy is its lot's own: changing one rewrites it, removing one removes it.
    const [newer, older] = restored as [Listed, Listed];
    const changed = await patchLot(copy.browser, newer.lotId, { quantity: '6' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.holding).toMatchObject({
      quantity: '16',
      costBasis: { amountMinor: 19_600 },
      lots: 2,
    });
    expect(await buysOf(copy.id)).toBe(2);
    const removed = await deleteLot(copy.browser, older.lotId);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.holdingRemoved).toBe(false);
    expect(await buysOf(copy.id)).toBe(1);
    expect(await lotsOf(copy.browser, 'PRIVATEFUND')).toEqual([
      expect.objectContaining({ lotId: newer.lotId, quantity: '6', date: '2026-11-18' }),
    ]);
  });

  it('a restore of an export without lots makes each manual holding its one lot, with its buy', async () => {
    const person = await signedInUser(w);
    const accountId = await brokerage(person.browser);
    const first = await add(person.browser, {
      accountId,
      symbol: 'RESTOREDFUND',
      quantity: '10',
      price: '10',
      date: '2026-11-12',
    });
    expect(first.status).toBe(201);
    // An export made before lots were exported: its holdings only.
    const { holdingLots: _lots, ...doc } = await exportOf(person.browser);
    const copy = await restoreInto(doc);

    const [lot, ...others] = await lotsOf(copy.browser, 'RESTOREDFUND');
    expect(others).toEqual([]);
    expect(lot).toMatchObject({ date: '2026-11-12', quantity: '10', amount: { amountMinor: 10_000 } });
    expect(lot!.lotId).toBe(lot!.holdingId);
    expect(await buysOf(copy.id)).toBe(1);
    // Another buy adds to it; the holding bought once is changed through its lot.
    const second = await add(copy.browser, {
      accountId: copy.id,
      symbol: 'RESTOREDFUND',
      quantity: '5',
      price: '16',
      date: '2026-11-18',
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.holding).toMatchObject({
      quantity: '15',
      costBasis: { amountMinor: 18_000, currency: 'USD' },
      lots: 2,
    });
    expect(await balanceOf(copy.id)).toBe(68_000);
    expect(await buysOf(copy.id)).toBe(2);
  });

  it("changes a lot's date earlier and values the history again from it, keeping the cash", async () => {
    const { browser, userId, id, second } = await twoBuys();
    const entered = await enteredBalances(id);
    const changed = await patchLot(browser, second.lot.id, { date: '2026-11-11', quantity: '4' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.lot).toMatchObject({ id: second.lot.id, date: '2026-11-11', quantity: '4' });
    expect(changed.body.data.holding).toMatchObject({
      quantity: '14',
      date: '2026-11-11',
      costBasis: { amountMinor: 16_400 },
      lots: 2,
    });
    const after = await history(userId, id);
    expect(after.get('2026-11-10')).toBe(50_000);
    expect(after.get('2026-11-11')).toBe(50_000 + 6_400);
    expect(after.get('2026-11-12')).toBe(50_000 + 16_400);
    expect(after.get('2026-11-18')).toBe(50_000 + 16_400);
    expect(await balanceOf(id)).toBe(66_400);
    expect(await enteredBalances(id)).toEqual(entered);
    const { rows: trade } = await w.t.database.pool.query(
      `select date::text, amount_minor::int as amount from "transaction" where account_id = $1 and date = '2026-11-11'`,
      [id],
    );
    expect(trade).toEqual([{ date: '2026-11-11', amount: -6_400 }]);

    const invalid = await patchLot(browser, second.lot.id, { price: '-1' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.items).toEqual([expect.objectContaining({ field: 'price' })]);
    const nothing = await patchLot(browser, second.lot.id, {});
    expect(nothing.status).toBe(400);
  });

  it('removes one lot, then the last one with the holding', async () => {
    const { browser, userId, id, first, second } = await twoBuys();
    const entered = await enteredBalances(id);
    const one = await deleteLot(browser, first.lot.id);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ id: first.lot.id, holdingId: first.holding.id, holdingRemoved: false });
    const { rows: left } = await w.t.database.pool.query(
      'select quantity::float as quantity, cost_basis::float as cost, as_of::text from holding where id = $1',
      [first.holding.id],
    );
    expect(left).toEqual([{ quantity: 5, cost: 80, as_of: '2026-11-18' }]);
    let after = await history(userId, id);
    expect(after.get('2026-11-12')).toBe(50_000);
    expect(after.get('2026-11-18')).toBe(58_000);
    expect(await balanceOf(id)).toBe(58_000);
    expect(await count('select count(*)::int as n from "transaction" where account_id = $1', [id])).toBe(1);
    expect((await lotsOf(browser, 'PRIVATEFUND')).map((lot) => lot.lotId)).toEqual([second.lot.id]);

    const last = await deleteLot(browser, second.lot.id);
    expect(last.status).toBe(200);
    expect(last.body.data.holdingRemoved).toBe(true);
    expect(await count('select count(*)::int as n from holding where account_id = $1', [id])).toBe(0);
    expect(await count('select count(*)::int as n from "transaction" where account_id = $1', [id])).toBe(0);
    after = await history(userId, id);
    expect([...after.values()].every((balance) => balance === 50_000)).toBe(true);
    expect(await balanceOf(id)).toBe(50_000);
    expect(await enteredBalances(id)).toEqual(entered);
    expect((await deleteLot(browser, second.lot.id)).status).toBe(404);
  });

  it("answers 404 for another user's lot and changes nothing", async () => {
    const { id, second } = await twoBuys();
    const other = await signedInUser(w);
    const patched = await patchLot(other.browser, second.lot.id, { quantity: '50' });
    expect(patched.status).toBe(404);
    const removed = await deleteLot(other.browser, second.lot.id);
    expect(removed.status).toBe(404);
    expect(await lotsOf(other.browser, 'PRIVATEFUND')).toEqual([]);
    expect(
      await count('select count(*)::int as n from holding_lot where holding_id = $1', [second.holding.id]),
    ).toBe(2);
    expect(await balanceOf(id)).toBe(68_000);
  });

  it("changes a holding bought once through the holding's own PATCH, as before lots", async () => {
    const { browser, userId, id, first } = await twoBuys();
    // Removing the second lot leaves one: the holding's own PATCH changes it again.
    const listed = await lotsOf(browser, 'PRIVATEFUND');
    await deleteLot(browser, listed[0]!.lotId);
    const changed = await browser.json<Envelope<Added>>(`/api/v1/investments/holdings/${first.holding.id}`, {
      method: 'PATCH',
      body: { quantity: '20' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.holding).toMatchObject({
      quantity: '20',
      lots: 1,
      costBasis: { amountMinor: 20_000 },
    });
    expect((await history(userId, id)).get('2026-11-12')).toBe(70_000);
  });
});

describe('migration 0034 (lots)', () => {
  it('turns each holding added by hand before lots into its one lot, under its id and with its buy', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    const added = await add(browser, {
      accountId: id,
      symbol: 'PRIVATEFUND',
      quantity: '3',
      price: '7.5',
      date: '2026-11-15',
    });
    expect(added.status).toBe(201);
    const holdingId = added.body.data.holding.id;
    const before = await history(userId, id);
    // As the holding was stored before lots: no lot row.
    await w.t.database.pool.query('delete from holding_lot where holding_id = $1', [holdingId]);
    const migration = readFileSync(
      fileURLToPath(new URL('../../../../packages/db/migrations/0034_holding_lots.sql', import.meta.url)),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('INSERT INTO "holding_lot"'));
    await w.t.database.pool.query(`${backfill.replace(/;\s*$/, '')} and h.id = $1`, [holdingId]);

    const { rows } = await w.t.database.pool.query(
      'select id, quantity::float as quantity, price::float as price, date::text from holding_lot where holding_id = $1',
      [holdingId],
    );
    expect(rows).toEqual([{ id: holdingId, quantity: 3, price: 7.5, date: '2026-11-15' }]);
    const listed = await browser.json<Envelope<{ transactions: { lotId: string; quantity: string }[] }>>(
      '/api/v1/investments/transactions?symbol=PRIVATEFUND',
    );
    expect(listed.body.data.transactions).toEqual([
      expect.objectContaining({ lotId: holdingId, quantity: '3' }),
    ]);
    // A second buy now joins it; the first keeps counting from its own day.
    const second = await add(browser, {
      accountId: id,
      symbol: 'PRIVATEFUND',
      quantity: '1',
      price: '10',
      date: '2026-11-20',
    });
    expect(second.body.data.holding).toMatchObject({ id: holdingId, quantity: '4', lots: 2 });
    const after = await history(userId, id);
    expect(after.get('2026-11-15')).toBe(before.get('2026-11-15'));
    expect(after.get('2026-11-20')).toBe(50_000 + 2_250 + 1_000);
  });
});

describe('migration 0036 (every manual holding has lots)', () => {
  it('gives a holding a restore left without lots its one lot, and relinks its buy to it', async () => {
    const { browser, userId } = await signedInUser(w);
    const id = await brokerage(browser);
    const added = await add(browser, {
      accountId: id,
      symbol: 'LONELYFUND',
      quantity: '4',
      price: '12.5',
      date: '2026-11-14',
    });
    expect(added.status).toBe(201);
    const holdingId = added.body.data.holding.id;
    const before = await history(userId, id);
    // As a restore of an export without lots left it: no lot, its buy naming the exporting server's holding.
    await w.t.database.pool.query('delete from holding_lot where holding_id = $1', [holdingId]);
    await w.t.database.pool.query(
      `update "transaction" set external_id = 'manual-holding:' || gen_random_uuid()::text
       where account_id = $1 and external_id = 'manual-holding:' || $2`,
      [id, holdingId],
    );
    const migration = readFileSync(
      fileURLToPath(
        new URL('../../../../packages/db/migrations/0036_manual_holdings_all_have_lots.sql', import.meta.url),
      ),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await w.t.database.pool.query(statement);
    }

    const { rows } = await w.t.database.pool.query(
      'select id, quantity::float as quantity, price::float as price, date::text from holding_lot where holding_id = $1',
      [holdingId],
    );
    expect(rows).toEqual([{ id: holdingId, quantity: 4, price: 12.5, date: '2026-11-14' }]);
    const listed = await browser.json<Envelope<{ transactions: { lotId: string; amount: unknown }[] }>>(
      '/api/v1/investments/transactions?symbol=LONELYFUND',
    );
    expect(listed.body.data.transactions).toEqual([
      expect.objectContaining({ lotId: holdingId, amount: { amountMinor: 5_000, currency: 'USD' } }),
    ]);
    // Changing the holding bought once rewrites its one buy, not a second one.
    const changed = await browser.json<Envelope<Added>>(`/api/v1/investments/holdings/${holdingId}`, {
      method: 'PATCH',
      body: { quantity: '2' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(
      await count(
        `select count(*)::int as n from "transaction" where account_id = $1 and name like 'Buy %'`,
        [id],
      ),
    ).toBe(1);
    expect((await history(userId, id)).get('2026-11-13')).toBe(before.get('2026-11-13'));
  });
});
