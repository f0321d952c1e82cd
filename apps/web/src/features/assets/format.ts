import {
  currencyExponent,
  type DateFormat,
  DECIMALS,
  formatIsoDate,
  formatNumber,
  formatSignedPercentage,
} from '@lodestar/domain';
import { HOLDING_FILTERS, type HoldingFilter } from './api';

/** The Assets page's URL (?type=&page=) and how its figures read. */

/** A ?type= value the page knows, else 'all'. */
export function parseHoldingFilter(value: string | null): HoldingFilter {
  return HOLDING_FILTERS.find((filter) => filter === value) ?? 'all';
}

/** A ?page= value: a whole number from 1, else 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? page : 1;
}

/** A quantity (decimal string) with exactly the decimals the server chose for it (spec §9). */
export function formatQuantity(quantity: string, decimals: number, locale: string): string {
  return formatNumber(Number(quantity), locale, decimals);
}

/**
 * A unit price (decimal string) in its currency: at least the currency's decimals, more when the price
 * has them (a token priced in fractions of a cent), up to the crypto precision of 8.
 */
export function formatPrice(price: { amount: string; currency: string }, locale: string): string {
  const fraction = /\.(\d*?)0*$/.exec(price.amount)?.[1] ?? '';
  const digits = Math.min(DECIMALS.crypto, Math.max(currencyExponent(price.currency), fraction.length));
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: price.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(price.amount));
}

/** A holding added by hand that no market price is known for is valued at what it was bought at. */
export const VALUED_AT_BUY_PRICE = 'Valued at your buy price';

/** Why a holding has no gain: no market price (valued at its buy price) or no cost basis. */
export const gainUnknownText = (holding: { valuedAtBuyPrice: boolean }) =>
  holding.valuedAtBuyPrice ? 'Not known (no market price)' : 'Not known (no cost basis)';

/**
 * A holding added by hand's buy price per unit, beside the price it is valued at. Bought once, it is that
 * buy's price as entered, every decimal kept. Bought more than once, it is the average cost, said so, whose
 * decimals can run on (2,600 / 17 = 152.941176…): a price of 1 or more with more than two decimals beyond
 * the currency's is shown to the currency's.
 */
export function boughtAtText(
  buyPrice: { amount: string; currency: string; buys: number },
  locale: string,
): string {
  if (buyPrice.buys <= 1) return `Bought at ${formatPrice(buyPrice, locale)}`;
  const exponent = currencyExponent(buyPrice.currency);
  const fraction = /\.(\d*?)0*$/.exec(buyPrice.amount)?.[1] ?? '';
  const price =
    Number(buyPrice.amount) < 1 || fraction.length <= exponent + 2
      ? formatPrice(buyPrice, locale)
      : new Intl.NumberFormat(locale, { style: 'currency', currency: buyPrice.currency }).format(
          Number(buyPrice.amount),
        );
  return `Bought at ${price} on average`;
}

/**
 * A gain as a percentage whose sign is in the text: '+12.30%', a loss '(3.20%)' (spec §9 parentheses),
 * nothing '—'; null (no cost basis) is 'Not known'.
 */
export function gainPercentText(percent: number | null, locale: string): string {
  if (percent === null) return 'Not known';
  return formatSignedPercentage(percent, locale);
}

/**
 * The day of the prices the holdings are valued at: "Prices as of <date>" when they share one, else the
 * oldest and the newest ("Prices from <oldest> to <newest>"), in the user's date format.
 */
export function pricesAsOfText(dates: { oldest: string; newest: string }, dateFormat: DateFormat): string {
  const oldest = formatIsoDate(dates.oldest, dateFormat);
  if (dates.oldest === dates.newest) return `Prices as of ${oldest}`;
  return `Prices from ${oldest} to ${formatIsoDate(dates.newest, dateFormat)}`;
}
