import type { AuthWorld } from '../../testing/auth-fixtures';
import { waitForSync, type TestBrowser } from '../../testing/browser';
import type { Envelope } from '../transactions/test-fixtures';
import { HOUSE } from '../real-estate/test-fixtures';

/** Helpers of the export / restore / disconnect-all suite. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The value with every uuid replaced by the order in which it first appears, and the listed keys left out
 * wherever they occur: two exports of the same data under different ids then compare equal.
 */
export function withoutIds(value: unknown, dropKeys: readonly string[] = []): unknown {
  const seen = new Map<string, string>();
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string' && UUID.test(node)) {
      const known = seen.get(node.toLowerCase());
      if (known) return known;
      const label = `id#${seen.size + 1}`;
      seen.set(node.toLowerCase(), label);
      return label;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null) {
      return Object.fromEntries(
        Object.entries(node)
          .filter(([key]) => !dropKeys.includes(key))
          .map(([key, child]) => [key, walk(child)]),
      );
    }
    return node;
  };
  return walk(value);
}

export type ExportDoc = Record<string, unknown> & {
  connections: Record<string, unknown>[];
  accounts: Record<string, unknown>[];
  transactions: Record<string, unknown>[];
};

/** What must match between an export and the export of its restore (docs/settings-api.md "Data"). */
export function comparable(doc: ExportDoc): unknown {
  const { exportedAt: _exportedAt, profile: _profile, apiKeys: _apiKeys, ...rest } = doc;
  return withoutIds({
    ...rest,
    connections: doc.connections.map(({ status: _status, ...connection }) => connection),
    accounts: doc.accounts.map(({ status, ...account }) => ({
      ...account,
      status: account.connectionId === null ? status : 'fed by a connection',
    })),
  });
}

