import { addDays, type PortfolioRange } from '@lodestar/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { envelopeError, json, server } from '@/test/fake-server';
import type { ActivitySummary, DashboardData, FxRates, PortfolioData, PortfolioPoint } from './api';
import { DashboardRoute } from './routes/dashboard';

/**
 * Test helpers for the dashboard: the network is the shared fake server of src/test, answering the
 * shapes of docs/analytics-api.md with a small, consistent household (USD reporting currency, one EUR
 * account, a needs-reauth card). Nothing of ours is mocked.
 */

export const ok = (data: unknown, status = 200): Response => json(status, { success: true, data });
export const fail = (status: number, error: string, code = 'ERROR', extra: Record<string, unknown> = {}) =>
  envelopeError(status, code, error, extra);

export const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

export function makeDashboard(overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    currency: 'USD',
    asOf: '2026-11-22',
    period: '1-month',
    hasAccounts: true,
    summary: {
      netWorth: usd(2_669_600),
      assets: usd(2_714_600),
      liabilities: usd(-45_000),
      cash: usd(630_248),
      investments: usd(2_000_000),
      crypto: usd(84_352),
      realEstate: usd(0),
      other: usd(0),
      change: { amount: usd(120_000), percent: 4.71, from: '2026-10-24', missing: [], estimated: false },
    },
    allocation: [
      { class: 'investment', label: 'Investments', amount: usd(2_000_000), percent: 73.68 },
      { class: 'cash', label: 'Cash', amount: usd(630_248), percent: 23.22 },
      { class: 'crypto', label: 'Crypto', amount: usd(84_352), percent: 3.1 },
    ],
    cryptoShare: { percent: 3.1, threshold: 10, above: false },
    accounts: [
      {
        type: 'depository',
        label: 'Bank Account',
        total: usd(630_248),
        accounts: [
          {
            id: 'acc_checking',
            name: 'Everyday Checking',
            type: 'depository',
            institution: 'Demo Bank',
            status: 'active',
            native: usd(500_000),
            converted: usd(500_000),
            isLiability: false,
          },
          {
            id: 'acc_berlin',
            name: 'Berlin Girokonto',
            type: 'depository',
            institution: 'Demo Bank Berlin',
            status: 'active',
            native: { amountMinor: 120_000, currency: 'EUR' },
            converted: usd(130_248),
            isLiability: false,
          },
        ],
      },
      {
        type: 'credit',
        label: 'Credit Card',
        total: usd(-45_000),
        accounts: [
          {
            id: 'acc_card',
            name: 'Travel Rewards Card',
            type: 'credit',
            institution: 'Demo Bank',
            status: 'needs_reauth',
            native: usd(-45_000),
            converted: usd(-45_000),
            isLiability: true,
          },
        ],
      },
      {
        type: 'brokerage',
        label: 'Brokerage',
        total: usd(2_000_000),
        accounts: [
          {
            id: 'acc_brokerage',
            name: 'Index Fund Brokerage',
            type: 'brokerage',
            institution: null,
            status: 'active',
            native: usd(2_000_000),
            converted: usd(2_000_000),
            isLiability: false,
          },
        ],
      },
      {
        type: 'wallet',
        label: 'Wallet',
        total: usd(84_352),
        accounts: [
          {
            id: 'acc_wallet',
            name: 'Cold Wallet',
            type: 'wallet',
            institution: null,
            status: 'active',
            native: usd(84_352),
            converted: usd(84_352),
            isLiability: false,
          },
        ],
      },
    ],
    fx: { missing: [], stale: [], estimated: [] },
    visibleFrom: null,
    ...overrides,
  };
}

const RANGE_DAYS: Record<PortfolioRange, number> = { '1M': 31, '3M': 92, '6M': 184, '1Y': 366, ALL: 700 };

