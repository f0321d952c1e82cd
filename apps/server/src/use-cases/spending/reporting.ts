import type { CurrencyCategorySums, Database } from '@lodestar/db';
import {
  categoryLabel,
  incomeAndSpending,
  type IncomeAndSpending,
  money,
  normalizeMerchant,
  percentChange,
  type DateFormat,
} from '@lodestar/domain';
import { createConverter, loadFxTable, reportingFor } from '../../fx/reporting';

/**
 * What every spending read needs about the user: the reporting currency (default_currency), today in
 * their time zone, the categories they hide from spending, and the low-balance alert threshold.
 */
export type SpendingContext = {
  userId: string;
  currency: string;
  today: string;
  hiddenCategories: string[];
  lowBalanceThreshold: number | null;
  /** The user's number and date formats, for figures written into texts (insights). */
  locale: string;
  dateFormat: DateFormat;
};

export async function spendingContext(db: Database, userId: string, now: Date): Promise<SpendingContext> {
  const { currency, today, preferences } = await reportingFor(db, userId, now);
  return {
    userId,
    currency,
    today,
    hiddenCategories: [...preferences.hidden_categories],
    lowBalanceThreshold: preferences.alert_thresholds.low_balance,
    locale: preferences.number_format,
    dateFormat: preferences.date_format,
  };
}

/** Converts amounts of several currencies into the reporting currency at one day's rates. */
export type Converter = {
  /** `amountMinor` of `currency` in reporting minor units, or null when no rate exists at all. */
  convert(amountMinor: number, currency: string): number | null;
  /** Currencies met without any rate (their figures are left out of the totals), sorted. */
  missing(): string[];
  /** Per key, by the one rounding rule (fx/reporting.ts byKey); `total` is the sum of the keys. */
  byKey<K>(entries: Iterable<{ key: K; amountMinor: number; currency: string }>): {
    amounts: Map<K, number>;
    total: number;
  };
};

/**
 * A converter at the rates of `date` (the last known ECB or manual rate on or before it, see
 * docs/analytics-api.md): sums over a period are converted at the rate of the period's last day, each
 * currency's sum once, so a period costs one rate lookup per currency however many rows it holds.
 */
export async function converterAt(
  db: Database,
  userId: string,
  currencies: readonly string[],
  reporting: string,
  date: string,
): Promise<Converter> {
  return (await ratesBetween(db, userId, currencies, reporting, date, date)).at(date);
}

/**
 * The rates of `currencies` into `reporting` for any day from `from` to `to`, read once (two queries
 * when a foreign currency is involved, none otherwise); `at(date)` gives the converter of one day.
 */
export async function ratesBetween(
  db: Database,
  userId: string,
  currencies: readonly string[],
  reporting: string,
  from: string,
  to: string,
): Promise<{ at(date: string): Converter }> {
  const { table } = await loadFxTable(db, userId, reporting, currencies, [{ from, to }]);
  return {
    at(date) {
      const converter = createConverter(table, reporting);
      return {
        convert: (amountMinor, currency) =>
          amountMinor === 0 ? 0 : converter.convert(amountMinor, currency, date, { track: false }),
        missing: () => converter.report().missing,
        byKey: (entries) => converter.byKey(entries, date, { track: false }),
      };
    },
  };
}

/**
 * Income and spending in the reporting currency by the one rounding rule: the domain's incomeAndSpending
 * of each currency's own rows (native minor units), then each currency's income and spending converted
 * once and its spending shared out over its categories (fx/reporting.ts byKey). So income and spending
 * are the same to the minor unit on every screen that shows them, and the categories add up to spending.
 * Rows of a currency without any rate are left out.
 */
export function convertedIncomeAndSpending(
  rows: readonly CurrencyCategorySums[],
  converter: Converter,
  hiddenCategories: readonly string[],
): IncomeAndSpending {
  const byCurrency = new Map<string, CurrencyCategorySums[]>();
  for (const row of rows) {
    const list = byCurrency.get(row.currency) ?? [];
    list.push(row);
    byCurrency.set(row.currency, list);
  }
  const income: { key: 'income'; amountMinor: number; currency: string }[] = [];
  const categories: { key: string; amountMinor: number; currency: string }[] = [];
  const counts = new Map<string, number>();
  let count = 0;
  for (const [currency, list] of byCurrency) {
    if (converter.convert(1, currency) === null) continue;
    const native = incomeAndSpending(list, hiddenCategories);
    count += native.count;
    income.push({ key: 'income', amountMinor: native.incomeMinor, currency });
    for (const row of native.byCategory) {
      categories.push({ key: row.category, amountMinor: row.amountMinor, currency });
      counts.set(row.category, (counts.get(row.category) ?? 0) + row.count);
    }
  }
  const spending = converter.byKey(categories);
  const byCategory = [...spending.amounts]
    .map(([category, amountMinor]) => ({
      category,
      label: categoryLabel(category),
      amountMinor: amountMinor === 0 ? 0 : amountMinor,
      count: counts.get(category) ?? 0,
    }))
    .sort(
      (a, b) =>
        b.amountMinor - a.amountMinor || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0),
    );
  const zero = (value: number) => (value === 0 ? 0 : value);
  return {
    incomeMinor: zero(converter.byKey(income).total),
    spendingMinor: zero(spending.total),
    count,
    byCategory,
  };
}

/** `{ amount, percent }` of the change from `previous` to `current` (percent null when previous is 0). */
export function moneyChange(current: number, previous: number, currency: string) {
  return { amount: money(current - previous, currency), percent: percentChange(current, previous) };
}

/** Payee names seen recently → merchant key; bounded, since payee names come from user data. */
const merchantKeys = new Map<string, string>();
const MERCHANT_KEY_CACHE = 50_000;

/**
 * The domain's merchant key of a payee name (merchant name, else the row's name), or the name itself when
 * it has no letters or digits. Cached: the same few thousand payees come back on every request, and
 * normalising is regular-expression work.
 */
export function merchantKeyOfPayee(payee: string): string {
  let key = merchantKeys.get(payee);
  if (key === undefined) {
    key = normalizeMerchant(payee) || payee;
    if (merchantKeys.size >= MERCHANT_KEY_CACHE) merchantKeys.clear();
    merchantKeys.set(payee, key);
  }
  return key;
}
