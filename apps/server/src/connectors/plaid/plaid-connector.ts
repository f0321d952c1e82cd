import { addDays, type IsoDate } from '@lodestar/domain';
import type { PlaidApi, Security } from 'plaid';
import { ProviderError, type Connector, type ConnectorContext, type SyncPage } from '../types';
import {
  createPlaidApi,
  isMutationDuringPagination,
  PLAID_MESSAGES,
  plaidCall,
  plaidConfigured,
  toProviderError,
  type PlaidSettings,
} from './client';
import {
  toConnectorAccount,
  toConnectorHolding,
  toConnectorLiabilities,
  toConnectorTransaction,
  toInvestmentTransaction,
} from './mapping';

/**
 * Plaid items (DESIGN.md §5): accounts from /accounts/get (or /accounts/balance/get, billed per call,
 * only when the user asked for the refresh), transactions from /transactions/sync pages of 500, and for
 * items with investments /investments/holdings/get and /investments/transactions/get. The connector
 * reads; the engine writes each page with the cursor that follows it.
 *
 * Our cursor is Plaid's plus where the current pagination loop started: Plaid answers
 * TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION when the item changed between pages, and the loop must
 * then start again from its first cursor. Pages are applied as upserts and deletions by Plaid's ids,
 * so reading the first pages again converges on exactly Plaid's data.
 */

export const PLAID_PROVIDER = 'plaid';
export const PLAID_PAGE_SIZE = 500;
/** How far back investment transactions are read on the first sync (Plaid keeps 24 months). */
const INVESTMENT_HISTORY_DAYS = 730;
/** Later syncs read investment transactions again from a little before the last one (late postings). */
const INVESTMENT_OVERLAP_DAYS = 30;

export type PlaidConnectionSettings = {
  itemId: string;
  institutionId?: string | null;
  /** Products the item was linked with ('transactions', 'investments', 'liabilities'). */
  products?: string[];
};

type Cursor = {
  /** The cursor the current pagination loop started from ('' is the first sync). */
  start: string;
  /** The cursor to ask with next. */
  next: string;
  /** The last day investment transactions were read through. */
  investmentsThrough?: IsoDate;
};

export function parsePlaidCursor(cursor: string | null): Cursor {
  if (!cursor) return { start: '', next: '' };
  try {
    const parsed = JSON.parse(cursor) as Partial<Cursor>;
    if (typeof parsed.start === 'string' && typeof parsed.next === 'string') {
      return {
        start: parsed.start,
        next: parsed.next,
        ...(typeof parsed.investmentsThrough === 'string'
          ? { investmentsThrough: parsed.investmentsThrough as IsoDate }
          : {}),
      };
    }
  } catch {
    // a cursor from elsewhere: start over
  }
  return { start: '', next: '' };
}

function productsOf(context: ConnectorContext): string[] {
  const products = context.settings.products;
  return Array.isArray(products) ? products.filter((item): item is string => typeof item === 'string') : [];
}

function accessToken(context: ConnectorContext): string {
  if (!context.secret) throw new ProviderError('needs_reauth', PLAID_MESSAGES.reauth);
  return context.secret;
}

