import { replaceHoldings, upsertSecurities } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { type TestBrowser, waitForSync } from '../testing/browser';
import type { HoldingView } from '../use-cases/holdings/list-holdings';
import { addAccount, signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

// The demo bank runs on the app's clock.
const clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
});
afterAll(async () => {
  await w.close();
});

type Money = { amountMinor: number; currency: string };
type Holdings = {
  currency: string;
  data: HoldingView[];
  pagination: { total: number; page: number; pageSize: number; totalPages: number; hasNext: boolean };
  totals: { value: Money; costBasis: Money; unrealizedGain: Money };
  allocation: {
    byType: { type: string; label: string; amount: Money; percent: number }[];
    byAccount: { accountId: string; name: string; amount: Money; percent: number }[];
  };
};

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

async function holdings(browser: TestBrowser, query = '') {
  return browser.json<Envelope<Holdings>>(`/api/v1/investments/holdings${query}`);
}

/** A security and one position in it, written the way a sync writes them. */
async function addHolding(
  userId: string,
  accountId: string,
  position: {
    ticker: string;
    type: string;
    currency?: string;
    quantity: string;
    price: string;
    costBasis: string | null;
  },
) {
  const currency = position.currency ?? 'USD';
  const ids = await upsertSecurities(w.t.database.db, [
    {
      provider: 'test',
      externalId: `${position.ticker}-${userId}`,
      ticker: position.ticker,
      name: `${position.ticker} position`,
      type: position.type,
      currency,
    },
  ]);
  const securityId = ids.get(`${position.ticker}-${userId}`);
  if (!securityId) throw new Error('no security');
  const existing = await w.t.database.pool.query<{
    security_id: string;
    quantity: string;
    price: string;
    cost_basis: string | null;
    currency: string;
    as_of: string;
  }>(
    'select security_id, quantity::text, price::text, cost_basis::text, currency, as_of::text from holding where account_id = $1',
    [accountId],
  );
  await replaceHoldings(w.t.database.db, { userId, accountId }, [
    ...existing.rows.map((row) => ({
      securityId: row.security_id,
      quantity: row.quantity,
      price: row.price,
      costBasis: row.cost_basis,
      currency: row.currency,
      asOf: row.as_of,
    })),
    {
      securityId,
      quantity: position.quantity,
      price: position.price,
      costBasis: position.costBasis,
      currency,
      asOf: '2026-11-19',
    },
  ]);
}

describe('holdings: empty user', () => {
  it('answers an empty page, zero totals and no allocation', async () => {
    const { browser } = await signedInUser(w);
    const result = await holdings(browser);
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      currency: 'USD',
      data: [],
      pagination: { total: 0, page: 1, pageSize: 100, totalPages: 0, hasNext: false },
      totals: { value: usd(0), costBasis: usd(0), unrealizedGain: usd(0) },
      allocation: { byType: [], byAccount: [] },
    });
  });

  it('rejects a page size above 200 and an unknown type', async () => {
    const { browser } = await signedInUser(w);
    const tooMany = await holdings(browser, '?limit=201');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.items).toEqual([
      expect.objectContaining({ field: 'limit', message: 'Page size must be a whole number from 1 to 200' }),
    ]);
    const badType = await holdings(browser, '?type=stocks');
    expect(badType.status).toBe(400);
    expect(badType.body.items?.[0]?.field).toBe('type');
    const badPage = await holdings(browser, '?page=0');
    expect(badPage.status).toBe(400);
    expect(badPage.body.items?.[0]?.message).toBe('Page must be a whole number from 1');
  });
});

