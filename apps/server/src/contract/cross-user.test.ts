import {
  insertConnection,
  insertManualHolding,
  insertManualLot,
  upsertManualSecurity,
  upsertManualTrade,
  webhookEndpoint,
} from '@lodestar/db';
import { sealSecret } from '../secrets/secret-box';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { type TestBrowser, waitForSync } from '../testing/browser';
import { seedVariedUser } from '../use-cases/data/test-fixtures';
import { signedInUser } from '../use-cases/transactions/test-fixtures';
import { exampleOf, fillPath, loadOperations, METHODS, type ContractOperation } from './openapi-operations';

/**
 * Issue 21 (a): two users with one of every resource. Every operation of the OpenAPI document with a path
 * id is called by the other user with the owner's ids — with its declared method and with every method it
 * does not declare — and answers 404 (never a success, nor anything that tells the thing exists); afterwards every row the owner has, in every table with a
 * user_id, is exactly as before. The same requests made by the owner succeed (the control), so the
 * refusals are about ownership, not about a malformed request.
 */

type Ids = Record<string, string>;
type Person = { browser: TestBrowser; userId: string; ids: Ids };

/**
 * Which of a user's things each path id names, by the path before it. A new path with an id needs a
 * line here (and the seed to create one): the test fails and says so.
 */
const OWNED_BY_PATH: Record<string, (ids: Ids) => Ids> = {
  '/connections': (ids) => ({ id: ids.connection ?? '' }),
  '/accounts': (ids) => ({ id: ids.account ?? '' }),
  '/investments/holdings': (ids) => ({ id: ids.manualHolding ?? '' }),
  '/investments/lots': (ids) => ({ id: ids.manualLot ?? '' }),
  '/transactions': (ids) => ({ id: ids.transaction ?? '' }),
  '/rules': (ids) => ({ id: ids.rule ?? '' }),
  '/imports': (ids) => ({ id: ids.importBatch ?? '' }),
  '/imports/jobs': (ids) => ({ id: ids.importJob ?? '' }),
  '/user/exports': (ids) => ({ id: ids.exportJob ?? '' }),
  '/cron/runs': (ids) => ({ id: ids.cronRun ?? '' }),
  '/fx/rates': (ids) => ({ id: ids.rate ?? '' }),
  '/real-estate': (ids) => ({ id: ids.property ?? '', valuationId: ids.valuation ?? '' }),
  '/user/sessions': (ids) => ({ id: ids.session ?? '' }),
  '/user/api-keys': (ids) => ({ id: ids.apiKey ?? '' }),
  '/blockchain/wallets': (ids) => ({ id: ids.wallet ?? '' }),
  '/webhooks': (ids) => ({ id: ids.webhook ?? '' }),
  '/reports': (ids) => ({ id: ids.report ?? '' }),
  '/user/identities': (ids) => ({ id: ids.identity ?? '' }),
  '/household/members': (ids) => ({ id: ids.member ?? '' }),
};

/** Requests the owner cannot repeat successfully for a reason unrelated to ownership. */
const CONTROL_EXCEPTIONS: Record<string, string> = {
  // The owner's current session cannot be revoked through this endpoint (sign out instead).
  'DELETE /user/sessions/{id}': 'the seeded session is the one making the request',
};

/** Port 9 (discard) on loopback: nothing listens, so a delivery fails at once. */
const WEBHOOK_URL = 'http://127.0.0.1:9/hook';

let w: AuthWorld;
let owner: Person;
let other: Person;
let operations: ContractOperation[];
let resolve: Parameters<typeof exampleOf>[1];

