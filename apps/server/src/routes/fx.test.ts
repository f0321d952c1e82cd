import { Writable } from 'node:stream';
import { ecbRatesForRange, lastFxFetch, mergeStoredPreferences } from '@lodestar/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEcbXml } from '../fx/ecb-client';
import { formatRate, type RatesView } from '../fx/rates-view';
import { refreshFxNow, runFxJob } from '../fx/refresher';
import { createLogger } from '../logger';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { ECB_FULL_PATH, ECB_NINETY_DAYS_PATH, ecbXml, startFakeEcb, type FakeEcb } from '../testing/fake-ecb';
import { addAccount, signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

let ecb: FakeEcb;

const FULL = ecbXml([
  { date: '2026-11-20', rates: { USD: '1.0842', JPY: '162.53', GBP: '0.86115' } },
  { date: '2026-11-19', rates: { USD: '1.0800', JPY: '161.90', GBP: '0.86000' } },
  { date: '2010-01-04', rates: { USD: '1.4389', JPY: '133.26', GBP: '0.89760' } },
]);
const NINETY_DAYS = ecbXml([
  { date: '2026-11-21', rates: { USD: '1.1000', JPY: '163.00', GBP: '0.87000' } },
  { date: '2026-11-20', rates: { USD: '1.0842', JPY: '162.53', GBP: '0.86115' } },
]);

const NOW = new Date('2026-11-22T17:00:00Z'); // 12:00 in New York, the default time zone
let w: AuthWorld;
beforeAll(async () => {
  ecb = await startFakeEcb();
  // The fake listens on 127.0.0.1, which the outbound-request guard refuses unless allowed.
  w = await createAuthWorld(
    { FX_RATES_URL: `${ecb.url}/`, OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' },
    { now: () => NOW },
  );
});
afterAll(async () => {
  await w.close();
  await ecb.close();
});
beforeEach(() => {
  ecb.requests.length = 0;
  ecb.feeds.clear();
});

const db = () => w.t.database.db;
const FULL_PATH = ECB_FULL_PATH;
const NINETY_PATH = ECB_NINETY_DAYS_PATH;
const quietDeps = () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger('info', sink) };
};