/** Fails the test with the answer when a seeding request does not succeed. */
async function must<T>(promise: Promise<{ status: number; body: T }>): Promise<T> {
  const result = await promise;
  if (result.status >= 300) throw new Error(`seed request failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/**
 * A user with a bit of everything: the demo bank (accounts, two years of transactions with transfer
 * pairs, holdings, daily balances), a manual account with a balance update, a property, a rule, a manual
 * exchange rate, changed preferences, a note on a transaction, a saved CSV mapping, card terms from a lender
 * (APRs, minimum payment, a due date) and a mortgage's terms (maturity decades ahead).
 */
export async function seedVariedUser(w: AuthWorld, browser: TestBrowser, userId: string) {
  await must(browser.json('/api/v1/connections/demo', { body: { variant: 'standard' } }));
  await waitForSync(browser);
  const cash = await must(
    browser.json<Envelope<{ account: { id: string } }>>('/api/v1/accounts', {
      body: { name: 'Cash jar', type: 'depository', currency: 'USD', balance: 120 },
    }),
  );
  const cashId = cash.data.account.id;
  await must(browser.json(`/api/v1/accounts/${cashId}/balance`, { body: { balance: 80, date: '2026-11-10' } }));
  await must(browser.json('/api/v1/real-estate', { body: { ...HOUSE, currentValue: 420_000, valuationDate: '2026-11-15' } }));
  await must(
    browser.json('/api/v1/rules', {
      body: { conditions: { nameContains: 'coffee', accountIds: [cashId] }, actions: { category: 'FOOD_AND_DRINK' } },
    }),
  );
  await must(browser.json('/api/v1/fx/rates', { body: { base: 'EUR', quote: 'USD', date: '2026-11-02', rate: '1.1' } }));
  await must(
    browser.json('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { compact_view: true, favorite_accounts: [cashId], time_zone: 'Europe/Paris' },
    }),
  );
  const page = await must(browser.json<Envelope<{ id: string }[]>>('/api/v1/transactions/paginated?limit=1'));
  const first = page.data[0];
  if (!first) throw new Error('the demo bank wrote no transactions');
  await must(
    browser.json(`/api/v1/transactions/${first.id}`, {
      method: 'PATCH',
      body: { notes: 'Shared with Sam', category: 'TRAVEL' },
    }),
  );
  await w.t.database.pool.query(
    `insert into csv_mapping (account_id, user_id, mapping) values ($1, $2, $3)`,
    [cashId, userId, JSON.stringify({ delimiter: ',', skipLines: 0, hasHeader: true, columns: { date: 0, amount: 1 } })],
  );
  await w.t.database.pool.query(
    `insert into account_liability (account_id, user_id, kind, currency, aprs, next_payment_minor,
       next_payment_due_date, last_statement_balance_minor, last_statement_issue_date, is_overdue)
     select id, user_id, 'credit', currency, $2::jsonb, 3500, '2026-12-15', 45099, '2026-11-18', false
     from financial_account where user_id = $1 and type = 'credit' order by id limit 1`,
    [userId, JSON.stringify([{ type: 'purchase_apr', percentage: '24.99', balanceSubjectToAprMinor: 45099 }])],
  );
  await w.t.database.pool.query(
    `insert into account_liability (account_id, user_id, kind, currency, interest_rate_percentage,
       interest_rate_type, next_payment_minor, next_payment_due_date, payoff_date)
     select id, user_id, 'mortgage', currency, '6.125', 'fixed', 210000, '2026-12-01', '2055-06-01'
     from financial_account where user_id = $1 and type in ('loan', 'mortgage') order by id limit 1`,
    [userId],
  );
  return { cashId };
}

/** How many rows of each user-owned table the user has (a rejected restore must leave all at zero). */
export async function footprint(w: AuthWorld, userId: string): Promise<Record<string, number>> {
  const tables = [
    'connection',
    'financial_account',
    '"transaction"',
    'balance_snapshot',
    'balance_update',
    'holding',
    'account_liability',
    'categorization_rule',
    'csv_mapping',
    'property',
    'property_valuation',
    'fx_manual_rate',
    'net_worth_daily',
    'spending_month',
    'transaction_month_total',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const result = await w.t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from ${table} where user_id = $1`,
      [userId],
    );
    out[table] = result.rows[0]?.n ?? 0;
  }
  return out;
}

/** The rollup rows of a user (without the user id), in key order: what the triggers maintain. */
export async function rollups(w: AuthWorld, userId: string) {
  const read = async (sql: string) => (await w.t.database.pool.query(sql, [userId])).rows;
  return {
    netWorth: await read(
      'select date::text, account_type, currency, balance_minor::text, account_count from net_worth_daily where user_id = $1 order by 1, 2, 3',
    ),
    spendingMonth: await read(
      'select month::text, category, currency, inflow_minor::text, outflow_minor::text, n from spending_month where user_id = $1 order by 1, 2, 3',
    ),
    // Per payee without the account (a restored account has a new id).
    payeeMonth: await read(
      'select month::text, payee, category, currency, sum(inflow_minor)::text, sum(outflow_minor)::text, sum(n)::int, sum(n_inflow)::int, sum(n_outflow)::int, sum(outflow_squares)::text from payee_account_month where user_id = $1 group by 1, 2, 3, 4 order by 1, 2, 3, 4',
    ),
    monthTotals: await read(
      'select month::text, n, n_income, n_expense, n_pending, n_transfer, n_excluded, n_uncategorized from transaction_month_total where user_id = $1 order by 1',
    ),
    amountCounts: await read(
      'select bucket, n, n_income, n_expense, n_pending, n_transfer, n_excluded, n_uncategorized from transaction_amount_count where user_id = $1 order by 1',
    ),
    // Per category only (a restored account has a new id).
    amountCategoryCounts: await read(
      'select category, bucket, n, n_income, n_expense, n_pending, n_transfer, n_excluded, n_uncategorized from transaction_amount_category_count where user_id = $1 order by 1, 2',
    ),
  };
}
