import type { IsoDate } from '../dates';
import { type DateFormat, formatDateTokens, formatIsoDate, formatMoney } from '../formatting';
import { OVERALL_BUDGET } from '../analytics/budgets';
import type { NotificationKind, SecurityAlertType } from './rules';
import { SECURITY_ALERT_TEXT } from './rules';
import type { NotificationPeriod } from './periods';

/**
 * What a notification says, the same for email and push: a subject (the push title), a one-line body
 * (the push body) and the lines of the email. Amounts are minor units of `format.currency`.
 */

export type NotificationData =
  | { kind: 'low_balance'; thresholdMinor: number; accounts: { name: string; balanceMinor: number }[] }
  | { kind: 'daily_spending'; thresholdMinor: number; days: { date: IsoDate; amountMinor: number }[] }
  | {
      kind: 'large_transactions';
      thresholdMinor: number;
      transactions: { date: IsoDate; name: string; amountMinor: number }[];
    }
  | { kind: 'new_connections'; connections: { name: string }[] }
  | { kind: 'weekly_summary'; incomeMinor: number; spendingMinor: number }
  | {
      kind: 'security_alert';
      type: SecurityAlertType;
      at: Date;
      ipAddress: string | null;
      userAgent: string | null;
    }
  | {
      kind: 'budget';
      /** The budget's month, YYYY-MM. */
      month: string;
      /** A spending category of the spec's list, or 'overall'. */
      category: string;
      /** The category's label ('Food & Dining'), or 'All spending' for the overall budget. */
      label: string;
      /** The mark passed: 80 or 100 (% of what is available this month). */
      threshold: 80 | 100;
      /** Budget plus what rollover carried in. */
      availableMinor: number;
      spentMinor: number;
    };

export type ContentFormat = {
  currency: string;
  /** The user's number_format (a locale). */
  locale: string;
  dateFormat: DateFormat;
  timeZone: string;
};

export type NotificationContent = {
  kind: NotificationKind;
  subject: string;
  /** One line, for a push notification. */
  summary: string;
  /** The email's paragraphs (plain text). */
  lines: string[];
  /** Where the notification leads, relative to the app ('/accounts', '/settings/security', …). */
  path: string;
};

/** Email bodies list at most this many items; the rest are counted. */
export const MAX_LISTED = 10;

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function periodWords(period: NotificationPeriod, format: ContentFormat): string {
  const from = formatIsoDate(period.from, format.dateFormat);
  const to = formatIsoDate(period.to, format.dateFormat);
  return from === to ? `on ${from}` : `from ${from} to ${to}`;
}

/** 'November 2026' for '2026-11'. */
function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)),
  );
}

function listed<T>(items: readonly T[], line: (item: T) => string): string[] {
  const shown = items.slice(0, MAX_LISTED).map((item) => `• ${line(item)}`);
  if (items.length > MAX_LISTED) shown.push(`…and ${items.length - MAX_LISTED} more`);
  return shown;
}

