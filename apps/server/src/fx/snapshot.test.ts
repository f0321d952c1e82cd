import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ecbRatesForRange, type EcbRateRow, lastFxFetch } from '@lodestar/db';
import { addDays } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { type TestBrowser, waitForSync } from '../testing/browser';
import type { DashboardView } from '../use-cases/dashboard/dashboard';
import type { PortfolioView } from '../use-cases/dashboard/portfolio';
import type { Envelope } from '../use-cases/transactions/test-fixtures';
import { runFxJob } from './refresher';
import { decodeFxSnapshot, encodeFxSnapshot, FX_SNAPSHOT_FILE, loadFxSnapshot } from './snapshot';

// Test data made up here (not ECB figures): a rate for every working day since the demo's history begins.
const TODAY = '2026-11-20';
const clock = new Date(`${TODAY}T15:00:00Z`);
const DAYS = Array.from({ length: 2_600 }, (_, index) => addDays('2019-12-02', index)).filter(
  (date) => date <= TODAY && ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()),
);
const ROWS: EcbRateRow[] = DAYS.flatMap((date, index) => [
  { date, currency: 'USD', perEur: (1.05 + (index % 97) / 1000).toFixed(4) },
  { date, currency: 'JPY', perEur: (130 + (index % 41) / 10).toFixed(2) },
  // A currency the ECB stopped publishing: no cell after its last day.
  ...(date < '2022-03-01' ? [{ date, currency: 'RUB', perEur: '85.3' }] : []),
]);

