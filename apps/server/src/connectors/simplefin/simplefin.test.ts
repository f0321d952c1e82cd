import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../../testing/auth-fixtures';
import type { TestBrowser } from '../../testing/browser';
import {
  fakeSimplefinOrg,
  startFakeSimplefin,
  type FakeSimplefin,
  type FakeSimplefinAccount,
} from '../../testing/fake-simplefin';
import { SIMPLEFIN_MESSAGES } from './client';

// SimpleFIN against a fake of its documented HTTP API on 127.0.0.1, through the app's routes.
let clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
let fake: FakeSimplefin;
beforeAll(async () => {
  fake = await startFakeSimplefin();
  w = await createAuthWorld(
    { OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', SIMPLEFIN_BRIDGE_URL: fake.root },
    { now: () => clock },
  );
});
afterAll(async () => {
  await w.close();
  await fake.close();
});

type Envelope<T> = { success: boolean; data: T; error?: string; details?: unknown };
type ConnectionView = {
  id: string;
  provider: string;
  status: string;
  institution: { name: string; url: string | null } | null;
  lastSyncedAt: string | null;
  lastError: string | null;
  notices: string[];
  nextSyncAllowedAt: string | null;
  reconnect: string;
  sync: { state: string };
};

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function checking(): FakeSimplefinAccount {
  return {
    org: fakeSimplefinOrg(),
    id: 'ACT-checking',
    name: 'Everyday Checking',
    currency: 'USD',
    balance: '1520.35',
    'available-balance': '1500.00',
    'balance-date': unix('2026-11-20T10:00:00Z'),
    transactions: [
      { id: 'T1', posted: unix('2026-11-02T12:00:00Z'), amount: '2500.00', description: 'PAYROLL ACME' },
      {
        id: 'T2',
        posted: unix('2026-11-10T12:00:00Z'),
        amount: '-42.10',
        description: 'POS 1234 GROCER',
        payee: 'Corner Grocer',
        memo: 'card 1234',
        transacted_at: unix('2026-11-09T18:00:00Z'),
      },
      { id: 'T3', posted: unix('2026-09-01T12:00:00Z'), amount: '-9.99', description: 'STREAMING' },
      // Older than the first sync's 90 days: never asked for.
      { id: 'T0', posted: unix('2026-07-01T12:00:00Z'), amount: '-1.00', description: 'TOO OLD' },
      {
        id: 'P1',
        posted: 0,
        amount: '-15.00',
        description: 'CAFE (pending)',
        transacted_at: unix('2026-11-19T08:00:00Z'),
        pending: true,
      },
    ],
  };
}

function card(): FakeSimplefinAccount {
  return {
    org: fakeSimplefinOrg(),
    id: 'ACT-card',
    name: 'Rewards Credit Card',
    currency: 'USD',
    balance: '-310.00',
    'balance-date': unix('2026-11-20T10:00:00Z'),
    transactions: [
      { id: 'C1', posted: unix('2026-11-15T12:00:00Z'), amount: '-310.00', description: 'AIRLINE' },
    ],
  };
}

const miles: FakeSimplefinAccount = {
  org: fakeSimplefinOrg(),
  id: 'ACT-miles',
  name: 'Flyer Miles',
  currency: 'https://www.example.com/flight-miles',
  balance: '12000',
  'balance-date': unix('2026-11-20T10:00:00Z'),
  transactions: [],
};

async function waitForIdle(browser: TestBrowser): Promise<ConnectionView[]> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const list = await browser.json<Envelope<{ connections: ConnectionView[] }>>('/api/v1/connections');
    if (list.body.data.connections.every((connection) => connection.sync.state === 'idle'))
      return list.body.data.connections;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('sync did not finish');
}

async function rows(sql: string, params: unknown[]) {
  return (await w.t.database.pool.query(sql, params)).rows as Record<string, unknown>[];
}

