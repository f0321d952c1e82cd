import { claimNotificationDelivery, type Database, findUserById, listPushSubscriptions } from '@lodestar/db';
import { type Preferences, notificationContent, type NotificationContent } from '@lodestar/domain';
import type { Config } from '../config/env';
import type { Mailer, RecordedEmail } from '../email/mailer';
import { notificationEmail } from '../email/templates';
import { reportingFor } from '../fx/reporting';
import type { Logger } from '../logger';
import { usersToCheck } from './candidates';
import { dueNotifications } from './collect';
import type { PushSender } from './push';
import { unsubscribeToken } from './unsubscribe-token';
import { alertWebhookEvents } from '../webhooks/alert-events';
import type { WebhookDeps } from '../webhooks/deliver';

export type NotifierDeps = {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'secrets'>;
  logger: Logger;
  now: () => Date;
  push: PushSender;
  /** Outgoing webhooks: low balance, large transactions and budgets passed follow the check (ADR 040). */
  webhooks?: WebhookDeps;
};

/** What one user's check sent: emails and push notifications (each at most once per period). */
export type CheckResult = { emails: number; pushes: number };

export type Notifier = {
  /** Sends the user's due notifications that were not sent yet (docs/settings-api.md "Notifications"). */
  runForUser(userId: string): Promise<CheckResult>;
  /**
   * `runForUser` for every user who may have something due (candidates.ts); one user's failure does not
   * stop the others. `successful` and `failed` count the users checked.
   */
  runForAll(): Promise<{ successful: number; failed: number }>;
  /** A test email and/or push to the user now, on the channels their preferences turn on. */
  sendTest(userId: string): Promise<{ email: boolean; push: boolean }>;
};

/** The unsubscribe link of a kind, or undefined for security alerts (they cannot be unsubscribed by link). */
function unsubscribeUrl(
  deps: NotifierDeps,
  userId: string,
  content: NotificationContent,
): string | undefined {
  if (content.kind === 'security_alert') return undefined;
  const token = unsubscribeToken(deps.config.secrets.authSecret, userId, content.kind);
  return `${deps.config.publicUrl}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

function formatOf(prefs: Preferences, currency: string) {
  return { currency, locale: prefs.number_format, dateFormat: prefs.date_format, timeZone: prefs.time_zone };
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const { db } = deps;
  const log = deps.logger.child({ component: 'notifications' });

  async function runForUser(userId: string): Promise<CheckResult> {
    const result: CheckResult = { emails: 0, pushes: 0 };
    const person = await findUserById(db, userId);
    if (!person) return result;
    const now = deps.now();
    const reporting = await reportingFor(db, userId, now);
    const prefs = reporting.preferences;
    if (deps.webhooks) {
      try {
        await alertWebhookEvents(deps.webhooks, userId, reporting, now);
      } catch (error) {
        log.error({ err: error, userId }, 'webhook events of the check failed');
      }
    }
    const wantEmail = prefs.email_notifications;
    const wantPush =
      prefs.push_notifications && deps.push.enabled && (await listPushSubscriptions(db, userId)).length > 0;
    if (!wantEmail && !wantPush) return result;

    for (const due of await dueNotifications(db, userId, reporting, now)) {
      const content = notificationContent(due.data, due.period, formatOf(prefs, reporting.currency));
      const url = `${deps.config.publicUrl}${content.path}`;
      const claim = { userId, kind: due.kind, periodKey: due.periodKey };
      if (wantEmail) {
        const link = unsubscribeUrl(deps, userId, content);
        const email = notificationEmail({
          name: person.name,
          subject: content.subject,
          lines: content.lines,
          url,
          unsubscribeUrl: link,
        });
        // The claim and the outbox row commit together: whoever wins the claim owns the one email.
        const recorded = await db.transaction(async (tx): Promise<RecordedEmail | null> => {
          if (!(await claimNotificationDelivery(tx, { ...claim, channel: 'email' }))) return null;
          return deps.mailer.record(tx, {
            ...email,
            to: person.email,
            kind: `notification_${due.kind}`,
            userId,
            actionUrl: url,
            ...(link
              ? {
                  headers: {
                    'List-Unsubscribe': `<${link}>`,
                    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                  },
                }
              : {}),
          });
        });
        if (recorded) {
          await recorded.deliver();
          result.emails += 1;
        }
      }
      if (wantPush && (await claimNotificationDelivery(db, { ...claim, channel: 'push' }))) {
        const sent = await deps.push.send(userId, { title: content.subject, body: content.summary, url });
        result.pushes += sent.sent;
      }
    }
    if (result.emails || result.pushes) log.info({ userId, ...result }, 'notifications sent');
    return result;
  }

  return {
    runForUser,
    async runForAll() {
      let successful = 0;
      let failed = 0;
      const channels = { push: deps.push.enabled, webhooks: deps.webhooks !== undefined };
      for (const userId of await usersToCheck(db, deps.now(), channels)) {
        try {
          await runForUser(userId);
          successful += 1;
        } catch (error) {
          failed += 1;
          log.error({ err: error, userId }, 'notification check failed');
        }
      }
      return { successful, failed };
    },
    async sendTest(userId) {
      const person = await findUserById(db, userId);
      if (!person) return { email: false, push: false };
      const prefs = (await reportingFor(db, userId, deps.now())).preferences;
      const url = `${deps.config.publicUrl}/settings/notifications`;
      const subject = 'Test notification';
      const body = 'Notifications from Lodestar reach you here.';
      let email = false;
      if (prefs.email_notifications) {
        await deps.mailer.send({
          ...notificationEmail({
            name: person.name,
            subject,
            lines: [`${body} This is a test: nothing needs your attention.`],
            url,
            unsubscribeUrl: undefined,
          }),
          to: person.email,
          kind: 'notification_test',
          userId,
          actionUrl: url,
        });
        email = true;
      }
      const push =
        prefs.push_notifications && deps.push.enabled
          ? (await deps.push.send(userId, { title: subject, body, url })).sent > 0
          : false;
      return { email, push };
    },
  };
}
