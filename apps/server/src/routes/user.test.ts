import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, enableTwoFactor, PASSWORD, type AuthWorld } from '../testing/auth-fixtures';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  items?: { field: string; message: string }[];
};

describe('profile', () => {
  it('updates the full name, trimmed', async () => {
    const { browser } = await w.signUp();
    const result = await browser.json<Envelope<{ fullName: string }>>('/api/v1/user/profile', {
      method: 'PATCH',
      body: { fullName: "  Grace O'Brien-Hopper " },
    });
    expect(result.status).toBe(200);
    expect(result.body.data.fullName).toBe("Grace O'Brien-Hopper");
    const me = await browser.json<Envelope<{ fullName: string }>>('/api/v1/user');
    expect(me.body.data.fullName).toBe("Grace O'Brien-Hopper");
  });

  it.each([
    ['A', 'Name must be at least 2 characters'],
    ['B'.repeat(101), 'Name must be less than 100 characters'],
    ['Robert; DROP TABLE', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
  ])('refuses %j with the spec message and changes nothing', async (fullName, message) => {
    const { browser } = await w.signUp();
    const result = await browser.json<Envelope<unknown>>('/api/v1/user/profile', {
      method: 'PATCH',
      body: { fullName },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ success: false, error: 'Validation failed' });
    expect(result.body.items?.[0]).toMatchObject({ field: 'fullName', message });
    const me = await browser.json<Envelope<{ fullName: string }>>('/api/v1/user');
    expect(me.body.data.fullName).toBe('Ada Lovelace');
  });
});

describe('stats', () => {
  type Stats = { lastLoginAt: string | null; plan: string; connectedAccounts: number };
  it('gives the last sign-in, the plan and no connected accounts for a new user', async () => {
    const { browser, email } = await w.signUp();
    const before = await browser.json<Envelope<Stats>>('/api/v1/user/stats');
    // Signing up signs in, so the first sign-in is the sign-up itself. Without billing nothing is limited.
    expect(before.body.data).toMatchObject({ plan: 'Self-hosted (no limits)', connectedAccounts: 0 });
    const signedUpAt = Date.parse(before.body.data.lastLoginAt ?? '');
    expect(Date.now() - signedUpAt).toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const signedIn = w.browser();
    await signedIn.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    const after = await signedIn.json<Envelope<{ lastLoginAt: string | null }>>('/api/v1/user/stats');
    expect(Date.parse(after.body.data.lastLoginAt ?? '')).toBeGreaterThan(signedUpAt);
  });

  it("counts the accounts of live connections only, and only the user's own", async () => {
    const { browser } = await w.signUp();
    const other = await w.signUp();
    const created = await browser.json<Envelope<{ connection: { id: string } }>>('/api/v1/connections/demo', {
      body: { variant: 'standard' },
    });
    expect(created.status).toBe(201);
    const manual = await browser.json('/api/v1/accounts', {
      body: { name: 'Cash jar', type: 'depository', currency: 'USD', balance: 10 },
    });
    expect(manual.status).toBe(201);
    const linked = await w.t.database.pool.query<{ n: number }>(
      'select count(*)::int as n from financial_account a join "user" u on u.id = a.user_id where u.email = $1 and a.connection_id is not null',
      [(await browser.json<Envelope<{ email: string }>>('/api/v1/user')).body.data.email],
    );
    const demoAccounts = linked.rows[0]?.n ?? 0;
    expect(demoAccounts).toBeGreaterThan(0);
    const stats = await browser.json<Envelope<Stats>>('/api/v1/user/stats');
    expect(stats.body.data.connectedAccounts).toBe(demoAccounts);
    expect(
      (await other.browser.json<Envelope<Stats>>('/api/v1/user/stats')).body.data.connectedAccounts,
    ).toBe(0);

    await w.t.database.pool.query(`update connection set status = 'disconnected' where id = $1`, [
      created.body.data.connection.id,
    ]);
    expect((await browser.json<Envelope<Stats>>('/api/v1/user/stats')).body.data.connectedAccounts).toBe(0);
  });
});

describe('stats with billing configured', () => {
  let billing: AuthWorld;
  beforeAll(async () => {
    billing = await createAuthWorld({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_PRICE_ID_PRO_MONTHLY: 'price_x',
    });
  });
  afterAll(async () => {
    await billing.close();
  });

  it('names the tier whose limits apply', async () => {
    const { browser } = await billing.signUp();
    const stats = await browser.json<Envelope<{ plan: string }>>('/api/v1/user/stats');
    expect(stats.body.data.plan).toBe('Free');
  });
});

describe('sessions', () => {
  it('lists devices with this one marked, revokes one, then all', async () => {
    const { browser, email } = await w.signUp();
    const phone = w.browser('203.0.113.7');
    await phone.json('/api/auth/sign-in/email', {
      body: { email, password: PASSWORD },
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      },
    });
    const list = await browser.json<
      Envelope<{
        sessions: {
          id: string;
          current: boolean;
          device: string;
          browser: string;
          os: string;
          ipAddress: string;
        }[];
      }>
    >('/api/v1/user/sessions');
    expect(list.body.data.sessions).toHaveLength(2);
    const mine = list.body.data.sessions.find((s) => s.current);
    const theirs = list.body.data.sessions.find((s) => !s.current);
    expect(mine?.browser).toMatch(/Chrome/);
    expect(theirs).toMatchObject({
      ipAddress: '203.0.113.7',
      os: expect.stringMatching(/iOS/),
      device: expect.stringMatching(/iPhone|Apple/),
    });

    const revoked = await browser.json(`/api/v1/user/sessions/${theirs?.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect((await phone.json('/api/v1/user')).status).toBe(401);
    expect((await browser.json('/api/v1/user')).status).toBe(200);

    const stranger = await w.signUp();
    const cross = await stranger.browser.json(`/api/v1/user/sessions/${mine?.id}`, { method: 'DELETE' });
    expect(cross.status).toBe(404);
    expect((await browser.json('/api/v1/user')).status).toBe(200);

    const laptop = w.browser();
    await laptop.json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    const all = await browser.json<Envelope<{ revoked: number }>>('/api/v1/user/sessions/revoke-all', {
      method: 'POST',
    });
    expect(all.body.data.revoked).toBe(2);
    expect((await browser.json('/api/v1/user')).status).toBe(401);
    expect((await laptop.json('/api/v1/user')).status).toBe(401);
  });
});

describe('audit events', () => {
  it('caps the page size and validates the limit', async () => {
    const { browser } = await w.signUp();
    expect((await browser.json('/api/v1/user/audit-events?limit=201')).status).toBe(400);
    expect((await browser.json('/api/v1/user/audit-events?limit=0')).status).toBe(400);
    const one = await browser.json<Envelope<{ events: unknown[] }>>('/api/v1/user/audit-events?limit=1');
    expect(one.body.data.events).toHaveLength(1);
  });
});

async function ownedRowCounts(userId: string): Promise<Record<string, number>> {
  const pool = w.t.database.pool;
  const { rows: tables } = await pool.query<{ table_name: string }>(
    "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by table_name",
  );
  const counts: Record<string, number> = {};
  const user = await pool.query<{ n: number }>('select count(*)::int as n from "user" where id = $1', [
    userId,
  ]);
  counts.user = user.rows[0]?.n ?? 0;
  for (const { table_name: table } of tables) {
    const result = await pool.query<{ n: number }>(
      `select count(*)::int as n from "${table}" where user_id = $1`,
      [userId],
    );
    counts[table] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

describe('delete account', () => {
  it('removes every row the user owns in every table, and only theirs', async () => {
    const { browser, email } = await w.signUp();
    const bystander = await w.signUp();
    await enableTwoFactor(browser);
    await browser.json('/api/v1/user/verify-password', { body: { password: PASSWORD } });
    await w
      .browser()
      .json('/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } });
    await w.inbox.waitFor(email, /Reset your Lodestar password/);
    await w.t.mailer.drain();
    const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
    const userId = me.body.data.id;
    const bystanderId = (await bystander.browser.json<Envelope<{ id: string }>>('/api/v1/user')).body.data.id;

    const before = await ownedRowCounts(userId);
    const bystanderBefore = await ownedRowCounts(bystanderId);
    for (const table of [
      'user',
      'session',
      'account',
      'two_factor',
      'auth_event',
      'password_confirmation',
      'email_outbox',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    const deleted = await browser.json<Envelope<{ deleted: boolean }>>('/api/v1/user/delete', {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.deleted).toBe(true);

    const after = await ownedRowCounts(userId);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(await ownedRowCounts(bystanderId)).toEqual(bystanderBefore);
    const verificationRows = await w.t.database.pool.query<{ n: number }>(
      'select count(*)::int as n from verification where value = $1',
      [userId],
    );
    expect(verificationRows.rows[0]?.n).toBe(0);

    expect((await browser.json('/api/v1/user')).status).toBe(401);
    expect(
      (await w.browser().json('/api/auth/sign-in/email', { body: { email, password: PASSWORD } })).status,
    ).toBe(401);
  });
});

describe('development outbox', () => {
  it('is not served outside development', async () => {
    const response = await w.browser().request('/dev/outbox');
    expect(response.headers.get('content-type') ?? '').not.toContain('Outbox');
    expect(await response.text()).not.toContain('Outbox');
  });

  it('lists sent emails with their links in development, escaped', async () => {
    const dev = await createAuthWorld({ NODE_ENV: 'development' });
    try {
      const { email } = await dev.signUp({ name: "Zoë O'Neil" });
      await dev.inbox.waitFor(email, /Confirm your email/);
      await dev.t.mailer.drain();
      const page = await dev.browser().request('/dev/outbox');
      const text = await page.text();
      expect(page.status).toBe(200);
      expect(text).toContain('Confirm your email for Lodestar');
      expect(text).toContain('/api/auth/verify-email?token=');
      expect(text).toContain('Hi Zoë,');
    } finally {
      await dev.close();
    }
  });
});
