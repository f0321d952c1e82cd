import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { envelopeError, type FakeRequest, json, server } from '@/test/fake-server';
import type { Account, Connection } from './api';
import type { ExchangeConnection, SupportedExchanges } from './exchanges/api';
import type { Wallet } from './wallets/api';
import { AccountRoute } from './routes/account';
import { AccountsRoute } from './routes/accounts';
import { BanksRoute } from './routes/banks';
import { CexesRoute } from './routes/cexes';
import { WalletsRoute } from './routes/wallets';

/**
 * Test helpers for the accounts feature. The network is the shared fake server of src/test (the
 * global fetch, signed in); these add real-shaped accounts and connections (docs/money-api.md) and a
 * render of the feature's pages with a fresh query client (no retries), a toaster and a memory router.
 * Nothing of ours is mocked.
 */

export const ok = (data: unknown, status = 200): Response => json(status, { success: true, data });
export const fail = (
  status: number,
  error: string,
  code = 'ERROR',
  items?: { field: string; message: string }[],
): Response => envelopeError(status, code, error, items ? { items } : {});

export const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

export function makeAccount(overrides: Partial<Account> & Pick<Account, 'id' | 'name'>): Account {
  const currency = overrides.currency ?? overrides.currentBalance?.currency ?? 'USD';
  return {
    connectionId: 'conn_demo',
    officialName: null,
    type: 'depository',
    subtype: null,
    provider: 'demo',
    status: 'active',
    currency,
    currentBalance: { amountMinor: 0, currency },
    availableBalance: null,
    creditLimit: null,
    balanceAsOf: '2025-06-01T08:00:00.000Z',
    mask: null,
    hidden: false,
    favorite: false,
    institutionName: 'Lodestar Demo Bank',
    transactionCount: 0,
    ...overrides,
  };
}

const STATUS_TEXT: Record<string, { label: string; description: string }> = {
  active: { label: 'Active', description: 'Up to date' },
  syncing: { label: 'Syncing', description: 'Fetching the latest balances and transactions' },
  needs_reauth: { label: 'Reconnect needed', description: 'Reconnect to continue syncing' },
  error: { label: 'Error', description: 'Try reconnecting' },
  disconnected: { label: 'Disconnected', description: 'This account no longer syncs' },
};

export function makeConnection(overrides: Partial<Connection> & Pick<Connection, 'id'>): Connection {
  const status = overrides.status ?? 'active';
  return {
    provider: 'demo',
    displayName: 'Lodestar Demo Bank',
    institution: { name: 'Lodestar Demo Bank', url: null, logo: null, primaryColor: null },
    status,
    statusText: STATUS_TEXT[status] ?? STATUS_TEXT.active!,
    lastSyncedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    lastError: null,
    notices: [],
    syncs: true,
    nextSyncAllowedAt: null,
    reconnect: 'in_place',
    sync: { state: 'idle', step: null, progress: null },
    ...overrides,
  };
}

/**
 * Serves `accounts`, `connections`, followed `wallets`, connected `exchanges` and the `supported`
 * exchanges from GET, and an empty import history.
 */
export function serve({
  accounts = [],
  connections = [],
  wallets = [],
  exchanges = [],
  supported = { advice: 'Create a read-only API key for Lodestar.', exchanges: [] },
}: {
  accounts?: Account[];
  connections?: Connection[];
  wallets?: Wallet[];
  exchanges?: ExchangeConnection[];
  supported?: SupportedExchanges;
} = {}) {
  server
    .on('GET', '/api/v1/accounts', () => ok({ accounts }))
    .on('GET', '/api/v1/blockchain/wallets', () => ok({ reportingCurrency: 'USD', wallets }))
    .on('GET', '/api/v1/connections/exchanges', () =>
      ok({ reportingCurrency: 'USD', advice: supported.advice, exchanges }),
    )
    .on('GET', '/api/v1/connections/exchanges/supported', () => ok(supported))
    .on('GET', '/api/v1/connections', () => ok({ connections }))
    .on('GET', '/api/v1/imports', () => ok({ batches: [] }));
}

/** The server answers that it follows no wallet and connects no exchange (FEATURE_CRYPTO=false). */
export function serveCryptoTurnedOff() {
  server.on('GET', '/api/v1/config', () =>
    ok({
      emailConfigured: true,
      signInProviders: [],
      passwordSignUp: true,
      allowedEmailDomains: [],
      crypto: false,
    }),
  );
}

/** The body of the last `method path` request. */
export function lastBody(path: string, method: string): unknown {
  const calls = server.calls(path, method);
  return calls[calls.length - 1]?.body;
}

export type { FakeRequest };

/** Renders the accounts pages at `path` with a fresh query client, tooltips and a toaster. */
export function renderAccounts(path = '/accounts') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/accounts', element: <AccountsRoute /> },
      { path: '/accounts/:accountId', element: <AccountRoute /> },
      { path: '/activity', element: <h1>Activity</h1> },
      { path: '/banks', element: <BanksRoute /> },
      { path: '/cexes', element: <CexesRoute /> },
      { path: '/wallets', element: <WalletsRoute /> },
      { path: '/settings/billing', element: <h1>Billing</h1> },
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
