import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { exampleOf, fillPath, loadOperations, type ContractOperation } from './openapi-operations';

/**
 * Issue 21 (b): every operation of the OpenAPI document that is not public answers 401 to a request
 * without a session, whatever its input — before validating it. The document is read at test time.
 */

/** The operations anyone may call. Adding one here is a decision; a new endpoint is signed-in by default. */
const PUBLIC_OPERATIONS = [
  'GET /health',
  'GET /ready',
  'GET /config',
  'GET /notifications/push/public-key',
  // Plaid posts its webhooks without a session; each is verified by its ES256 signature (ADR 019).
  'POST /plaid/webhook',
  // The pricing page is public; Stripe posts its webhooks without a session, each verified by its
  // Stripe-Signature (HMAC-SHA256 of the raw body, at most 5 minutes old).
  'GET /billing/plans',
  'POST /stripe/webhook',
];

let t: Awaited<ReturnType<typeof createTestApp>>;
let operations: ContractOperation[];
let resolve: Parameters<typeof exampleOf>[1];
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
  ({ operations, resolve } = await loadOperations(t.app));
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = 'http://localhost:3000';

async function call(operation: ContractOperation, body: unknown, query = '') {
  const path = fillPath(operation.path, Object.fromEntries(operation.pathParams.map((name) => [name, 'x'])));
  const response = await t.app.request(`${ORIGIN}/api/v1${path}${query}`, {
    method: operation.method,
    headers: { origin: ORIGIN, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => undefined)) as { code?: string },
  };
}

describe('without a session', () => {
  it('the document declares exactly the allow-listed operations public', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(
      operations
        .filter((operation) => operation.public)
        .map((operation) => operation.label)
        .sort(),
    ).toEqual([...PUBLIC_OPERATIONS].sort());
  });

  it('every other operation answers 401, to a valid, an empty and an invalid request alike', async () => {
    const answers: string[] = [];
    for (const operation of operations.filter((op) => !PUBLIC_OPERATIONS.includes(op.label))) {
      const bodies = operation.body
        ? [exampleOf(operation.body, resolve), {}, { unexpected: '\u0000' }, 'not an object']
        : [undefined];
      const query = operation.query.length
        ? `?${operation.query.map((q) => `${q.name}=%00-bad`).join('&')}`
        : '';
      for (const body of bodies) {
        for (const search of query ? ['', query] : ['']) {
          const result = await call(operation, body, search);
          answers.push(`${operation.label} ${result.status} ${result.body?.code ?? ''}`);
        }
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401 UNAUTHORIZED'))).toEqual([]);
  });

  it('the public operations answer without one', async () => {
    for (const label of PUBLIC_OPERATIONS) {
      const operation = operations.find((op) => op.label === label);
      if (!operation) throw new Error(`${label} is not in the document`);
      const result = await call(operation, undefined);
      // The push key answers 503 when this server has no VAPID keys: still not a 401.
      expect({ label, status: result.status }).not.toEqual({ label, status: 401 });
    }
  });
});