/** The text of a notification about `period` (the period is ignored by security alerts). */
export function notificationContent(
  data: NotificationData,
  period: NotificationPeriod,
  format: ContentFormat,
): NotificationContent {
  const money = (amountMinor: number) =>
    formatMoney({ amountMinor, currency: format.currency }, format.locale);
  const date = (value: IsoDate) => formatIsoDate(value, format.dateFormat);
  const when = periodWords(period, format);
  switch (data.kind) {
    case 'low_balance': {
      const count = plural(data.accounts.length, 'account');
      return {
        kind: data.kind,
        subject: `Low balance: ${count} below ${money(data.thresholdMinor)}`,
        summary: data.accounts.map((a) => `${a.name} ${money(a.balanceMinor)}`).join(', '),
        lines: [
          `${count} ${data.accounts.length === 1 ? 'is' : 'are'} below your low-balance alert of ${money(data.thresholdMinor)}:`,
          ...listed(data.accounts, (a) => `${a.name}: ${money(a.balanceMinor)}`),
        ],
        path: '/accounts',
      };
    }
    case 'daily_spending': {
      const count = plural(data.days.length, 'day');
      return {
        kind: data.kind,
        subject: `Spending alert: ${count} above ${money(data.thresholdMinor)}`,
        summary: data.days.map((d) => `${date(d.date)} ${money(d.amountMinor)}`).join(', '),
        lines: [
          period.from === period.to
            ? `Your spending ${when} was above your daily alert of ${money(data.thresholdMinor)}:`
            : `Your spending was above your daily alert of ${money(data.thresholdMinor)} on ${count} ${when}:`,
          ...listed(data.days, (d) => `${date(d.date)}: ${money(d.amountMinor)}`),
        ],
        path: '/expenses',
      };
    }
    case 'large_transactions': {
      const count = plural(data.transactions.length, 'large transaction');
      return {
        kind: data.kind,
        subject: `${count} of ${money(data.thresholdMinor)} or more`,
        summary: data.transactions.map((t) => `${t.name} ${money(-t.amountMinor)}`).join(', '),
        lines: [
          `${count} of at least ${money(data.thresholdMinor)} ${when}:`,
          ...listed(data.transactions, (t) => `${date(t.date)} ${t.name}: ${money(-t.amountMinor)}`),
        ],
        path: '/activity',
      };
    }
    case 'new_connections': {
      const count = plural(data.connections.length, 'new connection');
      return {
        kind: data.kind,
        subject: `${count} added to your account`,
        summary: data.connections.map((c) => c.name).join(', '),
        lines: [
          `${count} ${data.connections.length === 1 ? 'was' : 'were'} added ${when}:`,
          ...listed(data.connections, (c) => c.name),
          'If you did not add them, remove them and change your password.',
        ],
        path: '/accounts',
      };
    }
    case 'weekly_summary': {
      const net = data.incomeMinor - data.spendingMinor;
      const figures = `Income ${money(data.incomeMinor)}, spending ${money(data.spendingMinor)}, net ${money(net)}`;
      return {
        kind: data.kind,
        subject: `Your week: net ${money(net)}`,
        summary: figures,
        lines: [
          `Your summary of the week ${when}:`,
          `• Income: ${money(data.incomeMinor)}`,
          `• Spending: ${money(data.spendingMinor)}`,
          `• Net change: ${money(net)}`,
        ],
        path: '/dashboard',
      };
    }
    case 'budget': {
      const name = data.category === OVERALL_BUDGET ? 'your overall budget' : `your ${data.label} budget`;
      const spent = `${money(data.spentMinor)} of ${money(data.availableMinor)}`;
      const passed = data.threshold === 100 ? 'all' : `${data.threshold} %`;
      return {
        kind: data.kind,
        subject:
          data.threshold === 100
            ? `Budget spent: ${data.label} is at ${spent}`
            : `Budget alert: ${data.label} has passed 80 %`,
        summary: `${spent} spent in ${monthName(data.month)}`,
        lines: [
          `You have spent ${passed} of ${name} for ${monthName(data.month)}: ${spent}.`,
          data.spentMinor >= data.availableMinor
            ? `That is ${money(data.spentMinor - data.availableMinor)} over.`
            : `${money(data.availableMinor - data.spentMinor)} is left for the rest of the month.`,
        ],
        path: '/expenses/budgets',
      };
    }
    case 'security_alert': {
      const what = SECURITY_ALERT_TEXT[data.type];
      const at = `${formatDateTokens(data.at, format.dateFormat, format.timeZone)} ${new Intl.DateTimeFormat(
        format.locale,
        { timeZone: format.timeZone, hour: '2-digit', minute: '2-digit' },
      ).format(data.at)}`;
      const details = [
        `When: ${at} (${format.timeZone})`,
        ...(data.ipAddress ? [`IP address: ${data.ipAddress}`] : []),
        ...(data.userAgent ? [`Device: ${data.userAgent}`] : []),
      ];
      return {
        kind: data.kind,
        subject: `Security alert: ${what.toLowerCase()}`,
        summary: `${what} at ${at}`,
        lines: [
          `${what} on your account.`,
          ...details,
          'If this was you, there is nothing to do. If not, change your password and review your sessions.',
        ],
        path: '/settings/security',
      };
    }
  }
}
