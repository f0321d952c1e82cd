import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { startFakeBinance, type FakeBinance } from '../testing/fake-exchanges';
import { type TestBrowser, waitForSync } from '../testing/browser';
import { startFakeYahooFinance, type FakeYahooFinance } from '../testing/fake-yahoo-finance';
import { seedVariedUser } from '../use-cases/data/test-fixtures';
import { signedInUser } from '../use-cases/transactions/test-fixtures';
import {
  exampleOf,
  fillPath,
  loadOperations,
  type ContractOperation,
  type JsonSchema,
} from './openapi-operations';

/**
 * Issue 21 (c): property-based fuzzing of every operation of the OpenAPI document that takes a JSON body
 * or query parameters, as a signed-in user with data: wrong types, huge and NUL-bearing strings, extreme
 * numbers and dates, unknown and `__proto__` keys. No input may give a 5xx, and every refusal is the
 * error envelope. The seed is fixed (FUZZ_SEED overrides it) so a failure is reproduced exactly.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5_200);
const ORIGIN = 'http://localhost:3000';
const BACKGROUND_SYNCS = ['POST /connections/demo', 'POST /plaid/sync'];

let w: AuthWorld;
let yahoo: FakeYahooFinance;
let binance: FakeBinance;
let browser: TestBrowser;
let ids: Record<string, string>;
let operations: ContractOperation[];
let resolve: (schema: JsonSchema) => JsonSchema;

beforeAll(async () => {
  // The market endpoints reach a fake of the market-data provider on 127.0.0.1, and an exchange
  // connection (the documented body names Binance) a fake Binance that knows none of the fuzzed keys:
  // never the internet.
  yahoo = await startFakeYahooFinance();
  binance = await startFakeBinance({ apiKey: 'fuzz-unknown-key', secret: 'fuzz-unknown-secret' });
  // The real rate limiter, with room for the run: the fuzz user makes thousands of requests a minute.
  w = await createAuthWorld({
    RATE_LIMIT_MAX: '1000000',
    YAHOO_FINANCE_BASE_URL: yahoo.url,
    CCXT_API_URLS: JSON.stringify({ binance: binance.url }),
    OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
  });
  ({ operations, resolve } = await loadOperations(w.t.app));
  const user = await signedInUser(w);
  browser = user.browser;
  const { cashId } = await seedVariedUser(w, browser, user.userId);
  const page = await browser.json<{ data: { id: string }[] }>('/api/v1/transactions/paginated?limit=1');
  const properties = await browser.json<{ data: { properties: { id: string }[] } }>('/api/v1/real-estate');
  ids = {
    account: cashId,
    transaction: page.body.data[0]?.id ?? '',
    property: properties.body.data.properties[0]?.id ?? '',
  };
}, 120_000);
afterAll(async () => {
  await w.close();
  await yahoo.close();
  await binance.close();
});

const DATES = [
  '0001-01-01',
  '1000-01-01',
  '1899-12-31',
  '1900-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '+275760-09-13',
  '-000001-01-01',
  '2026-11-25T00:00:00Z',
  '20261125',
];
const NUMBERS = [
  0,
  -0,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 63,
  1e21,
  0.1 + 0.2,
  -1,
  123456789.12345679,
];

/** A value of any JSON type that is likely to be wrong somewhere. */
const wrong: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`),
    fc.integer({ min: 1_000, max: 120_000 }).map((length) => 'x'.repeat(length)),
    fc.constantFrom(...DATES),
    fc.constantFrom(...NUMBERS),
    fc.double({ noNaN: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.uuid(),
    fc.constantFrom('', ' ', 'USD', 'XXX', '__proto__', 'constructor', '../../etc/passwd', '<script>'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** The documented body with some fields replaced by wrong values, some added, some left out. */
function shapedBody(operation: ContractOperation): fc.Arbitrary<unknown> {
  const example = exampleOf(operation.body ?? {}, resolve, {
    currency: 'USD',
    accountId: ids.account,
    transactionId: ids.transaction,
  });
  if (typeof example !== 'object' || example === null || Array.isArray(example)) return wrong;
  const keys = Object.keys(example);
  return fc
    .record({
      replace: fc.subarray(keys),
      drop: fc.subarray(keys, { maxLength: Math.min(1, keys.length) }),
      values: fc.array(wrong, { minLength: keys.length, maxLength: keys.length }),
      extra: fc.dictionary(fc.string({ maxLength: 10 }), wrong, { maxKeys: 2 }),
    })
    .map(({ replace, drop, values, extra }) => {
      const body: Record<string, unknown> = { ...(example as Record<string, unknown>), ...extra };
      replace.forEach((key) => (body[key] = values[keys.indexOf(key)]));
      drop.forEach((key) => delete body[key]);
      return body;
    });
}

type Input = { operation: ContractOperation; text?: string; query: string };

/** JSON text, sometimes with a `__proto__` or `constructor.prototype` key that JSON.stringify cannot write. */
function bodyText(operation: ContractOperation): fc.Arbitrary<string> {
  return fc
    .tuple(fc.oneof(shapedBody(operation), wrong), fc.constantFrom('', '__proto__', 'constructor'))
    .map(([body, pollute]) => {
      const text = JSON.stringify(body) ?? 'null';
      if (!pollute || !text.startsWith('{')) return text;
      const payload =
        pollute === '__proto__' ? '{"polluted":"yes","isAdmin":true}' : '{"prototype":{"polluted":"yes"}}';
      return `{"${pollute}":${payload}${text === '{}' ? '' : ','}${text.slice(1)}`;
    });
}

function queryText(operation: ContractOperation): fc.Arbitrary<string> {
  const names = [...operation.query.map((q) => q.name), 'unknown', '__proto__'];
  return fc
    .array(fc.tuple(fc.constantFrom(...names), wrong), { maxLength: 4 })
    .map((pairs) =>
      pairs.length === 0
        ? ''
        : `?${pairs
            .map(
              ([name, value]) =>
                `${encodeURIComponent(name)}=${encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
            )
            .join('&')}`,
    );
}

function inputs(targets: ContractOperation[]): fc.Arbitrary<Input> {
  // Operations that start a bank sync in the background get a tenth of the share of the others: each
  // success costs a whole demo sync, and the run must stay near a minute. They are still fuzzed every run.
  const weighted = targets.map((operation) => ({
    arbitrary: fc.constant(operation),
    weight: BACKGROUND_SYNCS.includes(operation.label) ? 1 : 10,
  }));
  return fc.oneof(...weighted).chain((operation) =>
    fc.record({
      operation: fc.constant(operation),
      query: operation.query.length ? queryText(operation) : fc.constant(''),
      text: operation.body
        ? bodyText(operation).map((text): string | undefined => text)
        : fc.constant(undefined),
    }),
  );
}

/** Path ids of the fuzz user's own things, so requests reach the handlers. */
function ownPath(operation: ContractOperation): string {
  return fillPath(operation.path, {
    id: operation.path.startsWith('/accounts')
      ? (ids.account ?? '')
      : operation.path.startsWith('/transactions')
        ? (ids.transaction ?? '')
        : (ids.property ?? ''),
    valuationId: '00000000-0000-4000-8000-000000000000',
  });
}

function isErrorEnvelope(text: string): boolean {
  try {
    const body = JSON.parse(text) as { success?: unknown; error?: unknown; code?: unknown };
    return body.success === false && typeof body.error === 'string' && typeof body.code === 'string';
  } catch {
    return false;
  }
}

describe('fuzzing every JSON body and query', () => {
  it(`never answers 5xx, and refuses with the error envelope (${RUNS} inputs, seed ${SEED})`, async () => {
    const targets = operations.filter((operation) => operation.body || operation.query.length > 0);
    expect(targets.length).toBeGreaterThan(25);
    const samples = fc.sample(inputs(targets), { numRuns: RUNS, seed: SEED });
    const problems = new Map<string, string>();
    const seen = new Set<string>();
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const spent = new Map<string, number>();
    for (const { operation, text, query } of samples) {
      seen.add(operation.label);
      const started = performance.now();
      const response = await w.t.app.request(`${ORIGIN}/api/v1${ownPath(operation)}${query}`, {
        method: operation.method,
        headers: {
          origin: ORIGIN,
          cookie,
          ...(text !== undefined && { 'content-type': 'application/json' }),
        },
        ...(text !== undefined && { body: text }),
      });
      const answer = await response.text();
      spent.set(operation.label, (spent.get(operation.label) ?? 0) + performance.now() - started);
      if (operation.label === 'POST /connections/demo' && response.status === 201) {
        // Each demo bank writes two years of transactions and every later sync and export reads them all:
        // remove it again, so the run stays as fast at input 5,000 as at input 1.
        await waitForSync(browser);
        const created = JSON.parse(answer) as { data: { connection: { id: string } } };
        await browser.request(`/api/v1/connections/${created.data.connection.id}`, { method: 'DELETE' });
      }
      const key = `${operation.label} ${response.status}`;
      if (response.status >= 500)
        problems.set(key, `${key} <- ${query.slice(0, 160)} ${text?.slice(0, 240) ?? ''}`);
      else if (response.status >= 400 && !isErrorEnvelope(answer)) {
        problems.set(`${key} envelope`, `${key} not the error envelope: ${answer.slice(0, 200)}`);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(seen.size).toBe(targets.length);
    expect([...problems.values()]).toEqual([]);
    // Well-formed exchange connections were tried, against the fake (without it: the real Binance).
    expect(binance.requests.length).toBeGreaterThan(0);
    if (process.env.FUZZ_PROFILE) {
      const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(slowest.map(([label, ms]) => `${label}: ${Math.round(ms)} ms`).join('\n'));
    }
  }, 600_000);
});
