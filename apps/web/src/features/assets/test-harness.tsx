import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { envelopeError, json, server } from '@/test/fake-server';
import { setViewport } from '@/test/render-app';
import type { Holding, Holdings } from './api';
import { AssetsRoute } from './routes/assets';

/**
 * Test helpers for the Assets page: the shared fake server of src/test answers GET
 * /investments/holdings like the real one (docs/analytics-api.md): filtered by type, paged by
 * page/limit, totals and allocation over every holding. Nothing of ours is mocked.
 */

export const ok = (data: unknown): Response => json(200, { success: true, data });
export const fail = (status: number, error: string, code = 'ERROR'): Response =>
  envelopeError(status, code, error);
export const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

export function makeHolding(overrides: Partial<Holding> & Pick<Holding, 'id'>): Holding {
  return {
    accountId: 'acc_brokerage',
    accountName: 'Brokerage',
    symbol: 'VTI',
    name: 'Vanguard Total Stock Market ETF',
    type: 'etf',
    quantity: '12.5',
    quantityDecimals: 4,
    price: { amount: '243.12', currency: 'USD' },
    priceAsOf: '2026-11-20',
    buyPrice: null,
    valuedAtBuyPrice: false,
    native: usd(303900),
    converted: usd(303900),
    costBasis: usd(250000),
    unrealizedGain: usd(53900),
    unrealizedGainPercent: 21.56,
    ...overrides,
  };
}

/** An ETF, a bitcoin position in a crypto account and a euro-priced stock with a loss. */
export function sampleHoldings(): Holding[] {
  return [
    makeHolding({ id: 'h_vti' }),
    makeHolding({
      id: 'h_btc',
      accountId: 'acc_coinbase',
      accountName: 'Coinbase',
      symbol: 'BTC',
      name: 'Bitcoin',
      type: 'crypto',
      quantity: '0.12345678',
      quantityDecimals: 8,
      price: { amount: '91000', currency: 'USD' },
      native: usd(1123457),
      converted: usd(1123457),
      costBasis: usd(600000),
      unrealizedGain: usd(523457),
      unrealizedGainPercent: 87.24,
    }),
    makeHolding({
      id: 'h_sap',
      symbol: 'SAP',
      name: 'SAP SE',
      type: 'equity',
      quantity: '10',
      quantityDecimals: 2,
      price: { amount: '200', currency: 'EUR' },
      native: { amountMinor: 200000, currency: 'EUR' },
      converted: usd(216840),
      costBasis: { amountMinor: 250000, currency: 'EUR' },
      unrealizedGain: { amountMinor: -50000, currency: 'EUR' },
      unrealizedGainPercent: -20,
    }),
  ];
}

/** The fake's exchange rates into USD. */
const USD_PER: Record<string, number> = { USD: 1, EUR: 1.0842 };
const toUsd = (amount: { amountMinor: number; currency: string }) =>
  Math.round(amount.amountMinor * (USD_PER[amount.currency] ?? 0));

function sumUsd(values: number[]) {
  return usd(values.reduce((sum, value) => sum + value, 0));
}

/** The response for one page and type over `all`, as the server builds it. */
export function holdingsResponse(all: Holding[], page: number, limit: number, type: string): Holdings {
  const found = type === 'all' ? all : all.filter((holding) => holding.type === type);
  const totalPages = Math.ceil(found.length / limit);
  const value = sumUsd(all.map((holding) => holding.converted?.amountMinor ?? 0));
  const known = all.filter((holding) => holding.converted && holding.costBasis);
  const cost = sumUsd(known.map((holding) => toUsd(holding.costBasis!)));
  const gain = sumUsd(known.map((holding) => holding.converted!.amountMinor - toUsd(holding.costBasis!)));
  const byType = new Map<string, number>();
  const byAccount = new Map<string, { name: string; amount: number }>();
  for (const holding of all) {
    const amount = holding.converted?.amountMinor ?? 0;
    byType.set(holding.type, (byType.get(holding.type) ?? 0) + amount);
    const account = byAccount.get(holding.accountId) ?? { name: holding.accountName, amount: 0 };
    account.amount += amount;
    byAccount.set(holding.accountId, account);
  }
  const share = (amount: number) => Math.round((amount / (value.amountMinor || 1)) * 10000) / 100;
  const labels: Record<string, string> = { etf: 'ETFs', crypto: 'Crypto', equity: 'Stocks' };
  return {
    currency: 'USD',
    data: found.slice((page - 1) * limit, page * limit),
    pagination: { total: found.length, page, pageSize: limit, totalPages, hasNext: page < totalPages },
    totals: { value, costBasis: cost, unrealizedGain: gain },
    allocation: {
      byType: [...byType].map(([key, amount]) => ({
        type: key as Holding['type'],
        label: labels[key] ?? 'Other',
        amount: usd(amount),
        percent: share(amount),
      })),
      byAccount: [...byAccount].map(([accountId, account]) => ({
        accountId,
        name: account.name,
        amount: usd(account.amount),
        percent: share(account.amount),
      })),
    },
  };
}

/**
 * Serves `holdings` from GET /investments/holdings, the user's preferences, an empty watchlist, no
 * trending list and no news.
 */
export function serveHoldings(
  holdings: Holding[] = sampleHoldings(),
  preferences: Record<string, unknown> = {},
) {
  server.on('GET', '/api/v1/user/preferences', () => ok(preferences));
  server.on('GET', '/api/v1/watchlist', () => ok({ symbols: [], items: [] }));
  server.on('GET', '/api/v1/market/trending', () =>
    ok({
      available: false,
      symbols: [],
      quotes: [],
      provider: 'twelve-data',
      fetchedAt: '2026-11-25T22:00:00.000Z',
      ageSeconds: 0,
      stale: false,
    }),
  );
  server.on('GET', '/api/v1/market/news', ({ url }) =>
    ok({
      scope: url.searchParams.has('symbols') ? 'symbols' : 'general',
      items: [],
      filtered: 0,
      unavailable: [],
      provider: 'yahoo',
      fetchedAt: '2026-11-25T22:00:00.000Z',
      ageSeconds: 0,
      stale: false,
    }),
  );
  server.on('GET', '/api/v1/investments/holdings', ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const limit = Number(url.searchParams.get('limit') ?? '100');
    return ok(holdingsResponse(holdings, page, limit, url.searchParams.get('type') ?? 'all'));
  });
}

/** The query of every holdings request so far. */
export function holdingsRequests(): URLSearchParams[] {
  return server.calls('/api/v1/investments/holdings', 'GET').map((request) => request.url.searchParams);
}

/** Renders the Assets page at `path` with a fresh query client (no retries) and a memory router. */
export function renderAssets(path = '/assets') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/assets', element: <AssetsRoute /> },
      { path: '/accounts', element: <h1>Accounts page</h1> },
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

/**
 * The set-up every Assets test file shares, called once at its top: React's logged errors and jsdom's
 * missing scrollTo silenced, a desktop viewport, and the spies restored after each test.
 */
export function setUpAssetsTests(): void {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    setViewport(1280);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
