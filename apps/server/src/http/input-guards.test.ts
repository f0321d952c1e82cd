import { financialAccount } from '@lodestar/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, ORIGIN, type AuthWorld } from '../testing/auth-fixtures';
import { createBrowser } from '../testing/browser';
import { createLogger } from '../logger';
import { addAccount, addTransactions, signedInUser } from '../use-cases/transactions/test-fixtures';
import { Writable } from 'node:stream';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

const db = () => w.t.database.db;
type Reply = { success: boolean; error: string; items?: { field: string; message: string; code: string }[] };

const NUL = '\u0000';
const SECRET_TEXT = 'Aunt Matilda private note';

describe('NUL characters (U+0000) are refused with the field, in one place', () => {
  it('answers 400 naming the field on every endpoint the probe found, and writes nothing', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const [row] = await addTransactions(db(), userId, account.id, [
      { date: '2026-01-05', amountMinor: -100 },
    ]);
    const before = await db().select().from(financialAccount);
    const cases: { method: string; path: string; body?: unknown; field: string }[] = [
      {
        method: 'POST',
        path: '/accounts',
        body: { name: `${SECRET_TEXT}${NUL}`, type: 'depository', currency: 'USD', balance: 1 },
        field: 'name',
      },
      { method: 'PATCH', path: `/accounts/${account.id}`, body: { name: `a${NUL}` }, field: 'name' },
      { method: 'PATCH', path: `/transactions/${row?.id}`, body: { notes: `n${NUL}` }, field: 'notes' },
      {
        method: 'PATCH',
        path: `/transactions/${row?.id}`,
        body: { tags: ['ok', `t${NUL}`] },
        field: 'tags.1',
      },
      {
        method: 'POST',
        path: '/rules',
        body: { name: `r${NUL}`, conditions: { nameContains: 'x' }, action: {} },
        field: 'name',
      },
      {
        method: 'POST',
        path: '/imports',
        body: { accountId: account.id, fileName: `f${NUL}.csv`, content: 'Date,Amount\n2026-01-01,1\n' },
        field: 'fileName',
      },
      {
        method: 'POST',
        path: '/real-estate',
        body: { name: `h${NUL}`, purchasePrice: 1, purchaseDate: '2026-01-01', currency: 'USD' },
        field: 'name',
      },
      { method: 'POST', path: '/user/api-keys', body: { name: `k${NUL}`, scope: 'read' }, field: 'name' },
      {
        method: 'DELETE',
        path: '/notifications/push/subscriptions',
        body: { endpoint: `https://push.example/${NUL}` },
        field: 'endpoint',
      },
      { method: 'DELETE', path: '/user/sessions/%00', field: 'id' },
      { method: 'GET', path: `/transactions/paginated?search=a%00b`, field: 'search' },
      { method: 'POST', path: '/accounts', body: { [`na${NUL}me`]: 'x' }, field: `na${NUL}me` },
    ];
    for (const { method, path, body, field } of cases) {
      const result = await browser.json<Reply>(`/api/v1${path}`, { method, ...(body ? { body } : {}) });
      expect({ path, status: result.status }).toEqual({ path, status: 400 });
      expect(result.body.items).toContainEqual(expect.objectContaining({ field, code: 'nul_character' }));
    }
    expect(await db().select().from(financialAccount)).toEqual(before);
    const logged = JSON.stringify(w.t.logLines);
    expect(logged).not.toContain(SECRET_TEXT);
    expect(logged).not.toContain('Failed query');
  });

  it('reads a query parameter named __proto__ as any other', async () => {
    const { browser } = await signedInUser(w);
    expect((await browser.request('/api/v1/accounts?__proto__=x&__proto__=y')).status).toBe(200);
    const refused = await browser.json<Reply>('/api/v1/accounts?__proto__=%00');
    expect(refused.body.items).toContainEqual(expect.objectContaining({ field: '__proto__' }));
  });

  it('names the line of an imported file that holds one', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const content = `Date,Description,Amount\n2026-01-01,Coffee,-3.00\n2026-01-02,Tea${NUL},-2.00\n`;
    for (const path of ['/imports/preview', '/imports']) {
      const result = await browser.json<Reply>(`/api/v1${path}`, {
        body: { accountId: account.id, fileName: 'statement.csv', content },
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toMatch(/^Line 3: the file contains a NUL character \(U\+0000\)/);
      expect(result.body.items?.[0]).toMatchObject({ field: 'content', code: 'nul_character' });
    }
  });

  it('covers the sign-up form too', async () => {
    const result = await w.signUp({ name: `Ada${NUL}` });
    expect(result.status).toBe(400);
    expect((result.body as Reply).items).toContainEqual(expect.objectContaining({ field: 'name' }));
  });
});

describe('a failed SQL statement is logged without its parameters', () => {
  it('keeps the statement and the database error, never the values', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = createLogger('info', sink);
    const error = await db()
      .execute(sql`select ${SECRET_TEXT}::int`)
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(String(error)).toContain(SECRET_TEXT);
    logger.error({ err: error }, 'request failed');
    const logged = lines.join('');
    expect(logged).toContain('Failed query: select $1::int');
    expect(logged).toContain('22P02');
    expect(logged).toContain('1 parameters, not logged');
    expect(logged).not.toContain('Aunt Matilda');
  });
});

describe('authentication comes before validation', () => {
  it('answers 401, not 400, to a signed-out request with a bad body, query or id', async () => {
    const anonymous = createBrowser(w.t.app, ORIGIN, { 'x-forwarded-for': '203.0.113.9' });
    for (const [method, path, body] of [
      ['POST', '/accounts', { name: 5 }],
      ['PATCH', '/accounts/not-a-uuid', { hidden: 'yes' }],
      ['GET', '/transactions/paginated?limit=-1&date=nope', undefined],
      ['POST', '/rules', {}],
      ['PUT', '/user/preferences', { theme: 42 }],
      ['DELETE', '/user/sessions/%00', undefined],
    ] as const) {
      const result = await anonymous.json<Reply & { code: string }>(`/api/v1${path}`, {
        method,
        ...(body ? { body } : {}),
      });
      expect({ path, status: result.status, code: result.body.code }).toEqual({
        path,
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('still answers 404 for paths that are no endpoint, and public ones without a session', async () => {
    const anonymous = createBrowser(w.t.app, ORIGIN, { 'x-forwarded-for': '203.0.113.10' });
    expect((await anonymous.request('/api/v1/no-such-thing')).status).toBe(404);
    expect((await anonymous.request('/api/v1/health')).status).toBe(200);
  });
});

describe('personal answers are not cached', () => {
  it('says Cache-Control: no-store on API answers, errors and auth answers', async () => {
    const { browser } = await signedInUser(w);
    for (const path of [
      '/api/v1/accounts',
      '/api/v1/user',
      '/api/v1/accounts/nope',
      '/api/auth/get-session',
    ]) {
      const response = await browser.request(path);
      expect({ path, cache: response.headers.get('cache-control') }).toEqual({ path, cache: 'no-store' });
    }
    const anonymous = createBrowser(w.t.app, ORIGIN);
    expect((await anonymous.request('/api/v1/transactions/paginated')).headers.get('cache-control')).toBe(
      'no-store',
    );
  });
});
