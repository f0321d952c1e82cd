import { type CandidateChecks, type Database, notificationCandidates, notificationUsers } from '@lodestar/db';
import {
  lastCompletedPeriod,
  mergePreferences,
  monthOf,
  type Preferences,
  SECURITY_ALERT_TEXT,
  thresholdMinor,
} from '@lodestar/domain';
import { dateIn } from '../use-cases/accounts/today';
import { SECURITY_LOOKBACK_MS } from './collect';

/** What the job can deliver on: Web Push when it has keys, webhooks when it has their dependencies. */
export type Channels = { push: boolean; webhooks: boolean };

/**
 * The users whose notification check may send something now, oldest account first (ADR 090). Every
 * user's preferences, push subscriptions and webhook events are read in one statement; then one statement
 * per kind finds, among the users for whom that kind is on, those with something to say for the period
 * that was not sent yet on one of its channels. Each gate below is the one `dueNotifications` and
 * `alertWebhookEvents` apply; the statements are looser than the checks (candidates.test.ts
 * shows no due user is left out), and the check of each user found decides what is sent.
 */
export async function usersToCheck(db: Database, now: Date, channels: Channels): Promise<string[]> {
  const users = await notificationUsers(db);
  const merged = new Map<string, Preferences>();
  const todayIn = new Map<string, string>();
  const checks: CandidateChecks = {
    lowBalance: [],
    dailySpending: [],
    largeTransactions: [],
    newConnections: [],
    weeklySummary: [],
    securityAlerts: {
      since: new Date(now.getTime() - SECURITY_LOOKBACK_MS),
      types: Object.keys(SECURITY_ALERT_TEXT),
      users: [],
    },
    budgets: [],
  };
  for (const user of users) {
    // Most users share their preferences (the defaults, most of all): each document is merged once.
    let prefs = merged.get(user.preferences);
    if (!prefs) {
      prefs = mergePreferences(JSON.parse(user.preferences));
      merged.set(user.preferences, prefs);
    }
    let today = todayIn.get(prefs.time_zone);
    if (!today) {
      today = dateIn(prefs.time_zone, now);
      todayIn.set(prefs.time_zone, today);
    }
    const currency = prefs.default_currency;
    const types = prefs.notification_types;
    const messages = [
      ...(prefs.email_notifications ? ['email'] : []),
      ...(prefs.push_notifications && channels.push && user.pushSubscriptions > 0 ? ['push'] : []),
    ];
    const hooks = new Set(channels.webhooks ? user.webhookEvents : []);
    const period = lastCompletedPeriod(today, prefs.notification_frequency);
    const check = (
      list: CandidateChecks['lowBalance'],
      on: boolean,
      thresholdMinor = 0,
      webhook?: string,
    ) => {
      const to = [...messages, ...(webhook && hooks.has(webhook) ? ['webhook'] : [])];
      if (on && to.length > 0) {
        list.push({
          userId: user.id,
          ...period,
          channels: to,
          currency,
          thresholdMinor,
          timeZone: prefs.time_zone,
        });
      }
    };
    const { low_balance: low, spending, large_transaction: large } = prefs.alert_thresholds;
    const lowMinor = thresholdMinor(low, currency);
    check(checks.lowBalance, lowMinor > 0, lowMinor, 'balance.low');
    check(checks.dailySpending, spending !== null, thresholdMinor(spending ?? 0, currency));
    check(
      checks.largeTransactions,
      types.large_transactions,
      thresholdMinor(large, currency),
      'transaction.large',
    );
    check(checks.newConnections, types.new_connections);
    if (types.weekly_summaries && messages.length > 0) {
      checks.weeklySummary.push({
        userId: user.id,
        ...lastCompletedPeriod(today, 'iso_week'),
        channels: messages,
        currency,
        thresholdMinor: 0,
        timeZone: prefs.time_zone,
      });
    }
    if (types.security_alerts && messages.length > 0) {
      checks.securityAlerts.users.push({ userId: user.id, channels: messages });
    }
    if ((types.budget_alerts && messages.length > 0) || hooks.has('budget.passed')) {
      // This month's budgets, kept from the month's first day in the user's time zone.
      checks.budgets.push({ userId: user.id, month: `${monthOf(today)}-01` });
    }
  }
  const found = await notificationCandidates(db, checks);
  return users.filter((user) => found.has(user.id)).map((user) => user.id);
}
