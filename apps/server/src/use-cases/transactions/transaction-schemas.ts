import { z } from '@hono/zod-openapi';
import { isUuid, TRANSACTION_LIST_FILTERS, TRANSACTION_SORTS } from '@lodestar/db';
import {
  isAccountType,
  isTransactionCategory,
  NO_DETAILED_CATEGORY,
  LIMITS,
  PAGING,
  REPORT_MAX_AMOUNT,
  TRANSACTION_CATEGORY_VALUES,
  type TransactionCategory,
} from '@lodestar/domain';
import { MoneySchema } from '../../http/openapi';
import { userDate } from '../../http/user-date';

export const TRANSACTION_MESSAGES = {
  page: 'Page must be a whole number from 1',
  pageTooLarge: 'Page must be at most 1000000',
  limit: `Page size must be a whole number from 1 to ${PAGING.transactionListing.maxPageSize}`,
  filter: `Filter must be one of ${TRANSACTION_LIST_FILTERS.join(', ')}`,
  sort: `Sort must be one of ${TRANSACTION_SORTS.join(', ')}`,
  category: 'Choose one of the transaction categories',
  account: 'Account ids must be ids of accounts',
  type: 'Choose one of the account types',
  date: 'Date must be a real date written YYYY-MM-DD',
  to: 'The end date must be a real date written YYYY-MM-DD',
  toBeforeFrom: 'The end date must be on or after the start date',
  after: "After must be the previous page's nextCursor for the same sort",
  searchShort: 'Search needs at least 2 characters',
  searchLong: 'Search must be at most 100 characters',
  pending: 'Pending must be only or exclude',
  refunds: 'Refunds must be only or exclude',
  recurring: 'Recurring must be only or exclude',
  name: `The name must be 1 to ${LIMITS.transactionNameLimit} characters`,
  notes: `Notes must be at most ${LIMITS.descriptionLimit} characters`,
  tag: 'Tags must be 1 to 40 characters',
  tags: 'At most 20 tags',
  ids: 'Choose 1 to 500 transactions',
  id: 'Transaction ids must be ids of transactions',
  nothingToChange: 'Nothing to change',
  payee: 'Payee must be 1 to 200 characters',
  detailed: 'Detailed category must be 1 to 100 characters',
  tagsFilter: 'Tags must be 1 to 40 characters each, at most 20',
  untagged: 'Untagged must be only',
  amountMin: `The smallest amount must be a number from 0 to ${REPORT_MAX_AMOUNT.toLocaleString('en-US')}`,
  amountMax: `The largest amount must be a number from 0 to ${REPORT_MAX_AMOUNT.toLocaleString('en-US')}`,
  amountOrder: 'The smallest amount must not be more than the largest',
} as const;

/** An amount bound in major units (the size of a row, without its sign), at most two decimals. */
const amountBound = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, message)
      .transform(Number)
      .refine((value) => value <= REPORT_MAX_AMOUNT, message)
      .optional(),
  );

/** The values of the pending, refunds and recurring filters. */
export const ONLY_OR_EXCLUDE = ['only', 'exclude'] as const;

/** The category filter value for transactions shown as Uncategorized. */
export const UNCATEGORIZED_FILTER = 'UNCATEGORIZED';

