import {
  budgetsBetween,
  connectionsCreatedBetween,
  dailySpending,
  type Database,
  outflowsBetween,
  securityEventsSince,
  spendingSums,
  visibleAccountsForDashboard,
} from '@lodestar/db';
import {
  daysAboveThreshold,
  isSecurityAlert,
  largeTransactions,
  lastCompletedPeriod,
  monthOf,
  lowBalanceAccounts,
  type NotificationData,
  type NotificationKind,
  type NotificationPeriod,
  SECURITY_ALERT_TEXT,
  thresholdMinor,
} from '@lodestar/domain';
import { createConverter, loadFxTable, type Reporting } from '../fx/reporting';
import { budgetMonth } from '../use-cases/budgets/budget-month';
import { converterAt, convertedIncomeAndSpending } from '../use-cases/spending/reporting';

/**
 * Which notifications are due for one user now (docs/settings-api.md "Notifications"): each kind the
 * preferences switch on, about the last completed period in the user's time zone, when there is
 * something to say. Whether it was already sent is decided by the delivery claim, not here.
 */

export type DueNotification = {
  kind: NotificationKind;
  /** The claim key: the period's key, or the security event's id. */
  periodKey: string;
  period: NotificationPeriod;
  data: NotificationData;
};

/** Security events older than this are never alerted (a new server, or a job down for days). */
export const SECURITY_LOOKBACK_MS = 48 * 60 * 60 * 1000;

export async function dueNotifications(
  db: Database,
  userId: string,
  reporting: Reporting,
  now: Date,
): Promise<DueNotification[]> {
  const { preferences: prefs, currency, today } = reporting;
  const period = lastCompletedPeriod(today, prefs.notification_frequency);
  const due: DueNotification[] = [];
  const add = (data: NotificationData, on: NotificationPeriod = period, key = on.key) =>
    due.push({ kind: data.kind, periodKey: key, period: on, data });
  /** Converts into the reporting currency at the rates of the given days. */
  const converterFor = async (currencies: string[], spans: { from: string; to: string }[]) =>
    createConverter((await loadFxTable(db, userId, currency, currencies, spans)).table, currency);

  const lowThreshold = thresholdMinor(prefs.alert_thresholds.low_balance, currency);
  if (lowThreshold > 0) {
    const accounts = await visibleAccountsForDashboard(db, userId);
    const fx = await converterFor(
      accounts.map((a) => a.currency),
      [{ from: today, to: today }],
    );
    const low = lowBalanceAccounts(
      accounts.map((a) => ({ ...a, balanceMinor: fx.convert(a.balanceMinor, a.currency, today) })),
      lowThreshold,
    );
    if (low.length) add({ kind: 'low_balance', thresholdMinor: lowThreshold, accounts: low });
  }

  if (prefs.alert_thresholds.spending !== null) {
    const threshold = thresholdMinor(prefs.alert_thresholds.spending, currency);
    const rows = await dailySpending(db, userId, period, prefs.hidden_categories);
    const fx = await converterFor(
      rows.map((r) => r.currency),
      [period],
    );
    const days = daysAboveThreshold(
      rows.flatMap((row) => {
        const amountMinor = fx.convert(row.amountMinor, row.currency, row.date);
        return amountMinor === null ? [] : [{ date: row.date, amountMinor }];
      }),
      threshold,
    );
    if (days.length) add({ kind: 'daily_spending', thresholdMinor: threshold, days });
  }

  if (prefs.notification_types.large_transactions) {
    const threshold = thresholdMinor(prefs.alert_thresholds.large_transaction, currency);
    const rows = await outflowsBetween(db, userId, period);
    const fx = await converterFor(
      rows.map((r) => r.currency),
      [period],
    );
    const large = largeTransactions(
      rows.map((row) => ({ ...row, amountMinor: fx.convert(row.amountMinor, row.currency, row.date) })),
      threshold,
    );
    if (large.length) add({ kind: 'large_transactions', thresholdMinor: threshold, transactions: large });
  }

  if (prefs.notification_types.new_connections) {
    const created = await connectionsCreatedBetween(db, userId, period, prefs.time_zone);
    if (created.length) add({ kind: 'new_connections', connections: created });
  }

  if (prefs.notification_types.weekly_summaries) {
    const week = lastCompletedPeriod(today, 'iso_week');
    const sums = await spendingSums(db, userId, week);
    // The same rule as every screen's income and spending: each currency summed, then converted once.
    const fx = await converterAt(
      db,
      userId,
      sums.map((s) => s.currency),
      currency,
      week.to,
    );
    const summary = convertedIncomeAndSpending(sums, fx, prefs.hidden_categories);
    // A week without a single counted transaction has nothing to summarise.
    if (summary.count > 0) {
      add(
        { kind: 'weekly_summary', incomeMinor: summary.incomeMinor, spendingMinor: summary.spendingMinor },
        week,
      );
    }
  }

  if (prefs.notification_types.security_alerts) {
    const since = new Date(now.getTime() - SECURITY_LOOKBACK_MS);
    const events = await securityEventsSince(db, userId, since, Object.keys(SECURITY_ALERT_TEXT));
    for (const event of events.filter(isSecurityAlert)) {
      add(
        {
          kind: 'security_alert',
          type: event.type,
          at: event.createdAt,
          ipAddress: event.ipAddress,
          userAgent: event.userAgent,
        },
        period,
        event.id,
      );
    }
  }
  if (prefs.notification_types.budget_alerts) {
    // This month's budgets (ADR 050): one notification per category and mark passed, keyed
    // month:category:mark. Only the highest mark reached is due, so a category that goes past 100 %
    // between two checks is told once, not twice in the same minute.
    const month = monthOf(today);
    const start = `${month}-01`;
    if ((await budgetsBetween(db, userId, start, start)).length > 0) {
      const view = await budgetMonth({ db, userId, month, now });
      const span: NotificationPeriod = { key: month, from: start, to: today };
      for (const line of [view.overall, ...view.categories]) {
        if (line.threshold === null || line.available === null) continue;
        add(
          {
            kind: 'budget',
            month,
            category: line.category,
            label: line.label,
            threshold: line.threshold,
            availableMinor: line.available.amountMinor,
            spentMinor: line.spent.amountMinor,
          },
          span,
          `${month}:${line.category}:${line.threshold}`,
        );
      }
    }
  }
  return due;
}
