import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { RunningServer } from '../boot';
import { PASSWORD } from '../testing/auth-fixtures';
import { createBrowser } from '../testing/browser';
import { startInProcessServer } from '../testing/in-process-server';
import { freePort } from '../testing/server-process';

const SECRET = 'metrics-test-secret-0123456789-abcdefghij';
const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';
const UNKNOWN_ID = '0b9f7a4e-5a51-4a8e-9d51-1d5b0c7f3a11';

let database: TestDatabase;
let server: RunningServer;
let metricsPort: number;

beforeAll(async () => {
  database = await createTestDatabase();
  metricsPort = await freePort();
  const port = await freePort();
  server = await startInProcessServer(database.url, SECRET, {
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    METRICS_TOKEN: TOKEN,
    METRICS_PORT: String(metricsPort),
  });
});
afterAll(async () => {
  await server?.stop();
  await database.drop();
});

const family = (scraped: Scrape, name: string) => scraped.families.find((item) => item.name === name);

type Scrape = { families: ParsedFamily[]; series: (name: string) => Series[] };
type Series = { name: string; labels: Record<string, string>; value: number };

/**
 * One scrape, parsed: the metric families (types, help), and every sample line with all its labels.
 * (The parser folds a histogram's series into one when they carry labels, so the per-series view reads
 * the same text with the TYPE lines left out: each `_bucket`, `_sum` and `_count` line is then a sample.)
 */
async function scrape(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const families = parsePrometheusTextFormat(text);
  const untyped = parsePrometheusTextFormat(text.replace(/^# TYPE .*$/gm, ''));
  const series = (name: string) =>
    untyped
      .filter((item) => item.name === name)
      .flatMap((item) =>
        item.metrics.map((m) => ({ name: item.name, labels: m.labels ?? {}, value: Number(m.value) })),
      );
  return { families, series };
}

async function waitFor<T>(look: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const found = await look();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('GET /metrics', () => {
  it('answers 401 on the app port without the right token', async () => {
    const bare = await fetch(`${server.url}/metrics`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
  });

  it('shows request histograms by route template, pool use, jobs and syncs per provider', async () => {
    const overHttp = { request: (input: string, init?: RequestInit) => fetch(input, init) } as unknown as App;
    const browser = createBrowser(overHttp, server.url);
    const signUp = await browser.json('/api/auth/sign-up/email', {
      body: { email: 'metrics@example.com', password: PASSWORD, name: 'Ada Lovelace', termsAccepted: true },
    });
    expect(signUp.status).toBe(200);
    expect((await browser.request('/api/v1/accounts')).status).toBe(200);
    expect((await browser.request(`/api/v1/accounts/${UNKNOWN_ID}`)).status).toBe(404);
    const created = await browser.json<{ data: { connection: { id: string } } }>('/api/v1/connections/demo', {
      body: { variant: 'standard' },
    });
    expect(created.status).toBe(201);

    const withToken = { Authorization: `Bearer ${TOKEN}` };
    // The demo sync runs in the background; its outcome is counted under its provider.
    const scraped = await waitFor(async () => {
      const current = await scrape(`${server.url}/metrics`, withToken);
      const syncs = family(current, 'lodestar_syncs_total');
      const jobs = family(current, 'lodestar_jobs_total');
      const synced = syncs?.metrics.some(
        (m) => m.labels?.provider === 'demo' && m.labels.outcome === 'success',
      );
      const fx = jobs?.metrics.some(
        (m) => m.labels?.queue === 'fx-rates' && m.labels.outcome === 'completed',
      );
      return synced && fx ? current : undefined;
    }, 'the demo sync and the exchange-rate job to be counted');

    expect(family(scraped, 'lodestar_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const counts = scraped.series('lodestar_http_request_duration_seconds_count');
    const routes = counts.map((m) => `${m.labels.method} ${m.labels.route} ${m.labels.status}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/v1/accounts 2xx',
        'GET /api/v1/accounts/{id} 4xx',
        'POST /api/v1/connections/demo 2xx',
        'POST /api/auth/* 2xx',
      ]),
    );
    const accounts = counts.find((m) => m.labels.route === '/api/v1/accounts' && m.labels.method === 'GET');
    expect(accounts?.value).toBeGreaterThanOrEqual(1);
    const infinite = scraped
      .series('lodestar_http_request_duration_seconds_bucket')
      .find(
        (m) => m.labels.route === '/api/v1/accounts' && m.labels.method === 'GET' && m.labels.le === '+Inf',
      );
    expect(infinite?.value).toBe(accounts?.value);
    // Raw paths never become labels: the id stays out, however many ids are asked for.
    expect(JSON.stringify(scraped.families)).not.toContain(UNKNOWN_ID);
    expect(counts.every((m) => !m.labels.route?.includes(UNKNOWN_ID))).toBe(true);

    expect(family(scraped, 'lodestar_db_pool_connections')?.type).toBe('GAUGE');
    const pool = scraped.series('lodestar_db_pool_connections').find((m) => m.labels.pool === 'primary');
    expect(pool?.value).toBeGreaterThan(0);
    expect(scraped.series('lodestar_db_pool_max_connections')[0]?.value).toBe(20);
    expect(family(scraped, 'lodestar_job_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(scraped.series('lodestar_job_duration_seconds_count').map((m) => m.labels.queue)).toContain(
      'fx-rates',
    );
    expect(family(scraped, 'lodestar_syncs_total')?.type).toBe('COUNTER');
    expect(family(scraped, 'lodestar_process_resident_memory_bytes')?.type).toBe('GAUGE');
  });

  it('is served without a token on METRICS_PORT, and nothing else is', async () => {
    const scraped = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.series('lodestar_http_request_duration_seconds_count').length).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/v1/ready`)).status).toBe(404);
  });
});