/** An optional comma-joined list: blank = omitted; each value trimmed, checked, de-duplicated. */
function commaList<T extends string>(
  normalise: (value: string) => string,
  valid: (value: string) => boolean,
  message: string,
  maxCount = Number.POSITIVE_INFINITY,
) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T[] | undefined => {
      if (raw === undefined || raw.trim() === '') return undefined;
      const values = [
        ...new Set(
          raw
            .split(',')
            .map((part) => normalise(part.trim()))
            .filter(Boolean),
        ),
      ];
      const bad = values.find((value) => !valid(value));
      if (bad !== undefined || values.length > maxCount) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return values as T[];
    });
}

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The filters shared by the paginated listing and the CSV export. */
export const selectionQuerySchema = z.object({
  filter: z.preprocess(
    blankToUndefined,
    z.enum(TRANSACTION_LIST_FILTERS, TRANSACTION_MESSAGES.filter).default('all'),
  ),
  categories: commaList<TransactionCategory | typeof UNCATEGORIZED_FILTER>(
    (value) => value.toUpperCase(),
    (value) => value === UNCATEGORIZED_FILTER || isTransactionCategory(value),
    TRANSACTION_MESSAGES.category,
  ).openapi({
    description: `Comma-joined category values (${TRANSACTION_CATEGORY_VALUES.join(', ')}, or ${UNCATEGORIZED_FILTER}); omitted = all`,
    type: 'string',
  }),
  accounts: commaList<string>((value) => value.toLowerCase(), isUuid, TRANSACTION_MESSAGES.account).openapi({
    description: 'Comma-joined account ids; omitted = all (hidden accounts included)',
    type: 'string',
  }),
  types: commaList<string>((value) => value.toLowerCase(), isAccountType, TRANSACTION_MESSAGES.type).openapi({
    description: 'Comma-joined account types (spec §3); omitted = all',
    type: 'string',
  }),
  date: z
    .preprocess(blankToUndefined, userDate(TRANSACTION_MESSAGES.date).optional())
    .openapi({ description: 'YYYY-MM-DD: transactions on or after this date', type: 'string' }),
  to: z
    .preprocess(blankToUndefined, userDate(TRANSACTION_MESSAGES.to).optional())
    .openapi({ description: 'YYYY-MM-DD: transactions on or before this date', type: 'string' }),
  search: z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .min(2, TRANSACTION_MESSAGES.searchShort)
        .max(100, TRANSACTION_MESSAGES.searchLong)
        .optional(),
    )
    .openapi({
      description: 'Text in the name or merchant name, case-insensitive (at least 2 characters)',
      type: 'string',
    }),
  payee: z
    .preprocess(
      blankToUndefined,
      z.string().min(1, TRANSACTION_MESSAGES.payee).max(200, TRANSACTION_MESSAGES.payee).optional(),
    )
    .openapi({
      description: 'The payee exactly: the merchant name, else the name (as reports group merchants)',
      type: 'string',
    }),
  detailed: z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .min(1, TRANSACTION_MESSAGES.detailed)
        .max(100, TRANSACTION_MESSAGES.detailed)
        .optional(),
    )
    .openapi({
      description: `A detailed category code exactly, or ${NO_DETAILED_CATEGORY} for rows without one`,
      type: 'string',
    }),
  tags: commaList<string>(
    (value) => value,
    (value) => value.length >= 1 && value.length <= 40,
    TRANSACTION_MESSAGES.tagsFilter,
    20,
  ).openapi({ description: 'Comma-joined tags: transactions carrying any of them', type: 'string' }),
  untagged: z
    .preprocess(blankToUndefined, z.enum(['only'], TRANSACTION_MESSAGES.untagged).optional())
    .openapi({ description: 'only = transactions without any tag' }),
  amount_min: amountBound(TRANSACTION_MESSAGES.amountMin).openapi({
    description:
      "Transactions whose size (the amount without its sign, in the transaction's own currency) is at " +
      'least this, e.g. 25 or 25.50',
    type: 'string',
  }),
  amount_max: amountBound(TRANSACTION_MESSAGES.amountMax).openapi({
    description: 'Transactions whose size is at most this (with amount_min: a range, both inclusive)',
    type: 'string',
  }),
  pending: z
    .preprocess(blankToUndefined, z.enum(ONLY_OR_EXCLUDE, TRANSACTION_MESSAGES.pending).optional())
    .openapi({ description: 'only = pending transactions only; exclude = none of them; omitted = both' }),
  refunds: z
    .preprocess(blankToUndefined, z.enum(ONLY_OR_EXCLUDE, TRANSACTION_MESSAGES.refunds).optional())
    .openapi({
      description:
        'only = refunds only (money in on a spending category, counted in spending and income, so Expenses ' +
        'nets it off); exclude = none of them; omitted = both',
    }),
  recurring: z
    .preprocess(blankToUndefined, z.enum(ONLY_OR_EXCLUDE, TRANSACTION_MESSAGES.recurring).optional())
    .openapi({
      description:
        'only = occurrences of the recurring payments GET /insights lists today (13 months, hidden ' +
        'categories left out); exclude = none of them; omitted = both',
    }),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(TRANSACTION_SORTS, TRANSACTION_MESSAGES.sort).default('date_desc'),
  ),
});
export type SelectionQuery = z.infer<typeof selectionQuerySchema>;

