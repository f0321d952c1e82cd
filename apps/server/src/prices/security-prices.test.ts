import { randomUUID } from 'node:crypto';
import {
  balanceSnapshot,
  financialAccount,
  holding,
  security,
  securityPrice,
  user,
  userPreferences,
} from '@lodestar/db';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/env';
import { createBackground } from '../jobs/handlers';
import { createLogger } from '../logger';
import { createProvider } from '../market-data/service';
import { startFakeTwelveData, type FakeTwelveData } from '../testing/fake-twelve-data';
import { startFakeYahooFinance, type FakeYahooFinance } from '../testing/fake-yahoo-finance';
import { refreshSecurityPrices } from './security-prices';

/**
 * The daily closes of held and watched securities (ADR 065), fetched from both market-data providers
 * through loopback fakes of their documented history endpoints into `security_price`.
 */

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const TODAY = '2026-11-25';
const FIRST_DAY = '2026-08-03';
let t: TestDatabase;
let yahoo: FakeYahooFinance;
let twelve: FakeTwelveData;

function configFor(provider: 'yahoo' | 'twelve-data') {
  return parseConfig({
    DATABASE_URL: t.url,
    ENCRYPTION_KEY: SECRET,
    AUTH_SECRET: SECRET,
    CRON_SECRET: SECRET,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    MARKET_DATA_PROVIDER: provider,
    YAHOO_FINANCE_BASE_URL: yahoo.url,
    TWELVE_DATA_BASE_URL: twelve.url,
    TWELVE_DATA_API_KEY: twelve.apiKey,
  });
}

const run = (provider: 'yahoo' | 'twelve-data', today = TODAY) =>
  refreshSecurityPrices({
    db: t.db,
    provider: createProvider(configFor(provider)),
    logger: createLogger('silent'),
    today,
  });

beforeAll(async () => {
  [t, yahoo, twelve] = await Promise.all([
    createTestDatabase(),
    startFakeYahooFinance(TODAY),
    startFakeTwelveData('td-test-key', TODAY),
  ]);
});
afterAll(async () => {
  await Promise.all([t.drop(), yahoo.close(), twelve.close()]);
});

let securityId: string;
let userId: string;
let accountId: string;

/** A user with a brokerage account holding AAPL whose history starts on FIRST_DAY. */
beforeEach(async () => {
  yahoo.requests.length = 0;
  twelve.requests.length = 0;
  yahoo.failure = null;
  twelve.failure = null;
  await t.db.execute(sql`delete from security_price`);
  await t.db.execute(sql`delete from holding`);
  await t.db.execute(sql`delete from security`);
  await t.db.execute(sql`delete from user_preferences`);
  userId = randomUUID();
  await t.db.insert(user).values({ id: userId, name: 'Grace Hopper', email: `${userId}@example.com` });
  const [account] = await t.db
    .insert(financialAccount)
    .values({
      userId,
      name: 'Brokerage',
      type: 'brokerage',
      provider: 'plaid',
      currency: 'USD',
      currentBalanceMinor: 250_000,
      balanceAsOf: new Date(`${TODAY}T20:00:00Z`),
    })
    .returning();
  const [stock] = await t.db
    .insert(security)
    .values({
      provider: 'plaid',
      externalId: 'sec-aapl',
      ticker: 'AAPL',
      name: 'Apple',
      type: 'equity',
      currency: 'USD',
    })
    .returning();
  securityId = stock!.id;
  accountId = account!.id;
  await t.db.insert(holding).values({
    userId,
    accountId: account!.id,
    securityId,
    quantity: '10',
    price: '190',
    currency: 'USD',
    asOf: TODAY,
  });
  await t.db.insert(balanceSnapshot).values({
    userId,
    accountId: account!.id,
    date: FIRST_DAY,
    balanceMinor: 100_000,
    currency: 'USD',
  });
});

async function closes(id = securityId) {
  const result = await t.db.execute<{ date: string; close: string }>(sql`
    select date::text as date, close::text as close from security_price
    where security_id = ${id} order by date`);
  return result.rows.map((row) => ({ date: row.date, close: String(Number(row.close)) }));
}

const fakeCloses = (symbol: string, from: string, to = TODAY) =>
  yahoo.securities
    .find((item) => item.symbol === symbol)!
    .closes.filter((point) => point.date >= from && point.date <= to)
    .map((point) => ({ date: point.date, close: String(Number(point.close)) }));

