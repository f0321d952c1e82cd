import { afterAll, beforeAll, expect, it } from 'vitest';
import { budget, connection, mergeStoredPreferences } from '@lodestar/db';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { addAccount, addTransactions, signedInUser } from '../use-cases/transactions/test-fixtures';
import { usersToCheck } from './candidates';
import { CLOCK, secondInstance, seedEveryKind } from './test-fixtures';

// The notification job checks only the users one statement per kind selects (ADR 090). Nothing may be
// lost by that: after the job, checking every user one by one (what the job did before) sends nothing
// more, and users with nothing to send are not checked at all.
const now = () => CLOCK;
let w: AuthWorld;
let instance: ReturnType<typeof secondInstance>;

beforeAll(async () => {
  w = await createAuthWorld({}, { now });
  instance = secondInstance(w, now);
});
afterAll(async () => {
  await instance.close();
  await w.close();
});

const channels = { push: false, webhooks: true };

it('selects every user the check of every user sends to, and none of the quiet ones', async () => {
  const { db } = w.t.database;
  const user = async () => (await signedInUser(w)).userId;
  const quietTypes = {
    notification_types: { large_transactions: false, new_connections: false, security_alerts: false },
    alert_thresholds: { low_balance: 0 },
  };

  const everything = await user();
  await seedEveryKind(db, everything);

  // Nothing to say: balances above the threshold, no spending, no connection made yesterday.
  const quiet = await user();
  await addAccount(db, quiet, { currentBalanceMinor: 50_000 });
  // Everything to say, but no channel to say it on.
  const unreachable = await user();
  await seedEveryKind(db, unreachable);
  await mergeStoredPreferences(db, unreachable, { email_notifications: false, push_notifications: false });

  const large = await user();
  const largeAccount = await addAccount(db, large, { currentBalanceMinor: 50_000 });
  await addTransactions(db, large, largeAccount.id, [
    { date: '2026-11-19', amountMinor: -150_000, name: 'Furniture Store' },
  ]);
  // Just under the threshold, and a large one the day before the period: nothing.
  const notLarge = await user();
  const notLargeAccount = await addAccount(db, notLarge, { currentBalanceMinor: 50_000 });
  await addTransactions(db, notLarge, notLargeAccount.id, [
    { date: '2026-11-19', amountMinor: -99_999, name: 'Grocer' },
    { date: '2026-11-18', amountMinor: -150_000, name: 'Furniture Store' },
  ]);

  const lowOnly = await user();
  await mergeStoredPreferences(db, lowOnly, { ...quietTypes, alert_thresholds: { low_balance: 100 } });
  await addAccount(db, lowOnly, { currentBalanceMinor: 9_999 });

  const spender = await user();
  await mergeStoredPreferences(db, spender, {
    ...quietTypes,
    alert_thresholds: { spending: 200, low_balance: 0 },
  });
  const spenderAccount = await addAccount(db, spender, { currentBalanceMinor: 50_000 });
  // $150 in groceries and $60 at a restaurant: $210 on the day, above $200 only together.
  await addTransactions(db, spender, spenderAccount.id, [
    {
      date: '2026-11-19',
      amountMinor: -15_000,
      name: 'Grocer',
      category: 'FOOD_AND_DRINK',
      categorySource: 'user',
    },
    {
      date: '2026-11-19',
      amountMinor: -6_000,
      name: 'Bistro',
      category: 'ENTERTAINMENT',
      categorySource: 'user',
    },
  ]);

  const connected = await user();
  await mergeStoredPreferences(db, connected, { notification_types: { new_connections: true } });
  await db.insert(connection).values({
    userId: connected,
    provider: 'manual',
    displayName: 'Credit Union',
    createdAt: new Date('2026-11-19T18:00:00Z'),
  });

  const weekly = await user();
  await mergeStoredPreferences(db, weekly, { ...quietTypes, notification_types: { weekly_summaries: true } });
  const weeklyAccount = await addAccount(db, weekly, { currentBalanceMinor: 50_000 });
  await addTransactions(db, weekly, weeklyAccount.id, [
    { date: '2026-11-12', amountMinor: -2_000, name: 'Grocer' },
  ]);

  // An account in another currency than the reporting one passes the selection (the check converts it).
  const foreign = await user();
  await mergeStoredPreferences(db, foreign, { ...quietTypes, alert_thresholds: { low_balance: 100 } });
  await addAccount(db, foreign, { currency: 'EUR', currentBalanceMinor: 500_000 });

  const budgeted = await user();
  await db.insert(budget).values({
    userId: budgeted,
    month: '2026-11-01',
    category: 'overall',
    amountMinor: 10_000,
    currency: 'USD',
  });

  const everyone = [
    everything,
    quiet,
    unreachable,
    large,
    notLarge,
    lowOnly,
    spender,
    connected,
    weekly,
    foreign,
    budgeted,
  ];
  const due = [everything, large, lowOnly, spender, connected, weekly];
  const selected = await usersToCheck(db, CLOCK, channels);
  expect(selected).toEqual(expect.arrayContaining([...due, foreign, budgeted]));
  for (const id of [quiet, unreachable, notLarge]) expect(selected).not.toContain(id);
  // Oldest account first, as the job always went.
  expect(selected).toEqual(everyone.filter((id) => selected.includes(id)));

  const run = await instance.handlers.notifications();
  expect(run).toEqual({ successful: selected.length, failed: 0 });
  await instance.mailer.drain();
  const sent = await w.t.database.pool.query<{ user_id: string }>(
    `select distinct user_id from email_outbox where kind like 'notification_%'`,
  );
  expect(sent.rows.map((row) => row.user_id).sort()).toEqual([...due].sort());

  // Checking every user one by one now finds nothing left to send…
  for (const id of everyone)
    expect(await instance.notifier.runForUser(id), id).toEqual({ emails: 0, pushes: 0 });
  // …and the next run checks only the users the selection cannot rule out without converting or
  // working out a budget.
  expect(await usersToCheck(db, CLOCK, channels)).toEqual(
    [foreign, budgeted].filter((id) => selected.includes(id)),
  );
});