export const listQuerySchema = selectionQuerySchema.extend({
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(TRANSACTION_MESSAGES.page)
      .int(TRANSACTION_MESSAGES.page)
      .min(1, TRANSACTION_MESSAGES.page)
      .max(1_000_000, TRANSACTION_MESSAGES.pageTooLarge)
      .default(1),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(TRANSACTION_MESSAGES.limit)
      .int(TRANSACTION_MESSAGES.limit)
      .min(1, TRANSACTION_MESSAGES.limit)
      .max(PAGING.transactionListing.maxPageSize, TRANSACTION_MESSAGES.limit)
      .default(PAGING.transactionListing.defaultPageSize),
  ),
  after: z.preprocess(blankToUndefined, z.string().max(200, TRANSACTION_MESSAGES.after).optional()).openapi({
    description:
      "The previous page's `pagination.nextCursor` (same filters and sort): the page is the rows just " +
      'after that page, read from the index at any depth; `page` still numbers it',
    type: 'string',
  }),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

const categoryChoice = z.enum(
  TRANSACTION_CATEGORY_VALUES as [TransactionCategory, ...TransactionCategory[]],
  TRANSACTION_MESSAGES.category,
);
const tagsSchema = z
  .array(z.string().trim().min(1, TRANSACTION_MESSAGES.tag).max(40, TRANSACTION_MESSAGES.tag))
  .max(20, TRANSACTION_MESSAGES.tags)
  .transform((tags) => [...new Set(tags)]);

export const patchBodySchema = z
  .object({
    category: categoryChoice
      .nullable()
      .optional()
      .openapi({ description: 'null = Uncategorized, chosen by hand' }),
    notes: z
      .string()
      .trim()
      .max(LIMITS.descriptionLimit, TRANSACTION_MESSAGES.notes)
      .nullable()
      .optional()
      .transform((notes) => (notes === '' ? null : notes)),
    tags: tagsSchema.optional(),
    excluded: z.boolean().optional(),
    name: z
      .string()
      .trim()
      .min(1, TRANSACTION_MESSAGES.name)
      .refine((name) => [...name].length <= LIMITS.transactionNameLimit, TRANSACTION_MESSAGES.name)
      .optional(),
  })
  .strict()
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    TRANSACTION_MESSAGES.nothingToChange,
  );

export const bulkBodySchema = z
  .object({
    ids: z
      .array(z.string().refine(isUuid, TRANSACTION_MESSAGES.id))
      .min(1, TRANSACTION_MESSAGES.ids)
      .max(500, TRANSACTION_MESSAGES.ids)
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    changes: z
      .object({
        category: categoryChoice.nullable().optional(),
        excluded: z.boolean().optional(),
        tags: tagsSchema.optional(),
      })
      .strict()
      .refine(
        (changes) => Object.values(changes).some((value) => value !== undefined),
        TRANSACTION_MESSAGES.nothingToChange,
      ),
  })
  .strict();

export const TransactionSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    date: z.string(),
    amount: MoneySchema,
    foreignAmount: z.object({ amount: MoneySchema, exchangeRate: z.string().nullable() }).nullable().openapi({
      description: 'A payment made in another currency, as the statement gave it (details only)',
    }),
    name: z.string(),
    originalName: z.string(),
    merchantName: z.string().nullable(),
    description: z.string().nullable(),
    category: z.string().nullable(),
    detailedCategory: z.string().nullable(),
    categoryConfidence: z.number(),
    categorySource: z.enum(['provider', 'rule', 'user']),
    paymentChannel: z.string().nullable(),
    paymentMethod: z.string().nullable(),
    status: z.enum(['pending', 'posted', 'failed', 'cancelled']),
    notes: z.string().nullable(),
    tags: z.array(z.string()),
    excluded: z.boolean(),
    isTransfer: z.boolean(),
    importBatchId: z.string().nullable(),
  })
  .openapi('Transaction');

export const PaginationSchema = z
  .object({
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
    hasNext: z.boolean(),
    unfilteredTotal: z
      .number()
      .int()
      .openapi({ description: 'Every transaction of the user the plan shows, whatever the filters' }),
    totalCapped: z.boolean().openapi({
      description:
        'A search stops counting at 1,000 matches: true when more match, and `total` (1,000) means "1,000+"; ' +
        '`hasNext` and `totalPages` then follow from the rows read',
    }),
    nextCursor: z.string().nullable().openapi({
      description: 'Pass as `after` with `page` + 1 for the next page; null on the last page',
    }),
    visibleFrom: z
      .string()
      .nullable()
      .openapi({
        description:
          "The first day the user's plan shows (its data-retention window); older transactions are kept but " +
          'left out of every list, total and export, and an earlier `date` starts here. Null: no window',
      }),
  })
  .openapi('Pagination');
