import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { envelopeError, type FakeRequest, json, server } from '@/test/fake-server';
import type { AccountOption, Transaction } from './api';
import { ActivityRoute } from './routes/activity';

/**
 * Test helpers for the Activity feature: the network is the shared fake server of src/test, with a
 * small in-memory transactions backend that filters, sorts and pages like docs/money-api.md says.
 * Nothing of ours is mocked.
 */

export const ok = (data: unknown): Response => json(200, { success: true, data });
export const fail = (status: number, error: string, code = 'ERROR'): Response =>
  envelopeError(status, code, error);

let sequence = 0;

export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  sequence += 1;
  return {
    id: `txn_${sequence}`,
    accountId: 'acc_checking',
    accountName: 'Everyday Checking',
    date: '2025-03-05',
    amount: { amountMinor: -1250, currency: 'USD' },
    foreignAmount: null,
    name: `Transaction ${sequence}`,
    originalName: `TRANSACTION ${sequence} POS`,
    merchantName: null,
    description: null,
    category: 'FOOD_AND_DRINK',
    detailedCategory: null,
    categoryConfidence: 0.9,
    categorySource: 'provider',
    paymentChannel: 'in_store',
    paymentMethod: 'card',
    status: 'posted',
    notes: null,
    tags: [],
    excluded: false,
    isTransfer: false,
    importBatchId: null,
    ...overrides,
  };
}

/** `count` transactions, one a day going back from 2025-06-30 (newest first). */
export function makeTransactions(count: number): Transaction[] {
  const start = Date.UTC(2025, 5, 30);
  return Array.from({ length: count }, (_, index) =>
    makeTransaction({
      id: `txn_${index + 1}`,
      name: `Payee ${index + 1}`,
      date: new Date(start - Math.floor(index / 3) * 86_400_000).toISOString().slice(0, 10),
    }),
  );
}

export const ACCOUNTS: AccountOption[] = [
  {
    id: 'acc_checking',
    name: 'Everyday Checking',
    type: 'depository',
    hidden: false,
    institutionName: 'Demo Bank',
    mask: '1234',
  },
  {
    id: 'acc_card',
    name: 'Rewards Card',
    type: 'credit',
    hidden: false,
    institutionName: 'Demo Bank',
    mask: '9876',
  },
];

function matches(transaction: Transaction, url: URL): boolean {
  const params = url.searchParams;
  const filter = params.get('filter') ?? 'all';
  const list = (key: string) => params.get(key)?.split(',') ?? null;
  const categories = list('categories');
  const accounts = list('accounts');
  const search = params.get('search')?.toLowerCase();
  const date = params.get('date');
  const to = params.get('to');
  if (filter === 'income' && transaction.amount.amountMinor <= 0) return false;
  if (filter === 'expenses' && transaction.amount.amountMinor >= 0) return false;
  if (filter === 'pending' && transaction.status !== 'pending') return false;
  if (filter === 'uncategorized' && transaction.category !== null) return false;
  if (filter === 'transfers' && !transaction.isTransfer) return false;
  if (filter === 'excluded' && !transaction.excluded) return false;
  if (categories && !categories.includes(transaction.category ?? '')) return false;
  if (accounts && !accounts.includes(transaction.accountId)) return false;
  if (date && transaction.date < date) return false;
  if (to && transaction.date > to) return false;
  if (
    search &&
    !transaction.name.toLowerCase().includes(search) &&
    !(transaction.merchantName ?? '').toLowerCase().includes(search)
  ) {
    return false;
  }
  return true;
}

/**
 * Serves GET /transactions/paginated (and /accounts) from `rows`, answering `{ success, data,
 * pagination }` as the contract says; PATCH /transactions/:id and POST /transactions/bulk change them.
 */
export function serveTransactions(
  rows: Transaction[],
  { accounts = ACCOUNTS, visibleFrom = null as string | null } = {},
) {
  const store = { rows };
  server.on('GET', '/api/v1/accounts', () => ok({ accounts }));
  server.on('GET', '/api/v1/transactions/paginated', ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const limit = Number(url.searchParams.get('limit') ?? '50');
    const found = store.rows.filter((row) => matches(row, url));
    const sort = url.searchParams.get('sort') ?? 'date_desc';
    if (sort === 'date_asc') found.reverse();
    if (sort.startsWith('amount')) {
      found.sort((a, b) => (sort === 'amount_asc' ? 1 : -1) * (a.amount.amountMinor - b.amount.amountMinor));
    }
    const data = found.slice((page - 1) * limit, page * limit);
    const totalPages = Math.max(1, Math.ceil(found.length / limit));
    return json(200, {
      success: true,
      data,
      pagination: {
        total: found.length,
        page,
        pageSize: limit,
        totalPages,
        hasNext: page < totalPages,
        unfilteredTotal: store.rows.length,
        // Opaque to the app, which sends it back as `after` with the next page.
        nextCursor: page < totalPages ? `cursor-after-page-${page}` : null,
        visibleFrom,
      },
    });
  });
  return store;
}

/** Answers a PATCH /transactions/:id for any id (the fake server matches exact paths). */
export function onPatch(id: string, handler: (request: FakeRequest) => Response | Promise<Response>) {
  server.on('PATCH', `/api/v1/transactions/${id}`, handler);
}

/** The query of every GET /transactions/paginated so far. */
export function listRequests(): URLSearchParams[] {
  return server.calls('/api/v1/transactions/paginated', 'GET').map((request) => request.url.searchParams);
}

/** Renders the Activity page at `path` with a fresh query client, a toaster and a memory router. */
export function renderActivity(path = '/activity') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/activity', element: <ActivityRoute /> },
      { path: '/accounts', element: <h1>Accounts page</h1> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
