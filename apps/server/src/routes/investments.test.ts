import { holdingsValueOn, replaceHoldings, upsertSecurities } from '@lodestar/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { weekdays } from '../testing/fake-market-securities';
import { startFakeYahooFinance, type FakeYahooFinance } from '../testing/fake-yahoo-finance';
import type {
  AccountInvestments,
  BrokerageTotals,
  InvestmentHolding,
  InvestmentTotals,
} from '../use-cases/holdings/investments';
import { addAccount, signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

/** GET /investments against the Yahoo Finance fake (docs/markets-api.md "Investments"). */

type Investments = {
  currency: string;
  asOf: string;
  holdings: InvestmentHolding[];
  accounts: AccountInvestments[];
  totals: InvestmentTotals;
  brokerage: BrokerageTotals | null;
  missingCurrencies: string[];
};

let w: AuthWorld;
let yahoo: FakeYahooFinance;
const clock = new Date('2026-11-25T22:00:00Z');

beforeAll(async () => {
  yahoo = await startFakeYahooFinance('2026-11-25');
  // A euro listing, so a foreign holding has a quote in its own currency.
  yahoo.securities.push({
    symbol: 'SAP.DE',
    name: 'SAP SE',
    exchange: 'XETRA',
    yahooType: 'EQUITY',
    twelveDataType: 'Common Stock',
    currency: 'EUR',
    closes: weekdays('2026-11-16', '2026-11-25').map((date, index) => ({
      date,
      close: (200 + index).toFixed(2),
    })),
  });
  w = await createAuthWorld(
    { YAHOO_FINANCE_BASE_URL: yahoo.url, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', RATE_LIMIT_MAX: '100000' },
    { now: () => clock },
  );
  // 1 EUR = 1.08 USD.
  await w.t.database.pool.query(
    "insert into fx_rate (date, currency, per_eur) values ('2026-11-19', 'USD', '1.08')",
  );
}, 60_000);
afterAll(async () => {
  await w.close();
  await yahoo.close();
});
beforeEach(() => {
  yahoo.failure = null;
});

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const eur = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });

async function investments(browser: TestBrowser) {
  return browser.json<Envelope<Investments>>('/api/v1/investments');
}

/** The fake's last close and the one before it (a quote's price and previous close). */
function lastTwo(symbol: string): [number, number] {
  const closes = yahoo.securities.find((security) => security.symbol === symbol)!.closes;
  return [Number(closes.at(-1)!.close), Number(closes.at(-2)!.close)];
}

/** Positions written the way a sync writes them, all priced on 2026-11-19. */
async function addHoldings(
  userId: string,
  accountId: string,
  positions: {
    ticker: string | null;
    type: string;
    currency?: string;
    quantity: string;
    price: string;
    costBasis: string | null;
  }[],
) {
  const rows = positions.map((position, index) => ({
    provider: 'test',
    externalId: `${position.ticker ?? 'none'}-${index}-${accountId}`,
    ticker: position.ticker,
    name: `${position.ticker ?? 'Unlisted'} position`,
    type: position.type,
    currency: position.currency ?? 'USD',
  }));
  const ids = await upsertSecurities(w.t.database.db, rows);
  await replaceHoldings(
    w.t.database.db,
    { userId, accountId },
    positions.map((position, index) => ({
      securityId: ids.get(rows[index]!.externalId)!,
      quantity: position.quantity,
      price: position.price,
      costBasis: position.costBasis,
      currency: position.currency ?? 'USD',
      asOf: '2026-11-19',
    })),
  );
}

