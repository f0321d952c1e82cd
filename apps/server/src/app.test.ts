import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-types';
import { AppError } from './http/app-error';
import { createTestApp } from './testing/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const opened: TestApp[] = [];
async function open(options?: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const app = await createTestApp(options);
  opened.push(app);
  return app;
}
let t: TestApp;
beforeAll(async () => {
  t = await open();
});
afterAll(async () => {
  await Promise.all(opened.map((app) => app.close()));
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const post = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body,
  headers: { 'content-type': 'application/json', ...headers },
});

describe('system endpoints', () => {
  it('reports liveness in the envelope with a request id', async () => {
    const response = await t.app.request('/api/v1/health');
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      success: true,
      data: { status: 'ok', version: '0.0.0-test' },
    });
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('tells anyone whether the server sends email, and nothing about how', async () => {
    const silent = await t.app.request('/api/v1/config');
    expect(silent.status).toBe(200);
    const plain = { signInProviders: [], passwordSignUp: true, allowedEmailDomains: [], crypto: true };
    expect(await json(silent)).toEqual({ success: true, data: { emailConfigured: false, ...plain } });
    const mailing = await createTestApp({ env: { SMTP_URL: 'smtp://user:hunter2@mail.example:587' } });
    try {
      const answer = await mailing.app.request('/api/v1/config');
      const text = await answer.text();
      expect(JSON.parse(text)).toEqual({ success: true, data: { emailConfigured: true, ...plain } });
      expect(text).not.toContain('mail.example');
    } finally {
      await mailing.close();
    }
  });

  it('is ready when the database answers and migrations are applied', async () => {
    const response = await t.app.request('/api/v1/ready');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      success: true,
      data: { status: 'ready', database: 'ok', migrations: 'ok' },
    });
  });

  it('is not ready (503) when the database is unreachable', async () => {
    const down = await open({ deps: { readiness: async () => 'database unreachable' } });
    const response = await down.app.request('/api/v1/ready');
    expect(response.status).toBe(503);
    expect(await json(response)).toMatchObject({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      error: 'Not ready: database unreachable',
    });
  });

  it('publishes an OpenAPI document and a docs page with local assets', async () => {
    const spec = await json(await t.app.request('/api/v1/openapi.json'));
    expect(spec).toMatchObject({ openapi: '3.1.0', info: { title: 'Lodestar API' } });
    expect(Object.keys(spec.paths as object)).toEqual(expect.arrayContaining(['/health', '/ready']));

    const page = await t.app.request('/api/docs');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\/(unpkg|cdn)/);
    const bundle = await t.app.request('/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await t.app.request('/api/docs/assets/package.json')).status).toBe(404);
  });
});

