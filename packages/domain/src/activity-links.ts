import type { IsoDate } from './dates';

/**
 * Links into Activity (apps/web/src/features/activity/filters.ts reads them; the names are the query
 * parameters of GET /transactions/paginated). A figure's link names its whole range and the exact kind
 * of rows it counted, so Activity lists the rows the figure speaks of: no more, no fewer.
 */
export type ActivityLinkParams = {
  search?: string;
  /** all, income, expenses, pending, uncategorized, transfers, excluded, counted, spending_rows or income_rows. */
  filter?: string;
  /** Comma-joined category values, or UNCATEGORIZED. */
  categories?: string;
  accounts?: string;
  /** Comma-joined account types, or 'all' to set aside the saved default filters. */
  types?: string;
  /** The payee exactly: the merchant name, else the name (as reports group merchants). */
  payee?: string;
  /** A detailed category code exactly, or NONE for rows without one. */
  detailed?: string;
  /** Rows whose size (amount without its sign, major units of the row's currency) is at least this. */
  amount_min?: string;
  /** … and at most this. */
  amount_max?: string;
  /** Comma-joined tags: rows with any of them. */
  tags?: string;
  /** only = rows without any tag. */
  untagged?: string;
  /** On or after. */
  date?: IsoDate;
  /** On or before. */
  to?: IsoDate;
  /** only, exclude, or 'all' to set aside the saved default filters. */
  pending?: string;
  refunds?: string;
  recurring?: string;
};

/** `/activity?…` with the given parameters, in the order given, empty ones left out. */
export function activityHref(params: ActivityLinkParams): string {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return parts.length > 0 ? `/activity?${parts.join('&')}` : '/activity';
}

/**
 * The rows a spending category's figure counts between `from` and `to` (inclusive): those counted in
 * spending and income (`filter=counted`, as Expenses, the dashboard and Insights sum them) of that shown
 * category; '' is Uncategorized.
 */
export function categoryActivityHref(category: string, from: IsoDate, to: IsoDate): string {
  return activityHref({ filter: 'counted', categories: category || 'UNCATEGORIZED', date: from, to });
}