function quietLogger() {
  const lines: { msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

describe('the compact snapshot format', () => {
  it('round-trips every rate, oldest day first, with empty cells where none was published', () => {
    const file = encodeFxSnapshot([...ROWS].reverse());
    const decoded = decodeFxSnapshot(file);
    const key = (row: EcbRateRow) => `${row.date} ${row.currency}`;
    expect(decoded.map(key).sort()).toEqual(ROWS.map(key).sort());
    expect(decoded[0]?.date).toBe(DAYS[0]);
    expect(decoded.at(-1)?.date).toBe(TODAY);
    expect(decoded.find((row) => row.date === DAYS[10] && row.currency === 'USD')?.perEur).toBe(
      ROWS.find((row) => row.date === DAYS[10] && row.currency === 'USD')?.perEur,
    );
    // Compact: a few bytes per rate (the ECB's own XML spends ~40).
    expect(file.length / ROWS.length).toBeLessThan(4);
  });

  it.each([
    ['a wrong header', 'day,USD\n2026-11-20,1.1\n'],
    ['a malformed rate', 'date,USD\n2026-11-20,1e3\n'],
    ['a missing cell', 'date,USD,JPY\n2026-11-20,1.1\n'],
    ['a bad date', 'date,USD\n2026-13-20,1.1\n'],
  ])('refuses %s', (_name, text) => {
    expect(() => decodeFxSnapshot(gzipSync(text))).toThrow(RangeError);
  });
});

describe('the snapshot shipped in the package', () => {
  it('holds the ECB history from its first publication day, in the compact format', async () => {
    const rows = decodeFxSnapshot(await readFile(FX_SNAPSHOT_FILE));
    expect(rows[0]?.date).toBe('1999-01-04');
    expect((rows.at(-1)?.date ?? '') >= '2025-05-09').toBe(true);
    const rate = (date: string, currency: string) =>
      rows.find((row) => row.date === date && row.currency === currency)?.perEur;
    // The ECB's first reference rates, as published on 4 January 1999.
    expect(rate('1999-01-04', 'USD')).toBe('1.1789');
    expect(rate('1999-01-04', 'JPY')).toBe('133.73');
    expect(rate('1999-01-04', 'GBP')).toBe('0.7111');
    const currencies = new Set(rows.map((row) => row.currency));
    for (const code of ['USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'INR', 'BRL', 'SEK', 'PLN']) {
      expect(currencies.has(code), code).toBe(true);
    }
    // Every working day: about 255 publication days a year.
    expect(new Set(rows.map((row) => row.date)).size).toBeGreaterThan(26 * 255);
  });
});

describe('an install without network', () => {
  let w: AuthWorld;
  let folder: string;
  let file: string;
  beforeAll(async () => {
    // The feed is unreachable: nothing listens on port 9 of the loopback address (which the outbound
    // guard is allowed to try, so the failure is the network's).
    w = await createAuthWorld(
      { FX_RATES_URL: 'http://127.0.0.1:9/stats/eurofxref', OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' },
      { now: () => clock },
    );
    folder = await mkdtemp(join(tmpdir(), 'lodestar-fx-'));
    file = join(folder, 'ecb-reference-rates.csv.gz');
    await writeFile(file, encodeFxSnapshot(ROWS));
  });
  afterAll(async () => {
    await w.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('stores the shipped history once, even though the feed fails', async () => {
    const { logger, lines } = quietLogger();
    const db = w.t.database.db;
    expect(
      await runFxJob({
        db,
        logger,
        config: w.t.config,
        now: () => clock,
        snapshotFile: file,
        retryDelayMs: 1,
      }),
    ).toEqual({ successful: 0, failed: 1 });
    expect(lines.map((line) => line.msg)).toEqual([
      'Exchange-rate history loaded from the shipped snapshot',
      'Exchange rates not updated (Network error); keeping the last known rates',
    ]);
    expect(await lastFxFetch(db)).toBeNull();
    expect(await ecbRatesForRange(db, ['USD'], '2020-01-06', '2020-01-06')).toContainEqual(
      ROWS.find((row) => row.date === '2020-01-06' && row.currency === 'USD'),
    );
    // Already there: the next run does not write it again.
    expect(await loadFxSnapshot({ db, logger, file })).toEqual({
      state: 'current',
      from: DAYS[0],
      to: TODAY,
    });
    expect(await loadFxSnapshot({ db, logger, file: join(folder, 'none.csv.gz') })).toEqual({
      state: 'absent',
    });
    // It knows from the file's first and last day alone, without reading a row per rate: a file whose
    // middle is damaged but whose span is stored is still current (decoding it would throw).
    const text = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    text[2] = 'not a day,1.2';
    const damaged = join(folder, 'damaged.csv.gz');
    await writeFile(damaged, gzipSync(text.join('\n')));
    expect(() => decodeFxSnapshot(gzipSync(text.join('\n')))).toThrow(RangeError);
    expect(await loadFxSnapshot({ db, logger, file: damaged })).toEqual({
      state: 'current',
      from: DAYS[0],
      to: TODAY,
    });
  });

  it('converts the demo bank’s Euro account into USD on every day of its history', async () => {
    const { browser } = await w.signUp();
    const created = await browser.json('/api/v1/connections/demo', { body: { variant: 'standard' } });
    expect(created.status).toBe(201);
    await waitForSync(browser);

    const dashboard = await data<DashboardView>(browser, '/dashboard');
    expect(dashboard.fx).toEqual({ missing: [], stale: [], estimated: [] });
    const euro = dashboard.accounts
      .flatMap((group) => group.accounts)
      .find((a) => a.native.currency === 'EUR');
    expect(euro?.converted?.currency).toBe('USD');

    const history = await data<PortfolioView>(browser, '/portfolio?range=ALL');
    // Every day of the history converts at a rate of that day or before: none left out, none estimated.
    expect(history.points.length).toBeGreaterThan(700);
    expect(history.fx).toEqual({ missing: [], stale: [], estimated: [] });
    expect(history.points.filter((point) => point.estimated)).toEqual([]);
    expect(history.points.at(-1)?.netWorth).toBe(dashboard.summary.netWorth.amountMinor);
    // The account count of each day includes the Euro account once it exists (a currency without a rate
    // would be left out of the day and its accounts uncounted).
    const counts = await w.t.database.pool.query<{ date: string; n: number }>(
      `select date::text as date, sum(account_count)::int as n from net_worth_daily
       where user_id = (select id from "user" order by created_at desc limit 1) group by date order by date`,
    );
    const expected = new Map(counts.rows.map((row) => [row.date, row.n]));
    for (const point of history.points) {
      if (expected.has(point.date)) expect(point.account_count).toBe(expected.get(point.date));
    }
  });
});

async function data<T>(browser: TestBrowser, path: string): Promise<T> {
  const response = await browser.json<Envelope<T>>(`/api/v1${path}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}