describe('API conventions', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    for (const path of ['/api/v1/no-such-thing', '/api/v2/health', '/api/other']) {
      const response = await t.app.request(path);
      expect(response.status).toBe(404);
      expect(await json(response)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('sets secure headers and a CSP without inline scripts', async () => {
    const response = await t.app.request('/api/v1/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('lets Plaid Link in exactly where Plaid documents it, and only once Plaid is configured', async () => {
    const directives = (csp: string) =>
      Object.fromEntries(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .filter((words) => words[0])
          .map(([name, ...sources]) => [name, sources.join(' ')]),
      );
    const plain = directives(
      (await t.app.request('/api/v1/health')).headers.get('content-security-policy') ?? '',
    );
    expect(plain).toMatchObject({
      'script-src': "'self'",
      'connect-src': "'self'",
      'frame-src': "'self'",
    });
    const plaid = { PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret' };
    const sandbox = await open({ env: plaid });
    expect(
      directives((await sandbox.app.request('/api/v1/health')).headers.get('content-security-policy') ?? ''),
    ).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self' https://cdn.plaid.com/link/v2/stable/link-initialize.js",
      'frame-src': "'self' https://cdn.plaid.com/",
      'connect-src': "'self' https://sandbox.plaid.com/",
      'img-src': "'self' data: blob:",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
    });
    const production = await open({ env: { ...plaid, PLAID_ENV: 'production' } });
    const live = directives(
      (await production.app.request('/api/v1/health')).headers.get('content-security-policy') ?? '',
    );
    expect(live['connect-src']).toBe("'self' https://production.plaid.com/");
    expect(live['script-src']).not.toContain('unsafe-inline');
  });

  it('refuses cross-site state changes and non-JSON bodies', async () => {
    const crossSite = await t.app.request('/api/v1/health', post('{}', { origin: 'https://evil.example' }));
    expect(crossSite.status).toBe(403);
    expect(await json(crossSite)).toMatchObject({ code: 'FORBIDDEN' });

    const fetchSite = await t.app.request('/api/v1/health', post('{}', { 'sec-fetch-site': 'cross-site' }));
    expect(fetchSite.status).toBe(403);

    const form = await t.app.request('/api/v1/health', {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3' },
    });
    expect(form.status).toBe(415);
  });
});

describe('errors', () => {
  const route = createRoute({
    method: 'post',
    path: '/probe',
    // Declared public: an operation without `security` inherits the document's and needs a session.
    security: [],
    request: {
      body: {
        content: {
          'application/json': {
            schema: z.object({
              email: z.email({ message: 'Invalid email format' }),
              amount: z.number().min(0),
            }),
          },
        },
      },
    },
    responses: { 200: { description: 'ok' } },
  });
  /** Probe routes mounted through the real pipeline, as every feature route is. */
  const mountProbes = (api: OpenAPIHono<AppEnv>) => {
    api
      .openapi(route, (c) => c.json({ success: true, data: c.req.valid('json') }, 200))
      .get('/boom', () => {
        throw new Error('upstream said: invalid token sk_live_abc123 for account 42');
      })
      .get('/slow', async (c) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        return c.json({ success: true, data: 'late' });
      })
      .get('/provider', () => {
        throw new AppError('EXTERNAL_SERVICE', 'The bank did not answer', {
          details: 'Try again in a few minutes',
        });
      });
  };
  let probe: TestApp;
  beforeAll(async () => {
    probe = await open({
      mountRoutes: mountProbes,
      deps: { now: () => new Date('2026-01-02T03:04:05Z') },
    });
  });

  it('turns schema failures into the spec 400 shape with items and timestamp', async () => {
    const response = await probe.app.request(
      '/api/v1/probe',
      post(JSON.stringify({ email: 'nope', amount: -1 })),
    );
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      success: false,
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      requestId: expect.any(String),
      timestamp: '2026-01-02T03:04:05.000Z',
      items: [
        { field: 'email', message: 'Invalid email format', code: 'invalid_format' },
        { field: 'amount', message: expect.stringContaining('>=0'), code: 'too_small' },
      ],
    });
    const malformed = await probe.app.request('/api/v1/probe', post('{"email":'));
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toMatchObject({ error: 'Validation failed', items: [{ field: 'body' }] });
  });

  it('hides unexpected errors and keeps secrets out of responses and logs', async () => {
    const response = await probe.app.request('/api/v1/boom');
    expect(response.status).toBe(500);
    const body = await json(response);
    expect(body).toMatchObject({ success: false, code: 'INTERNAL', error: 'An unexpected error occurred' });
    expect(JSON.stringify(body)).not.toContain('sk_live');
    const logged = JSON.stringify(probe.logLines);
    expect(logged).toContain('request failed');
    expect(logged).not.toContain('sk_live_abc123');
  });

  it('maps provider failures to 502 with a safe detail', async () => {
    const response = await probe.app.request('/api/v1/provider');
    expect(response.status).toBe(502);
    expect(await json(response)).toMatchObject({
      code: 'EXTERNAL_SERVICE',
      error: 'The bank did not answer',
      details: 'Try again in a few minutes',
    });
  });

  it('answers 504 when a request outlives API_TIMEOUT_MS', async () => {
    const slow = await open({ env: { API_TIMEOUT_MS: '1000' }, mountRoutes: mountProbes });
    const response = await slow.app.request('/api/v1/slow');
    expect(response.status).toBe(504);
    expect(await json(response)).toMatchObject({
      success: false,
      code: 'TIMEOUT',
      error: 'Request timed out',
    });
  });

  it('refuses bodies over 1 MB with 413 before reading them', async () => {
    const big = JSON.stringify({ email: 'a@b.co', amount: 1, padding: 'x'.repeat(1_100_000) });
    const response = await probe.app.request(
      '/api/v1/probe',
      post(big, { 'content-length': String(big.length) }),
    );
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('limits requests per client in fixed windows with reset, limit and headers', async () => {
    const limited = await open({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await limited.app.request('/api/v1/health');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const body = await json(last!);
    expect(body).toMatchObject({ success: false, code: 'RATE_LIMITED', limit: 3 });
    expect(body.reset).toBeGreaterThan(Date.now());
    expect(last!.headers.get('ratelimit-limit')).toBe('3');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('web app serving', () => {
  const dist = mkdtempSync(join(tmpdir(), 'lodestar-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, 'static'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lodestar</title><div id="root"></div>');
  writeFileSync(join(dist, 'static', 'app-abc123.js'), 'console.log(1)');

  it('serves hashed assets with long caching and index.html for every page path', async () => {
    const web = await open({ deps: { webDistDir: dist } });
    const asset = await web.app.request('/static/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // A script is no document: nosniff and the resource policy, none of the page policies.
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const header of [
      'content-security-policy',
      'x-frame-options',
      'permissions-policy',
      'referrer-policy',
    ]) {
      expect(asset.headers.get(header), header).toBeNull();
    }
    for (const path of ['/', '/dashboard', '/assets', '/settings/display', '/no/such/page']) {
      const page = await web.app.request(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<div id="root">');
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect((await web.app.request('/static/missing.js')).status).toBe(404);
  });

  it('sends an asset and a JSON answer compressed when asked and as they are when not', async () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i })))};`;
    writeFileSync(join(dist, 'static', 'rows-def456.js'), script);
    writeFileSync(join(dist, 'static', 'rows-def456.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'static', 'rows-def456.js.gz'), gzipSync(script));
    const web = await open({ deps: { webDistDir: dist } });
    const asset = (encoding?: string) =>
      web.app.request('/static/rows-def456.js', { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
    const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

    const br = await asset('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    const brBytes = await body(br);
    expect(br.headers.get('content-length')).toBe(String(brBytes.length));
    expect(brotliDecompressSync(brBytes).toString()).toBe(script);
    const gz = await asset('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await body(gz)).toString()).toBe(script);
    const plain = await asset();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(script)));
    expect((await body(plain)).toString()).toBe(script);

    const document = (encoding?: string) =>
      web.app.request('/api/v1/openapi.json', { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
    const plainJson = await document();
    expect(plainJson.headers.get('content-encoding')).toBeNull();
    expect(plainJson.headers.get('vary')).toContain('Accept-Encoding');
    const plainText = (await body(plainJson)).toString();
    const brJson = await document('br, gzip');
    expect(brJson.headers.get('content-encoding')).toBe('br');
    expect(brJson.headers.get('vary')).toContain('Accept-Encoding');
    expect(brJson.headers.get('content-length')).toBeNull();
    const compressed = await body(brJson);
    expect(compressed.length).toBeLessThan(plainText.length / 4);
    expect(JSON.parse(brotliDecompressSync(compressed).toString())).toEqual(JSON.parse(plainText));
    const gzJson = await document('gzip');
    expect(gzJson.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await body(gzJson)).toString()).toBe(plainText);
    // Small answers are not worth compressing.
    const health = await web.app.request('/api/v1/health', { headers: { 'Accept-Encoding': 'br' } });
    expect(health.headers.get('content-encoding')).toBeNull();
  });

  it('explains when the web app has not been built', async () => {
    const response = await t.app.request('/dashboard');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });
});
