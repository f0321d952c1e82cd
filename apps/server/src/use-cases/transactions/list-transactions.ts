import {
  accountIdsOfTypes,
  listTransactionPage,
  type Database,
  type TransactionSelection,
} from '@lodestar/db';
import { clampFrom, NO_DETAILED_CATEGORY } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { recurringTransactionIds } from '../spending/recurring';
import { decodePageCursor, encodePageCursor } from './page-cursor';
import {
  TRANSACTION_MESSAGES,
  UNCATEGORIZED_FILTER,
  type ListQuery,
  type SelectionQuery,
} from './transaction-schemas';
import { toTransactionView, type TransactionView } from './transaction-view';

export type Pagination = {
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  hasNext: boolean;
  /** A search matched more than 1,000 transactions: `total` is 1,000 and means "1,000+". */
  totalCapped: boolean;
  /** Every transaction of the user the plan shows, whatever the filters ("86 of 2,306"). */
  unfilteredTotal: number;
  /** `after` for the next page (its rows read by keyset at any depth); null on the last page. */
  nextCursor: string | null;
  /** The first day the plan shows (null: no window); an earlier `date` was moved up to it. */
  visibleFrom: string | null;
};

/**
 * The query's filters as a selection of the user's transactions: categories as shown codes (Uncategorized
 * = ''), account types resolved to the user's accounts of those types and intersected with `accounts`.
 * Hidden accounts are included: hiding an account takes it off the dashboard, not out of the history.
 * The plan's window (`visibleFrom`, null for none) bounds it: an earlier or absent `date` starts there.
 */
export async function selectionFor(
  db: Database,
  userId: string,
  query: SelectionQuery,
  now: Date,
  visibleFrom: string | null,
): Promise<TransactionSelection> {
  if (query.date && query.to && query.to < query.date) {
    throw AppError.validation([
      { field: 'to', message: TRANSACTION_MESSAGES.toBeforeFrom, code: 'too_small' },
    ]);
  }
  if (
    query.amount_min !== undefined &&
    query.amount_max !== undefined &&
    query.amount_max < query.amount_min
  ) {
    throw AppError.validation([
      { field: 'amount_max', message: TRANSACTION_MESSAGES.amountOrder, code: 'too_small' },
    ]);
  }
  const selection: TransactionSelection = { filter: query.filter };
  if (query.amount_min !== undefined || query.amount_max !== undefined) {
    selection.amount = {
      ...(query.amount_min !== undefined ? { min: query.amount_min } : {}),
      ...(query.amount_max !== undefined ? { max: query.amount_max } : {}),
    };
  }
  if (query.categories) {
    selection.categories = query.categories.map((value) => (value === UNCATEGORIZED_FILTER ? '' : value));
  }
  let accountIds = query.accounts;
  if (query.types) {
    const ofTypes = new Set(await accountIdsOfTypes(db, userId, query.types));
    accountIds = accountIds ? accountIds.filter((id) => ofTypes.has(id)) : [...ofTypes];
  }
  if (accountIds) selection.accountIds = accountIds;
  const fromDate = clampFrom(query.date, visibleFrom);
  if (fromDate) selection.fromDate = fromDate;
  if (query.to) selection.toDate = query.to;
  if (query.search) selection.search = query.search;
  if (query.payee !== undefined) selection.payee = query.payee;
  if (query.detailed !== undefined) {
    selection.detailedCategory = query.detailed === NO_DETAILED_CATEGORY ? '' : query.detailed;
  }
  if (query.tags) selection.tags = query.tags;
  if (query.untagged) selection.untagged = true;
  if (query.pending) selection.pending = query.pending;
  if (query.refunds) selection.refunds = query.refunds;
  if (query.recurring) {
    const ids = await recurringTransactionIds(db, userId, now);
    if (query.recurring === 'only') selection.idsIn = ids;
    else selection.idsNotIn = ids;
  }
  return selection;
}

/** One page of the user's transactions with the spec's pagination block (spec §3, §9). */
export async function listTransactions(options: {
  db: Database;
  userId: string;
  query: ListQuery;
  /** "Today" for the recurring filter (the user's day of it). */
  now?: Date;
  /** The first day the user's plan shows (user-limits visibleFrom); null: everything. */
  visibleFrom: string | null;
}): Promise<{ data: TransactionView[]; pagination: Pagination }> {
  const { db, userId, query } = options;
  const after = query.after === undefined ? undefined : decodePageCursor(query.after, query.sort);
  if (query.after !== undefined && !after) {
    throw AppError.validation([{ field: 'after', message: TRANSACTION_MESSAGES.after, code: 'custom' }]);
  }
  const { visibleFrom } = options;
  const selection = await selectionFor(db, userId, query, options.now ?? new Date(), visibleFrom);
  const pageSize = query.limit;
  const { rows, total, totalCapped, hasMore, unfilteredTotal } = await listTransactionPage(db, userId, {
    selection,
    sort: query.sort,
    offset: (query.page - 1) * pageSize,
    limit: pageSize,
    ...(after ? { after } : {}),
    visibleFrom,
  });
  const last = rows.at(-1);
  // A capped search total is a lower bound: whether a page follows comes from the rows themselves.
  const hasNext = totalCapped ? hasMore === true : query.page < Math.ceil(total / pageSize);
  const totalPages = totalCapped
    ? Math.max(Math.ceil(total / pageSize), query.page + (hasNext ? 1 : 0))
    : Math.ceil(total / pageSize);
  return {
    data: rows.map(toTransactionView),
    pagination: {
      total,
      page: query.page,
      pageSize,
      totalPages,
      hasNext,
      totalCapped,
      unfilteredTotal,
      nextCursor: hasNext && last ? encodePageCursor(query.sort, last) : null,
      visibleFrom,
    },
  };
}