async function must<T>(promise: Promise<{ status: number; body: T }>): Promise<T> {
  const result = await promise;
  if (result.status >= 300)
    throw new Error(`seed request failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

type Data<T> = { data: T };

/** One of every resource: the varied user of the export suite, plus an import, a valuation and a key. */
async function personWithEverything(): Promise<Person> {
  const { browser, userId } = await signedInUser(w);
  const { cashId } = await seedVariedUser(w, browser, userId);
  const connections = await must(
    browser.json<Data<{ connections: { id: string }[] }>>('/api/v1/connections'),
  );
  // A posted row: the newest row may be a demo purchase still pending, which the control step's own
  // sync replaces with its posted copy (then the owner's PATCH rightly answers 404).
  const posted = await w.t.database.pool.query<{ id: string }>(
    `select id from "transaction" where user_id = $1 and status = 'posted' order by date, id limit 1`,
    [userId],
  );
  // A finished export job (its file empty here: the routes, not the document, are under test).
  const exportJob = await w.t.database.pool.query<{ id: string }>(
    `insert into export_job (user_id, file_name, state, finished_at) values ($1, 'export.json.gz', 'done', now()) returning id`,
    [userId],
  );
  // An ended run of the user's cron jobs.
  const cronRun = await w.t.database.pool.query<{ id: string }>(
    `insert into cron_run (user_id, state, users_total, users_done, finished_at) values ($1, 'done', 1, 1, now()) returning id`,
    [userId],
  );
  const rules = await must(browser.json<Data<{ rules: { id: string }[] }>>('/api/v1/rules'));
  await must(
    browser.json('/api/v1/imports', {
      body: {
        accountId: cashId,
        fileName: 'jar.csv',
        content: 'Date,Description,Amount\n2026-11-01,Coins,2.50\n',
      },
    }),
  );
  const imports = await must(browser.json<Data<{ batches: { id: string }[] }>>('/api/v1/imports'));
  // A background import (a file of more than IMPORT_JOB_ROWS rows), as it stands once done.
  const importJob = await w.t.database.pool.query<{ id: string }>(
    `insert into import_job (user_id, file_name, state, total_rows, done_rows, result, finished_at)
     values ($1, 'large.csv', 'done', 20000, 20000, '{"id":"x","importedCount":20000,"duplicateCount":0,"balance":null}', now())
     returning id`,
    [userId],
  );
  const rate = await must(
    browser.json<Data<{ id: string }>>('/api/v1/fx/rates', {
      body: { base: 'GBP', quote: 'USD', date: '2026-11-03', rate: '1.27' },
    }),
  );
  const properties = await must(browser.json<Data<{ properties: { id: string }[] }>>('/api/v1/real-estate'));
  const propertyId = properties.data.properties[0]?.id ?? '';
  const valuation = await must(
    browser.json<Data<{ valuations?: { id: string }[]; valuation?: { id: string } }>>(
      `/api/v1/real-estate/${propertyId}/valuations`,
      { body: { date: '2026-11-20', value: 430_000, note: 'Agent estimate' } },
    ),
  );
  const detail = await must(
    browser.json<Data<{ valuations: { id: string; date: string }[] }>>(`/api/v1/real-estate/${propertyId}`),
  );
  const key = await must(
    browser.json<Data<{ key: { id: string } }>>('/api/v1/user/api-keys', {
      body: { name: 'Scripts', scope: 'read' },
    }),
  );
  const sessions = await must(browser.json<Data<{ sessions: { id: string }[] }>>('/api/v1/user/sessions'));
  void valuation;
  // A followed wallet, written directly: adding one through the API would start a sync against a chain.
  const wallet = await insertConnection(w.t.database.db, {
    userId,
    provider: 'blockchain',
    institutionId: null,
    displayName: 'Cold storage',
    settings: {
      chain: 'bitcoin',
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      label: 'Cold storage',
    },
  });
  // A webhook endpoint on a closed loopback port (the world allows private webhook addresses): its test
  // events fail at once, without leaving the machine.
  const sealed = sealSecret('whsec_contract-secret', w.t.config.secrets.encryptionKey);
  const [hook] = await w.t.database.db
    .insert(webhookEndpoint)
    .values({
      userId,
      url: WEBHOOK_URL,
      events: ['transactions.added'],
      secretCiphertext: sealed.ciphertext,
      secretKeyId: sealed.keyId,
      secretPrefix: 'whsec_contra',
    })
    .returning();
  const report = await must(
    browser.json<Data<{ report: { id: string } }>>('/api/v1/reports', {
      body: { name: 'Groceries', definition: { measure: 'spending', range: { preset: 'this-month' } } },
    }),
  );
  // A linked sign-in identity, written directly: linking one goes through a provider's redirect flow.
  const identity = await w.t.database.pool.query<{ id: string }>(
    `insert into account (id, account_id, provider_id, user_id, provider_email, created_at, updated_at)
     values (gen_random_uuid()::text, $1, 'oidc', $2, 'linked@example.org', now(), now()) returning id`,
    [`subject-${userId}`, userId],
  );
  const member = await must(
    browser.json<Data<{ id: string }>>('/api/v1/household/members', {
      body: { email: `invitee.${userId.toLowerCase()}@example.com`, access: 'read' },
    }),
  );
  // A holding added by hand on a manual brokerage, written directly: adding one asks the market-data provider.
  const brokerage = await must(
    browser.json<Data<{ account: { id: string } }>>('/api/v1/accounts', {
      body: { name: 'Own broker', type: 'brokerage', currency: 'USD', balance: 100 },
    }),
  );
  const db = w.t.database.db;
  /** A holding of one buy, its lot taking the holding's id as the add endpoint does. */
  const bought = async (symbol: string) => {
    const securityId = await upsertManualSecurity(db, { symbol, name: symbol, type: 'etf', currency: 'USD' });
    const position = { quantity: '2', price: '200', date: '2026-11-02' };
    const holdingId = await insertManualHolding(db, {
      userId,
      accountId: brokerage.data.account.id,
      securityId,
      currency: 'USD',
      ...position,
    });
    const lotId = await insertManualLot(db, { userId, holdingId, id: holdingId, ...position });
    await upsertManualTrade(db, {
      userId,
      accountId: brokerage.data.account.id,
      lotId,
      date: position.date,
      amountMinor: -40_000,
      currency: 'USD',
      name: `Buy ${symbol}`,
    });
    return lotId;
  };
  // The holding's own endpoints and its lots' are called separately: removing a lot removes its holding.
  const manualHolding = await bought('VTI');
  const manualLot = await bought('VXUS');
  return {
    browser,
    userId,
    ids: {
      manualHolding,
      manualLot,
      webhook: hook?.id ?? '',
      identity: identity.rows[0]?.id ?? '',
      member: member.data.id,
      connection: connections.data.connections[0]?.id ?? '',
      account: cashId,
      transaction: posted.rows[0]?.id ?? '',
      rule: rules.data.rules[0]?.id ?? '',
      importBatch: imports.data.batches[0]?.id ?? '',
      importJob: importJob.rows[0]?.id ?? '',
      exportJob: exportJob.rows[0]?.id ?? '',
      cronRun: cronRun.rows[0]?.id ?? '',
      rate: rate.data.id,
      property: propertyId,
      valuation: detail.data.valuations.find((v) => v.date === '2026-11-20')?.id ?? '',
      apiKey: key.data.key.id,
      session: sessions.data.sessions[0]?.id ?? '',
      wallet: wallet.id,
      report: report.data.report.id,
    },
  };
}

/** Every row the user has in every table with a user_id column, in a stable order. */
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

function idsFor(operation: ContractOperation, person: Person): Ids {
  const prefix = operation.path.slice(0, operation.path.indexOf('/{'));
  const owned = OWNED_BY_PATH[prefix];
  if (!owned) throw new Error(`No owned resource for ${operation.label}: add "${prefix}" to OWNED_BY_PATH`);
  return owned(person.ids);
}

function bodyFor(operation: ContractOperation, person: Person): unknown {
  if (!operation.body) return undefined;
  return exampleOf(operation.body, resolve, {
    currency: 'USD',
    mortgageAccountId: null,
    accountIds: [person.ids.account],
    state: 'IL',
    country: 'US',
    value: 440_000,
    balance: 75,
    purchaseDate: '2026-11-01',
    valuationDate: '2026-11-21',
    // A rule needs a condition and an action; every optional one filled in at once is not a valid rule.
    conditions: { nameContains: 'Example' },
    actions: { exclude: true },
    url: WEBHOOK_URL,
    // A report definition: every optional field filled in at once (dates with a preset) is not a valid one.
    definition: { measure: 'spending', range: { preset: 'this-month' } },
    // A manual holding's quantity and price are decimal strings.
    quantity: '3',
    price: '210.5',
  });
}

async function call(person: Person, method: string, path: string, body: unknown) {
  const result = await person.browser.json<{ code?: string }>(`/api/v1${path}`, {
    method,
    ...(body !== undefined && { body }),
  });
  return { status: result.status, code: result.body?.code, body: result.body };
}

beforeAll(async () => {
  w = await createAuthWorld({
    RATE_LIMIT_MAX: '1000000',
    FEATURE_PUBLIC_API: 'true',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  });
  ({ operations, resolve } = await loadOperations(w.t.app));
  owner = await personWithEverything();
  other = await personWithEverything();
}, 120_000);
afterAll(async () => {
  await w.close();
});

describe('another user’s ids', () => {
  it('every seeded resource exists', () => {
    for (const [name, id] of Object.entries(owner.ids))
      expect({ name, id }).toEqual({ name, id: expect.stringMatching(/.+/) });
  });

  it('no operation with a path id, by any method, succeeds on them or changes them', async () => {
    const withIds = operations.filter((operation) => operation.pathParams.length > 0);
    expect(withIds.length).toBeGreaterThan(10);
    const before = await rowsOf(owner.userId);
    const succeeded: string[] = [];
    for (const path of new Set(withIds.map((operation) => operation.path))) {
      const declared = withIds.filter((operation) => operation.path === path);
      const target = fillPath(path, idsFor(declared[0] as ContractOperation, owner));
      for (const method of METHODS) {
        const operation = declared.find((candidate) => candidate.method === method);
        const body = operation ? bodyFor(operation, other) : method === 'GET' ? undefined : {};
        const result = await call(other, method, target, body);
        // 404 whether the thing exists or not: nothing about another user's data is given away.
        if (result.status !== 404) {
          succeeded.push(`${method} ${path} (${operation ? 'declared' : 'not declared'}): ${result.status}`);
        }
      }
    }
    expect(succeeded).toEqual([]);
    expect(await rowsOf(owner.userId)).toEqual(before);
  });

  it('the same requests by the owner succeed, so the refusals were about ownership', async () => {
    const withIds = operations.filter((operation) => operation.pathParams.length > 0);
    // Deletions last, so the things the other requests name still exist.
    // Deletions last, the things others hang from (accounts, connections) after what hangs from them.
    const parents = ['DELETE /accounts/{id}', 'DELETE /connections/{id}'];
    const ordered = [
      ...withIds.filter((op) => op.method !== 'DELETE'),
      ...withIds.filter((op) => op.method === 'DELETE' && !parents.includes(op.label)).reverse(),
      ...withIds.filter((op) => parents.includes(op.label)),
    ];
    const failed: string[] = [];
    for (const operation of ordered) {
      if (CONTROL_EXCEPTIONS[operation.label]) continue;
      const result = await call(
        owner,
        operation.method,
        fillPath(operation.path, idsFor(operation, owner)),
        bodyFor(operation, owner),
      );
      await waitForSync(owner.browser);
      if (result.status >= 300)
        failed.push(`${operation.label}: ${result.status} ${JSON.stringify(result.body)}`);
    }
    expect(failed).toEqual([]);
  });
});