async function userIdOf(browser: TestBrowser) {
  return (await browser.json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;
}

async function transactionsOf(userId: string) {
  return rows(
    `select t.external_id, t.amount_minor::int as amount, t.status, t.date::text as date, t.name
       from "transaction" t where t.user_id = $1 order by t.external_id`,
    [userId],
  );
}

beforeEach(() => {
  clock = new Date('2026-11-20T15:00:00Z');
  fake.main.accounts = [checking(), card(), miles];
  fake.main.errors = [];
});

describe('SimpleFIN Bridge', () => {
  it('refuses what is not a setup token, and a claimed one, writing nothing', async () => {
    const { browser } = await w.signUp();
    const userId = await userIdOf(browser);
    const notToken = await browser.json<Envelope<unknown>>('/api/v1/simplefin/connect', {
      body: { setupToken: 'hello there' },
    });
    expect(notToken.status).toBe(400);
    expect(JSON.stringify(notToken.body)).toContain(SIMPLEFIN_MESSAGES.notAToken);

    const token = fake.setupToken();
    const first = await browser.json('/api/v1/simplefin/connect', { body: { setupToken: token } });
    expect(first.status).toBe(201);
    await waitForIdle(browser);
    const again = await browser.json<Envelope<unknown>>('/api/v1/simplefin/connect', {
      body: { setupToken: token },
    });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain(SIMPLEFIN_MESSAGES.claimRefused);
    const connections = await rows('select id from connection where user_id = $1', [userId]);
    expect(connections).toHaveLength(1);
  });

  it('claims once, keeps the access sealed, and syncs accounts and 90 days in one request', async () => {
    const { browser } = await w.signUp();
    const userId = await userIdOf(browser);
    fake.main.errors = ['Rewards Credit Card: <b>the bank asks you to sign in</b> at firstfake.example'];
    const before = fake.requests.length;
    const created = await browser.json<Envelope<{ connection: ConnectionView }>>(
      '/api/v1/simplefin/connect',
      {
        body: { setupToken: fake.setupToken() },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.data.connection.provider).toBe('simplefin');
    const [connection] = await waitForIdle(browser);
    expect(connection).toMatchObject({ status: 'active', lastError: null, reconnect: 'setup_token' });
    expect(connection?.institution).toMatchObject({
      name: 'First Fake Bank',
      url: 'https://www.firstfake.example',
    });
    // The Bridge's errors are shown, sanitised; the custom-currency account is named as left out.
    expect(connection?.notices[0]).toBe(
      'Rewards Credit Card: bthe bank asks you to sign in/b at firstfake.example',
    );
    expect(connection?.notices[1]).toContain('“Flyer Miles” is kept in a custom currency');

    const made = fake.requests.slice(before);
    expect(made.map((request) => request.method + ' ' + request.path.split('?')[0])).toEqual([
      expect.stringMatching(/^POST \/simplefin\/claim\//),
      'GET /simplefin/accounts',
    ]);
    const get = made[1];
    expect(get?.authorized).toBe(true);
    expect(get?.query.get('pending')).toBe('1');
    expect(get?.query.get('start-date')).toBe(String(unix('2026-08-22T00:00:00Z')));

    const [stored] = await rows(
      'select secret_ciphertext, secret_key_id, settings from connection where user_id = $1',
      [userId],
    );
    expect(stored?.secret_ciphertext).toBeTruthy();
    expect(stored?.secret_key_id).toMatch(/^k1-/);
    expect(String(stored?.secret_ciphertext)).not.toContain('127.0.0.1');
    expect(JSON.stringify(stored?.settings)).not.toContain('127.0.0.1');
    expect(JSON.stringify(w.t.logLines)).not.toContain('/simplefin@127.0.0.1');

    const accounts = await rows(
      `select name, type, currency, current_balance_minor::int as balance, available_balance_minor::int as available,
              extract(epoch from balance_as_of)::int as as_of
         from financial_account where user_id = $1 order by name`,
      [userId],
    );
    expect(accounts).toEqual([
      {
        name: 'Everyday Checking',
        type: 'depository',
        currency: 'USD',
        balance: 152_035,
        available: 150_000,
        // The balance is as of the Bridge's balance-date, not the time of the sync.
        as_of: unix('2026-11-20T10:00:00Z'),
      },
      {
        name: 'Rewards Credit Card',
        type: 'credit',
        currency: 'USD',
        balance: -31_000,
        available: null,
        as_of: unix('2026-11-20T10:00:00Z'),
      },
    ]);
    expect(await transactionsOf(userId)).toEqual([
      { external_id: 'C1', amount: -31_000, status: 'posted', date: '2026-11-15', name: 'AIRLINE' },
      { external_id: 'P1', amount: -1_500, status: 'pending', date: '2026-11-19', name: 'CAFE (pending)' },
      { external_id: 'T1', amount: 250_000, status: 'posted', date: '2026-11-02', name: 'PAYROLL ACME' },
      { external_id: 'T2', amount: -4_210, status: 'posted', date: '2026-11-10', name: 'Corner Grocer' },
      { external_id: 'T3', amount: -999, status: 'posted', date: '2026-09-01', name: 'STREAMING' },
    ]);
  });

  it('keeps to the request budget and ends each sync with exactly the Bridge’s data', async () => {
    const { browser } = await w.signUp();
    const userId = await userIdOf(browser);
    await browser.json('/api/v1/simplefin/connect', { body: { setupToken: fake.setupToken() } });
    const [connection] = await waitForIdle(browser);
    expect(connection?.nextSyncAllowedAt).toBe('2026-11-20T19:00:00.000Z');

    // Inside the 4 hours a manual sync is refused, saying when the next is allowed, and asks nothing.
    clock = new Date('2026-11-20T16:45:00Z');
    const requestsBefore = fake.requests.length;
    const early = await browser.json<Envelope<unknown>>(`/api/v1/connections/${connection?.id}/sync`, {
      method: 'POST',
    });
    expect(early.status).toBe(429);
    expect(early.body.error).toBe(
      'SimpleFIN Bridge allows one sync every 4 hours to stay within its daily request limit. The next sync is allowed in 2 h 15 min.',
    );
    expect(fake.requests.length).toBe(requestsBefore);

    // Two days later: the pending coffee posted under a new id, a purchase changed, one was withdrawn.
    clock = new Date('2026-11-22T15:00:00Z');
    const account = fake.main.accounts[0] as FakeSimplefinAccount;
    (fake.main.accounts[1] as FakeSimplefinAccount).transactions = [];
    account.transactions = account.transactions
      .filter((item) => item.id !== 'P1')
      .map((item) => (item.id === 'T2' ? { ...item, amount: '-40.00' } : item));
    account.transactions.push({
      id: 'T4',
      posted: unix('2026-11-21T12:00:00Z'),
      amount: '-15.00',
      description: 'CAFE',
    });
    account.balance = '1480.35';
    const later = await browser.json(`/api/v1/connections/${connection?.id}/sync`, { method: 'POST' });
    expect(later.status).toBe(202);
    await waitForIdle(browser);
    const get = fake.requests.at(-1);
    // Later syncs read from 14 days before the last one.
    expect(get?.query.get('start-date')).toBe(String(unix('2026-11-06T00:00:00Z')));
    expect(await transactionsOf(userId)).toEqual([
      // Outside the window (before 2026-11-06): kept as it was.
      { external_id: 'T1', amount: 250_000, status: 'posted', date: '2026-11-02', name: 'PAYROLL ACME' },
      { external_id: 'T2', amount: -4_000, status: 'posted', date: '2026-11-10', name: 'Corner Grocer' },
      { external_id: 'T3', amount: -999, status: 'posted', date: '2026-09-01', name: 'STREAMING' },
      { external_id: 'T4', amount: -1_500, status: 'posted', date: '2026-11-21', name: 'CAFE' },
    ]);
    const [balance] = await rows(
      "select current_balance_minor::int as b from financial_account where user_id = $1 and name = 'Everyday Checking'",
      [userId],
    );
    expect(balance?.b).toBe(148_035);
  });

  it('marks a revoked access needs_reauth without touching balances, and a new token reconnects it', async () => {
    const { browser } = await w.signUp();
    const userId = await userIdOf(browser);
    await browser.json('/api/v1/simplefin/connect', { body: { setupToken: fake.setupToken() } });
    const [connection] = await waitForIdle(browser);
    const balances = await rows(
      'select name, current_balance_minor::int as b from financial_account where user_id = $1 order by name',
      [userId],
    );
    fake.revokeAll();
    fake.main.accounts[0] = { ...(fake.main.accounts[0] as FakeSimplefinAccount), balance: '1.00' };
    clock = new Date('2026-11-21T15:00:00Z');
    await browser.json(`/api/v1/connections/${connection?.id}/sync`, { method: 'POST' });
    const [failed] = await waitForIdle(browser);
    expect(failed).toMatchObject({ status: 'needs_reauth', reconnect: 'setup_token' });
    expect(
      await rows(
        'select name, current_balance_minor::int as b from financial_account where user_id = $1 order by name',
        [userId],
      ),
    ).toEqual(balances);

    // Another user cannot give the connection a token.
    const other = await w.signUp();
    const foreign = await other.browser.json('/api/v1/simplefin/connect', {
      body: { setupToken: fake.setupToken(), connectionId: connection?.id },
    });
    expect(foreign.status).toBe(404);

    const again = await browser.json<Envelope<{ connection: ConnectionView }>>('/api/v1/simplefin/connect', {
      body: { setupToken: fake.setupToken(), connectionId: connection?.id },
    });
    expect(again.status).toBe(201);
    expect(again.body.data.connection.id).toBe(connection?.id);
    const [back] = await waitForIdle(browser);
    expect(back).toMatchObject({ status: 'active', lastError: null });
    const [checkingNow] = await rows(
      "select current_balance_minor::int as b from financial_account where user_id = $1 and name = 'Everyday Checking'",
      [userId],
    );
    expect(checkingNow?.b).toBe(100);
    expect(await rows('select id from connection where user_id = $1', [userId])).toHaveLength(1);
  });

  it('retries a Bridge that answers 500 once, and reports a lasting failure plainly', async () => {
    const { browser } = await w.signUp();
    const userId = await userIdOf(browser);
    fake.failNext(500);
    await browser.json('/api/v1/simplefin/connect', { body: { setupToken: fake.setupToken() } });
    const [connection] = await waitForIdle(browser);
    expect(connection).toMatchObject({ status: 'active', lastError: null });
    expect((await transactionsOf(userId)).length).toBe(5);

    clock = new Date('2026-11-21T15:00:00Z');
    fake.failNext(402, 3);
    await browser.json(`/api/v1/connections/${connection?.id}/sync`, { method: 'POST' });
    const [failed] = await waitForIdle(browser);
    expect(failed?.status).toBe('error');
    expect(failed?.lastError).toBe('The last sync failed. Try again; if it keeps failing, try reconnecting.');
    expect((await transactionsOf(userId)).length).toBe(5);
  });
});

describe('providers', () => {
  it('says which ways of adding accounts are set up, naming what Plaid lacks and no secret', async () => {
    const { browser } = await w.signUp();
    const answer = await browser.json<
      Envelope<{
        providers: { id: string; configured: boolean; missing: string[]; setupUrl: string | null }[];
      }>
    >('/api/v1/connections/providers');
    expect(answer.status).toBe(200);
    const byId = Object.fromEntries(answer.body.data.providers.map((item) => [item.id, item]));
    expect(byId.plaid).toMatchObject({ configured: false, missing: ['PLAID_CLIENT_ID', 'PLAID_SECRET'] });
    expect(byId.simplefin).toMatchObject({ configured: true, setupUrl: `${fake.root}/create` });
    expect(Object.keys(byId).sort()).toEqual(['demo', 'import', 'manual', 'plaid', 'simplefin']);
  });
});
