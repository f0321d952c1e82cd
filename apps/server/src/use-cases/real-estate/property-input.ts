import { z } from '@hono/zod-openapi';
import { fromMajor, isCurrencyCode, isUsState, type ValidationItem } from '@lodestar/domain';
import { userDate } from '../../http/user-date';

/** Request bodies of the real-estate routes, with the messages users see. Amounts are major units. */

export const PROPERTY_MESSAGES = {
  name: 'Enter a name for the property',
  nameLong: 'Property names can be at most 80 characters',
  line1: 'Enter the street address',
  city: 'Enter the city',
  state: 'Choose a US state',
  country: 'Choose a country',
  purchasePrice: 'Enter the purchase price',
  value: 'Enter the value',
  date: 'Use a date like 2026-01-31',
  purchaseDateFuture: 'The purchase date cannot be in the future',
  valuationDateFuture: 'The valuation date cannot be in the future',
  valuationBeforePurchase: 'The valuation date cannot be before the purchase date',
  valuationOnPurchase: 'On the purchase date the value is the purchase price; edit that instead',
  purchaseAfterValuations: 'The purchase date must be before the property’s other valuations',
  currency: 'Choose a currency',
  mortgage: 'Choose one of your loan accounts',
  mortgageCurrency: 'Choose a loan in the same currency as the property',
  purchaseRemoval: 'The purchase price cannot be removed; edit it instead',
  note: 'Notes can be at most 500 characters',
  notFound: 'No such property',
  valuationNotFound: 'No such valuation',
} as const;

const M = PROPERTY_MESSAGES;

/** A positive amount in major units below 1e12 (rounded to the currency's minor unit later). */
const amount = (message: string) => z.number({ message }).finite(message).gt(0, message).lt(1e12, message);

const isoDate = userDate(M.date);

const text = (max: number, message: string) => z.string({ message }).trim().max(max, message);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const addressSchema = z
  .object({
    line1: text(120, M.line1).min(1, M.line1),
    line2: optionalText(120),
    city: text(80, M.city).min(1, M.city),
    state: optionalText(40).transform((value) => (value === null ? null : value.toUpperCase())),
    postalCode: optionalText(20),
    country: z
      .string({ message: M.country })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, M.country)
      .default('US'),
  })
  .superRefine((address, ctx) => {
    // A US address needs one of the 50 state codes or DC; other countries' regions are free text.
    if (address.country === 'US' && (address.state === null || !isUsState(address.state))) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: M.state });
    }
  });

const nameSchema = z.string({ message: M.name }).trim().min(1, M.name).max(80, M.nameLong);

export const createPropertySchema = z.object({
  name: nameSchema,
  address: addressSchema,
  purchasePrice: amount(M.purchasePrice),
  purchaseDate: isoDate,
  currency: z.string({ message: M.currency }).refine(isCurrencyCode, M.currency),
  currentValue: amount(M.value).optional(),
  valuationDate: isoDate.optional(),
  mortgageAccountId: z.uuid({ message: M.mortgage }).nullish(),
});
export type CreatePropertyInput = z.infer<typeof createPropertySchema>;

export const updatePropertySchema = z.object({
  name: nameSchema.optional(),
  address: addressSchema.optional(),
  purchasePrice: amount(M.purchasePrice).optional(),
  purchaseDate: isoDate.optional(),
  currentValue: amount(M.value).optional(),
  valuationDate: isoDate.optional(),
  mortgageAccountId: z.uuid({ message: M.mortgage }).nullish(),
});
export type UpdatePropertyInput = z.infer<typeof updatePropertySchema>;

export const valuationSchema = z.object({
  date: isoDate,
  value: amount(M.value),
  note: z
    .string()
    .trim()
    .max(500, M.note)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ValuationInput = z.infer<typeof valuationSchema>;

/** Collects the checks a schema cannot make (today, the stored property, the user's accounts). */
export class Issues {
  readonly items: ValidationItem[] = [];

  add(field: string, message: string): void {
    this.items.push({ field, message, code: 'custom' });
  }

  /** Minor units of a validated major-unit amount, or an issue when it rounds to nothing or overflows. */
  minor(field: string, value: number, currency: string, message: string): number {
    try {
      const minor = fromMajor(value, currency).amountMinor;
      if (minor > 0) return minor;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
    this.add(field, message);
    return 0;
  }
}
