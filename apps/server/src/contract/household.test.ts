import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_HEADER, OPERATION_ACCESS, operationAccess } from '../auth/household-access';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { firstLink } from '../testing/smtp-inbox';
import { seedVariedUser } from '../use-cases/data/test-fixtures';
import { exampleOf, fillPath, loadOperations, type ContractOperation } from './openapi-operations';

/**
 * Issue 19 (household sharing): every operation of the OpenAPI document is classified (read, write,
 * owner-only, personal); a read-only member is refused every write and every owner-only operation in
 * the owner's household, writing nothing; a member reads what the owner reads; a member never reaches a
 * third user's data, through the household or by naming that user's household; a revoked member's next
 * request is refused.
 */

type Envelope<T> = { success: boolean; data: T; error?: string; code?: string };
type Person = { browser: TestBrowser; userId: string; email: string; ids: Record<string, string> };

let w: AuthWorld;
let operations: ContractOperation[];
let resolve: Parameters<typeof exampleOf>[1];
let owner: Person;
let reader: Person;
let writer: Person;
let stranger: Person;

const FALLBACK_ID = '00000000-0000-4000-8000-000000000000';

async function person(withData: boolean): Promise<Person> {
  const { browser, email } = await w.signUp();
  const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
  const userId = me.body.data.id;
  const ids: Record<string, string> = {};
  if (withData) {
    const { cashId } = await seedVariedUser(w, browser, userId);
    ids.account = cashId;
    const pool = w.t.database.pool;
    ids.transaction =
      (await pool.query<{ id: string }>(`select id from "transaction" where user_id = $1 limit 1`, [userId]))
        .rows[0]?.id ?? FALLBACK_ID;
    ids.rule =
      (
        await pool.query<{ id: string }>(`select id from categorization_rule where user_id = $1 limit 1`, [
          userId,
        ])
      ).rows[0]?.id ?? FALLBACK_ID;
    ids.connection =
      (await pool.query<{ id: string }>(`select id from connection where user_id = $1 limit 1`, [userId]))
        .rows[0]?.id ?? FALLBACK_ID;
  }
  return { browser, userId, email, ids };
}

/** A resource of `who` for the path's id, by the path before it (any id where none is seeded). */
function pathFor(operation: ContractOperation, who: Person): string {
  const prefix = operation.path.slice(0, operation.path.indexOf('/{'));
  const byPrefix: Record<string, string | undefined> = {
    '/accounts': who.ids.account,
    '/transactions': who.ids.transaction,
    '/rules': who.ids.rule,
    '/connections': who.ids.connection,
  };
  const values: Record<string, string> = {};
  for (const name of operation.pathParams) values[name] = byPrefix[prefix] ?? FALLBACK_ID;
  return fillPath(operation.path, values);
}

function bodyFor(operation: ContractOperation, who: Person): unknown {
  if (!operation.body) return undefined;
  return exampleOf(operation.body, resolve, {
    currency: 'USD',
    accountIds: [who.ids.account],
    conditions: { nameContains: 'Example' },
    actions: { exclude: true },
  });
}

