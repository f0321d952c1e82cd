import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TooltipProvider } from '@/components/ui/tooltip';
import { envelopeError, json, server } from '@/test/fake-server';
import type { Insight, InsightsResponse, RecurringPayment } from './api';
import { InsightsRoute } from './routes/insights';

/**
 * Test helpers for the Insights page: the shared fake server of src/test answers GET /insights with
 * real-shaped bodies of docs/analytics-api.md. Nothing of ours is mocked.
 */

export const ok = (data: unknown): Response => json(200, { success: true, data });
export const fail = (status: number, error: string, code = 'ERROR'): Response =>
  envelopeError(status, code, error);
export const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

export function makeInsight(
  overrides: Partial<Insight> & Pick<Insight, 'id' | 'severity' | 'title'>,
): Insight {
  return {
    kind: 'savings_rate',
    explanation: 'An explanation with the numbers.',
    figures: [],
    links: [],
    ...overrides,
  };
}

/** A savings-rate insight (good news), a category that went up (warning) and an idle-cash note (info). */
export const INSIGHTS: Insight[] = [
  makeInsight({
    id: 'savings-rate',
    kind: 'savings_rate',
    severity: 'positive',
    title: 'You saved 24% of your income',
    explanation: 'You earned $5,000.00 and spent $3,800.00 this month.',
    figures: [
      { label: 'This month', value: 24.5, format: 'percent' },
      { label: 'Saved', value: usd(120000), format: 'money' },
    ],
  }),
  makeInsight({
    id: 'category-up-food',
    kind: 'category_up',
    severity: 'warning',
    title: 'Food & Dining is up 35%',
    explanation: 'You spent $607.50 on Food & Dining, $157.50 more than your usual month.',
    figures: [
      { label: 'This month', value: usd(60750), format: 'money' },
      { label: 'Change', value: 35, format: 'percent' },
      { label: 'Since', value: '2026-11-01', format: 'date' },
      { label: 'Transactions', value: 18, format: 'number' },
      { label: 'Biggest merchant', value: 'Whole Foods', format: 'text' },
    ],
    links: [
      {
        label: 'See the transactions',
        href: '/activity?categories=FOOD_AND_DRINK&date=2026-11-01&filter=expenses',
      },
    ],
  }),
  makeInsight({
    id: 'idle-cash',
    kind: 'idle_cash',
    severity: 'info',
    title: 'Cash is sitting idle',
    explanation: 'Your checking account has held over $10,000.00 for three months.',
  }),
  makeInsight({
    id: 'low-balance',
    kind: 'low_balance_projection',
    severity: 'warning',
    title: 'Checking may run low',
    explanation: 'At this pace your checking balance falls under $100.00 by December 12.',
  }),
];

export function makeRecurring(
  overrides: Partial<RecurringPayment> & Pick<RecurringPayment, 'key' | 'name'>,
): RecurringPayment {
  return {
    category: 'ENTERTAINMENT',
    accountId: 'acc_card',
    cadence: 'monthly',
    averageAmount: usd(-1549),
    lastAmount: usd(-1549),
    lastDate: '2026-11-05',
    nextDate: '2026-12-05',
    nextAmount: usd(-1549),
    occurrences: 6,
    priceIncrease: null,
    href: `/activity?search=${encodeURIComponent(overrides.name)}`,
    ...overrides,
  };
}

/** Netflix (monthly, price went up), a gym (monthly) and a yearly domain, in no particular order. */
export const RECURRING: RecurringPayment[] = [
  makeRecurring({
    key: 'domain',
    name: 'Namecheap',
    category: 'GENERAL_SERVICES',
    cadence: 'yearly',
    averageAmount: usd(-1200),
    lastAmount: usd(-1200),
    lastDate: '2026-03-14',
    nextDate: '2027-03-14',
    nextAmount: usd(-1200),
    occurrences: 3,
  }),
  makeRecurring({
    key: 'netflix',
    name: 'Netflix',
    averageAmount: usd(-1624),
    lastAmount: usd(-1799),
    nextAmount: usd(-1799),
    lastDate: '2026-11-03',
    nextDate: '2026-12-03',
    occurrences: 11,
    priceIncrease: { from: usd(-1549), to: usd(-1799), date: '2026-10-03' },
  }),
  makeRecurring({
    key: 'gym',
    name: 'City Gym',
    category: 'PERSONAL_CARE',
    averageAmount: usd(-4500),
    lastAmount: usd(-4500),
    lastDate: '2026-11-01',
    nextDate: '2026-12-01',
    nextAmount: usd(-4500),
    occurrences: 1,
  }),
];

export function serveInsights(
  body: Partial<InsightsResponse> = {},
  { preferences = {} }: { preferences?: Record<string, unknown> } = {},
) {
  server.on('GET', '/api/v1/user/preferences', () => ok(preferences));
  server.on('GET', '/api/v1/insights', () =>
    ok({ currency: 'USD', asOf: '2026-11-22', insights: INSIGHTS, recurring: RECURRING, ...body }),
  );
}

/** Renders the Insights page with a fresh query client (no retries) and a memory router. */
export function renderInsights() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/insights', element: <InsightsRoute /> },
      { path: '/activity', element: <h1>Activity page</h1> },
    ],
    { initialEntries: ['/insights'] },
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