describe('GET /investments', () => {
  it('answers no holdings and zero totals for a user without any', async () => {
    const { browser } = await signedInUser(w);
    const { status, body } = await investments(browser);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ currency: 'USD', asOf: '2026-11-25', holdings: [], accounts: [] });
    expect(body.data.totals).toMatchObject({
      marketValue: usd(0),
      dayChange: usd(0),
      holdingCount: 0,
      priceDates: null,
    });
  });

  it('values holdings with cost basis, gain, day change from the quote and weight, per account and overall', async () => {
    const { browser, userId } = await signedInUser(w);
    const broker = await addAccount(w.t.database.db, userId, { name: 'Broker', type: 'brokerage' });
    const ira = await addAccount(w.t.database.db, userId, { name: 'IRA', type: 'investment' });
    await addHoldings(userId, broker.id, [
      { ticker: 'AAPL', type: 'equity', quantity: '10', price: '150', costBasis: '1200' },
      { ticker: null, type: 'equity', quantity: '5', price: '20', costBasis: null },
    ]);
    await addHoldings(userId, ira.id, [
      { ticker: 'vti', type: 'etf', quantity: '2.5', price: '200', costBasis: '600' },
    ]);
    const { body } = await investments(browser);
    const [aaplPrice, aaplPrevious] = lastTwo('AAPL');
    const [vtiPrice, vtiPrevious] = lastTwo('VTI');
    const aaplChange = Math.round((aaplPrice - aaplPrevious) * 10 * 100);
    const vtiChange = Math.round((vtiPrice - vtiPrevious) * 2.5 * 100);

    expect(body.data.holdings.map((holding) => holding.symbol)).toEqual(['AAPL', 'vti', null]);
    const [aapl, vti, unlisted] = body.data.holdings;
    expect(aapl).toMatchObject({
      accountName: 'Broker',
      quantity: '10',
      price: { amount: '150', currency: 'USD', date: '2026-11-19' },
      costBasis: usd(120_000),
      marketValue: usd(150_000),
      marketValueConverted: usd(150_000),
      unrealizedGain: usd(30_000),
      unrealizedGainPercent: 25,
      dayChange: {
        amount: usd(aaplChange),
        converted: usd(aaplChange),
        priceDate: '2026-11-25',
        previousClose: String(aaplPrevious),
        stale: false,
      },
      dayChangeUnavailable: null,
      weight: 71.43,
    });
    expect(vti).toMatchObject({
      quantity: '2.5',
      marketValue: usd(50_000),
      dayChange: { amount: usd(vtiChange) },
      weight: 23.81,
    });
    expect(unlisted).toMatchObject({
      marketValue: usd(10_000),
      costBasis: null,
      unrealizedGain: null,
      dayChange: null,
      dayChangeUnavailable: 'no_symbol',
      weight: 4.76,
    });

    expect(body.data.totals).toMatchObject({
      marketValue: usd(210_000),
      costBasis: usd(180_000),
      unrealizedGain: usd(20_000),
      unrealizedGainPercent: 11.11,
      dayChange: usd(aaplChange + vtiChange),
      dayChangeCount: 2,
      holdingCount: 3,
      unconvertedCount: 0,
      priceDates: { oldest: '2026-11-19', newest: '2026-11-19' },
    });
    expect(body.data.accounts).toEqual([
      expect.objectContaining({
        accountId: broker.id,
        name: 'Broker',
        marketValue: usd(160_000),
        costBasis: usd(120_000),
        unrealizedGain: usd(30_000),
        dayChange: usd(aaplChange),
        dayChangeCount: 1,
        holdingCount: 2,
        weight: 76.19,
      }),
      expect.objectContaining({
        accountId: ira.id,
        name: 'IRA',
        marketValue: usd(50_000),
        unrealizedGain: usd(-10_000),
        unrealizedGainPercent: -16.67,
        weight: 23.81,
      }),
    ]);
  });

  it('gives no day change, with the reason, for an unknown symbol, a crypto position and a provider that is down', async () => {
    const { browser, userId } = await signedInUser(w);
    const broker = await addAccount(w.t.database.db, userId, { name: 'Broker', type: 'brokerage' });
    await addHoldings(userId, broker.id, [
      { ticker: 'NOPE1', type: 'equity', quantity: '1', price: '10', costBasis: '10' },
      { ticker: 'BTC', type: 'crypto', quantity: '0.5', price: '40000', costBasis: null },
      { ticker: 'VFIAX', type: 'mutual_fund', quantity: '1', price: '500', costBasis: null },
    ]);
    yahoo.failure = { status: 503 };
    const down = await investments(browser);
    expect(down.status).toBe(200);
    const reasons = Object.fromEntries(
      down.body.data.holdings.map((holding) => [holding.symbol, holding.dayChangeUnavailable]),
    );
    // Nothing known for either symbol yet: unavailable, never a made-up figure; crypto is never asked.
    expect(reasons).toEqual({ NOPE1: 'quote_unavailable', BTC: 'not_quoted', VFIAX: 'quote_unavailable' });
    expect(down.body.data.holdings.every((holding) => holding.dayChange === null)).toBe(true);
    expect(down.body.data.totals.dayChange).toEqual(usd(0));
    expect(down.body.data.totals.marketValue).toEqual(usd(2_051_000));

    yahoo.failure = null;
    const up = await investments(browser);
    const byTicker = new Map(up.body.data.holdings.map((holding) => [holding.symbol, holding]));
    expect(byTicker.get('NOPE1')).toMatchObject({ dayChange: null, dayChangeUnavailable: 'unknown_symbol' });
    expect(byTicker.get('VFIAX')?.dayChange?.stale).toBe(false);
    expect(yahoo.requests.some((request) => request.includes('/BTC'))).toBe(false);

    // The provider fails again: the last quote is served, marked stale.
    yahoo.failure = { status: 503 };
    clock.setTime(clock.getTime() + 5 * 60_000);
    try {
      const stale = await investments(browser);
      const vfiax = stale.body.data.holdings.find((holding) => holding.symbol === 'VFIAX');
      expect(vfiax?.dayChange).toMatchObject({ stale: true, priceDate: '2026-11-25' });
    } finally {
      clock.setTime(clock.getTime() - 5 * 60_000);
    }
  });

  it('sends a euro holding in euros and in dollars, with its day change converted at the ECB rate', async () => {
    const { browser, userId } = await signedInUser(w);
    const depot = await addAccount(w.t.database.db, userId, {
      name: 'Depot',
      type: 'brokerage',
      currency: 'EUR',
    });
    await addHoldings(userId, depot.id, [
      { ticker: 'SAP.DE', type: 'equity', currency: 'EUR', quantity: '3', price: '200', costBasis: '450' },
      { ticker: 'CHSPI', type: 'etf', currency: 'CHF', quantity: '1', price: '100', costBasis: null },
    ]);
    const { body } = await investments(browser);
    const sap = body.data.holdings.find((holding) => holding.symbol === 'SAP.DE');
    // Closes 207 and 206: +1 EUR a share, 3 shares.
    expect(sap).toMatchObject({
      price: { amount: '200', currency: 'EUR', date: '2026-11-19' },
      marketValue: eur(60_000),
      marketValueConverted: usd(64_800),
      costBasis: eur(45_000),
      unrealizedGain: eur(15_000),
      unrealizedGainConverted: usd(16_200),
      unrealizedGainPercent: 33.33,
      dayChange: { amount: eur(300), converted: usd(324), previousClose: '206' },
      weight: 100,
    });
    // No rate for francs: sent natively, left out of the totals and named.
    const chf = body.data.holdings.find((holding) => holding.symbol === 'CHSPI');
    expect(chf).toMatchObject({
      marketValue: { amountMinor: 10_000, currency: 'CHF' },
      marketValueConverted: null,
      weight: null,
    });
    expect(body.data.missingCurrencies).toEqual(['CHF']);
    expect(body.data.totals).toMatchObject({
      marketValue: usd(64_800),
      costBasis: usd(48_600),
      unrealizedGain: usd(16_200),
      dayChange: usd(324),
      holdingCount: 2,
      unconvertedCount: 1,
    });
  });

  it('gives each brokerage its balance as holdings + cash, valued as its daily balances are, and their total', async () => {
    const { browser, userId } = await signedInUser(w);
    const db = w.t.database.db;
    const broker = await addAccount(db, userId, {
      name: 'Broker',
      type: 'brokerage',
      currentBalanceMinor: 200_000,
    });
    const depot = await addAccount(db, userId, {
      name: 'Depot',
      type: 'brokerage',
      currency: 'EUR',
      currentBalanceMinor: 70_000,
    });
    const franc = await addAccount(db, userId, {
      name: 'Franken',
      type: 'investment',
      currency: 'CHF',
      currentBalanceMinor: 12_000,
    });
    await addHoldings(userId, broker.id, [
      { ticker: 'AAPL', type: 'equity', quantity: '10', price: '150', costBasis: null },
      { ticker: null, type: 'equity', quantity: '0.5', price: '20.01', costBasis: null },
      { ticker: null, type: 'equity', quantity: '0.5', price: '30.01', costBasis: null },
    ]);
    await addHoldings(userId, depot.id, [
      { ticker: 'SAP.DE', type: 'equity', currency: 'EUR', quantity: '3', price: '200', costBasis: null },
    ]);
    await addHoldings(userId, franc.id, [
      { ticker: 'CHSPI', type: 'etf', currency: 'CHF', quantity: '1', price: '100', costBasis: null },
    ]);
    // A close older than the price the provider sent with the position (2026-11-19): the position's own
    // price is the newer one, on Assets' line and in the account's figure alike.
    await w.t.database.pool.query(
      `insert into security_price (security_id, date, close)
       select h.security_id, '2026-11-18', 140 from holding h
       join security s on s.id = h.security_id where h.account_id = $1 and s.ticker = 'AAPL'`,
      [broker.id],
    );
    const { body } = await investments(browser);

    // Each account's holdings are the figure its daily balances add to cash (holdingsValueOn, per account).
    const expected = new Map<string, number>();
    for (const account of [broker, depot, franc]) {
      const scope = { userId, accountId: account.id, currency: account.currency };
      expected.set(account.id, (await holdingsValueOn(db, scope, ['2026-11-25'])).get('2026-11-25')!);
    }
    // 10.005 and 15.005 are each rounded up: 10.01 + 15.01, where rounding their sum once gives 25.01.
    expect(expected.get(broker.id)).toBe(150_000 + 1_001 + 1_501);
    expect(expected.get(depot.id)).toBe(60_000);
    // The lines of each account add up to its holdings figure (each line rounded on its own).
    for (const account of [broker, depot, franc]) {
      const lines = body.data.holdings.filter((holding) => holding.accountId === account.id);
      const summed = lines.reduce((total, holding) => total + holding.marketValue.amountMinor, 0);
      expect(summed).toBe(expected.get(account.id));
    }
    const byId = new Map(body.data.accounts.map((account) => [account.accountId, account.brokerage]));
    expect(byId.get(broker.id)).toEqual({
      balance: usd(200_000),
      holdings: usd(152_502),
      cash: usd(47_498),
      balanceConverted: usd(200_000),
    });
    expect(byId.get(depot.id)).toEqual({
      balance: eur(70_000),
      holdings: eur(60_000),
      cash: eur(10_000),
      balanceConverted: usd(75_600),
    });
    const chf = (amountMinor: number) => ({ amountMinor, currency: 'CHF' });
    expect(byId.get(franc.id)).toEqual({
      balance: chf(12_000),
      holdings: chf(expected.get(franc.id)!),
      cash: chf(12_000 - expected.get(franc.id)!),
      balanceConverted: null,
    });
    // Each currency's sums converted once; francs have no rate: left out and counted.
    expect(body.data.brokerage).toEqual({
      balance: usd(200_000 + 75_600),
      holdings: usd(152_502 + 64_800),
      cash: usd(200_000 + 75_600 - 152_502 - 64_800),
      accountCount: 3,
      unconvertedCount: 1,
    });
  });

  it('shows a user only their own holdings', async () => {
    const owner = await signedInUser(w);
    const broker = await addAccount(w.t.database.db, owner.userId, { name: 'Broker', type: 'brokerage' });
    await addHoldings(owner.userId, broker.id, [
      { ticker: 'AAPL', type: 'equity', quantity: '1', price: '100', costBasis: null },
    ]);
    const other = await signedInUser(w);
    const { body } = await investments(other.browser);
    expect(body.data.holdings).toEqual([]);
    expect(body.data.totals.marketValue).toEqual(usd(0));
    expect((await investments(owner.browser)).body.data.holdings).toHaveLength(1);
  });
});