function queryFor(operation: ContractOperation): string {
  const params = new URLSearchParams();
  for (const { name, schema } of operation.query) {
    const value = exampleOf(schema, resolve, { symbol: 'AAPL', symbols: 'AAPL', q: 'AAPL' }, name);
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function call(as: Person, operation: ContractOperation, household: string | undefined, target: Person) {
  const result = await as.browser.json<Envelope<unknown>>(
    `/api/v1${pathFor(operation, target)}${queryFor(operation)}`,
    {
      method: operation.method,
      ...(operation.body ? { body: bodyFor(operation, target) } : {}),
      ...(household ? { headers: { [HOUSEHOLD_HEADER]: household } } : {}),
    },
  );
  return result;
}

/** Every row the user has in every table with a user_id column. */
async function rowsOf(userId: string): Promise<Record<string, string[]>> {
  const pool = w.t.database.pool;
  const tables = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'user_id' order by table_name`,
  );
  const out: Record<string, string[]> = {};
  for (const { table_name: table } of tables.rows) {
    const rows = await pool.query(`select * from "${table}" where user_id = $1`, [userId]);
    out[table] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

async function invite(email: string, access: 'read' | 'write'): Promise<string> {
  const invited = await owner.browser.json<Envelope<{ id: string }>>('/api/v1/household/members', {
    body: { email, access },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  return invited.body.data.id;
}

async function acceptAs(who: Person) {
  const mail = await w.inbox.waitFor(who.email, /invited you to their Lodestar household/);
  const link = new URL(firstLink(mail.text));
  expect(link.pathname).toBe('/household/accept');
  const accepted = await who.browser.json<Envelope<{ ownerUserId: string }>>(
    '/api/v1/household/invitations/accept',
    { body: { token: link.searchParams.get('token') } },
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body.data.ownerUserId).toBe(owner.userId);
}

const guarded = (operation: ContractOperation) =>
  !operation.public && operationAccess(operation.method, operation.path) !== 'personal';

beforeAll(async () => {
  w = await createAuthWorld({ RATE_LIMIT_MAX: '1000000', FEATURE_PUBLIC_API: 'true' });
  ({ operations, resolve } = await loadOperations(w.t.app));
  owner = await person(true);
  stranger = await person(true);
  reader = await person(false);
  writer = await person(false);
  await invite(reader.email, 'read');
  await acceptAs(reader);
  await invite(writer.email, 'write');
  await acceptAs(writer);
}, 180_000);
afterAll(async () => {
  await w.close();
});

describe('every operation is classified', () => {
  it('has a household access for each operation of the API document (an unclassified one is owner-only)', () => {
    const labels = operations.filter((operation) => !operation.public).map((o) => `${o.method} ${o.path}`);
    expect(labels.filter((label) => !(label in OPERATION_ACCESS))).toEqual([]);
  });
});

describe('a read-only member', () => {
  it('is refused every write and every owner-only operation in the household, and nothing changes', async () => {
    const before = await rowsOf(owner.userId);
    const answered: string[] = [];
    for (const operation of operations.filter(guarded)) {
      const access = operationAccess(operation.method, operation.path);
      if (access === 'read') continue;
      const result = await call(reader, operation, owner.userId, owner);
      if (result.status !== 403) answered.push(`${operation.label} → ${result.status}`);
    }
    expect(answered).toEqual([]);
    expect(await rowsOf(owner.userId)).toEqual(before);
  }, 120_000);

  it('reads what the owner reads', async () => {
    const differences: string[] = [];
    for (const operation of operations.filter(guarded)) {
      if (operationAccess(operation.method, operation.path) !== 'read') continue;
      const mine = await call(owner, operation, undefined, owner);
      const theirs = await call(reader, operation, owner.userId, owner);
      if (mine.status !== theirs.status)
        differences.push(`${operation.label}: ${mine.status} vs ${theirs.status}`);
    }
    expect(differences).toEqual([]);
    const accounts = await reader.browser.json<Envelope<unknown>>('/api/v1/accounts', {
      headers: { [HOUSEHOLD_HEADER]: owner.userId },
    });
    const ownAccounts = await owner.browser.json<Envelope<unknown>>('/api/v1/accounts');
    expect(accounts.body.data).toEqual(ownAccounts.body.data);
    // Without the header the member is in their own, empty, household.
    const own = await reader.browser.json<Envelope<{ accounts: unknown[] }>>('/api/v1/accounts');
    expect(own.body.data.accounts).toEqual([]);
  }, 120_000);

  it('opens the owner’s saved report read-only, and it is never public', async () => {
    type Saved = { report: { id: string; name: string; definition: Record<string, unknown> } };
    const definition = {
      measure: 'spending',
      groupBy: 'category',
      interval: 'month',
      range: { preset: 'last-12-months' },
    };
    const saved = await owner.browser.json<Envelope<Saved>>('/api/v1/reports', {
      body: { name: 'Household groceries', definition },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = saved.body.data.report.id;
    const inHousehold = { headers: { [HOUSEHOLD_HEADER]: owner.userId } };
    // The member opens it through the household link and runs it: the owner's figures.
    const opened = await reader.browser.json<Envelope<Saved>>(`/api/v1/reports/${id}`, inHousehold);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data.report.name).toBe('Household groceries');
    const theirs = await reader.browser.json<Envelope<unknown>>('/api/v1/reports/run', {
      body: opened.body.data.report.definition,
      ...inHousehold,
    });
    const mine = await owner.browser.json<Envelope<unknown>>('/api/v1/reports/run', { body: definition });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual(mine.body.data);
    // Read-only: no rename, duplicate, reorder or delete.
    const attempts = [
      ['PATCH', `/api/v1/reports/${id}`, { name: 'Mine now', pinned: true }],
      ['POST', `/api/v1/reports/${id}/duplicate`, undefined],
      ['PUT', '/api/v1/reports/order', { ids: [id] }],
      ['DELETE', `/api/v1/reports/${id}`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const result = await reader.browser.json<Envelope<unknown>>(path, {
        method,
        ...(body ? { body } : {}),
        ...inHousehold,
      });
      expect(result.status, `${method} ${path}`).toBe(403);
    }
    // Outside the household it is nobody else's: not the member's own, not a stranger's, not anonymous.
    expect((await reader.browser.json(`/api/v1/reports/${id}`)).status).toBe(404);
    expect((await stranger.browser.json(`/api/v1/reports/${id}`)).status).toBe(404);
    expect((await stranger.browser.json(`/api/v1/reports/${id}`, inHousehold)).status).toBe(403);
    const anonymous = await w.t.app.request(`http://localhost:3000/api/v1/reports/${id}`);
    expect(anonymous.status).toBe(401);
    const after = await owner.browser.json<Envelope<Saved>>(`/api/v1/reports/${id}`);
    expect(after.body.data.report).toMatchObject({ name: 'Household groceries' });
    await owner.browser.json(`/api/v1/reports/${id}`, { method: 'DELETE' });
  });

  it('never reaches the owner’s settings: still 403 for the member with write access', async () => {
    const answered: string[] = [];
    for (const operation of operations.filter(guarded)) {
      if (operationAccess(operation.method, operation.path) !== 'owner') continue;
      const result = await call(writer, operation, owner.userId, owner);
      if (result.status !== 403) answered.push(`${operation.label} → ${result.status}`);
    }
    expect(answered).toEqual([]);
  }, 120_000);
});

