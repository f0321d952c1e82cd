import { authEvent, connection, createDb, mergeStoredPreferences, type Database } from '@lodestar/db';
import type { AuthWorld } from '../testing/auth-fixtures';
import { createMailer } from '../email/mailer';
import { createLogger } from '../logger';
import { createBackground } from '../jobs/handlers';
import { addAccount, addTransactions } from '../use-cases/transactions/test-fixtures';

/** Test data and "server instances" for the notification suites (rows written straight into the database). */

/** 15:00 UTC on 2026-11-20 is 10:00 in New York: the last completed day is 2026-11-19, week 2026-W46. */
export const CLOCK = new Date('2026-11-20T15:00:00Z');

/** One subject per kind for the data `seedEveryKind` writes (USD, the default formats). */
export const SUBJECTS = {
  low_balance: /^Low balance: 1 account below \$100\.00$/,
  daily_spending: /^Spending alert: 1 day above \$200\.00$/,
  large_transactions: /^1 large transaction of \$1,000\.00 or more$/,
  new_connections: /^1 new connection added to your account$/,
  weekly_summary: /^Your week: net \$4,800\.00$/,
  security_alert: /^Security alert: your password was changed$/,
} as const;

/**
 * Data that makes every kind due at CLOCK: a checking account at $50 (below the default $100), $1,800
 * spent on 2026-11-19 (a $1,500 outflow among it) against a $200 daily threshold, a connection made that
 * day, a week of $5,000 in and $200 out, and a password change an hour ago.
 */
export async function seedEveryKind(db: Database, userId: string): Promise<void> {
  await mergeStoredPreferences(db, userId, {
    alert_thresholds: { spending: 200, low_balance: 100 },
    notification_types: {
      large_transactions: true,
      new_connections: true,
      weekly_summaries: true,
      security_alerts: true,
      product_updates: false,
    },
  });
  const account = await addAccount(db, userId, { currentBalanceMinor: 5_000 });
  await addTransactions(db, userId, account.id, [
    { date: '2026-11-19', amountMinor: -150_000, name: 'Furniture Store' },
    { date: '2026-11-19', amountMinor: -30_000, name: 'Grocer' },
    { date: '2026-11-10', amountMinor: 500_000, name: 'Payroll' },
    { date: '2026-11-12', amountMinor: -20_000, name: 'Grocer' },
  ]);
  await db.insert(connection).values({
    userId,
    provider: 'manual',
    displayName: 'Credit Union',
    createdAt: new Date('2026-11-19T18:00:00Z'),
  });
  await db.insert(authEvent).values({
    userId,
    type: 'password_changed',
    ipAddress: '198.51.100.9',
    createdAt: new Date('2026-11-20T14:00:00Z'),
  });
}

/**
 * Another server instance on the same database: its own pool, mailer (to the same SMTP inbox) and job
 * handlers, as a second process would have.
 */
export function secondInstance(w: AuthWorld, now: () => Date) {
  const handle = createDb({ url: w.t.database.url, poolMax: 3 });
  const logger = createLogger('silent');
  const mailer = createMailer({
    db: handle.db,
    logger,
    from: w.t.config.email.from,
    smtpUrl: w.t.config.email.smtpUrl,
    resendApiKey: undefined,
  });
  const background = createBackground({
    db: handle.db,
    config: w.t.config,
    logger,
    mailer,
    now,
    instanceId: w.t.instanceId,
  });
  return {
    ...background,
    mailer,
    async close() {
      await mailer.drain();
      mailer.close();
      await handle.close();
    },
  };
}
