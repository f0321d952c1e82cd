import { metrics } from '../observability/metrics';
import { emailOutbox, type Database, type Executor } from '@lodestar/db';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
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
  /**
   * The outbox job: queues again the rows whose claim was lost, then sends every queued row whose
   * attempt is due (a retry, or a row whose sender died before sending it). Never throws.
   */
  sendDue(): Promise<{ successful: number; failed: number }>;
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
   * Waits before each retry of a failed send; after the last one the row is marked failed. The first
   * attempt is immediate, so auth emails stay prompt. Retries due within INLINE_RETRY_LIMIT_MS are made
   * by the process that sent the email; later ones by the outbox job. Tests shorten them.
   */
  retryDelaysMs?: readonly number[];
  /** The clock (tests move it to make a later retry due). */
  now?: () => Date;
};

/**
 * Backoff between attempts at a send the SMTP server refused or that failed in transit: seconds at
 * first (a greylisting server or a blip), then up to hours (a mail server that is down).
 */
export const DEFAULT_RETRY_DELAYS_MS = [
  2_000,
  15_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  6 * 60 * 60_000,
] as const;

/** Retries due sooner than this are waited for in the sending process; later ones are the job's. */
export const INLINE_RETRY_LIMIT_MS = 60_000;

/**
 * A claim older than this was lost (the process died mid-send): the row is queued again. Longer than
 * any send can take (nodemailer's socket timeout is 10 minutes).
 */
export const LOST_CLAIM_MS = 15 * 60_000;

/** Rows the outbox job sends per run (it runs every minute). */
export const OUTBOX_BATCH = 100;

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
  // nodemailer is loaded with the first email sent, not at start: a server without mail never loads it.
  let opening: Promise<Transporter> | undefined;
  const transport = url
    ? () =>
        (opening ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(url, { from: options.from }),
        ))
    : undefined;
  const log = options.logger.child({ component: 'email' });

  const inFlight = new Set<Promise<void>>();

  const now = options.now ?? (() => new Date());
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

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
        headers: email.headers ?? null,
        status: transport ? 'queued' : 'logged',
        nextAttemptAt: now(),
      })
      .returning({ id: emailOutbox.id });
    return row?.id;
  }

  type Attempt = { outcome: 'sent' | 'failed' | 'not-claimed' } | { outcome: 'retry'; afterMs: number };

  /**
   * One attempt at an outbox row that is queued and due. Moving it to 'sending' first is the claim: of
   * two senders holding the same row (two instances, or a process and the outbox job), only the one
   * whose update matched sends it. A failure queues the row again with the next delay, or marks it
   * failed after the last.
   */
  async function attempt(id: string, transporter: Transporter): Promise<Attempt> {
    const at = now();
    const [row] = await options.db
      .update(emailOutbox)
      .set({ status: 'sending', claimedAt: at, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(
        and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, at)),
      )
      .returning();
    if (!row) return { outcome: 'not-claimed' };
    try {
      await transporter.sendMail({
        from: options.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        ...(row.headers ? { headers: row.headers } : {}),
      });
    } catch (error) {
      metrics.email('failed');
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delay = delays[row.attempts - 1];
      log.error(
        { kind: row.kind, attempt: row.attempts, reason },
        delay === undefined ? 'Email delivery failed' : 'Email delivery failed, retrying later',
      );
      await options.db
        .update(emailOutbox)
        .set(
          delay === undefined
            ? { status: 'failed', error: reason }
            : { status: 'queued', error: reason, nextAttemptAt: new Date(now().getTime() + delay) },
        )
        .where(eq(emailOutbox.id, id));
      return delay === undefined ? { outcome: 'failed' } : { outcome: 'retry', afterMs: delay };
    }
    metrics.email('sent');
    await options.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: now(), error: null })
      .where(eq(emailOutbox.id, id));
    return { outcome: 'sent' };
  }

  /** Sends a new outbox row now, waiting out the short retries; longer ones are left to the job. */
  async function transmit(id: string | undefined, email: OutgoingEmail): Promise<void> {
    if (!transport) {
      log.warn(
        { kind: email.kind, to: email.to, link: email.actionUrl },
        `Email not sent (set SMTP_URL to deliver mail): ${email.subject}`,
      );
      return;
    }
    if (!id) return;
    for (;;) {
      const result = await attempt(id, await transport());
      if (result.outcome !== 'retry' || result.afterMs > INLINE_RETRY_LIMIT_MS) return;
      await new Promise((resolve) => setTimeout(resolve, result.afterMs));
    }
  }

  async function sendDue(): Promise<{ successful: number; failed: number }> {
    const counts = { successful: 0, failed: 0 };
    if (!transport) return counts;
    const at = now();
    const lost = await options.db
      .update(emailOutbox)
      .set({ status: 'queued', nextAttemptAt: at })
      .where(
        and(
          eq(emailOutbox.status, 'sending'),
          or(
            isNull(emailOutbox.claimedAt),
            lt(emailOutbox.claimedAt, new Date(at.getTime() - LOST_CLAIM_MS)),
          ),
        ),
      )
      .returning({ id: emailOutbox.id });
    if (lost.length) log.warn({ rows: lost.length }, 'Emails whose send was interrupted are queued again');
    const due = await options.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, at)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(OUTBOX_BATCH);
    if (!due.length) return counts;
    const opened = await transport();
    for (const { id } of due) {
      const result = await attempt(id, opened);
      if (result.outcome === 'sent') counts.successful += 1;
      else if (result.outcome !== 'not-claimed') counts.failed += 1;
    }
    return counts;
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
    async sendDue() {
      try {
        return await sendDue();
      } catch (error) {
        log.error({ err: error }, 'Could not send the due emails');
        return { successful: 0, failed: 1 };
      }
    },
    async drain() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    close() {
      void opening?.then((opened) => opened.close());
    },
  };
}
