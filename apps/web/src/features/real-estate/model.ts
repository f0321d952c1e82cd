import {
  addDays,
  formatDateTokens,
  formatSignedPercentage,
  isIsoDate,
  parseMoneyInput,
  toMajorNumber,
} from '@lodestar/domain';
import { ApiError } from '@/lib/api-client';
import type { Address, NewProperty, NewValuation, Property, Valuation } from './api';

/**
 * The property form, its checks and the valuation chart's series. Field keys are the server's dotted
 * paths ('address.state'), so the items of a 400 land on the fields they name. Messages are the
 * server's own (apps/server/src/use-cases/real-estate/property-input.ts).
 */

export const MESSAGES = {
  name: 'Enter a name for the property',
  nameLong: 'Property names can be at most 80 characters',
  line1: 'Enter the street address',
  city: 'Enter the city',
  state: 'Choose a US state',
  country: 'Choose a country',
  purchasePrice: 'Enter the purchase price',
  value: 'Enter the value',
  date: 'Enter a real date in your date format',
  note: 'Notes can be at most 500 characters',
} as const;

export const NAME_MAX = 80;
export const NOTE_MAX = 500;
/** The select's value for "no mortgage" (Radix Select reserves ''). */
export const NO_MORTGAGE = 'none';

export type PropertyForm = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  purchasePrice: string;
  purchaseDate: string;
  currency: string;
  currentValue: string;
  valuationDate: string;
  mortgageAccountId: string;
};

export type FieldErrors = Record<string, string>;

/** Today in the user's time zone ('YYYY-MM-DD'). */
export function todayIn(timeZone: string, now: Date | number = Date.now()): string {
  return formatDateTokens(now, 'YYYY-MM-DD', timeZone);
}

export function emptyForm(currency: string): PropertyForm {
  return {
    name: '',
    line1: '',
    line2: '',
    city: '',
    state: '',
    postalCode: '',
    country: 'US',
    purchasePrice: '',
    purchaseDate: '',
    currency,
    currentValue: '',
    valuationDate: '',
    mortgageAccountId: NO_MORTGAGE,
  };
}

/** The edit form of a property (its name, address and mortgage link). */
export function formOf(property: Property): PropertyForm {
  const { address } = property;
  return {
    ...emptyForm(property.currentValue.currency),
    name: property.name,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country,
    mortgageAccountId: property.mortgage?.accountId ?? NO_MORTGAGE,
  };
}

export const isUs = (country: string) => country.trim().toUpperCase() === 'US';

function checkAddress(form: PropertyForm, errors: FieldErrors) {
  const name = form.name.trim();
  if (!name) errors.name = MESSAGES.name;
  else if (name.length > NAME_MAX) errors.name = MESSAGES.nameLong;
  if (!form.line1.trim()) errors['address.line1'] = MESSAGES.line1;
  if (!form.city.trim()) errors['address.city'] = MESSAGES.city;
  if (!/^[A-Za-z]{2}$/.test(form.country.trim())) errors['address.country'] = MESSAGES.country;
  else if (isUs(form.country) && !form.state) errors['address.state'] = MESSAGES.state;
}

function addressOf(form: PropertyForm): NewProperty['address'] {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    line1: form.line1.trim(),
    line2: optional(form.line2),
    city: form.city.trim(),
    state: optional(form.state),
    postalCode: optional(form.postalCode),
    country: form.country.trim().toUpperCase(),
  };
}

/**
 * A positive major-unit amount read by the spec §5 money-input rule (symbols and group separators
 * ignored), or the field's message. The server rounds it to the currency's minor unit.
 */
function positiveAmount(text: string, message: string): number | string {
  const value = parseMoneyInput(text);
  return Number.isFinite(value) && value > 0 && value < 1e12 ? value : message;
}

