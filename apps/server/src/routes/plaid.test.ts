import { findConnection } from '@lodestar/db';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_SYNC_QUEUE, queueConnectionSync } from '../jobs/connection-sync';
import { JOBS_SCHEMA } from '../jobs/boss';
import { SYNC_MESSAGES } from '../sync/engine';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakePlaid, type FakePlaid } from '../testing/fake-plaid';

/**
 * Plaid's routes through the whole app against the fake Plaid API: Link tokens, the public-token
 * exchange (and a second link of the same login), removal, and webhooks signed with real ES256 keys.
 */

let fake: FakePlaid;
let w: AuthWorld;
let boss: PgBoss | undefined;
beforeAll(async () => {
  fake = await startFakePlaid();
  w = await createAuthWorld(
    {
      PLAID_CLIENT_ID: fake.clientId,
      PLAID_SECRET: fake.secret,
      PLAID_BASE_URL: fake.url,
      OUTBOUND_ALLOW_PRIVATE: 'true',
      PUBLIC_URL: 'https://money.example.org',
    },
    {
      deps: {
        queueConnectionSync: async (userId, connectionId) => {
          if (!boss) throw new Error('job queue not started');
          return queueConnectionSync(boss, { userId, connectionId });
        },
      },
    },
  );
  boss = new PgBoss({ connectionString: w.t.database.url, schema: JOBS_SCHEMA, max: 2 });
  await boss.start();
  await boss.createQueue(CONNECTION_SYNC_QUEUE, {
    name: CONNECTION_SYNC_QUEUE,
    policy: 'stately',
    retryLimit: 0,
  });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await w.close();
  await fake.close();
});

type Linked = { browser: TestBrowser; userId: string; connectionId: string; itemId: string };

async function waitIdle(userId: string, connectionId: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const row = await findConnection(w.t.database.db, userId, connectionId);
    if (row && row.syncStartedAt === null && row.status !== 'syncing') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('sync did not finish');
}

async function link(): Promise<Linked> {
  const { browser } = await w.signUp();
  const userId = (await browser.json<{ data: { id: string } }>('/api/v1/user')).body.data.id;
  const { item, publicToken } = fake.createItem();
  fake.add(item.itemId, [
    {
      transaction_id: `t-${item.itemId}`,
      account_id: 'acc-checking',
      amount: 25,
      date: '2026-11-02',
      name: 'Grocer',
    },
  ]);
  const answer = await browser.json<{ data: { connection: { id: string } } }>('/api/v1/plaid/exchange', {
    body: { publicToken, institution: { institutionId: 'ins_109508', name: 'First Platypus Bank' } },
  });
  expect(answer.status).toBe(201);
  const connectionId = answer.body.data.connection.id;
  await waitIdle(userId, connectionId);
  return { browser, userId, connectionId, itemId: item.itemId };
}

async function queuedFor(connectionId: string): Promise<number> {
  const result = await w.t.database.pool.query<{ count: string }>(
    `select count(*) from ${JOBS_SCHEMA}.job where name = $1 and singleton_key = $2`,
    [CONNECTION_SYNC_QUEUE, connectionId],
  );
  return Number(result.rows[0]?.count ?? 0);
}

async function deliver(body: string, jwt: string | undefined) {
  return w.t.app.request('/api/v1/plaid/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(jwt === undefined ? {} : { 'plaid-verification': jwt }),
    },
    body,
  });
}

const webhookBody = (itemId: string, type: string, code: string, extra: Record<string, unknown> = {}) =>
  // Plaid sends indented JSON: the hash covers these exact bytes.
  JSON.stringify(
    { webhook_type: type, webhook_code: code, item_id: itemId, environment: 'sandbox', ...extra },
    null,
    2,
  );