describe('holdings: the demo bank', () => {
  it('pages by value, filters by type and totals every holding', async () => {
    const { browser, userId } = await signedInUser(w);
    const connected = await browser.json('/api/v1/connections/demo', { body: { variant: 'standard' } });
    expect(connected.status).toBe(201);
    await waitForSync(browser);

    // Values worked out by PostgreSQL's exact numeric arithmetic, as the oracle.
    const stored = await w.t.database.pool.query<{ id: string; value: string; cost: string | null }>(
      `select id, round(quantity * price * 100)::text as value, round(cost_basis * 100)::text as cost
       from holding where user_id = $1`,
      [userId],
    );
    expect(stored.rows.length).toBeGreaterThan(2);
    const expected = new Map(stored.rows.map((row) => [row.id, row]));
    const totalValue = stored.rows.reduce((sum, row) => sum + Number(row.value), 0);
    const totalCost = stored.rows.reduce((sum, row) => sum + Number(row.cost ?? 0), 0);

    const all = await holdings(browser, '?limit=200');
    expect(all.status).toBe(200);
    const rows = all.body.data.data;
    expect(rows).toHaveLength(stored.rows.length);
    for (const row of rows) {
      const oracle = expected.get(row.id);
      expect(row.native).toEqual(usd(Number(oracle?.value)));
      expect(row.converted).toEqual(row.native);
      expect(row.costBasis).toEqual(usd(Number(oracle?.cost)));
      expect(row.unrealizedGain).toEqual(usd(Number(oracle?.value) - Number(oracle?.cost)));
      expect(row.accountName).toBeTruthy();
      expect(row.priceAsOf <= '2026-11-20').toBe(true);
    }
    const values = rows.map((row) => row.native.amountMinor);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(all.body.data.totals).toEqual({
      value: usd(totalValue),
      costBasis: usd(totalCost),
      unrealizedGain: usd(totalValue - totalCost),
    });
    // The demo's money-market fund counts as cash, its ETFs as ETFs and its companies as stocks.
    expect(rows.find((row) => row.symbol === 'LDMXX')?.type).toBe('cash');
    expect(rows.find((row) => row.symbol === 'LTOT')).toMatchObject({ type: 'etf', quantityDecimals: 4 });
    expect(rows.find((row) => row.symbol === 'NWND')?.type).toBe('equity');

    // Paging: two at a time, the pages join up to the whole list in the same order.
    const paged: HoldingView[] = [];
    for (let page = 1; ; page += 1) {
      const result = await holdings(browser, `?limit=2&page=${page}`);
      expect(result.body.data.pagination).toEqual({
        total: rows.length,
        page,
        pageSize: 2,
        totalPages: Math.ceil(rows.length / 2),
        hasNext: page < Math.ceil(rows.length / 2),
      });
      expect(result.body.data.totals).toEqual(all.body.data.totals);
      paged.push(...result.body.data.data);
      if (!result.body.data.pagination.hasNext) break;
    }
    expect(paged.map((row) => row.id)).toEqual(rows.map((row) => row.id));

    // A type filter narrows the rows, not the totals or the allocation.
    const etfs = await holdings(browser, '?type=etf');
    const etfRows = rows.filter((row) => row.type === 'etf');
    expect(etfs.body.data.data.map((row) => row.id)).toEqual(etfRows.map((row) => row.id));
    expect(etfs.body.data.pagination.total).toBe(etfRows.length);
    expect(etfs.body.data.totals).toEqual(all.body.data.totals);
    expect(etfs.body.data.allocation).toEqual(all.body.data.allocation);

    const { byType, byAccount } = all.body.data.allocation;
    expect(byType.find((entry) => entry.type === 'etf')).toMatchObject({
      label: 'ETFs',
      amount: usd(etfRows.reduce((sum, row) => sum + row.native.amountMinor, 0)),
    });
    expect(byType.reduce((sum, entry) => sum + entry.amount.amountMinor, 0)).toBe(totalValue);
    expect(Math.abs(byType.reduce((sum, entry) => sum + entry.percent, 0) - 100)).toBeLessThan(0.05);
    expect(byAccount).toEqual([
      expect.objectContaining({ accountId: rows[0]?.accountId, amount: usd(totalValue), percent: 100 }),
    ]);
  });
});

