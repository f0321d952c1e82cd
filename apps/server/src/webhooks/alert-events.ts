import { budgetsBetween, claimNotificationDelivery, subscribedWebhookEvents } from '@lodestar/db';
import { BUDGET_THRESHOLDS, monthOf } from '@lodestar/domain';
import type { Reporting } from '../fx/reporting';
import { dueNotifications, type DueNotification } from '../notifications/collect';
import { budgetMonth } from '../use-cases/budgets/budget-month';
import { emitWebhookEvent, type WebhookDeps } from './deliver';

const FROM_NOTIFICATIONS = {
  low_balance: 'balance.low',
  large_transactions: 'transaction.large',
} as const;

/**
 * The webhook events that follow the notification check (ADR 040): `balance.low` and
 * `transaction.large` when the user's low-balance and large-transaction alerts find something in the last
 * completed period, and `budget.passed` when a budget of this month reaches 80 % or 100 %. Each is claimed
 * in `notification_delivery` on the `webhook` channel, so a repeated check sends it once. Nothing is read
 * when no enabled endpoint listens to these events.
 */
export async function alertWebhookEvents(
  deps: WebhookDeps,
  userId: string,
  reporting: Reporting,
  now: Date,
  dues?: DueNotification[],
): Promise<number> {
  const subscribed = await subscribedWebhookEvents(deps.db, userId);
  let sent = 0;
  if (subscribed.has('balance.low') || subscribed.has('transaction.large')) {
    for (const due of dues ?? (await dueNotifications(deps.db, userId, reporting, now))) {
      const type = FROM_NOTIFICATIONS[due.kind as keyof typeof FROM_NOTIFICATIONS];
      if (!type || !subscribed.has(type)) continue;
      const claim = { userId, kind: due.kind, periodKey: due.periodKey, channel: 'webhook' as const };
      if (!(await claimNotificationDelivery(deps.db, claim))) continue;
      const { kind: _kind, ...data } = due.data;
      await emitWebhookEvent(deps, userId, type, {
        period: { from: due.period.from, to: due.period.to },
        currency: reporting.currency,
        ...data,
      });
      sent += 1;
    }
  }
  if (subscribed.has('budget.passed')) {
    const month = monthOf(reporting.today);
    const start = `${month}-01`;
    if ((await budgetsBetween(deps.db, userId, start, start)).length === 0) return sent;
    const view = await budgetMonth({ db: deps.db, userId, month, now });
    for (const line of [view.overall, ...view.categories]) {
      if (line.threshold === null) continue;
      for (const threshold of BUDGET_THRESHOLDS.filter((value) => value <= (line.threshold ?? 0))) {
        const claim = {
          userId,
          kind: 'budget',
          periodKey: `${month}:${line.category}:${threshold}`,
          channel: 'webhook' as const,
        };
        if (!(await claimNotificationDelivery(deps.db, claim))) continue;
        await emitWebhookEvent(deps, userId, 'budget.passed', {
          month,
          category: line.category,
          label: line.label,
          threshold,
          percent: line.percent,
          budget: line.budget,
          available: line.available,
          spent: line.spent,
        });
        sent += 1;
      }
    }
  }
  return sent;
}