describe('Plaid routes', () => {
  it('makes a Link token with the webhook, products and the user’s locale; update mode with a connection', async () => {
    const { browser, connectionId } = await link();
    await browser.json('/api/v1/user/preferences', { method: 'PATCH', body: { number_format: 'de-DE' } });
    const before = fake.requests.length;
    const answer = await browser.json<{ data: { linkToken: string; expiration: string } }>(
      '/api/v1/plaid/link-token',
      { body: {} },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.linkToken).toMatch(/^link-sandbox-/);
    const sent = fake.requests.slice(before).find((request) => request.path === '/link/token/create')!;
    expect(sent.body).toMatchObject({
      client_name: 'Lodestar',
      language: 'de',
      country_codes: ['DE', 'US'],
      products: ['transactions'],
      optional_products: ['investments', 'liabilities'],
      webhook: 'https://money.example.org/api/v1/plaid/webhook',
    });
    expect(sent.body.access_token).toBeUndefined();

    const update = await browser.json('/api/v1/plaid/link-token', { body: { connectionId } });
    expect(update.status).toBe(200);
    const updateSent = fake.requests.filter((request) => request.path === '/link/token/create').at(-1)!;
    expect(updateSent.body.access_token).toMatch(/^access-sandbox-/);
    expect(updateSent.body.products).toBeUndefined();
  });

  it('exchanges the public token: the token is stored encrypted, accounts and transactions arrive', async () => {
    const { userId, connectionId } = await link();
    const row = await findConnection(w.t.database.db, userId, connectionId);
    expect(row).toMatchObject({ provider: 'plaid', status: 'active', displayName: 'First Platypus Bank' });
    const item = [...fake.items.values()].find((candidate) => candidate.itemId === row?.settings.itemId)!;
    expect(row?.secretCiphertext).toBeTruthy();
    expect(row?.secretCiphertext).not.toContain(item.accessToken);
    expect(JSON.stringify(row?.settings)).not.toContain(item.accessToken);
    const accounts = await w.t.database.pool.query(
      'select external_id, type, subtype, mask, official_name from financial_account where connection_id = $1 order by external_id',
      [connectionId],
    );
    expect(accounts.rows).toEqual([
      {
        external_id: 'acc-checking',
        type: 'depository',
        subtype: 'checking',
        mask: '0000',
        official_name: 'Plaid Gold Standard 0% Interest Checking',
      },
      {
        external_id: 'acc-credit',
        type: 'credit',
        subtype: 'credit card',
        mask: '3333',
        official_name: 'Plaid Diamond 12.5% APR Interest Credit Card',
      },
    ]);
    const tx = await w.t.database.pool.query(
      'select amount_minor::int as amount from "transaction" where user_id = $1',
      [userId],
    );
    expect(tx.rows).toEqual([{ amount: -2_500 }]);
  });

  it('the connections list shows a Plaid connection as one that syncs, reconnected through Link', async () => {
    const { browser, connectionId } = await link();
    const list = await browser.json<{
      data: { connections: { id: string; syncs: boolean; reconnect: string }[] };
    }>('/api/v1/connections');
    expect(list.body.data.connections.find((item) => item.id === connectionId)).toMatchObject({
      syncs: true,
      reconnect: 'plaid_link',
    });
  });

  it('linking the same login again is offered as a reconnect, and the new item is removed at Plaid', async () => {
    const { browser, userId, connectionId, itemId } = await link();
    const again = fake.createItem({ institutionId: fake.items.get(itemId)!.institutionId });
    const answer = await browser.json<{
      data: { connection: null; duplicateOf: { id: string }; message: string };
    }>('/api/v1/plaid/exchange', {
      body: {
        publicToken: again.publicToken,
        institution: { institutionId: 'ins_109508', name: 'First Platypus Bank' },
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ connection: null, duplicateOf: { id: connectionId } });
    expect(answer.body.data.message).toMatch(/already linked.*Reconnect/);
    expect(again.item.removed).toBe(true);
    const count = await w.t.database.pool.query(
      'select count(*)::int as n from connection where user_id = $1',
      [userId],
    );
    expect(count.rows[0].n).toBe(1);
  });

  it('refuses a bad public token with a plain 502 and writes nothing', async () => {
    const { browser } = await w.signUp();
    const answer = await browser.json<{ error: string }>('/api/v1/plaid/exchange', {
      body: { publicToken: 'public-sandbox-not-a-token', institution: null },
    });
    expect(answer.status).toBe(502);
    expect(JSON.stringify(answer.body)).not.toMatch(/INVALID_PUBLIC_TOKEN|error_code/);
    const empty = await browser.json<{ data: { connections: unknown[] } }>('/api/v1/connections');
    expect(empty.body.data.connections).toEqual([]);
  });

  it('a connection whose login expired signs in again through update-mode Link, then syncs', async () => {
    const { browser, userId, connectionId, itemId } = await link();
    type Listed = { data: { connections: { id: string; status: string; reconnect: string }[] } };
    const view = async () =>
      (await browser.json<Listed>('/api/v1/connections')).body.data.connections.find(
        (item) => item.id === connectionId,
      );
    expect(await view()).toMatchObject({ status: 'active', reconnect: 'plaid_link' });
    fake.setItemError(itemId, 'ITEM_LOGIN_REQUIRED');
    const sync = await browser.json(`/api/v1/connections/${connectionId}/sync`, { body: {} });
    expect(sync.status).toBeLessThan(300);
    await waitIdle(userId, connectionId);
    expect(await view()).toMatchObject({ status: 'needs_reauth', reconnect: 'plaid_link' });

    // Reconnecting before the user signed in again through Link is refused and changes nothing.
    const early = await browser.json(`/api/v1/connections/${connectionId}/reconnect`, { body: {} });
    expect(early.status).toBe(502);
    expect(await view()).toMatchObject({ status: 'needs_reauth' });

    const token = await browser.json<{ data: { linkToken: string } }>('/api/v1/plaid/link-token', {
      body: { connectionId },
    });
    expect(token.status).toBe(200);
    expect(fake.completeLink(token.body.data.linkToken).mode).toBe('update');
    const reconnected = await browser.json(`/api/v1/connections/${connectionId}/reconnect`, { body: {} });
    expect(reconnected.status).toBe(202);
    expect((await waitIdle(userId, connectionId)).status).toBe('active');
    expect(await view()).toMatchObject({ status: 'active' });
  });

  it('removing a Plaid connection removes the item at Plaid', async () => {
    const { browser, connectionId, itemId } = await link();
    const removed = await browser.json(`/api/v1/connections/${connectionId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(fake.items.get(itemId)?.removed).toBe(true);
  });
});

describe('Plaid webhooks (ES256 Plaid-Verification)', () => {
  it('SYNC_UPDATES_AVAILABLE queues one sync of the connection, even when delivered twice', async () => {
    const { connectionId, itemId } = await link();
    const body = webhookBody(itemId, 'TRANSACTIONS', 'SYNC_UPDATES_AVAILABLE', {
      initial_update_complete: true,
      historical_update_complete: true,
    });
    const jwt = await fake.signWebhook(body);
    const keyRequests = () =>
      fake.requests.filter((request) => request.path === '/webhook_verification_key/get').length;
    const keysBefore = keyRequests();
    expect((await deliver(body, jwt)).status).toBe(200);
    expect((await deliver(body, jwt)).status).toBe(200);
    expect(await queuedFor(connectionId)).toBe(1);
    // The key was fetched at most once and then served from the cache by key id.
    expect(keyRequests() - keysBefore).toBeLessThanOrEqual(1);
  });

  it('a bad signature, a different body, a stale token or no token: refused, nothing queued or changed', async () => {
    const { userId, connectionId, itemId } = await link();
    const body = webhookBody(itemId, 'TRANSACTIONS', 'SYNC_UPDATES_AVAILABLE');
    const forged = await fake.signWebhook(body, { key: 'stranger' });
    expect((await deliver(body, forged)).status).toBe(401);
    const otherBody = await fake.signWebhook(webhookBody(itemId, 'TRANSACTIONS', 'DEFAULT_UPDATE'));
    expect((await deliver(body, otherBody)).status).toBe(401);
    const stale = await fake.signWebhook(body, { iatSeconds: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect((await deliver(body, stale)).status).toBe(401);
    const unknownKey = await fake.signWebhook(body, { kid: 'not-a-plaid-key' });
    expect((await deliver(body, unknownKey)).status).toBe(401);
    expect((await deliver(body, undefined)).status).toBe(400);
    const revoked = webhookBody(itemId, 'ITEM', 'USER_PERMISSION_REVOKED');
    expect((await deliver(revoked, await fake.signWebhook(body))).status).toBe(401);
    expect(await queuedFor(connectionId)).toBe(0);
    expect(await findConnection(w.t.database.db, userId, connectionId)).toMatchObject({ status: 'active' });
  });

  it('ITEM_LOGIN_REQUIRED and PENDING_EXPIRATION ask for reconnecting; revoked access disconnects and keeps history', async () => {
    const { userId, connectionId, itemId } = await link();
    const login = webhookBody(itemId, 'ITEM', 'ERROR', {
      error: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED', error_message: 'login required' },
    });
    expect((await deliver(login, await fake.signWebhook(login))).status).toBe(200);
    expect(await findConnection(w.t.database.db, userId, connectionId)).toMatchObject({
      status: 'needs_reauth',
      lastError: SYNC_MESSAGES.needsReauth,
    });

    const other = await link();
    const expiring = webhookBody(other.itemId, 'ITEM', 'PENDING_EXPIRATION', {
      consent_expiration_time: '2026-12-01T00:00:00Z',
    });
    expect((await deliver(expiring, await fake.signWebhook(expiring))).status).toBe(200);
    expect(await findConnection(w.t.database.db, other.userId, other.connectionId)).toMatchObject({
      status: 'needs_reauth',
    });

    const revoked = webhookBody(itemId, 'ITEM', 'USER_PERMISSION_REVOKED');
    expect((await deliver(revoked, await fake.signWebhook(revoked))).status).toBe(200);
    const after = await findConnection(w.t.database.db, userId, connectionId);
    expect(after).toMatchObject({ status: 'disconnected', secretCiphertext: null });
    const kept = await w.t.database.pool.query(
      'select count(*)::int as n from "transaction" where user_id = $1',
      [userId],
    );
    expect(kept.rows[0].n).toBe(1);
    const accounts = await w.t.database.pool.query(
      'select distinct status from financial_account where connection_id = $1',
      [connectionId],
    );
    expect(accounts.rows).toEqual([{ status: 'disconnected' }]);
  });

  it('unknown webhook types are acknowledged and change nothing', async () => {
    const { userId, connectionId, itemId } = await link();
    const body = webhookBody(itemId, 'AUTH', 'AUTOMATICALLY_VERIFIED', { account_id: 'acc-checking' });
    expect((await deliver(body, await fake.signWebhook(body))).status).toBe(200);
    expect(await queuedFor(connectionId)).toBe(0);
    expect(await findConnection(w.t.database.db, userId, connectionId)).toMatchObject({ status: 'active' });
  });
});