export function createPlaidConnector(config: PlaidSettings): Connector {
  let api: PlaidApi | undefined;
  const client = () => {
    if (!plaidConfigured(config)) throw new ProviderError('invalid', PLAID_MESSAGES.notConfigured);
    api ??= createPlaidApi(config);
    return api;
  };

  async function investmentTransactions(context: ConnectorContext, from: IsoDate, to: IsoDate) {
    const token = accessToken(context);
    const all: SyncPage['added'] = [];
    const securities = new Map<string, Security>();
    for (let offset = 0; ;) {
      const page = await plaidCall(() =>
        client().investmentsTransactionsGet({
          access_token: token,
          start_date: from,
          end_date: to,
          options: { count: PLAID_PAGE_SIZE, offset },
        }),
      );
      for (const security of page.securities) securities.set(security.security_id, security);
      for (const item of page.investment_transactions) all.push(toInvestmentTransaction(item, securities));
      offset += page.investment_transactions.length;
      if (page.investment_transactions.length === 0 || offset >= page.total_investment_transactions) break;
    }
    return all;
  }

  return {
    provider: PLAID_PROVIDER,
    institution: { externalId: 'plaid', name: 'Plaid' },

    async accounts(context) {
      const token = accessToken(context);
      const answer = context.userRequested
        ? await plaidCall(() => client().accountsBalanceGet({ access_token: token }))
        : await plaidCall(() => client().accountsGet({ access_token: token }));
      return answer.accounts.map(toConnectorAccount);
    },

    async sync(context, cursor) {
      const token = accessToken(context);
      const state = parsePlaidCursor(cursor);
      const ask = (from: string) =>
        client().transactionsSync({
          access_token: token,
          ...(from ? { cursor: from } : {}),
          count: PLAID_PAGE_SIZE,
          options: { include_personal_finance_category: true, include_original_description: true },
        });
      let start = state.start;
      let answer;
      try {
        answer = (await ask(state.next)).data;
      } catch (error) {
        if (!isMutationDuringPagination(error)) throw toProviderError(error);
        // The item changed between our pages: this loop starts again from its first cursor.
        start = state.start;
        answer = await plaidCall(() => ask(start));
      }
      const added = answer.added.map(toConnectorTransaction);
      const modified = answer.modified.map(toConnectorTransaction);
      const removed = answer.removed.flatMap((item) =>
        item.transaction_id && item.account_id
          ? [{ externalId: item.transaction_id, accountExternalId: item.account_id }]
          : [],
      );
      let investmentsThrough = state.investmentsThrough;
      if (!answer.has_more && productsOf(context).includes('investments')) {
        const from = investmentsThrough
          ? addDays(investmentsThrough, -INVESTMENT_OVERLAP_DAYS)
          : addDays(context.today as IsoDate, -INVESTMENT_HISTORY_DAYS);
        added.push(...(await investmentTransactions(context, from, context.today as IsoDate)));
        investmentsThrough = context.today as IsoDate;
      }
      const next: Cursor = {
        start: answer.has_more ? start : answer.next_cursor,
        next: answer.next_cursor,
        ...(investmentsThrough ? { investmentsThrough } : {}),
      };
      return {
        added,
        modified,
        removed,
        nextCursor: JSON.stringify(next),
        hasMore: answer.has_more,
      };
    },

    async reauthenticate(context) {
      // After update-mode Link the item signs in again by itself; reading its accounts proves it did.
      const token = accessToken(context);
      await plaidCall(() => client().accountsGet({ access_token: token }));
      return context.settings;
    },

    async liabilities(context) {
      if (!productsOf(context).includes('liabilities')) return [];
      const token = accessToken(context);
      const answer = await plaidCall(() => client().liabilitiesGet({ access_token: token }));
      return toConnectorLiabilities(answer.liabilities, answer.accounts);
    },

    async holdings(context) {
      if (!productsOf(context).includes('investments')) return { holdings: [], prices: [] };
      const token = accessToken(context);
      const answer = await plaidCall(() => client().investmentsHoldingsGet({ access_token: token }));
      const securities = new Map(answer.securities.map((security) => [security.security_id, security]));
      const holdings = answer.holdings.flatMap((holding) => {
        const mapped = toConnectorHolding(holding, securities, context.today);
        return mapped ? [mapped] : [];
      });
      const prices = answer.securities.flatMap((security) =>
        security.close_price != null && security.close_price_as_of
          ? [
              {
                securityExternalId: security.security_id,
                date: security.close_price_as_of,
                close: String(security.close_price),
              },
            ]
          : [],
      );
      return { holdings, prices };
    },
  };
}
