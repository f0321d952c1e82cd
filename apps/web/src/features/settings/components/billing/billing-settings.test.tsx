import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderWithProviders } from '../../test-harness';
import { server } from '@/test/fake-server';
import { BillingSettings, SELF_HOSTED_NOTICE } from './billing-settings';

const FEATURES_FREE = {
  exportData: false,
  apiAccess: false,
  advancedAnalytics: false,
  webhooks: false,
  customReports: false,
  teamMembers: 1,
};
const FREE = {
  mode: 'stripe',
  plan: {
    tier: 'free_trial',
    displayName: 'Free',
    status: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
    canManage: false,
    syncFrequency: 'daily',
    dataRetentionDays: 365,
    features: FEATURES_FREE,
  },
  usage: {
    accounts: { used: 3, limit: 3 },
    transactions: { used: 120, limit: 250 },
    apiCallsToday: { used: 0, limit: 100, resetsAt: '2026-11-27T00:00:00.000Z' },
  },
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings → Billing', () => {
  it('shows the free plan, usage bars against each limit, and Upgrade opens Checkout', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    server.on('GET', '/api/v1/billing', () => ok(FREE));
    server.on('POST', '/api/v1/billing/checkout', () =>
      ok({ url: 'https://checkout.stripe.com/c/pay/cs_1' }),
    );
    renderWithProviders(<BillingSettings />);
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(
      screen.getByText('Up to 3 accounts and 250 transactions, daily sync, the last 365 days of history.'),
    ).toBeInTheDocument();
    const accounts = screen.getByRole('progressbar', { name: 'Accounts' });
    expect(accounts).toHaveAttribute('aria-valuenow', '3');
    expect(accounts).toHaveAttribute('aria-valuemax', '3');
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(screen.getByText('120 of 250')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
  });

  it('shows Pro past due with the grace banner and Manage billing', async () => {
    server.on('GET', '/api/v1/billing', () =>
      ok({
        ...FREE,
        plan: {
          ...FREE.plan,
          tier: 'pro',
          displayName: 'Pro',
          status: 'past_due',
          currentPeriodEnd: '2026-12-20T00:00:00.000Z',
          graceEndsAt: '2026-12-01T10:00:00.000Z',
          canManage: true,
          syncFrequency: 'hourly',
          features: { ...FEATURES_FREE, exportData: true, apiAccess: true },
        },
        usage: { ...FREE.usage, accounts: { used: 3, limit: 50 } },
      }),
    );
    renderWithProviders(<BillingSettings />);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Your last payment failed. Pro stays on until');
    expect(screen.getByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText(/Renews on/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it('says a self-hosted server has no plan and no limits', async () => {
    server.on('GET', '/api/v1/billing', () =>
      ok({
        mode: 'self_hosted',
        plan: null,
        usage: {
          accounts: { used: 2, limit: null },
          transactions: { used: 10, limit: null },
          apiCallsToday: { used: 0, limit: null, resetsAt: '2026-11-27T00:00:00.000Z' },
        },
      }),
    );
    renderWithProviders(<BillingSettings />);
    expect(await screen.findByText(SELF_HOSTED_NOTICE)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('2 · No limit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it('shows a load failure with Retry', async () => {
    const user = userEvent.setup();
    let answers = 0;
    server.on('GET', '/api/v1/billing', () =>
      (answers += 1) === 1 ? fail(500, 'The database is not reachable') : ok(FREE),
    );
    renderWithProviders(<BillingSettings />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your plan');
    await user.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Free')).toBeInTheDocument();
  });
});
