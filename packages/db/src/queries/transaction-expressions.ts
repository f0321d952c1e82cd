import { sql } from 'drizzle-orm';

/**
 * SQL expressions over a transaction row aliased `t`, shared by the spending, insight and report reads
 * (they must agree with the functions of migrations 0004 and 0008 and with the covering index of 0038).
 */

/** The category shown for the row ('' = uncategorized): the domain's shownCategory(). */
export const SHOWN = sql.raw(
  'transaction_category_shown(t.category, t.category_source, t.category_confidence)',
);

/** Whether the row counts toward spending and income: the domain's countsTowardSpending(). */
export const COUNTS = sql.raw(
  'transaction_counts_toward_spending(t.status, t.excluded, t.transfer_pair_id, ' +
    'transaction_category_shown(t.category, t.category_source, t.category_confidence), ' +
    't.provider_category, t.detailed_category)',
);

/** The row's payee: its merchant name, else its name. */
export const PAYEE = sql.raw("coalesce(nullif(btrim(t.merchant_name), ''), t.name)");
