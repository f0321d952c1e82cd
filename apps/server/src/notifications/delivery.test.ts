import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvent, mergeStoredPreferences, storedPreferences } from '@lodestar/db';
import { mergePreferences } from '@lodestar/domain';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';
import { CLOCK, secondInstance, seedEveryKind, SUBJECTS } from './test-fixtures';

// Every kind is delivered to a real SMTP server on loopback, by the job functions themselves and by a
// second server instance on the same database, and each arrives once per period.
let clock = CLOCK;
const now = () => clock;
let w: AuthWorld;
let one: ReturnType<typeof secondInstance>;
let two: ReturnType<typeof secondInstance>;

beforeAll(async () => {
  w = await createAuthWorld({}, { now });
  one = secondInstance(w, now);
  two = secondInstance(w, now);
});
afterAll(async () => {
  await one.close();
  await two.close();
  await w.close();
});

const kinds = Object.keys(SUBJECTS) as (keyof typeof SUBJECTS)[];

async function settle() {
  await one.mailer.drain();
  await two.mailer.drain();
}

describe('notification job: every kind, exactly once per period', () => {
  let email: string;
  let userId: string;
  beforeAll(async () => {
    clock = CLOCK;
    const signed = await signedInUser(w);
    userId = signed.userId;
    const me = await signed.browser.json<Envelope<{ email: string }>>('/api/v1/user');
    email = me.body.data.email;
    await seedEveryKind(w.t.database.db, signed.userId);
  });

  it('sends each kind once, however often and on however many instances the job runs', async () => {
    const first = await one.handlers.notifications();
    expect(first.failed).toBe(0);
    await settle();
    for (const kind of kinds) await w.inbox.waitFor(email, SUBJECTS[kind]);

    // Again on the same instance, then on two instances at once.
    await one.handlers.notifications();
    await Promise.all([one.handlers.notifications(), two.handlers.notifications()]);
    await settle();
    for (const kind of kinds) expect(w.inbox.count(email, SUBJECTS[kind]), kind).toBe(1);

    const outbox = await w.t.database.pool.query<{ kind: string; status: string }>(
      `select kind, status from email_outbox where to_address = $1 and kind like 'notification_%' order by kind`,
      [email],
    );
    expect(outbox.rows).toEqual(
      kinds
        .map((kind) => ({ kind: `notification_${kind}`, status: 'sent' }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    );
  });

  it('writes the content of each kind', async () => {
    const low = await w.inbox.waitFor(email, SUBJECTS.low_balance);
    expect(low.text).toContain('1 account is below your low-balance alert of $100.00:');
    expect(low.text).toContain('• Everyday Checking: $50.00');
    const spending = await w.inbox.waitFor(email, SUBJECTS.daily_spending);
    expect(spending.text).toContain('Your spending on 11/19/2026 was above your daily alert of $200.00:');
    expect(spending.text).toContain('• 11/19/2026: $1,800.00');
    const large = await w.inbox.waitFor(email, SUBJECTS.large_transactions);
    expect(large.text).toContain('• 11/19/2026 Furniture Store: $1,500.00');
    const week = await w.inbox.waitFor(email, SUBJECTS.weekly_summary);
    expect(week.text).toContain('Your summary of the week from 11/09/2026 to 11/15/2026:');
    expect(week.text).toContain('• Income: $5,000.00');
    const security = await w.inbox.waitFor(email, SUBJECTS.security_alert);
    expect(security.text).toContain('When: 11/20/2026 09:00 AM (America/New_York)');
    // Security alerts cannot be unsubscribed by link; every other kind can.
    expect(security.text).not.toContain('/notifications/unsubscribe');
    expect(low.text).toMatch(
      /Unsubscribe from these emails: http:\/\/localhost:3000\/api\/v1\/notifications\/unsubscribe\?token=/,
    );
    expect(low.html).toContain('Unsubscribe from these emails</a>');
  });

  it('sends the next period’s notifications the next day', async () => {
    clock = new Date('2026-11-21T15:00:00Z');
    await one.handlers.notifications();
    await settle();
    // The balance is still low: a new daily period means one more low-balance email.
    expect(w.inbox.count(email, SUBJECTS.low_balance)).toBe(2);
    // Nothing was spent on 2026-11-20 and the week is the same: no more of those.
    expect(w.inbox.count(email, SUBJECTS.daily_spending)).toBe(1);
    expect(w.inbox.count(email, SUBJECTS.weekly_summary)).toBe(1);
    expect(w.inbox.count(email, SUBJECTS.security_alert)).toBe(1);
  });

  it('turns a kind off from the unsubscribe link of a received email, without a session', async () => {
    const low = await w.inbox.waitFor(email, SUBJECTS.low_balance);
    const link = /Unsubscribe from these emails: (\S+)/.exec(low.text)?.[1];
    expect(link).toBeDefined();
    // Opening the link (as a mail scanner would) only asks; the page's button unsubscribes.
    const page = await w.t.app.request(link ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Unsubscribe from low-balance alerts?');
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(action).toMatch(/^\/api\/v1\/notifications\/unsubscribe\?token=/);
    const lowBalance = async () =>
      mergePreferences(await storedPreferences(w.t.database.db, userId)).alert_thresholds.low_balance;
    expect(await lowBalance()).toBeGreaterThan(0);
    const done = await w.t.app.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Lodestar will no longer send you low-balance alerts.');
    expect(await lowBalance()).toBe(0);

    clock = new Date('2026-11-22T15:00:00Z');
    await one.handlers.notifications();
    await settle();
    expect(w.inbox.count(email, SUBJECTS.low_balance)).toBe(2);

    const forged = await w.t.app.request(`${(link ?? '').slice(0, -4)}AAAA`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('This unsubscribe link is not valid');
  });

  it('accepts the one-click POST a mail provider sends (RFC 8058), as a form, without a session', async () => {
    const spending = await w.inbox.waitFor(email, SUBJECTS.daily_spending);
    const link = /Unsubscribe from these emails: (\S+)/.exec(spending.text)?.[1] ?? '';
    const response = await w.t.app.request(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Lodestar will no longer send you');
  });
});

describe('notification job: preferences', () => {
  it('sends nothing when email notifications are off', async () => {
    clock = CLOCK;
    const signed = await signedInUser(w);
    const me = await signed.browser.json<Envelope<{ email: string }>>('/api/v1/user');
    await seedEveryKind(w.t.database.db, signed.userId);
    await mergeStoredPreferences(w.t.database.db, signed.userId, { email_notifications: false });
    expect(await one.notifier.runForUser(signed.userId)).toEqual({ emails: 0, pushes: 0 });
    expect(await one.handlers.notifications()).toMatchObject({ failed: 0 });
    await settle();
    for (const kind of kinds) expect(w.inbox.count(me.body.data.email, SUBJECTS[kind])).toBe(0);
  });

  it('leaves out each kind whose switch is off', async () => {
    clock = CLOCK;
    const signed = await signedInUser(w);
    const me = await signed.browser.json<Envelope<{ email: string }>>('/api/v1/user');
    await seedEveryKind(w.t.database.db, signed.userId);
    await mergeStoredPreferences(w.t.database.db, signed.userId, {
      alert_thresholds: { spending: null, low_balance: 0 },
      notification_types: {
        large_transactions: false,
        new_connections: false,
        weekly_summaries: false,
        security_alerts: false,
        product_updates: false,
      },
    });
    expect(await one.notifier.runForUser(signed.userId)).toEqual({ emails: 0, pushes: 0 });
    await settle();
    for (const kind of kinds) expect(w.inbox.count(me.body.data.email, SUBJECTS[kind])).toBe(0);
  });
});

describe('notification job: the large-transaction threshold', () => {
  it("is the user's preference, in the reporting currency", async () => {
    clock = CLOCK;
    const above = await signedInUser(w);
    const aboveEmail = (await above.browser.json<Envelope<{ email: string }>>('/api/v1/user')).body.data
      .email;
    await seedEveryKind(w.t.database.db, above.userId);
    // The seeded $1,500 outflow is below a $2,000 threshold: no large-transaction alert, the rest as usual.
    const saved = await above.browser.json('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { alert_thresholds: { large_transaction: 2000 } },
    });
    expect(saved.status).toBe(200);
    await one.notifier.runForUser(above.userId);
    await settle();
    await w.inbox.waitFor(aboveEmail, SUBJECTS.low_balance);
    expect(w.inbox.count(aboveEmail, /large transaction/)).toBe(0);

    const lower = await signedInUser(w);
    const lowerEmail = (await lower.browser.json<Envelope<{ email: string }>>('/api/v1/user')).body.data
      .email;
    await seedEveryKind(w.t.database.db, lower.userId);
    await lower.browser.json('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { alert_thresholds: { large_transaction: 250 } },
    });
    await one.notifier.runForUser(lower.userId);
    await settle();
    const mail = await w.inbox.waitFor(lowerEmail, /^2 large transactions of \$250\.00 or more$/);
    expect(mail.text).toContain('Furniture Store: $1,500.00');
    expect(mail.text).toContain('Grocer: $300.00');
  });
});

describe('security alerts', () => {
  it('alerts a sign-in from a browser the user has not signed in from before, once', async () => {
    clock = CLOCK;
    const signed = await signedInUser(w);
    const me = await signed.browser.json<Envelope<{ email: string }>>('/api/v1/user');
    const known = 'Mozilla/5.0 (Macintosh) Safari/605.1';
    const event = (type: string, at: string, userAgent: string) => ({
      userId: signed.userId,
      type,
      userAgent,
      ipAddress: '203.0.113.5',
      createdAt: new Date(at),
    });
    await w.t.database.db
      .insert(authEvent)
      .values([
        event('sign_up', '2026-11-20T09:00:00Z', known),
        event('sign_in', '2026-11-20T10:00:00Z', known),
        event('sign_in', '2026-11-20T11:00:00Z', 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0'),
        event('sign_out', '2026-11-20T11:30:00Z', known),
      ]);
    await one.notifier.runForUser(signed.userId);
    await Promise.all([one.notifier.runForUser(signed.userId), two.notifier.runForUser(signed.userId)]);
    await settle();
    const alerts = w.inbox.received.filter(
      (mail) => mail.to.includes(me.body.data.email) && mail.subject.startsWith('Security alert'),
    );
    expect(alerts.map((mail) => mail.subject)).toEqual(['Security alert: a sign-in from a new device']);
    expect(alerts[0]?.text).toContain('Device: Mozilla/5.0 (Windows NT 10.0) Firefox/140.0');
    expect(alerts[0]?.text).toContain('IP address: 203.0.113.5');
  });
});