describe('ECB feed', () => {
  it('parses the ECB layout and skips malformed entries', () => {
    const rows = parseEcbXml(
      ecbXml([
        { date: '2026-11-20', rates: { USD: '1.0842', XX: '1', JPY: '-3', GBP: 'n/a', CHF: '0.9363' } },
      ]),
    );
    expect(rows).toEqual([
      { date: '2026-11-20', currency: 'USD', perEur: '1.0842' },
      { date: '2026-11-20', currency: 'CHF', perEur: '0.9363' },
    ]);
    expect(() => parseEcbXml('<html><body>Service unavailable</body></html>')).toThrow(
      'Invalid response format',
    );
  });

  it('backfills the full history first, then reads the 90-day feed, over POST /fx/refresh', async () => {
    const { browser } = await signedInUser(w);
    ecb.feeds.set(FULL_PATH, { status: 200, body: FULL });
    const first = await browser.json<Envelope<{ fetched: number; lastFetchedAt: string }>>(
      '/api/v1/fx/refresh',
      {
        method: 'POST',
      },
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ fetched: 9, lastFetchedAt: NOW.toISOString() });
    expect(ecb.requests).toEqual([FULL_PATH]);

    ecb.feeds.set(NINETY_PATH, { status: 200, body: NINETY_DAYS });
    const second = await browser.json<Envelope<{ fetched: number }>>('/api/v1/fx/refresh', {
      method: 'POST',
    });
    expect(second.body.data.fetched).toBe(6);
    expect(ecb.requests).toEqual([FULL_PATH, NINETY_PATH]);
    expect(await ecbRatesForRange(db(), ['USD'], '2026-11-21', '2026-11-22')).toEqual([
      { date: '2026-11-20', currency: 'USD', perEur: '1.0842' },
      { date: '2026-11-21', currency: 'USD', perEur: '1.1000' },
    ]);
  });

  it('answers 502 and keeps the last known rates when the feed fails, logging one line without the URL', async () => {
    const { browser } = await signedInUser(w);
    const before = await ecbRatesForRange(db(), ['USD', 'JPY', 'GBP'], '2026-11-22', '2026-11-22');
    const fetchedAt = await lastFxFetch(db());
    const logged = w.t.logLines.length;
    ecb.feeds.set(NINETY_PATH, { status: 404, body: 'gone' });
    const failed = await browser.json<Envelope<unknown>>('/api/v1/fx/refresh', { method: 'POST' });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe('Exchange rates are unavailable right now');
    expect(await ecbRatesForRange(db(), ['USD', 'JPY', 'GBP'], '2026-11-22', '2026-11-22')).toEqual(before);
    expect(await lastFxFetch(db())).toEqual(fetchedAt);
    const lines = w.t.logLines.slice(logged).filter((line) => line.component === 'fx');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toBe('Exchange rates not updated (HTTP 404); keeping the last known rates');
    expect(JSON.stringify(lines)).not.toContain('127.0.0.1');

    ecb.feeds.set(NINETY_PATH, { status: 200, body: '<html>maintenance</html>' });
    expect((await browser.json('/api/v1/fx/refresh', { method: 'POST' })).status).toBe(502);
  });

  it('reaches a loopback feed only when OUTBOUND_ALLOW_PRIVATE allows it', async () => {
    // No feed is set: the fake answers 404, so the allowed request reaches it without storing anything.
    const { logger, lines } = quietDeps();
    const refused = { ...w.t.config, outbound: { ...w.t.config.outbound, allowPrivate: false } };
    await expect(refreshFxNow({ db: db(), logger, config: refused, retryDelayMs: 1 })).rejects.toThrow(
      'non-public address, which is not allowed',
    );
    expect(ecb.requests).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual([
      'Exchange rates not updated (The URL leads to a loopback, private or otherwise non-public address, which is not allowed); keeping the last known rates',
    ]);

    await expect(refreshFxNow({ db: db(), logger, config: w.t.config, retryDelayMs: 1 })).rejects.toThrow(
      'HTTP 404',
    );
    expect(ecb.requests).toHaveLength(1);
  });

  it('retries a server error three times in all, then gives up', async () => {
    ecb.feeds.set(NINETY_PATH, { status: 503, body: 'busy' });
    const { logger, lines } = quietDeps();
    await expect(refreshFxNow({ db: db(), logger, config: w.t.config, retryDelayMs: 1 })).rejects.toThrow(
      'HTTP 503',
    );
    expect(ecb.requests).toEqual([NINETY_PATH, NINETY_PATH, NINETY_PATH]);
    expect(lines.map((line) => line.msg)).toEqual([
      'Exchange rates not updated (HTTP 503); keeping the last known rates',
    ]);
  });

  it('the scheduled job fetches only when the last fetch is 12 hours old, and not at all when turned off', async () => {
    ecb.feeds.set(NINETY_PATH, { status: 200, body: NINETY_DAYS });
    const { logger } = quietDeps();
    const noSnapshot = '/nonexistent/ecb-reference-rates.csv.gz';
    const soon = await runFxJob({
      db: db(),
      logger,
      config: w.t.config,
      now: () => new Date(NOW.getTime() + 60_000),
      snapshotFile: noSnapshot,
    });
    expect(soon).toEqual({ successful: 0, failed: 0 });
    expect(ecb.requests).toEqual([]);

    const off = await runFxJob({
      db: db(),
      logger,
      config: { ...w.t.config, fx: { ...w.t.config.fx, refresh: false } },
      now: () => new Date(NOW.getTime() + 13 * 3_600_000),
      snapshotFile: noSnapshot,
    });
    expect(off).toEqual({ successful: 0, failed: 0 });
    expect(ecb.requests).toEqual([]);

    const later = new Date(NOW.getTime() + 13 * 3_600_000);
    const due = await runFxJob({
      db: db(),
      logger,
      config: w.t.config,
      now: () => later,
      snapshotFile: noSnapshot,
    });
    expect(due).toEqual({ successful: 1, failed: 0 });
    expect(ecb.requests).toEqual([NINETY_PATH]);
    expect(await lastFxFetch(db())).toEqual(later);

    // A failed fetch is counted, not thrown: the job ends and the next tick tries again.
    ecb.requests.length = 0;
    ecb.feeds.set(NINETY_PATH, { status: 404, body: 'gone' });
    const failed = await runFxJob({
      db: db(),
      logger,
      config: w.t.config,
      now: () => new Date(later.getTime() + 13 * 3_600_000),
      snapshotFile: noSnapshot,
    });
    expect(failed).toEqual({ successful: 0, failed: 1 });
  });
});

