import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { emailOutbox } from '@lodestar/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { startSmtpInbox } from '../testing/smtp-inbox';
import { createMailer, LOST_CLAIM_MS, type MailerOptions } from './mailer';

let database: TestDatabase;

/** A mailer writing to the test database and sending to `inbox`. */
function mailerFor(inbox: { url: string }, options: Partial<MailerOptions> = {}) {
  return createMailer({
    db: database.db,
    logger: createLogger('silent'),
    from: 'Lodestar <no-reply@lodestar.test>',
    smtpUrl: inbox.url,
    resendApiKey: undefined,
    ...options,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('mailer retries', () => {
  it('retries a send the SMTP server refused and delivers it exactly once', async () => {
    const inbox = await startSmtpInbox({ refuseFirst: 2 });
    const mailer = mailerFor(inbox, {
      retryDelaysMs: [10, 10, 10],
    });
    try {
      await mailer.send({
        to: 'retry@example.test',
        kind: 'verification',
        subject: 'Confirm your email',
        text: 'Hello',
        html: '<p>Hello</p>',
      });
      await mailer.drain();
    } finally {
      mailer.close();
      await inbox.close();
    }
    expect(inbox.count('retry@example.test', /Confirm your email/)).toBe(1);
    const rows = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'retry@example.test'));
    expect(rows.map((row) => row.status)).toEqual(['sent']);
  });

  it('marks the row failed once every retry was refused', async () => {
    const inbox = await startSmtpInbox({ refuseFirst: 10 });
    const mailer = mailerFor(inbox, {
      retryDelaysMs: [10],
    });
    try {
      await mailer.send({
        to: 'refused@example.test',
        kind: 'verification',
        subject: 'Refused',
        text: 'Hello',
        html: '<p>Hello</p>',
      });
      await mailer.drain();
    } finally {
      mailer.close();
      await inbox.close();
    }
    expect(inbox.count('refused@example.test', /Refused/)).toBe(0);
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'refused@example.test'));
    expect(row?.status).toBe('failed');
    expect(row?.error).toMatch(/451/);
  });
});

describe('the outbox job', () => {
  const email = (to: string) => ({
    to,
    kind: 'verification',
    subject: `Confirm ${to}`,
    text: 'Hello',
    html: '<p>Hello</p>',
    headers: { 'List-Unsubscribe': '<https://lodestar.test/u>' },
  });

  it('sends later a retry too long to wait for, once its time has come, with its headers', async () => {
    const inbox = await startSmtpInbox({ refuseFirst: 1 });
    let clock = new Date('2026-11-26T10:00:00Z');
    const mailer = mailerFor(inbox, {
      retryDelaysMs: [5 * 60_000],
      now: () => clock,
    });
    try {
      await mailer.send(email('later@example.test'));
      await mailer.drain();
      const [waiting] = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'later@example.test'));
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      expect(waiting?.error).toMatch(/451/);
      expect(waiting?.nextAttemptAt.toISOString()).toBe('2026-11-26T10:05:00.000Z');

      clock = new Date('2026-11-26T10:04:00Z');
      expect(await mailer.sendDue()).toEqual({ successful: 0, failed: 0 });
      clock = new Date('2026-11-26T10:05:00Z');
      expect(await mailer.sendDue()).toEqual({ successful: 1, failed: 0 });
      expect(await mailer.sendDue()).toEqual({ successful: 0, failed: 0 });
    } finally {
      mailer.close();
      await inbox.close();
    }
    expect(inbox.count('later@example.test', /Confirm later@example.test/)).toBe(1);
    expect(inbox.received.find((mail) => mail.to.includes('later@'))?.headers['list-unsubscribe']).toBe(
      '<https://lodestar.test/u>',
    );
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'later@example.test'));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('sends an email whose sender died before or while sending it, exactly once', async () => {
    const inbox = await startSmtpInbox();
    const clock = new Date();
    const mailer = mailerFor(inbox, {
      now: () => clock,
    });
    try {
      // Recorded in a transaction whose process died before delivering it.
      await mailer.record(database.db, email('never-delivered@example.test'));
      // Claimed by a process that died mid-send, long enough ago…
      await mailer.record(database.db, email('lost-claim@example.test'));
      await database.db
        .update(emailOutbox)
        .set({
          status: 'sending',
          attempts: 1,
          claimedAt: new Date(clock.getTime() - LOST_CLAIM_MS - 1_000),
        })
        .where(eq(emailOutbox.toAddress, 'lost-claim@example.test'));
      // …and one claimed a moment ago, which may still be on its way.
      await mailer.record(database.db, email('in-flight@example.test'));
      await database.db
        .update(emailOutbox)
        .set({ status: 'sending', attempts: 1, claimedAt: new Date(clock.getTime() - 60_000) })
        .where(eq(emailOutbox.toAddress, 'in-flight@example.test'));

      const [first, second] = await Promise.all([mailer.sendDue(), mailer.sendDue()]);
      expect((first?.successful ?? 0) + (second?.successful ?? 0)).toBe(2);
      expect(await mailer.sendDue()).toEqual({ successful: 0, failed: 0 });
    } finally {
      mailer.close();
      await inbox.close();
    }
    expect(inbox.count('never-delivered@example.test', /Confirm/)).toBe(1);
    expect(inbox.count('lost-claim@example.test', /Confirm/)).toBe(1);
    expect(inbox.count('in-flight@example.test', /Confirm/)).toBe(0);
    const rows = await database.db
      .select({ to: emailOutbox.toAddress, status: emailOutbox.status, attempts: emailOutbox.attempts })
      .from(emailOutbox)
      .where(
        sql`${emailOutbox.toAddress} in ('never-delivered@example.test', 'lost-claim@example.test', 'in-flight@example.test')`,
      )
      .orderBy(emailOutbox.toAddress);
    expect(rows).toEqual([
      { to: 'in-flight@example.test', status: 'sending', attempts: 1 },
      { to: 'lost-claim@example.test', status: 'sent', attempts: 2 },
      { to: 'never-delivered@example.test', status: 'sent', attempts: 1 },
    ]);
  });
});
