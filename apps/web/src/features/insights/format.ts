import { type DateFormat, formatIsoDate, formatNumber, formatPercentage, isIsoDate } from '@lodestar/domain';
import type { Cadence, Insight, InsightFigure, Money, RecurringPayment } from './api';

export const CADENCE_WORDS: Record<Cadence, string> = {
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  monthly: 'Every month',
  quarterly: 'Every three months',
  yearly: 'Every year',
};

const PER_YEAR: Record<Cadence, number> = { weekly: 52, biweekly: 26, monthly: 12, quarterly: 4, yearly: 1 };

/** Warnings first ("Needs attention"), then the rest; the server's order within each group. */
export function groupInsights(insights: readonly Insight[]): { attention: Insight[]; others: Insight[] } {
  return {
    attention: insights.filter((insight) => insight.severity === 'warning'),
    others: insights.filter((insight) => insight.severity !== 'warning'),
  };
}

/** Soonest next payment first; ties by name. */
export function sortRecurring(recurring: readonly RecurringPayment[]): RecurringPayment[] {
  return [...recurring].sort((a, b) =>
    a.nextDate === b.nextDate ? a.name.localeCompare(b.name) : a.nextDate < b.nextDate ? -1 : 1,
  );
}

/**
 * What the recurring payments out cost a month, per currency: each payment's average amount (as a
 * positive magnitude, minor units) × its payments a year ÷ 12, summed and rounded to the minor unit.
 * Money coming in (a positive average, such as a salary) is not an outflow and is left out.
 */
export function monthlyRecurringOutflows(recurring: readonly RecurringPayment[]): Money[] {
  const totals = new Map<string, number>();
  for (const payment of recurring) {
    const { amountMinor, currency } = payment.averageAmount;
    if (amountMinor >= 0) continue;
    const monthly = (-amountMinor * PER_YEAR[payment.cadence]) / 12;
    totals.set(currency, (totals.get(currency) ?? 0) + monthly);
  }
  return [...totals].map(([currency, amount]) => ({ amountMinor: Math.round(amount), currency }));
}

const isMoney = (value: unknown): value is Money =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Money).amountMinor === 'number' &&
  typeof (value as Money).currency === 'string';

export type FigureDisplay = { kind: 'money'; amount: Money } | { kind: 'text'; text: string };

/** How a figure shows: money through MoneyText (so it can be masked), everything else as text. */
export function figureDisplay(
  figure: InsightFigure,
  { locale, dateFormat }: { locale: string; dateFormat: DateFormat },
): FigureDisplay {
  const { value, format } = figure;
  if (format === 'money' && isMoney(value)) return { kind: 'money', amount: value };
  if (format === 'percent' && typeof value === 'number') {
    return { kind: 'text', text: formatPercentage(value, locale) };
  }
  if (format === 'number' && typeof value === 'number') {
    return { kind: 'text', text: formatNumber(value, locale, Number.isInteger(value) ? 0 : 2) };
  }
  if (format === 'date' && typeof value === 'string' && isIsoDate(value)) {
    return { kind: 'text', text: formatIsoDate(value, dateFormat) };
  }
  if (isMoney(value)) return { kind: 'money', amount: value };
  return { kind: 'text', text: String(value) };
}

/** Only links inside the app are followed (they open Activity with its filters). */
export function isAppLink(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/**
 * Amounts written into an insight's explanation by the server (en-US currency text: '$1,234.56',
 * '-€12.00', 'CA$5', 'CHF 1,234.50', 'CN¥9') — the pattern that matches them.
 */
const MONEY_IN_TEXT =
  /-?(?:[A-Z]{2,3}\s?|[A-Z]{1,2}(?=[$¥])|)[$€£¥₹₩₽][\d,]+(?:\.\d+)?|-?[A-Z]{3}\s[\d,]+(?:\.\d+)?/g;

/**
 * An explanation as shown: with balances hidden (privacy preference show_balances) every amount in it
 * is replaced by the mask, as the figures below it are.
 */
export function explanationText(explanation: string, masked: boolean): string {
  return masked ? explanation.replace(MONEY_IN_TEXT, '••••') : explanation;
}