describe('holdings: quantities and values', () => {
  it('keeps crypto to 8 decimals, prices exactly, and leaves out hidden accounts and other users', async () => {
    const { browser, userId } = await signedInUser(w);
    const wallet = await addAccount(w.t.database.db, userId, { name: 'Cold Wallet', type: 'wallet' });
    const broker = await addAccount(w.t.database.db, userId, { name: 'Broker', type: 'brokerage' });
    const hidden = await addAccount(w.t.database.db, userId, {
      name: 'Old Broker',
      type: 'brokerage',
      hidden: true,
    });
    await addHolding(userId, wallet.id, {
      ticker: 'BTC',
      type: 'cryptocurrency',
      quantity: '0.12345678',
      price: '43210.987654321',
      costBasis: '5000',
    });
    await addHolding(userId, broker.id, {
      ticker: 'WHOLE',
      type: 'equity',
      quantity: '3',
      price: '250.125',
      costBasis: null,
    });
    await addHolding(userId, broker.id, {
      ticker: 'HALF',
      type: 'mutual fund',
      quantity: '10.5',
      price: '99.99',
      costBasis: '0',
    });
    await addHolding(userId, hidden.id, {
      ticker: 'GONE',
      type: 'equity',
      quantity: '1',
      price: '1000',
      costBasis: '1',
    });
    const other = await signedInUser(w);
    const theirs = await addAccount(w.t.database.db, other.userId, { type: 'brokerage' });
    await addHolding(other.userId, theirs.id, {
      ticker: 'THEIRS',
      type: 'etf',
      quantity: '1',
      price: '10',
      costBasis: '1',
    });

    const result = await holdings(browser);
    expect(result.status).toBe(200);
    const rows = result.body.data.data;
    expect(rows.map((row) => row.symbol)).toEqual(['BTC', 'HALF', 'WHOLE']);
    expect(rows[0]).toMatchObject({
      accountName: 'Cold Wallet',
      type: 'crypto',
      quantity: '0.12345678',
      quantityDecimals: 8,
      price: { amount: '43210.987654321', currency: 'USD' },
      priceAsOf: '2026-11-19',
      native: usd(533_469),
      converted: usd(533_469),
      costBasis: usd(500_000),
      unrealizedGain: usd(33_469),
      unrealizedGainPercent: 6.69,
    });
    // 3 × 250.125 = 750.375: half a cent rounds away from zero.
    expect(rows[2]).toMatchObject({
      type: 'equity',
      quantity: '3',
      quantityDecimals: 2,
      native: usd(75_038),
      costBasis: null,
      unrealizedGain: null,
      unrealizedGainPercent: null,
    });
    expect(rows[1]).toMatchObject({
      type: 'mutual_fund',
      quantity: '10.5',
      quantityDecimals: 4,
      native: usd(104_990),
      costBasis: usd(0),
      unrealizedGain: usd(104_990),
      unrealizedGainPercent: null,
    });
    expect(result.body.data.totals).toEqual({
      value: usd(533_469 + 75_038 + 104_990),
      costBasis: usd(500_000),
      unrealizedGain: usd(33_469 + 104_990),
    });
    expect(
      result.body.data.allocation.byAccount.map((entry) => [entry.name, entry.amount.amountMinor]),
    ).toEqual([
      ['Cold Wallet', 533_469],
      ['Broker', 75_038 + 104_990],
    ]);
    const crypto = await holdings(browser, '?type=crypto');
    expect(crypto.body.data.data.map((row) => row.symbol)).toEqual(['BTC']);
  });

  it('prices a holding at the security’s newest close up to today from its own price’s day on', async () => {
    const { browser, userId } = await signedInUser(w);
    const broker = await addAccount(w.t.database.db, userId, { name: 'Broker', type: 'brokerage' });
    await addHolding(userId, broker.id, {
      ticker: 'PRICED',
      type: 'equity',
      quantity: '4',
      price: '10',
      costBasis: '40',
    });
    const before = await holdings(browser);
    expect(before.body.data.data[0]).toMatchObject({ priceAsOf: '2026-11-19', native: usd(4_000) });
    const closes = (rows: [string, string][]) =>
      w.t.database.pool.query(
        `insert into security_price (security_id, date, close)
         select security_id, d::date, c::numeric from holding, unnest($2::text[], $3::text[]) as p(d, c)
         where account_id = $1
         on conflict (security_id, date) do update set close = excluded.close`,
        [broker.id, rows.map(([date]) => date), rows.map(([, close]) => close)],
      );
    // A close of the price's own day replaces it (ADR 085); an older one does not.
    await closes([
      ['2026-11-18', '9'],
      ['2026-11-19', '11'],
    ]);
    expect((await holdings(browser)).body.data.data[0]).toMatchObject({
      price: { amount: '11', currency: 'USD' },
      priceAsOf: '2026-11-19',
      native: usd(4_400),
    });
    // The newest close up to today wins; one dated after today is not used.
    await closes([
      ['2026-11-20', '12.5'],
      ['2026-11-21', '99'],
    ]);
    const after = await holdings(browser);
    expect(after.body.data.data[0]).toMatchObject({
      price: { amount: '12.5', currency: 'USD' },
      priceAsOf: '2026-11-20',
      native: usd(5_000),
      unrealizedGain: usd(1_000),
      unrealizedGainPercent: 25,
    });
  });

  it('sends a holding in another currency natively and leaves it out of the totals without a rate', async () => {
    const { browser, userId } = await signedInUser(w);
    const broker = await addAccount(w.t.database.db, userId, {
      name: 'Depot',
      type: 'brokerage',
      currency: 'CHF',
    });
    await addHolding(userId, broker.id, {
      ticker: 'CHSPI',
      type: 'etf',
      currency: 'CHF',
      quantity: '2',
      price: '100',
      costBasis: '150',
    });
    const result = await holdings(browser);
    expect(result.body.data.data).toEqual([
      expect.objectContaining({
        symbol: 'CHSPI',
        native: { amountMinor: 20_000, currency: 'CHF' },
        converted: null,
        costBasis: { amountMinor: 15_000, currency: 'CHF' },
        unrealizedGain: { amountMinor: 5_000, currency: 'CHF' },
        unrealizedGainPercent: 33.33,
      }),
    ]);
    expect(result.body.data.totals).toEqual({ value: usd(0), costBasis: usd(0), unrealizedGain: usd(0) });
  });

  it('converts a euro holding into the user’s dollars at the last known ECB rate', async () => {
    const { browser, userId } = await signedInUser(w);
    // 1 EUR = 1.08 USD, fixed the day before; a later rate (after today) is not used.
    await w.t.database.pool.query(
      "insert into fx_rate (date, currency, per_eur) values ('2026-11-19', 'USD', '1.08'), ('2026-11-23', 'USD', '2')",
    );
    const broker = await addAccount(w.t.database.db, userId, {
      name: 'Depot',
      type: 'brokerage',
      currency: 'EUR',
    });
    await addHolding(userId, broker.id, {
      ticker: 'EUNL',
      type: 'etf',
      currency: 'EUR',
      quantity: '2',
      price: '100',
      costBasis: '150',
    });
    const result = await holdings(browser);
    expect(result.body.data.data).toEqual([
      expect.objectContaining({
        symbol: 'EUNL',
        native: { amountMinor: 20_000, currency: 'EUR' },
        converted: usd(21_600),
        unrealizedGain: { amountMinor: 5_000, currency: 'EUR' },
      }),
    ]);
    expect(result.body.data.totals).toEqual({
      value: usd(21_600),
      costBasis: usd(16_200),
      unrealizedGain: usd(5_400),
    });
    expect(result.body.data.allocation.byType).toEqual([
      { type: 'etf', label: 'ETFs', amount: usd(21_600), percent: 100 },
    ]);
  });
});
