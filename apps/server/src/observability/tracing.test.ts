import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startBuiltServer, stopGently } from '../testing/server-process';

/**
 * OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT) in the built server, as `npm start` runs it: a loopback
 * collector speaking OTLP/HTTP JSON (POST /v1/traces) receives the span of a request, carrying its
 * request id, and the span of a PostgreSQL query made in it.
 */

type Attribute = { key: string; value: { stringValue?: string; intValue?: number | string } };
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: Attribute[];
};
type Export = { resourceSpans?: { scopeSpans?: { spans?: Span[] }[] }[] };

const spans: Span[] = [];
const contentTypes: string[] = [];
let collector: Server;
let database: TestDatabase;
let server: ChildProcess | undefined;
let serverUrl = '';
let dataDir = '';

const attribute = (span: Span, key: string) => span.attributes?.find((item) => item.key === key)?.value;

beforeAll(async () => {
  buildServer();
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        contentTypes.push(request.headers['content-type'] ?? '');
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Export;
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const address = collector.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'lodestar-tracing-'));
  ({ url: serverUrl, child: server } = await startBuiltServer({
    databaseUrl: database.url,
    dataDir,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      // Export each batch at once rather than every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '50',
    },
  }));
}, 120_000);

afterAll(async () => {
  if (server) await stopGently(server);
  await new Promise((resolve) => collector?.close(resolve));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('sends a request’s span, with its request id, and its database queries to the collector', async () => {
    // A sign-in for an address nobody has: the server looks it up in PostgreSQL, then refuses.
    const answer = await fetch(`${serverUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'X-Request-Id': 'trace-check-1', 'content-type': 'application/json', origin: serverUrl },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Not-The-Password-1' }),
    });
    expect(answer.status).toBe(401);
    await expect
      .poll(
        () => spans.find((span) => attribute(span, 'lodestar.request_id')?.stringValue === 'trace-check-1'),
        {
          timeout: 20_000,
          interval: 100,
        },
      )
      .toBeDefined();
    const request = spans.find(
      (span) => attribute(span, 'lodestar.request_id')?.stringValue === 'trace-check-1',
    );
    expect(request?.name).toMatch(/^POST/);
    await expect
      .poll(
        () =>
          spans.some((span) => span.traceId === request?.traceId && span.name.startsWith('pg.query:SELECT')),
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    expect(contentTypes[0]).toBe('application/json');
  });
});
