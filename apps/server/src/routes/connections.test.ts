import { demoBankTransactions } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { waitForSync } from '../testing/browser';

// The demo bank runs on the app's clock, which these tests move forward.
let clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
});
afterAll(async () => {
  await w.close();
});

type Envelope<T> = { success: boolean; data: T; error?: string };
type ConnectionView = {
  id: string;
  status: string;
  statusText: { label: string };
  lastSyncedAt: string | null;
  lastError: string | null;
  sync: { state: string; step: string | null; progress: number | null };
};
type AccountView = {
  id: string;
  name: string;
  type: string;
  currency: string;
  status: string;
  currentBalance: { amountMinor: number; currency: string };
  mask: string | null;
  transactionCount: number;
  favorite: boolean;
  hidden: boolean;
};

async function count(sql: string, params: unknown[]): Promise<number> {
  const result = await w.t.database.pool.query<{ n: number }>(sql, params);
  return result.rows[0]?.n ?? 0;
}

describe('demo bank', () => {
  it('connects, syncs two years of history, and later syncs add the new days without duplicates', async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    const { browser } = await w.signUp();
    const userId = (await browser.json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;
    const created = await browser.json<Envelope<{ connection: ConnectionView }>>('/api/v1/connections/demo', {
      body: { variant: 'standard' },
    });
    expect(created.status).toBe(201);
    const [connection] = await waitForSync<ConnectionView>(browser);
    expect(connection).toMatchObject({ status: 'active', lastError: null });
    expect(connection?.lastSyncedAt).toBeTruthy();

    const accounts = await browser.json<Envelope<{ accounts: AccountView[] }>>('/api/v1/accounts');
    expect(accounts.body.data.accounts.map((account) => account.type).sort()).toEqual([
      'brokerage',
      'credit',
      'depository',
      'depository',
      'depository',
      'loan',
    ]);
    expect(accounts.body.data.accounts.some((account) => account.currency === 'EUR')).toBe(true);
    const total = await count('select count(*)::int as n from "transaction" where user_id = $1', [userId]);
    expect(total).toBeGreaterThan(1_000);
    const pending = await count(
      'select count(*)::int as n from "transaction" where user_id = $1 and status = \'pending\'',
      [userId],
    );
    // Which purchases are still pending on the 20th depends on the connection's random seed (a few
    // seeds have none): the count must be exactly the demo bank's own for that seed.
    const seed = (
      await w.t.database.pool.query<{ seed: string }>(
        "select settings->>'seed' as seed from connection where id = $1 and user_id = $2",
        [connection?.id, userId],
      )
    ).rows[0]?.seed;
    expect(seed).toBeTruthy();
    const expectedPending = demoBankTransactions({
      seed: seed ?? '',
      from: '2026-10-20',
      to: '2026-11-20',
      today: '2026-11-20',
    }).filter((row) => row.status === 'pending').length;
    expect(pending).toBe(expectedPending);
    expect(
      await count('select count(*)::int as n from holding where user_id = $1', [userId]),
    ).toBeGreaterThan(0);
    expect(
      await count('select count(*)::int as n from balance_snapshot where user_id = $1', [userId]),
    ).toBeGreaterThan(700);
    // Transfers between the demo accounts are paired and left out of spending.
    const unpairedTransfers = await count(
      'select count(*)::int as n from "transaction" where user_id = $1 and transfer_group is not null and transfer_pair_id is null and status = \'posted\'',
      [userId],
    );
    expect(unpairedTransfers).toBe(0);

    // Five days later: the new days arrive, every earlier pending purchase has posted, nothing doubled.
    const pendingIds = await w.t.database.pool.query<{ external_id: string }>(
      'select external_id from "transaction" where user_id = $1 and status = \'pending\'',
      [userId],
    );
    clock = new Date('2026-11-25T15:00:00Z');
    const resync = await browser.json(`/api/v1/connections/${connection?.id}/sync`, { method: 'POST' });
    expect(resync.status).toBe(202);
    await waitForSync<ConnectionView>(browser);
    const after = await count('select count(*)::int as n from "transaction" where user_id = $1', [userId]);
    expect(after).toBeGreaterThan(total);
    const stillPending = await count(
      'select count(*)::int as n from "transaction" where user_id = $1 and external_id = any($2)',
      [userId, pendingIds.rows.map((row) => row.external_id)],
    );
    expect(stillPending).toBe(0);
    const duplicates = await count(
      'select count(*)::int as n from (select account_id, external_id from "transaction" where user_id = $1 group by 1, 2 having count(*) > 1) d',
      [userId],
    );
    expect(duplicates).toBe(0);
    const replaced = await count(
      'select count(*)::int as n from "transaction" where user_id = $1 and pending_external_id = any($2)',
      [userId, pendingIds.rows.map((row) => row.external_id)],
    );
    expect(replaced).toBe(pendingIds.rows.length);

    // Syncing again the same day changes nothing.
    await browser.json(`/api/v1/connections/${connection?.id}/sync`, { method: 'POST' });
    await waitForSync<ConnectionView>(browser);
    expect(await count('select count(*)::int as n from "transaction" where user_id = $1', [userId])).toBe(
      after,
    );
  });

  it('the re-auth variant asks the user to reconnect, and reconnecting syncs', async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    const { browser } = await w.signUp();
    await browser.json('/api/v1/connections/demo', { body: { variant: 'needs_reauth' } });
    const [connection] = await waitForSync<ConnectionView>(browser);
    expect(connection).toMatchObject({
      status: 'needs_reauth',
      lastError: 'The bank needs you to sign in again. Reconnect to continue syncing.',
    });
    const accounts = await browser.json<Envelope<{ accounts: AccountView[] }>>('/api/v1/accounts');
    expect(accounts.body.data.accounts.every((account) => account.status === 'needs_reauth')).toBe(true);
    expect(accounts.body.data.accounts.every((account) => account.transactionCount === 0)).toBe(true);
    const reconnect = await browser.json(`/api/v1/connections/${connection?.id}/reconnect`, {
      method: 'POST',
    });
    expect(reconnect.status).toBe(202);
    const [after] = await waitForSync<ConnectionView>(browser);
    expect(after).toMatchObject({ status: 'active', lastError: null });
    const synced = await browser.json<Envelope<{ accounts: AccountView[] }>>('/api/v1/accounts');
    expect(synced.body.data.accounts.some((account) => account.transactionCount > 0)).toBe(true);
  });

  it('does not report a reconnection for a source that cannot sign in again here', async () => {
    const { browser } = await w.signUp();
    const userId = (await browser.json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;
    const inserted = await w.t.database.pool.query<{ id: string }>(
      `insert into connection (user_id, provider, display_name, status) values ($1, 'simplefin', 'My Credit Union', 'needs_reauth') returning id`,
      [userId],
    );
    const id = inserted.rows[0]?.id;
    const reconnect = await browser.json<Envelope<unknown>>(`/api/v1/connections/${id}/reconnect`, {
      method: 'POST',
    });
    expect(reconnect.status).toBe(409);
    expect(reconnect.body).toMatchObject({
      success: false,
      error: 'My Credit Union cannot be reconnected here: remove it and link it again.',
    });
    const list = await browser.json<Envelope<{ connections: ConnectionView[] }>>('/api/v1/connections');
    expect(list.body.data.connections.find((connection) => connection.id === id)?.status).toBe(
      'needs_reauth',
    );
  });

  it('syncs every connection through the spec’s bank-data sync call', async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    const { browser } = await w.signUp();
    await browser.json('/api/v1/connections/demo', { body: {} });
    await waitForSync<ConnectionView>(browser);
    const all = await browser.json<Envelope<{ started: number }>>('/api/v1/plaid/sync', {
      body: { syncType: 'full', forceFullSync: true },
    });
    expect(all.status).toBe(200);
    expect(all.body.data.started).toBe(1);
    await waitForSync<ConnectionView>(browser);
    const other = await w.signUp();
    expect(
      (await other.browser.json<Envelope<{ connections: unknown[] }>>('/api/v1/connections')).body.data
        .connections,
    ).toEqual([]);
    const [connection] = (
      await browser.json<Envelope<{ connections: ConnectionView[] }>>('/api/v1/connections')
    ).body.data.connections;
    expect(
      (await other.browser.json(`/api/v1/connections/${connection?.id}/sync`, { method: 'POST' })).status,
    ).toBe(404);
    expect(
      (await other.browser.json(`/api/v1/connections/${connection?.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const removed = await browser.json(`/api/v1/connections/${connection?.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(
      (await browser.json<Envelope<{ accounts: unknown[] }>>('/api/v1/accounts')).body.data.accounts,
    ).toEqual([]);
  });
});

describe('accounts', () => {
  it('adds a manual account, records balances over time, renames, hides, stars and deletes it', async () => {
    clock = new Date('2026-11-20T15:00:00Z');
    const { browser } = await w.signUp();
    const bad = await browser.json<Envelope<unknown> & { items?: { field: string; message: string }[] }>(
      '/api/v1/accounts',
      {
        body: { name: ' ', type: 'spaceship', currency: 'XXXX', balance: 'lots' },
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.items?.map((item) => item.field).sort()).toEqual(['balance', 'currency', 'name', 'type']);

    const created = await browser.json<Envelope<{ account: AccountView }>>('/api/v1/accounts', {
      body: { name: 'Lisbon flat', type: 'real_estate', currency: 'EUR', balance: 310000 },
    });
    expect(created.status).toBe(201);
    const account = created.body.data.account;
    expect(account).toMatchObject({
      name: 'Lisbon flat',
      type: 'real_estate',
      currentBalance: { amountMinor: 31_000_000, currency: 'EUR' },
    });

    const later = await browser.json<Envelope<{ account: AccountView }>>(
      `/api/v1/accounts/${account.id}/balance`,
      {
        body: { balance: 325000.5, date: '2026-11-20' },
      },
    );
    expect(later.body.data.account.currentBalance.amountMinor).toBe(32_500_050);
    const future = await browser.json(`/api/v1/accounts/${account.id}/balance`, {
      body: { balance: 1, date: '2030-01-01' },
    });
    expect(future.status).toBe(400);

    const renamed = await browser.json<Envelope<{ account: AccountView }>>(`/api/v1/accounts/${account.id}`, {
      method: 'PATCH',
      body: { name: 'Flat in Lisbon', hidden: true },
    });
    expect(renamed.body.data.account).toMatchObject({ name: 'Flat in Lisbon', hidden: true });
    const starred = await browser.json<Envelope<{ account: AccountView }>>(
      `/api/v1/accounts/${account.id}/favorite`,
      {
        method: 'PUT',
        body: { favorite: true },
      },
    );
    expect(starred.body.data.account.favorite).toBe(true);
    const prefs = await browser.json<Envelope<{ favorite_accounts: string[] }>>('/api/v1/user/preferences');
    expect(prefs.body.data.favorite_accounts).toEqual([account.id]);

    const tabs = await browser.json<Envelope<{ accounts: AccountView[] }>>('/api/v1/accounts?tab=banks');
    expect(tabs.body.data.accounts).toEqual([]);

    const stranger = await w.signUp();
    expect((await stranger.browser.json(`/api/v1/accounts/${account.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(
      (
        await stranger.browser.json(`/api/v1/accounts/${account.id}`, {
          method: 'PATCH',
          body: { name: 'Mine now' },
        })
      ).status,
    ).toBe(404);

    const deleted = await browser.json<Envelope<{ deletedTransactions: number }>>(
      `/api/v1/accounts/${account.id}`,
      {
        method: 'DELETE',
      },
    );
    expect(deleted.body.data.deletedTransactions).toBe(0);
    const prefsAfter =
      await browser.json<Envelope<{ favorite_accounts: string[] }>>('/api/v1/user/preferences');
    expect(prefsAfter.body.data.favorite_accounts).toEqual([]);
  });
});

describe('plan limits', () => {
  it('refuses a demo bank that would go over the free plan’s accounts, writing nothing', async () => {
    const limited = await createAuthWorld({
      STRIPE_SECRET_KEY: 'sk_test_limits',
      STRIPE_WEBHOOK_SECRET: 'whsec_limits',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_limits',
      STRIPE_PRICE_ID_PRO_MONTHLY: 'price_limits',
    });
    try {
      const { browser } = await limited.signUp();
      const refused = await browser.json<Envelope<unknown>>('/api/v1/connections/demo', { body: {} });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/3 accounts/);
      expect(
        (await browser.json<Envelope<{ connections: unknown[] }>>('/api/v1/connections')).body.data
          .connections,
      ).toEqual([]);
      const manual = await browser.json('/api/v1/accounts', {
        body: { name: 'Wallet', type: 'other', currency: 'USD', balance: 20 },
      });
      expect(manual.status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
