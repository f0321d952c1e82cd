import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, server } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

const ok = (data: unknown) => json(200, { success: true, data });

const limits = (accounts: number, transactions: number, syncFrequency: string, apiCalls: number) => ({
  accounts,
  transactions,
  syncFrequency,
  dataRetention: 365,
  apiCalls,
});
const TIERS = [
  {
    name: 'free_trial',
    displayName: 'Free',
    description: 'Everything you need to see all your money in one place.',
    pricing: [{ period: 'monthly', price: 0, stripePriceId: null, description: 'Free forever' }],
    limits: limits(3, 250, 'daily', 100),
    features: { apiAccess: false, exportData: false },
    isActive: true,
  },
  {
    name: 'pro',
    displayName: 'Pro',
    description: 'More accounts, hourly sync, export and API access.',
    badge: 'RECOMMENDED',
    pricing: [{ period: 'monthly', price: 15, stripePriceId: 'price_1', description: '$15 per month' }],
    limits: { ...limits(50, 10_000, 'hourly', 10_000), dataRetention: 730 },
    features: { apiAccess: true, exportData: true, advancedAnalytics: true },
    isActive: true,
  },
];

afterEach(() => {
  server.signIn();
});

describe('pricing', () => {
  it('shows Free and Pro from the plans on sale, Pro recommended; a visitor is asked to create an account', async () => {
    server.signOut();
    server.on('GET', '/api/v1/billing/plans', () => ok({ mode: 'stripe', tiers: TIERS }));
    renderApp('/pricing');
    const pro = await screen.findByRole('region', { name: 'Pro' });
    expect(within(pro).getByText('RECOMMENDED')).toBeInTheDocument();
    expect(within(pro).getByText('$15')).toBeInTheDocument();
    expect(within(pro).getByText('API access, 10,000 calls a day')).toBeInTheDocument();
    const free = screen.getByRole('region', { name: 'Free' });
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(free).getByText('3 accounts')).toBeInTheDocument();
    expect(within(free).queryByText('Export your data')).not.toBeInTheDocument();
    expect(within(free).getByText('The last 365 days of history')).toBeInTheDocument();
    expect(within(pro).getByText('The last 730 days of history')).toBeInTheDocument();
    expect(within(pro).getByText('Insights and investment performance')).toBeInTheDocument();
    expect(within(free).queryByText('Insights and investment performance')).not.toBeInTheDocument();
    expect(within(pro).getByRole('link', { name: 'Create an account to upgrade' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
  });

  it('offers a yearly price when the server has one, and opens Checkout for the period chosen', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const yearly = { period: 'yearly', price: 150, stripePriceId: 'price_2', description: '$150 per year' };
    const tiers = TIERS.map((tier) =>
      tier.name === 'pro' ? { ...tier, pricing: [...tier.pricing, yearly] } : tier,
    );
    server.on('GET', '/api/v1/billing/plans', () => ok({ mode: 'stripe', tiers }));
    server.on('POST', '/api/v1/billing/checkout', () => ok({ url: 'https://checkout.example/pay' }));
    renderApp('/pricing');
    const pro = await screen.findByRole('region', { name: 'Pro' });
    expect(within(pro).getByText('$15')).toBeInTheDocument();
    const choice = screen.getByRole('group', { name: 'Billing period' });
    expect(within(choice).getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(choice).getByRole('button', { name: 'Yearly' }));
    expect(within(pro).getByText('$150')).toBeInTheDocument();
    expect(within(pro).getByText('per year')).toBeInTheDocument();
    // Free stays free whatever the period.
    expect(within(screen.getByRole('region', { name: 'Free' })).getByText('$0')).toBeInTheDocument();
    await userEvent.click(within(pro).getByRole('button', { name: 'Upgrade to Pro' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay'));
    expect(server.calls('/api/v1/billing/checkout', 'POST')[0]?.body).toEqual({ period: 'yearly' });
    vi.unstubAllGlobals();
  });

  it('shows no period choice when only a monthly price is on sale', async () => {
    server.on('GET', '/api/v1/billing/plans', () => ok({ mode: 'stripe', tiers: TIERS }));
    renderApp('/pricing');
    await screen.findByRole('region', { name: 'Pro' });
    expect(screen.queryByRole('group', { name: 'Billing period' })).not.toBeInTheDocument();
  });

  it('says a self-hosted server has no plans and no limits, and shows no prices', async () => {
    server.on('GET', '/api/v1/billing/plans', () => ok({ mode: 'self_hosted', tiers: [] }));
    renderApp('/pricing');
    expect(
      await screen.findByText(
        'This server is self-hosted: every feature is included and nothing is limited. There is no plan to buy.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('$15')).not.toBeInTheDocument();
  });
});