describe('a third user’s data', () => {
  it('is out of reach through the household: another user’s ids answer as for two unrelated users', async () => {
    const before = await rowsOf(stranger.userId);
    const reached: string[] = [];
    for (const operation of operations.filter(guarded)) {
      if (operation.pathParams.length === 0) continue;
      if (operationAccess(operation.method, operation.path) === 'owner') continue;
      const result = await call(writer, operation, owner.userId, stranger);
      if (result.status < 400 || result.status >= 500) reached.push(`${operation.label} → ${result.status}`);
    }
    expect(reached).toEqual([]);
    expect(await rowsOf(stranger.userId)).toEqual(before);
  }, 120_000);

  it('is refused when a member names a household they do not belong to', async () => {
    const before = await rowsOf(stranger.userId);
    const answered: string[] = [];
    for (const operation of operations.filter(guarded)) {
      const result = await call(writer, operation, stranger.userId, stranger);
      if (result.status !== 403) answered.push(`${operation.label} → ${result.status}`);
    }
    expect(answered).toEqual([]);
    expect(await rowsOf(stranger.userId)).toEqual(before);
  }, 120_000);
});

describe('changes and revocation', () => {
  it('lets a member with write access change data, and records who changed what', async () => {
    const changed = await writer.browser.json(`/api/v1/transactions/${owner.ids.transaction}`, {
      method: 'PATCH',
      body: { notes: 'Checked by a household member' },
      headers: { [HOUSEHOLD_HEADER]: owner.userId },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const log = await owner.browser.json<Envelope<{ events: { actorEmail: string; action: string }[] }>>(
      '/api/v1/household/activity',
    );
    expect(log.body.data.events[0]).toMatchObject({
      actorEmail: writer.email,
      action: 'PATCH /transactions/{id}',
    });
    const members =
      await owner.browser.json<
        Envelope<{ members: { email: string; status: string; lastActiveAt: string | null }[] }>
      >('/api/v1/household/members');
    expect(members.body.data.members.find((m) => m.email === writer.email)).toMatchObject({
      status: 'active',
      lastActiveAt: expect.any(String),
    });
  });

  it('refuses a revoked member’s very next request', async () => {
    const asReader = { headers: { [HOUSEHOLD_HEADER]: owner.userId } };
    expect((await reader.browser.json('/api/v1/accounts', asReader)).status).toBe(200);
    const members =
      await owner.browser.json<Envelope<{ members: { id: string; email: string }[] }>>(
        '/api/v1/household/members',
      );
    const id = members.body.data.members.find((m) => m.email === reader.email)?.id ?? '';
    const revoked = await owner.browser.json(`/api/v1/household/members/${id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    const after = await reader.browser.json<Envelope<unknown>>('/api/v1/accounts', asReader);
    expect(after.status).toBe(403);
    expect(after.body.error).toBe('You are not a member of that household');
    const households = await reader.browser.json<Envelope<{ households: unknown[] }>>(
      '/api/v1/household/memberships',
    );
    expect(households.body.data.households).toEqual([]);
  });

  it('accepts an invitation only for the invited address, once', async () => {
    const other = await person(false);
    const invited = `someone.else.${Date.now()}@example.com`;
    await invite(invited, 'read');
    const mail = await w.inbox.waitFor(invited, /invited you/);
    const token = new URL(firstLink(mail.text)).searchParams.get('token');
    const wrong = await other.browser.json<Envelope<unknown>>('/api/v1/household/invitations/accept', {
      body: { token },
    });
    expect(wrong.status).toBe(403);
    const forged = await other.browser.json('/api/v1/household/invitations/accept', {
      body: { token: 'not-a-token' },
    });
    expect(forged.status).toBe(404);
  });
});
