import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
    limits: limits(50, 10_000, 'hourly', 10_000),
    features: { apiAccess: true, exportData: true },
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
    expect(within(pro).getByRole('link', { name: 'Create an account to upgrade' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
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