describe.each(['yahoo', 'twelve-data'] as const)('security closes from %s', (provider) => {
  const requests = () => (provider === 'yahoo' ? yahoo.requests : twelve.requests);

  it('backfills a held security from its account’s first day to today, then only what is missing', async () => {
    const first = await run(provider);
    expect(first).toMatchObject({ symbols: 1, failed: 0 });
    expect(await closes()).toEqual(fakeCloses('AAPL', FIRST_DAY));
    expect(requests()).toHaveLength(1);

    // Run again the same day: complete, nothing asked.
    requests().length = 0;
    expect(await run(provider)).toEqual({ symbols: 0, failed: 0, written: 0, revalued: 0 });
    expect(requests()).toHaveLength(0);

    // Two days later: one request, from the newest stored close on.
    await t.db.execute(sql`delete from security_price where date > '2026-11-20'`);
    const before = await closes();
    const next = await run(provider);
    expect(next.written).toBe(fakeCloses('AAPL', '2026-11-20').length);
    expect(await closes()).toEqual(fakeCloses('AAPL', FIRST_DAY));
    expect((await closes()).slice(0, before.length)).toEqual(before);
  });

  it('values the brokerage’s history again with the new closes, each day with the last close on or before it', async () => {
    expect(await run(provider)).toMatchObject({ revalued: 1 });
    const result = await t.db.execute<{ date: string; balance: string }>(sql`
      select date::text as date, balance_minor::text as balance from balance_snapshot
      where account_id = ${accountId} order by date`);
    const history = new Map(result.rows.map((row) => [row.date, Number(row.balance)]));
    const close = (date: string) => Number(fakeCloses('AAPL', date, date)[0]!.close);
    // No transactions: cash is the balance less 10 shares at today's close, on every day.
    const on = (date: string, closeDate = date) =>
      250_000 + Math.round(10 * (close(closeDate) - close(TODAY)) * 100);
    expect(history.get(TODAY)).toBe(250_000);
    expect(history.get(FIRST_DAY)).toBe(on(FIRST_DAY));
    expect(history.get('2026-10-14')).toBe(on('2026-10-14'));
    // A Saturday and Sunday: Friday's close.
    expect(history.get('2026-10-17')).toBe(on('2026-10-16'));
    expect(history.get('2026-10-18')).toBe(on('2026-10-16'));
    expect(history.size).toBe(115);
  });

  it('writes nothing when the provider fails, and keeps the last known closes', async () => {
    await t.db.insert(securityPrice).values({ securityId, date: '2026-11-02', close: '123.45' });
    if (provider === 'yahoo') yahoo.failure = { status: 503 };
    else twelve.failure = { status: 503 };
    expect(await run(provider)).toMatchObject({ symbols: 1, failed: 1, written: 0 });
    expect(await closes()).toEqual([{ date: '2026-11-02', close: '123.45' }]);
  });

  it('leaves alone a security its connector prices, and closes in another currency than the holding’s', async () => {
    const [account] = await t.db
      .insert(financialAccount)
      .values({ userId, name: 'Demo', type: 'brokerage', provider: 'demo', currency: 'USD' })
      .returning();
    const others = await t.db
      .insert(security)
      .values([
        {
          provider: 'demo',
          externalId: 'demo-vti',
          ticker: 'VTI',
          name: 'VTI',
          type: 'etf',
          currency: 'USD',
        },
        {
          provider: 'plaid',
          externalId: 'sec-vfiax',
          ticker: 'VFIAX',
          name: 'Fund',
          type: 'mutual_fund',
          currency: 'EUR',
        },
      ])
      .returning();
    for (const other of others)
      await t.db.insert(holding).values({
        userId,
        accountId: account!.id,
        securityId: other.id,
        quantity: '1',
        price: '1',
        currency: other.currency,
        asOf: TODAY,
      });
    await run(provider);
    expect(requests().some((request) => request.includes('VTI'))).toBe(false);
    for (const other of others) expect(await closes(other.id)).toEqual([]);
    expect(await closes()).toEqual(fakeCloses('AAPL', FIRST_DAY));
  });

  it('keeps a year of closes for a watched symbol, under a security of its own', async () => {
    await t.db.insert(userPreferences).values({ userId, preferences: { watchlist_symbols: ['vti'] } });
    await run(provider);
    const [watched] = (
      await t.db.execute<{ id: string; currency: string }>(
        sql`select id, currency from security where provider = 'market' and external_id = 'VTI'`,
      )
    ).rows;
    expect(watched?.currency).toBe('USD');
    expect(await closes(watched!.id)).toEqual(fakeCloses('VTI', '2025-11-25'));
  });
});

it('runs as the scheduled security-prices job', async () => {
  const background = createBackground({
    db: t.db,
    config: configFor('yahoo'),
    logger: createLogger('silent'),
    mailer: { sendDue: async () => ({ successful: 0, failed: 0 }) } as never,
    now: () => new Date(`${TODAY}T22:30:00Z`),
    instanceId: randomUUID(),
  });
  expect(await background.handlers['security-prices']()).toEqual({ successful: 1, failed: 0 });
  expect(await closes()).toEqual(fakeCloses('AAPL', FIRST_DAY));
});
