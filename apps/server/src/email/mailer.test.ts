import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { emailOutbox } from '@lodestar/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { startSmtpInbox } from '../testing/smtp-inbox';
import { createMailer } from './mailer';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('mailer retries', () => {
  it('retries a send the SMTP server refused and delivers it exactly once', async () => {
    const inbox = await startSmtpInbox({ refuseFirst: 2 });
    const mailer = createMailer({
      db: database.db,
      logger: createLogger('silent'),
      from: 'Lodestar <no-reply@lodestar.test>',
      smtpUrl: inbox.url,
      resendApiKey: undefined,
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
    const mailer = createMailer({
      db: database.db,
      logger: createLogger('silent'),
      from: 'Lodestar <no-reply@lodestar.test>',
      smtpUrl: inbox.url,
      resendApiKey: undefined,
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
