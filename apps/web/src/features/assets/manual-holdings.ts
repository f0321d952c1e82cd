import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type ApiBody, type ApiData, type ApiSchema } from '@/lib/api-client';

/**
 * Holdings added by hand on manual investment accounts, and a security's transactions
 * (docs/markets-api.md "Manual holdings"): the calls, the form's checks (the server's own rules, said
 * before sending) and the mutations, which refresh every figure a holding moves.
 */

export type ManualHolding = ApiSchema<'ManualHolding'>;
export type NewManualHolding = ApiBody<'/investments/holdings', 'post'>;
export type ManualLotChange = ApiBody<'/investments/lots/{id}', 'patch'>;
export type AddedHolding = ApiData<'/investments/holdings', 'post'>;
export type SymbolStatus = AddedHolding['symbolStatus'];
export type SecurityTransactions = ApiData<'/investments/transactions'>;
export type SecurityTransaction = ApiSchema<'SecurityTransaction'>;

const id = (value: string) => encodeURIComponent(value);

export const manualHoldingsApi = {
  add: (body: NewManualHolding) => apiFetch<AddedHolding>('/investments/holdings', { method: 'POST', body }),
  changeLot: (lotId: string, body: ManualLotChange) =>
    apiFetch<ApiData<'/investments/lots/{id}', 'patch'>>(`/investments/lots/${id(lotId)}`, {
      method: 'PATCH',
      body,
    }),
  removeLot: (lotId: string) =>
    apiFetch<ApiData<'/investments/lots/{id}', 'delete'>>(`/investments/lots/${id(lotId)}`, {
      method: 'DELETE',
    }),
};

export const securityTransactionsKey = (symbol: string) =>
  ['dashboard', 'security-transactions', symbol] as const;

export function securityTransactionsQuery(symbol: string) {
  return queryOptions({
    queryKey: securityTransactionsKey(symbol),
    queryFn: ({ signal }) =>
      apiFetch<SecurityTransactions>(
        `/investments/transactions?${new URLSearchParams({ symbol }).toString()}`,
        {
          signal,
        },
      ),
  });
}

/** What the provider said about the symbol, in words (null: nothing to add). */
export const SYMBOL_STATUS_NOTES: Record<SymbolStatus, string | null> = {
  known: null,
  other_currency:
    'The market-data provider quotes this symbol in another currency: it is valued at your buy price.',
  unknown: 'The market-data provider does not know this symbol: it is valued at your buy price.',
  unavailable:
    'The market-data provider could not be reached: the holding is valued at your buy price until a market price is known.',
};

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const SYMBOL = /^[A-Z0-9^][A-Z0-9.\-=^/]{0,19}$/;

export type HoldingFormValues = {
  accountId: string;
  symbol: string;
  quantity: string;
  price: string;
  date: string;
};
export type HoldingFormErrors = Partial<Record<keyof HoldingFormValues, string>>;

/** A number typed with a comma or spaces ('1 234,5') as the API takes it ('1234.5'). */
export function decimalInput(text: string): string {
  const trimmed = text.trim().replace(/[\s']/g, '');
  return trimmed.includes(',') && !trimmed.includes('.')
    ? trimmed.replace(',', '.')
    : trimmed.replace(/,/g, '');
}

/** The form's problems, field by field, with the API's own limits; empty when it can be sent. */
export function validateHoldingForm(
  values: HoldingFormValues,
  today: string,
  options: { editing: boolean },
): HoldingFormErrors {
  const errors: HoldingFormErrors = {};
  if (!options.editing) {
    if (!values.accountId) errors.accountId = 'Choose an account';
    const symbol = values.symbol.trim().toUpperCase();
    if (!symbol) errors.symbol = 'Enter a symbol, like AAPL';
    else if (!SYMBOL.test(symbol))
      errors.symbol = 'Symbol must be 1 to 20 characters: letters, digits and . - = ^ /';
  }
  const quantity = decimalInput(values.quantity);
  if (!quantity) errors.quantity = 'Enter a quantity';
  else if (!DECIMAL.test(quantity) || !/[1-9]/.test(quantity))
    errors.quantity = 'Quantity must be a number above 0, like 10 or 0.5';
  const price = decimalInput(values.price);
  if (!price) errors.price = 'Enter the buy price per unit';
  else if (!DECIMAL.test(price)) errors.price = 'Price must be a number of 0 or more, like 187.25';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'Enter a date';
  else if (values.date > today) errors.date = 'The date cannot be in the future';
  return errors;
}

/** After a write: holdings, investments, the security's transactions, accounts and transactions read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      queryClient.invalidateQueries({ queryKey: ['transactions'] }),
    ]);
}

export function useAddHolding() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: manualHoldingsApi.add, onSuccess: () => void refresh() });
}

/** Changes one buy (lot) of a holding added by hand. */
export function useChangeLot() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ lotId, body }: { lotId: string; body: ManualLotChange }) =>
      manualHoldingsApi.changeLot(lotId, body),
    onSuccess: () => void refresh(),
  });
}

/** Removes one buy (lot); removing a holding's last buy removes the holding. */
export function useRemoveLot() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: manualHoldingsApi.removeLot, onSuccess: () => void refresh() });
}

/** Whether the account already holds the symbol by hand (its buys are listed), so a new buy is another lot. */
export function holdsAlready(
  transactions: readonly Pick<SecurityTransaction, 'accountId'>[] | undefined,
  accountId: string,
): boolean {
  return accountId !== '' && (transactions ?? []).some((row) => row.accountId === accountId);
}

/** A symbol as the form sends it, when it is one (else null: nothing to look up). */
export function formSymbol(text: string): string | null {
  const symbol = text.trim().toUpperCase();
  return SYMBOL.test(symbol) ? symbol : null;
}

export type Account = ApiSchema<'Account'>;

/** The user's accounts (GET /accounts, the same list and cache key the Accounts page uses). */
export function accountsQuery() {
  return queryOptions({
    queryKey: ['accounts'] as const,
    queryFn: ({ signal }) =>
      apiFetch<ApiData<'/accounts'>>('/accounts?tab=all', { signal }).then((data) => data.accounts),
  });
}

const INVESTMENT_TYPES: ReadonlySet<string> = new Set(['investment', 'brokerage']);

/** Accounts a holding can be added to by hand: investment accounts no connection keeps up to date. */
export const manualInvestmentAccounts = (accounts: readonly Account[]) =>
  accounts.filter((account) => account.connectionId === null && INVESTMENT_TYPES.has(account.type));
