import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '../auth/api-key-auth';
import { createAuthWorld, ORIGIN, type AuthWorld } from '../testing/auth-fixtures';
import { createBrowser } from '../testing/browser';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type Envelope,
} from '../use-cases/transactions/test-fixtures';

type KeyView = {
  id: string;
  name: string;
  scope: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

let clock = new Date('2026-11-20T12:00:00Z');
let w: AuthWorld;
let off: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({ FEATURE_PUBLIC_API: 'true' }, { now: () => clock });
  off = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
  await off.close();
});

/** A client that sends only the key: no cookie, as a script would. */
const keyClient = (world: AuthWorld, secret: string) =>
  createBrowser(world.t.app, ORIGIN, { authorization: `Bearer ${secret}` });

async function createKey(
  browser: Awaited<ReturnType<typeof signedInUser>>['browser'],
  body: Record<string, unknown>,
) {
  const created = await browser.json<Envelope<{ key: KeyView; secret: string }>>('/api/v1/user/api-keys', {
    body,
  });
  if (created.status !== 201) throw new Error(`key create failed: ${JSON.stringify(created.body)}`);
  return created.body.data;
}

describe('API keys', () => {
  it('shows the secret once, lists the prefix, and stores only its SHA-256', async () => {
    const { browser, userId } = await signedInUser(w);
    const { key, secret } = await createKey(browser, { name: '  Budget script ', scope: 'read' });
    expect(secret).toMatch(/^lsk_[0-9A-Za-z]{32}$/);
    expect(key).toMatchObject({
      name: 'Budget script',
      scope: 'read',
      prefix: secret.slice(0, 12),
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });

    const listed = await browser.json<Envelope<KeyView[]>>('/api/v1/user/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([key]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const rows = await w.t.database.pool.query<Record<string, unknown>>(
      'select * from api_key where user_id = $1',
      [userId],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]?.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows.rows)).not.toContain(secret);
    expect(w.t.logLines.some((line) => JSON.stringify(line).includes(secret))).toBe(false);

    const expiring = await createKey(browser, { name: 'Short', scope: 'read_write', expiresInDays: 30 });
    expect(expiring.key.expiresAt).toBe('2026-12-20T12:00:00.000Z');
  });

  it('refuses bad input with the field messages', async () => {
    const { browser } = await signedInUser(w);
    const bad = await browser.json<Envelope<unknown>>('/api/v1/user/api-keys', {
      body: { name: ' ', scope: 'admin', expiresInDays: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.items?.map((item) => [item.field, item.message])).toEqual([
      ['name', 'Enter a name for the key'],
      ['scope', "Choose the key's access: read or read_write"],
      ['expiresInDays', 'Choose an expiry from 1 to 3650 days, or none'],
    ]);
    const long = await browser.json<Envelope<unknown>>('/api/v1/user/api-keys', {
      body: { name: 'x'.repeat(61), scope: 'read', expiresInDays: 3651 },
    });
    expect(long.body.items?.map((item) => item.message)).toEqual([
      'Key names can be at most 60 characters',
      'Choose an expiry from 1 to 3650 days, or none',
    ]);
    expect((await browser.json<Envelope<KeyView[]>>('/api/v1/user/api-keys')).body.data).toEqual([]);
  });

  it('a read key reads its own user’s data only, and cannot write', async () => {
    const owner = await signedInUser(w);
    const stranger = await signedInUser(w);
    const mine = await addAccount(w.t.database.db, owner.userId, {
      name: 'Mine',
      currentBalanceMinor: 12_345,
    });
    await addTransactions(w.t.database.db, owner.userId, mine.id, [
      { date: '2026-11-10', amountMinor: -450, name: 'Coffee' },
    ]);
    const theirs = await addAccount(w.t.database.db, stranger.userId, { name: 'Theirs' });
    await addTransactions(w.t.database.db, stranger.userId, theirs.id, [
      { date: '2026-11-11', amountMinor: -999, name: 'Secret purchase' },
    ]);
    const { secret } = await createKey(owner.browser, { name: 'Reader', scope: 'read' });
    const client = keyClient(w, secret);

    const dashboard = await client.json<Envelope<Record<string, unknown>>>('/api/v1/dashboard');
    expect(dashboard.status).toBe(200);
    expect(JSON.stringify(dashboard.body)).toContain('Mine');
    expect(JSON.stringify(dashboard.body)).not.toContain('Theirs');
    const listed = await client.json<Envelope<{ name: string }[]>>('/api/v1/transactions/paginated');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row) => row.name)).toEqual(['Coffee']);
    const csv = await client.request('/api/v1/transactions/export.csv');
    expect(csv.status).toBe(200);
    expect(await csv.text()).not.toContain('Secret purchase');

    const write = await client.json<Envelope<unknown>>('/api/v1/accounts', {
      body: { name: 'Cash', type: 'depository', currency: 'USD', balance: 10 },
    });
    expect(write).toMatchObject({ status: 403, body: { error: API_KEY_MESSAGES.readOnly } });
    const remove = await client.json(`/api/v1/accounts/${mine.id}`, { method: 'DELETE' });
    expect(remove.status).toBe(403);
    expect(
      (await w.t.database.pool.query('select 1 from financial_account where user_id = $1', [owner.userId]))
        .rowCount,
    ).toBe(1);

    const used = await w.t.database.pool.query<{ last_used_at: Date | null }>(
      'select last_used_at from api_key where user_id = $1',
      [owner.userId],
    );
    expect(used.rows[0]?.last_used_at?.toISOString()).toBe(clock.toISOString());
  });

  it('a read-write key writes, but never manages keys, the account, export, restore or disconnect-all', async () => {
    const { browser, userId } = await signedInUser(w);
    const { secret } = await createKey(browser, { name: 'Writer', scope: 'read_write' });
    const client = keyClient(w, secret);

    const created = await client.json<Envelope<{ account: { id: string; name: string } }>>(
      '/api/v1/accounts',
      {
        body: { name: 'Cash jar', type: 'depository', currency: 'USD', balance: 25 },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.data.account.name).toBe('Cash jar');
    const rule = await client.json('/api/v1/rules', {
      body: { conditions: { nameContains: 'coffee' }, actions: { category: 'FOOD_AND_DRINK' } },
    });
    expect(rule.status).toBe(201);

    const forbidden: [string, string][] = [
      ['GET', '/api/v1/user/api-keys'],
      ['POST', '/api/v1/user/api-keys'],
      ['DELETE', `/api/v1/user/api-keys/${crypto.randomUUID()}`],
      ['GET', '/api/v1/user/export'],
      ['GET', '/api/v1/user/export/transactions.csv'],
      ['POST', '/api/v1/user/restore'],
      ['DELETE', '/api/v1/user/delete'],
      ['GET', '/api/v1/user/sessions'],
      ['POST', '/api/v1/user/sessions/revoke-all'],
      ['POST', '/api/v1/user/mfa/enroll'],
      ['POST', '/api/v1/user/verify-password'],
      ['PATCH', '/api/v1/user/profile'],
      ['PUT', '/api/v1/user/preferences'],
      ['POST', '/api/v1/accounts/disconnect-all'],
      ['POST', '/api/v1//accounts/disconnect-all/'],
    ];
    for (const [method, path] of forbidden) {
      const result = await client.json<Envelope<unknown>>(path, {
        method,
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect([method, path, result.status, result.body.error]).toEqual([
        method,
        path,
        403,
        API_KEY_MESSAGES.notForKeys,
      ]);
    }
    expect((await client.json('/api/v1/user/preferences')).status).toBe(200);
    const stillThere = await w.t.database.pool.query('select 1 from "user" where id = $1', [userId]);
    expect(stillThere.rowCount).toBe(1);
  });

  it('revoked, expired and unknown keys are 401; other bearer tokens are left to their routes', async () => {
    const { browser } = await signedInUser(w);
    const revoked = await createKey(browser, { name: 'Old', scope: 'read' });
    const expiring = await createKey(browser, { name: 'Soon', scope: 'read', expiresInDays: 1 });
    expect((await keyClient(w, revoked.secret).json('/api/v1/dashboard')).status).toBe(200);

    const revoke = await browser.json<Envelope<KeyView>>(`/api/v1/user/api-keys/${revoked.key.id}`, {
      method: 'DELETE',
    });
    expect(revoke.status).toBe(200);
    expect(revoke.body.data.revokedAt).toBe(clock.toISOString());
    const afterRevoke = await keyClient(w, revoked.secret).json<Envelope<unknown>>('/api/v1/dashboard');
    expect(afterRevoke).toMatchObject({ status: 401, body: { error: API_KEY_MESSAGES.invalid } });
    const listed = await browser.json<Envelope<KeyView[]>>('/api/v1/user/api-keys');
    expect(listed.body.data.find((key) => key.id === revoked.key.id)?.revokedAt).toBe(clock.toISOString());

    const missing = await browser.json(`/api/v1/user/api-keys/${crypto.randomUUID()}`, { method: 'DELETE' });
    expect(missing.status).toBe(404);

    const saved = clock;
    clock = new Date(saved.getTime() + 86_400_000 + 1_000);
    try {
      const expired = await keyClient(w, expiring.secret).json<Envelope<unknown>>('/api/v1/dashboard');
      expect(expired).toMatchObject({ status: 401, body: { error: API_KEY_MESSAGES.invalid } });
    } finally {
      clock = saved;
    }

    const unknown = await keyClient(w, `lsk_${'A'.repeat(32)}`).json<Envelope<unknown>>('/api/v1/dashboard');
    expect(unknown).toMatchObject({ status: 401, body: { error: API_KEY_MESSAGES.invalid } });
    const other = await keyClient(w, 'not-an-api-key').json<Envelope<unknown>>('/api/v1/dashboard');
    expect(other).toMatchObject({ status: 401, body: { error: 'Authentication required' } });
  });
  it('are described in the OpenAPI document', async () => {
    const doc = await w.t.app.request('/api/v1/openapi.json');
    const body = (await doc.json()) as {
      components: { securitySchemes: Record<string, Record<string, unknown>> };
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(body.paths['/user/api-keys']?.post?.description).toContain('Authorization: Bearer lsk_');
  });
});

describe('API keys with the public API turned off (the default)', () => {
  it('answers 401 to every key and 403 to key management', async () => {
    const { browser } = await signedInUser(off);
    const listed = await browser.json<Envelope<unknown>>('/api/v1/user/api-keys');
    expect(listed).toMatchObject({ status: 403, body: { error: API_KEY_MESSAGES.turnedOff } });
    const created = await browser.json<Envelope<unknown>>('/api/v1/user/api-keys', {
      body: { name: 'Script', scope: 'read' },
    });
    expect(created).toMatchObject({ status: 403, body: { error: API_KEY_MESSAGES.turnedOff } });
    const keyed = await keyClient(off, `lsk_${'b'.repeat(32)}`).json<Envelope<unknown>>('/api/v1/dashboard');
    expect(keyed).toMatchObject({ status: 401, body: { error: API_KEY_MESSAGES.turnedOff } });
  });

  it('a key made while the API was on stops working when it is turned off', async () => {
    const { browser, userId } = await signedInUser(w);
    const { secret } = await createKey(browser, { name: 'Moved', scope: 'read' });
    // The same key row in the other server's database: only the flag differs.
    const row = await w.t.database.pool.query<Record<string, unknown>>(
      'select * from api_key where user_id = $1',
      [userId],
    );
    const { userId: otherId } = await signedInUser(off);
    await off.t.database.pool.query(
      'insert into api_key (user_id, name, scope, prefix, secret_hash) values ($1, $2, $3, $4, $5)',
      [otherId, 'Moved', 'read', row.rows[0]?.prefix, row.rows[0]?.secret_hash],
    );
    const keyed = await keyClient(off, secret).json<Envelope<unknown>>('/api/v1/dashboard');
    expect(keyed).toMatchObject({ status: 401, body: { error: API_KEY_MESSAGES.turnedOff } });
  });
});
