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
import { refreshSecurityPrices, RUN_MINUTES } from './security-prices';

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
  twelve.credits = null;
  twelve.refused = 0;
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
    expect(await run(provider)).toEqual({ symbols: 0, failed: 0, written: 0, revalued: 0, deferred: 0 });
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

describe('pacing for Twelve Data’s API credits', () => {
  /**
   * Time that passes only when the job waits, starting at the job's hour; the fake's credits come back
   * when it reaches a new minute, as Twelve Data's do.
   */
  function minutesClock() {
    let now = Date.parse(`${TODAY}T22:30:00Z`);
    const waits: number[] = [];
    return {
      waits,
      elapsed: () => now - Date.parse(`${TODAY}T22:30:00Z`),
      clock: {
        now: () => now,
        async sleep(ms: number) {
          waits.push(ms);
          const minute = Math.floor(now / 60_000);
          now += ms;
          if (twelve.credits && Math.floor(now / 60_000) !== minute) twelve.credits.used = 0;
        },
      },
    };
  }
  const paced = (creditsPerMinute: number, clock: ReturnType<typeof minutesClock>['clock']) =>
    refreshSecurityPrices({
      db: t.db,
      provider: createProvider(
        parseConfig({
          DATABASE_URL: t.url,
          ENCRYPTION_KEY: SECRET,
          AUTH_SECRET: SECRET,
          CRON_SECRET: SECRET,
          OUTBOUND_ALLOW_PRIVATE: 'true',
          MARKET_DATA_PROVIDER: 'twelve-data',
          TWELVE_DATA_BASE_URL: twelve.url,
          TWELVE_DATA_API_KEY: twelve.apiKey,
          TWELVE_DATA_CREDITS_PER_MINUTE: String(creditsPerMinute),
        }),
      ),
      logger: createLogger('silent'),
      today: TODAY,
      clock,
    });
  const watch = (symbols: string[]) =>
    t.db.insert(userPreferences).values({ userId, preferences: { watchlist_symbols: symbols } });

  it('asks for at most the plan’s credits in any minute, so a backfill of many symbols is never refused', async () => {
    await watch(['VTI', 'VFIAX', 'VOD.L', 'NOPE1']);
    twelve.credits = { perMinute: 2, used: 0 };
    const time = minutesClock();
    expect(await paced(2, time.clock)).toMatchObject({ symbols: 5, failed: 0, deferred: 0 });
    expect(twelve.refused).toBe(0);
    expect(twelve.requests).toHaveLength(5);
    expect(await closes()).toEqual(fakeCloses('AAPL', FIRST_DAY));
    // Five requests, two a minute: the fifth starts two minutes after the first.
    expect(time.elapsed()).toBe(120_000);
  });

  it('waits a minute and asks again when refused, and stops asking when refused again', async () => {
    await watch(['VTI', 'VFIAX']);
    // A plan smaller than configured: the second request of a minute is refused, then asked again.
    twelve.credits = { perMinute: 1, used: 0 };
    const time = minutesClock();
    expect(await paced(2, time.clock)).toMatchObject({ symbols: 3, failed: 0, deferred: 0 });
    expect(twelve.refused).toBe(2);
    expect(time.waits.filter((ms) => ms === 60_000)).toHaveLength(2);
    expect(await closes()).toEqual(fakeCloses('AAPL', FIRST_DAY));

    // Credits spent (the day's): one symbol refused twice, the others left for the next run.
    await t.db.execute(sql`delete from security_price`);
    twelve.requests.length = 0;
    twelve.credits = null;
    twelve.failure = { status: 429 };
    expect(await paced(2, minutesClock().clock)).toMatchObject({ symbols: 1, failed: 1, deferred: 2 });
    expect(twelve.requests).toHaveLength(2);
    expect(await closes()).toEqual([]);
  });

  it(`asks for at most ${RUN_MINUTES} minutes of credits in one run and leaves the rest for the next`, async () => {
    // 25 symbols the provider does not know, and VTI: with AAPL, 27 to ask for at one a minute.
    await watch([...Array.from({ length: 25 }, (_, index) => `ZZ${index}`), 'VTI']);
    const time = minutesClock();
    expect(await paced(1, time.clock)).toMatchObject({ symbols: RUN_MINUTES, failed: 0, deferred: 2 });
    expect(twelve.requests).toHaveLength(RUN_MINUTES);
    expect(time.elapsed()).toBe((RUN_MINUTES - 1) * 60_000);
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