/** Checks a new property; the body of POST /real-estate when nothing is wrong. */
export function checkNewProperty(form: PropertyForm): { errors: FieldErrors; body?: NewProperty } {
  const errors: FieldErrors = {};
  checkAddress(form, errors);
  const price = positiveAmount(form.purchasePrice, MESSAGES.purchasePrice);
  if (typeof price === 'string') errors.purchasePrice = price;
  if (!isIsoDate(form.purchaseDate)) errors.purchaseDate = MESSAGES.date;
  let current: number | undefined;
  if (form.currentValue.trim()) {
    const value = positiveAmount(form.currentValue, MESSAGES.value);
    if (typeof value === 'string') errors.currentValue = value;
    else current = value;
  }
  if (form.valuationDate && !isIsoDate(form.valuationDate)) errors.valuationDate = MESSAGES.date;
  if (Object.keys(errors).length > 0 || typeof price === 'string') return { errors };
  return {
    errors,
    body: {
      name: form.name.trim(),
      address: addressOf(form),
      purchasePrice: price,
      purchaseDate: form.purchaseDate,
      currency: form.currency,
      ...(current === undefined
        ? {}
        : { currentValue: current, ...(form.valuationDate ? { valuationDate: form.valuationDate } : {}) }),
      mortgageAccountId: form.mortgageAccountId === NO_MORTGAGE ? null : form.mortgageAccountId,
    },
  };
}

/** Checks an edit (name, address, mortgage); the body of PATCH /real-estate/:id. */
export function checkPropertyChanges(form: PropertyForm) {
  const errors: FieldErrors = {};
  checkAddress(form, errors);
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    body: {
      name: form.name.trim(),
      address: addressOf(form),
      mortgageAccountId: form.mortgageAccountId === NO_MORTGAGE ? null : form.mortgageAccountId,
    },
  };
}

export type ValuationForm = { date: string; value: string; note: string };

export function checkValuation(form: ValuationForm): { errors: FieldErrors; body?: NewValuation } {
  const errors: FieldErrors = {};
  if (!isIsoDate(form.date)) errors.date = MESSAGES.date;
  const value = positiveAmount(form.value, MESSAGES.value);
  if (typeof value === 'string') errors.value = value;
  if (form.note.trim().length > NOTE_MAX) errors.note = MESSAGES.note;
  if (Object.keys(errors).length > 0 || typeof value === 'string') return { errors };
  const note = form.note.trim();
  return { errors, body: { date: form.date, value, ...(note ? { note } : {}) } };
}

/**
 * The server's 400 items by field, and what names no field of the form (shown above the buttons).
 * Any other failure is the form-level message.
 */
export function serverErrors(
  error: unknown,
  fields: readonly string[],
): { fields: FieldErrors; form?: string } {
  if (!(error instanceof ApiError) || error.items.length === 0) {
    return { fields: {}, form: error instanceof Error ? error.message : undefined };
  }
  const found: FieldErrors = {};
  const other: string[] = [];
  for (const item of error.items) {
    if (fields.includes(item.field)) found[item.field] ??= item.message;
    else other.push(item.message);
  }
  return { fields: found, form: other.length > 0 ? other.join(' ') : undefined };
}

/**
 * A change as a percentage whose sign is in the text: '+10.00%', a fall '(3.20%)' (spec §9
 * parentheses), none '—'.
 */
export function changePercentText(percent: number, locale: string): string {
  return formatSignedPercentage(percent, locale);
}

/** 'Line 1, Line 2, City, ST 12345, Country'. */
export function addressText(address: Address): string {
  const region = [address.state, address.postalCode].filter(Boolean).join(' ');
  return [address.line1, address.line2, address.city, region, address.country].filter(Boolean).join(', ');
}

export type ValuePoint = { date: string; value: number; kind: 'valuation' | 'step' | 'today' };

/**
 * The value over time as a step line (the value on a day is the latest valuation on or before it):
 * a point at each valuation date, a 'step' point the day before it at the previous value, and today.
 * Values in major units.
 */
export function valuationSteps(valuations: readonly Valuation[], today: string): ValuePoint[] {
  const sorted = [...valuations].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const points: ValuePoint[] = [];
  for (const valuation of sorted) {
    const value = toMajorNumber(valuation.value);
    const previous = points.at(-1);
    const dayBefore = addDays(valuation.date, -1);
    if (previous && previous.date < dayBefore)
      points.push({ date: dayBefore, value: previous.value, kind: 'step' });
    points.push({ date: valuation.date, value, kind: 'valuation' });
  }
  const last = points.at(-1);
  if (last && last.date < today) points.push({ date: today, value: last.value, kind: 'today' });
  return points;
}
