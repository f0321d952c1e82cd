import { emailOutbox, type Database } from '@lodestar/db';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';
import type { EmailContent } from './templates';

export type OutgoingEmail = EmailContent & {
  to: string;
  /** What the email is for (verification, password_reset, …), kept in the outbox. */
  kind: string;
  userId?: string;
  /** The link the email carries; printed to the log when no transport is configured. */
  actionUrl?: string;
};

export type Mailer = {
  /** Records the email in the outbox, then delivers it; never throws (failures are logged and recorded). */
  send(email: OutgoingEmail): Promise<void>;
  /** Waits for every send in progress (graceful shutdown, tests). */
  drain(): Promise<void>;
  close(): void;
};

export type MailerOptions = {
  db: Database;
  logger: Logger;
  from: string;
  smtpUrl: string | undefined;
  resendApiKey: string | undefined;
};

/** Resend's documented SMTP relay: user `resend`, the API key as password. */
function resendSmtpUrl(apiKey: string): string {
  return `smtps://resend:${encodeURIComponent(apiKey)}@smtp.resend.com:465`;
}

/**
 * Email delivery (DESIGN.md §1): SMTP when SMTP_URL is set, Resend when RESEND_API_KEY is set, else
 * the embedded default — the message stays in the outbox table and its link is printed to the log so
 * whoever runs the server can pass it on.
 */
export function createMailer(options: MailerOptions): Mailer {
  const url = options.smtpUrl ?? (options.resendApiKey ? resendSmtpUrl(options.resendApiKey) : undefined);
  const transport: Transporter | undefined = url
    ? nodemailer.createTransport(url, { from: options.from })
    : undefined;
  const log = options.logger.child({ component: 'email' });

  const inFlight = new Set<Promise<void>>();

  async function deliver(email: OutgoingEmail): Promise<void> {
    const [row] = await options.db
      .insert(emailOutbox)
      .values({
        userId: email.userId ?? null,
        kind: email.kind,
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        status: transport ? 'queued' : 'logged',
      })
      .returning({ id: emailOutbox.id });
    if (!transport) {
      log.warn(
        { kind: email.kind, to: email.to, link: email.actionUrl },
        `Email not sent (set SMTP_URL to deliver mail): ${email.subject}`,
      );
      return;
    }
    let failure: string | undefined;
    try {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      log.error({ kind: email.kind, reason: failure }, 'Email delivery failed');
    }
    if (!row) return;
    await options.db
      .update(emailOutbox)
      .set(
        failure ? { status: 'failed', error: failure.slice(0, 500) } : { status: 'sent', sentAt: new Date() },
      )
      .where(eq(emailOutbox.id, row.id));
  }

  return {
    send(email) {
      const task = deliver(email).catch((error: unknown) => {
        log.error({ kind: email.kind, err: error }, 'Could not record or send an email');
      });
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
      return task;
    },
    async drain() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    close() {
      transport?.close();
    },
  };
}
