import { emailOutbox, type Database, type Executor } from '@lodestar/db';
import { and, eq } from 'drizzle-orm';
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
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

/** An email recorded in the outbox inside the caller's transaction, not delivered yet. */
export type RecordedEmail = {
  /** Delivers it once the caller's transaction has committed; never throws. */
  deliver(): Promise<void>;
};

export type Mailer = {
  /** Records the email in the outbox, then delivers it; never throws (failures are logged and recorded). */
  send(email: OutgoingEmail): Promise<void>;
  /**
   * Records the email in the outbox with `tx` (the caller's transaction, so the row commits or rolls
   * back with whatever the caller writes beside it); call `deliver()` after the commit.
   */
  record(tx: Executor, email: OutgoingEmail): Promise<RecordedEmail>;
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
  /**
   * Waits before each retry of a failed send (the first attempt is immediate, so auth emails stay
   * prompt); after the last one the row is marked failed. Tests shorten it.
   */
  retryDelaysMs?: readonly number[];
};

/** Backoff between attempts at a send the SMTP server refused or that failed in transit. */
export const DEFAULT_RETRY_DELAYS_MS = [2_000, 15_000, 60_000] as const;

/** Resend's documented SMTP relay: user `resend`, the API key as password. */
function resendSmtpUrl(apiKey: string): string {
  return `smtps://resend:${encodeURIComponent(apiKey)}@smtp.resend.com:465`;
}

/**
 * Whether mail leaves the server (SMTP_URL or RESEND_API_KEY). Without either, messages stay in the
 * outbox and their links go to the log: sign-up then cannot ask anyone to check a mailbox (ADR 013).
 */
export function emailDeliveryConfigured(email: {
  smtpUrl: string | undefined;
  resendApiKey: string | undefined;
}): boolean {
  return Boolean(email.smtpUrl ?? email.resendApiKey);
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

  async function insert(db: Executor, email: OutgoingEmail): Promise<string | undefined> {
    const [row] = await db
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
    return row?.id;
  }

  /**
   * Sends an outbox row that is still 'queued'. Moving it to 'sending' first is the claim: of two
   * instances holding the same row, only the one whose update matched sends it.
   */
  async function transmit(id: string | undefined, email: OutgoingEmail): Promise<void> {
    if (!transport) {
      log.warn(
        { kind: email.kind, to: email.to, link: email.actionUrl },
        `Email not sent (set SMTP_URL to deliver mail): ${email.subject}`,
      );
      return;
    }
    if (!id) return;
    const claimed = await options.db
      .update(emailOutbox)
      .set({ status: 'sending' })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')))
      .returning({ id: emailOutbox.id });
    if (claimed.length === 0) return;
    const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    let failure: string | undefined;
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, delays[attempt - 1]));
      try {
        await transport.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          ...(email.headers ? { headers: email.headers } : {}),
        });
        failure = undefined;
        break;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        const last = attempt === delays.length;
        log.error(
          { kind: email.kind, attempt: attempt + 1, reason: failure },
          last ? 'Email delivery failed' : 'Email delivery failed, retrying',
        );
      }
    }
    await options.db
      .update(emailOutbox)
      .set(
        failure ? { status: 'failed', error: failure.slice(0, 500) } : { status: 'sent', sentAt: new Date() },
      )
      .where(eq(emailOutbox.id, id));
  }

  function track(email: OutgoingEmail, work: () => Promise<void>): Promise<void> {
    const task = work().catch((error: unknown) => {
      log.error({ kind: email.kind, err: error }, 'Could not record or send an email');
    });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
    return task;
  }

  return {
    send(email) {
      return track(email, async () => transmit(await insert(options.db, email), email));
    },
    async record(tx, email) {
      const id = await insert(tx, email);
      return { deliver: () => track(email, () => transmit(id, email)) };
    },
    async drain() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    close() {
      transport?.close();
    },
  };
}
