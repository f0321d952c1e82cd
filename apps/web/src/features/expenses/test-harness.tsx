import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TooltipProvider } from '@/components/ui/tooltip';
import { envelopeError, json, server } from '@/test/fake-server';
import type { ExpenseFlow, SpendingSummary } from './api';
import { ExpensesRoute } from './routes/expenses';

/**
 * Test helpers for the Expenses page: the network is the shared fake server of src/test, answering
 * GET /transactions/spending-summary and GET /expenses/flow with real-shaped bodies of
 * docs/analytics-api.md. Nothing of ours is mocked.
 */

export const ok = (data: unknown): Response => json(200, { success: true, data });
export const fail = (status: number, error: string, code = 'ERROR'): Response =>
  envelopeError(status, code, error);
export const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

/** November 2026 of a user with a salary and three kinds of spending; October is the month before. */
export function novemberSummary(overrides: Partial<SpendingSummary> = {}): SpendingSummary {
  return {
    currency: 'USD',
    month: '2026-11',
    previousMonth: '2026-10',
    total: usd(123456),
    previousTotal: usd(100000),
    change: { amount: usd(23456), percent: 23.46 },
    income: usd(500000),
    byCategory: [
      {
        category: '',
        label: 'Uncategorized',
        amount: usd(48456),
        previousAmount: usd(25000),
        change: { amount: usd(23456), percent: 93.82 },
        percent: 39.25,
        transactionCount: 5,
      },
      {
        category: 'FOOD_AND_DRINK',
        label: 'Food & Dining',
        amount: usd(45000),
        previousAmount: usd(40000),
        change: { amount: usd(5000), percent: 12.5 },
        percent: 36.45,
        transactionCount: 14,
      },
      {
        category: 'TRANSPORTATION',
        label: 'Transportation',
        amount: usd(30000),
        previousAmount: usd(35000),
        change: { amount: usd(-5000), percent: -14.29 },
        percent: 24.3,
        transactionCount: 1,
      },
    ],
    byMerchant: [
      { merchant: 'Whole Foods', category: 'FOOD_AND_DRINK', amount: usd(25000), transactionCount: 4 },
      { merchant: 'Uber', category: 'TRANSPORTATION', amount: usd(12000), transactionCount: 3 },
    ],
    daily: [
      { day: 1, cumulative: 1250, previousCumulative: 2300 },
      { day: 2, cumulative: 5000, previousCumulative: 4000 },
      { day: 3, cumulative: 9000, previousCumulative: 7525 },
    ],
    hiddenCategories: ['MEDICAL', 'PERSONAL_CARE'],
    visibleFrom: null,
    ...overrides,
  };
}

/** A month with some spending, labelled as `month` (for the neighbours of the month shown). */
export function otherMonthSummary(month: string, previousMonth: string): SpendingSummary {
  return novemberSummary({
    month,
    previousMonth,
    total: usd(80000),
    previousTotal: usd(80000),
    change: { amount: usd(0), percent: 0 },
    hiddenCategories: [],
  });
}

/** A month without any spending. */
export function emptySummary(month = '2026-11', previousMonth = '2026-10'): SpendingSummary {
  return {
    currency: 'USD',
    month,
    previousMonth,
    total: usd(0),
    previousTotal: usd(0),
    change: { amount: usd(0), percent: null },
    income: usd(0),
    byCategory: [],
    byMerchant: [],
    daily: [{ day: 1, cumulative: 0, previousCumulative: 0 }],
    hiddenCategories: [],
    visibleFrom: null,
  };
}

