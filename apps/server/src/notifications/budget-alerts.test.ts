import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeStoredPreferences } from '@lodestar/db';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type Envelope,
} from '../use-cases/transactions/test-fixtures';
import { CLOCK, secondInstance } from './test-fixtures';

// Budget alerts (ADR 050) reach a real SMTP server on loopback: once when a category passes 80 % of its
// budget, once when it passes 100 %, never again that month, and not at all when the switch is off.
let clock = CLOCK;
const now = () => clock;
let w: AuthWorld;
let one: ReturnType<typeof secondInstance>;

beforeAll(async () => {
  w = await createAuthWorld({}, { now });
  one = secondInstance(w, now);
});
afterAll(async () => {
  await one.close();
  await w.close();
});

const confident = { categoryConfidence: 0.9 };
const AT_80 = /^Budget alert: Food & Dining has passed 80 %$/;
const AT_100 = /^Budget spent: Food & Dining is at \$105\.00 of \$100\.00$/;
const ANY_BUDGET = /^Budget (alert|spent): /;

/** A user with a $100 Food & Dining budget this month (November 2026), nothing else due. */
async function budgetedUser() {
  const signed = await signedInUser(w);
  const me = await signed.browser.json<Envelope<{ email: string }>>('/api/v1/user');
  const db = w.t.database.db;
  // Only budget alerts: the other kinds stay quiet so the inbox holds budget emails alone.
  await mergeStoredPreferences(db, signed.userId, {
    alert_thresholds: { spending: null, low_balance: 0 },
    notification_types: { large_transactions: false, new_connections: false, security_alerts: false },
  });
  const put = await signed.browser.json('/api/v1/budgets', {
    method: 'PUT',
    body: { category: 'FOOD_AND_DRINK', amount: 100 },
  });
  expect(put.status).toBe(200);
  const account = await addAccount(db, signed.userId);
  return { ...signed, email: me.body.data.email, accountId: account.id };
}

async function check() {
  const result = await one.handlers.notifications();
  expect(result.failed).toBe(0);
  await one.mailer.drain();
}

describe('budget alerts by email', () => {
  it('sends one email at 80 % and one at 100 % of a budget, each once', async () => {
    clock = CLOCK;
    const user = await budgetedUser();
    const db = w.t.database.db;
    await addTransactions(db, user.userId, user.accountId, [
      { date: '2026-11-05', amountMinor: -50_00, category: 'FOOD_AND_DRINK', ...confident },
    ]);
    await check();
    expect(w.inbox.count(user.email, ANY_BUDGET)).toBe(0);

    await addTransactions(db, user.userId, user.accountId, [
      { date: '2026-11-12', amountMinor: -35_00, category: 'FOOD_AND_DRINK', ...confident },
    ]);
    await check();
    const at80 = await w.inbox.waitFor(user.email, AT_80);
    expect(at80.text).toContain(
      'You have spent 80 % of your Food & Dining budget for November 2026: $85.00 of $100.00.',
    );
    expect(at80.text).toContain('$15.00 is left for the rest of the month.');
    expect(at80.text).toContain('/expenses/budgets');
    expect(at80.text).toMatch(/notifications\/unsubscribe\?token=/);
    await check();
    expect(w.inbox.count(user.email, ANY_BUDGET)).toBe(1);

    await addTransactions(db, user.userId, user.accountId, [
      { date: '2026-11-19', amountMinor: -20_00, category: 'FOOD_AND_DRINK', ...confident },
    ]);
    await check();
    const at100 = await w.inbox.waitFor(user.email, AT_100);
    expect(at100.text).toContain('That is $5.00 over.');
    clock = new Date('2026-11-21T15:00:00Z');
    await check();
    await check();
    expect(w.inbox.count(user.email, AT_80)).toBe(1);
    expect(w.inbox.count(user.email, AT_100)).toBe(1);
    expect(w.inbox.count(user.email, ANY_BUDGET)).toBe(2);
  });

  it('sends nothing when budget alerts are off', async () => {
    clock = CLOCK;
    const user = await budgetedUser();
    const off = await user.browser.json('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { notification_types: { budget_alerts: false } },
    });
    expect(off.status).toBe(200);
    await addTransactions(w.t.database.db, user.userId, user.accountId, [
      { date: '2026-11-05', amountMinor: -120_00, category: 'FOOD_AND_DRINK', ...confident },
    ]);
    await check();
    expect(w.inbox.count(user.email, ANY_BUDGET)).toBe(0);
    const claims = await w.t.database.pool.query(
      `select 1 from notification_delivery where user_id = $1 and kind = 'budget'`,
      [user.userId],
    );
    expect(claims.rowCount).toBe(0);
  });

  it('refuses a budget_alerts value that is not a boolean', async () => {
    clock = CLOCK;
    const { browser } = await signedInUser(w);
    const bad = await browser.json<{ items: { field: string; message: string }[] }>(
      '/api/v1/user/preferences',
      { method: 'PATCH', body: { notification_types: { budget_alerts: 'yes' } } },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Budget alerts');
  });
});