describe('rates and manual rates', () => {
  let validating: Awaited<ReturnType<typeof signedInUser>>['browser'] | undefined;
  it('lists the user’s currencies against the default currency, with manual rates beating the ECB', async () => {
    const { browser, userId } = await signedInUser(w);
    await addAccount(db(), userId, { currency: 'EUR', name: 'Girokonto' });
    await addAccount(db(), userId, { currency: 'GBP', name: 'Current account' });
    await addAccount(db(), userId, { currency: 'ARS', name: 'Cuenta' });
    await addAccount(db(), userId, { currency: 'USD' });
    const listed = await browser.json<Envelope<RatesView>>('/api/v1/fx/rates');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({
      currency: 'USD',
      rates: [
        { currency: 'EUR', rate: '1.1', date: '2026-11-21', source: 'ecb', stale: false, estimated: false },
        {
          currency: 'GBP',
          rate: '1.26437',
          date: '2026-11-21',
          source: 'ecb',
          stale: false,
          estimated: false,
        },
      ],
      missing: ['ARS'],
      held: ['ARS', 'EUR', 'GBP', 'USD'],
      manualRates: [],
    });
    expect(listed.body.data.lastFetchedAt).not.toBeNull();

    const saved = await browser.json<Envelope<{ id: string; rate: string }>>('/api/v1/fx/rates', {
      body: { base: 'eur', quote: 'USD', date: '2026-11-21', rate: 1.25 },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ base: 'EUR', quote: 'USD', date: '2026-11-21', rate: '1.25' });
    await browser.json('/api/v1/fx/rates', {
      body: { base: 'USD', quote: 'ARS', date: '2026-11-01', rate: '1000' },
    });
    const after = await browser.json<Envelope<RatesView>>('/api/v1/fx/rates');
    const ars = after.body.data.manualRates.find((rate) => rate.quote === 'ARS');
    expect(after.body.data.rates).toEqual([
      {
        id: ars?.id,
        currency: 'ARS',
        rate: '0.001',
        date: '2026-11-01',
        source: 'manual',
        stale: true,
        estimated: false,
      },
      {
        id: saved.body.data.id,
        currency: 'EUR',
        rate: '1.25',
        date: '2026-11-21',
        source: 'manual',
        stale: false,
        estimated: false,
      },
      { currency: 'GBP', rate: '1.26437', date: '2026-11-21', source: 'ecb', stale: false, estimated: false },
    ]);
    expect(after.body.data.missing).toEqual([]);
    const pair = await browser.json<Envelope<RatesView>>('/api/v1/fx/rates?base=GBP&quote=JPY');
    expect(pair.body.data).toMatchObject({ currency: 'JPY', rates: [{ currency: 'GBP', rate: '187.356' }] });

    const stranger = await signedInUser(w);
    expect(
      (await stranger.browser.json<Envelope<RatesView>>('/api/v1/fx/rates')).body.data.manualRates,
    ).toEqual([]);
    const theirDelete = await stranger.browser.json(`/api/v1/fx/rates/${saved.body.data.id}`, {
      method: 'DELETE',
    });
    expect(theirDelete.status).toBe(404);
    const deleted = await browser.json(`/api/v1/fx/rates/${saved.body.data.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const back = await browser.json<Envelope<RatesView>>('/api/v1/fx/rates?base=EUR');
    expect(back.body.data.rates).toEqual([
      { currency: 'EUR', rate: '1.1', date: '2026-11-21', source: 'ecb', stale: false, estimated: false },
    ]);
    expect((await browser.json('/api/v1/fx/rates/not-an-id', { method: 'DELETE' })).status).toBe(404);
  });

  it('quotes against the default currency the user chose', async () => {
    const { browser, userId } = await signedInUser(w);
    await mergeStoredPreferences(db(), userId, { default_currency: 'EUR' });
    await addAccount(db(), userId, { currency: 'USD' });
    const listed = await browser.json<Envelope<RatesView>>('/api/v1/fx/rates');
    expect(listed.body.data).toMatchObject({
      currency: 'EUR',
      rates: [{ currency: 'USD', rate: '0.909091' }],
    });
  });

  it.each([
    [
      { base: 'XYZ', quote: 'USD', date: '2026-11-01', rate: 1 },
      'base',
      'Use a three-letter ISO 4217 currency code, like USD',
    ],
    [
      { base: 'EUR', quote: 'USD', date: '2026-11-01', rate: 0 },
      'rate',
      'Enter the rate as a positive number',
    ],
    [
      { base: 'EUR', quote: 'USD', date: '2026-11-01', rate: -1.5 },
      'rate',
      'Enter the rate as a positive number',
    ],
    [
      { base: 'EUR', quote: 'USD', date: '2026-11-01', rate: '1,08' },
      'rate',
      'Enter the rate as a positive number',
    ],
    [
      { base: 'EUR', quote: 'USD', date: '2026-02-30', rate: 1 },
      'date',
      'Date must be a real date written YYYY-MM-DD',
    ],
    [{ base: 'EUR', quote: 'USD', date: '2026-11-23', rate: 1 }, 'date', 'The date cannot be in the future'],
    [{ base: 'EUR', quote: 'eur', date: '2026-11-01', rate: 1 }, 'quote', 'Choose two different currencies'],
  ])('refuses a manual rate %j', async (body, field, message) => {
    validating ??= (await signedInUser(w)).browser;
    const browser = validating;
    const result = await browser.json<Envelope<unknown>>('/api/v1/fx/rates', { body });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe('Validation failed');
    expect(result.body.items).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('refuses a bad currency in the query', async () => {
    validating ??= (await signedInUser(w)).browser;
    const browser = validating;
    const result = await browser.json<Envelope<unknown>>('/api/v1/fx/rates?quote=DOLLARS');
    expect(result.status).toBe(400);
    expect(result.body.items).toContainEqual(
      expect.objectContaining({
        field: 'quote',
        message: 'Use a three-letter ISO 4217 currency code, like USD',
      }),
    );
  });

  it('needs a session', async () => {
    expect((await w.browser().json('/api/v1/fx/rates')).status).toBe(401);
    expect((await w.browser().json('/api/v1/fx/refresh', { method: 'POST' })).status).toBe(401);
  });

  it('formats rates as plain decimals', () => {
    expect([1.0842, 162.53, 0.0061728395, 1234567.891, 1e-9].map(formatRate)).toEqual([
      '1.0842',
      '162.53',
      '0.00617284',
      '1234568',
      '0.000000001',
    ]);
  });
});