/** Income of $5,000.00 from one employer, $1,234.56 spent, the rest saved. */
export function surplusFlow(overrides: Partial<ExpenseFlow> = {}): ExpenseFlow {
  return {
    currency: 'USD',
    period: 'monthly',
    from: '2026-11-01',
    to: '2026-11-30',
    income: usd(500000),
    spending: usd(123456),
    savings: usd(376544),
    nodes: [
      { id: 'src:Acme Corp', label: 'Acme Corp', kind: 'source', amount: 500000 },
      { id: 'income', label: 'Income', kind: 'income', amount: 500000 },
      { id: 'cat:FOOD_AND_DRINK', label: 'Food & Dining', kind: 'category', amount: 45000 },
      { id: 'cat:TRANSPORTATION', label: 'Transportation', kind: 'category', amount: 30000 },
      { id: 'other', label: 'Other', kind: 'other', amount: 48456 },
      { id: 'savings', label: 'Savings', kind: 'savings', amount: 376544 },
    ],
    links: [
      { from: 'src:Acme Corp', to: 'income', amount: 500000 },
      { from: 'income', to: 'cat:FOOD_AND_DRINK', amount: 45000 },
      { from: 'income', to: 'cat:TRANSPORTATION', amount: 30000 },
      { from: 'income', to: 'other', amount: 48456 },
      { from: 'income', to: 'savings', amount: 376544 },
    ],
    visibleFrom: null,
    ...overrides,
  };
}

/** $1,000.00 earned and $1,500.00 spent: the $500.00 gap comes from savings. */
export function deficitFlow(): ExpenseFlow {
  return surplusFlow({
    income: usd(100000),
    spending: usd(150000),
    savings: usd(-50000),
    nodes: [
      { id: 'src:Acme Corp', label: 'Acme Corp', kind: 'source', amount: 100000 },
      { id: 'deficit', label: 'From savings', kind: 'deficit', amount: 50000 },
      { id: 'income', label: 'Income', kind: 'income', amount: 150000 },
      { id: 'cat:RENT_AND_UTILITIES', label: 'Rent & Utilities', kind: 'category', amount: 150000 },
    ],
    links: [
      { from: 'src:Acme Corp', to: 'income', amount: 100000 },
      { from: 'deficit', to: 'income', amount: 50000 },
      { from: 'income', to: 'cat:RENT_AND_UTILITIES', amount: 150000 },
    ],
  });
}

/**
 * Serves the spending summary per month (a month not in `summaries` is empty), the expense flow, the
 * accounts list and the preferences.
 */
export function serveExpenses({
  summaries = { '2026-11': novemberSummary() },
  flow = surplusFlow(),
  accounts = [{ id: 'acc_checking', name: 'Everyday Checking' }],
  preferences = {},
}: {
  summaries?: Record<string, SpendingSummary>;
  /** One flow for every request, or one per request's query. */
  flow?: ExpenseFlow | ((params: URLSearchParams) => ExpenseFlow);
  accounts?: unknown[];
  preferences?: Record<string, unknown>;
} = {}) {
  server.on('GET', '/api/v1/user/preferences', () => ok(preferences));
  server.on('GET', '/api/v1/accounts', () => ok({ accounts }));
  server.on('GET', '/api/v1/transactions/spending-summary', ({ url }) => {
    const month = url.searchParams.get('month') ?? '2026-11';
    const [year, number] = month.split('-').map(Number) as [number, number];
    const previous = number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
    return ok(summaries[month] ?? emptySummary(month, previous));
  });
  server.on('GET', '/api/v1/expenses/flow', ({ url }) =>
    ok(typeof flow === 'function' ? flow(url.searchParams) : flow),
  );
}

/** The `month` of every spending-summary request so far, in order. */
export function summaryMonths(): (string | null)[] {
  return server
    .calls('/api/v1/transactions/spending-summary', 'GET')
    .map((request) => request.url.searchParams.get('month'));
}

/** The query of every expense-flow request so far. */
export function flowRequests(): URLSearchParams[] {
  return server.calls('/api/v1/expenses/flow', 'GET').map((request) => request.url.searchParams);
}

/** Renders the Expenses page at `path` with a fresh query client (no retries) and a memory router. */
export function renderExpenses(path = '/expenses') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/expenses', element: <ExpensesRoute /> },
      { path: '/activity', element: <h1>Activity page</h1> },
      { path: '/accounts', element: <h1>Accounts page</h1> },
      { path: '/settings', element: <h1>Settings page</h1> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