/** A daily history ending 2026-11-22, growing by $10 a day, with 4 accounts on the first day. */
export function makePortfolio(range: PortfolioRange): PortfolioData {
  const days = RANGE_DAYS[range];
  const from = addDays('2026-11-22', -(days - 1));
  const points: PortfolioPoint[] = Array.from({ length: days }, (_, index) => {
    const cash = 600_000 + index * 1_000;
    return {
      date: addDays(from, index),
      netWorth: cash + 2_000_000 + 84_352 - 45_000,
      cash,
      investment: 2_000_000,
      crypto: 84_352,
      real_estate: 0,
      other: 0,
      liability: -45_000,
      account_count: 4,
      estimated: false,
    };
  });
  return {
    currency: 'USD',
    range,
    from,
    to: '2026-11-22',
    classes: [],
    points,
    fx: { missing: [], stale: [], estimated: [] },
    visibleFrom: null,
  };
}

export function makeActivity(period = '1-month'): ActivitySummary {
  const allTime = period === 'all-time';
  const current = {
    from: allTime ? '2025-01-03' : '2026-10-24',
    to: '2026-11-22',
    income: usd(500_000),
    spending: usd(320_000),
    net: usd(180_000),
    transactionCount: 42,
  };
  return {
    currency: 'USD',
    period: period as ActivitySummary['period'],
    current: {
      ...current,
      topCategories: [
        {
          category: 'FOOD_AND_DRINK',
          label: 'Food & Dining',
          amount: usd(80_000),
          percent: 25,
          transactionCount: 20,
        },
        { category: '', label: 'Uncategorized', amount: usd(16_000), percent: 5, transactionCount: 3 },
      ],
    },
    previous: allTime
      ? null
      : {
          from: '2026-09-24',
          to: '2026-10-23',
          income: usd(500_000),
          spending: usd(400_000),
          net: usd(100_000),
          transactionCount: 40,
        },
    change: allTime
      ? null
      : {
          income: { amount: usd(0), percent: 0 },
          spending: { amount: usd(-80_000), percent: -20 },
          net: { amount: usd(80_000), percent: 80 },
          transactionCount: { amount: 2, percent: 5 },
        },
    visibleFrom: null,
  };
}

export const FX_RATES: FxRates = {
  currency: 'USD',
  rates: [
    { currency: 'EUR', rate: '1.0854', date: '2026-11-20', source: 'ecb', stale: false, estimated: false },
    {
      id: 'rate_1',
      currency: 'XYZ',
      rate: '0.25',
      date: '2026-10-01',
      source: 'manual',
      stale: true,
      estimated: false,
    },
  ],
  missing: [],
  held: ['EUR', 'USD', 'XYZ'],
  lastFetchedAt: '2026-11-21T16:00:00.000Z',
  manualRates: [{ id: 'rate_1', base: 'XYZ', quote: 'USD', date: '2026-10-01', rate: '0.25' }],
};

/** Answers the three dashboard reads (and the rates) with the fixtures above unless told otherwise. */
export function serveDashboard({
  dashboard = makeDashboard(),
  showBalances,
}: { dashboard?: DashboardData; showBalances?: boolean } = {}) {
  server
    .on('GET', '/api/v1/dashboard', ({ url }) =>
      ok({ ...dashboard, period: url.searchParams.get('period') ?? '1-month' }),
    )
    .on('GET', '/api/v1/portfolio', ({ url }) =>
      ok(makePortfolio((url.searchParams.get('range') ?? '1M') as PortfolioRange)),
    )
    .on('GET', '/api/v1/dashboard/activity-summary', ({ url }) =>
      ok(makeActivity(url.searchParams.get('period') ?? '1-month')),
    )
    .on('GET', '/api/v1/fx/rates', () => ok(FX_RATES));
  if (showBalances !== undefined) {
    server.on('GET', '/api/v1/user/preferences', () => ok({ show_balances: showBalances }));
  }
}

/** The query strings of every GET to `path` so far. */
export function queriesOf(path: string): URLSearchParams[] {
  return server.calls(path, 'GET').map((request) => request.url.searchParams);
}

/** Renders the dashboard at `path` with a fresh query client (no retries), tooltips and a toaster. */
export function renderDashboard(path = '/dashboard') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardRoute /> },
      { path: '/accounts', element: <h1>Accounts page</h1> },
      { path: '/activity', element: <h1>Activity page</h1> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <main>
          <RouterProvider router={router} />
        </main>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
