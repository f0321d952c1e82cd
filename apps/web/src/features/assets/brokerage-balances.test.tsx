import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import type { Investments } from './api';
import { fail, ok, renderAssets, sampleHoldings, serveHoldings, setUpAssetsTests, usd } from './test-harness';

/** Each investment account's balance as holdings + cash, and the prices' date (GET /investments). */

setUpAssetsTests();

const eur = (amountMinor: number) => ({ amountMinor, currency: 'EUR' });

const totals = (priceDates: Investments['totals']['priceDates']): Investments['totals'] => ({
  marketValue: usd(0),
  costBasis: usd(0),
  unrealizedGain: usd(0),
  unrealizedGainPercent: null,
  dayChange: usd(0),
  dayChangeCount: 0,
  holdingCount: 0,
  unconvertedCount: 0,
  priceDates,
});

/** A USD brokerage, a EUR one and a crypto exchange (no brokerage balance), as GET /investments answers. */
function investments(priceDates: Investments['totals']['priceDates']): Investments {
  return {
    currency: 'USD',
    asOf: '2026-11-25',
    holdings: [],
    accounts: [
      {
        accountId: 'acc_coinbase',
        name: 'Coinbase',
        ...totals(priceDates),
        weight: 68.33,
        brokerage: null,
      },
      {
        accountId: 'acc_brokerage',
        name: 'Individual Brokerage',
        ...totals(priceDates),
        weight: 18.48,
        brokerage: {
          balance: usd(217_305_95),
          holdings: usd(216_412_40),
          cash: usd(893_55),
          balanceConverted: usd(217_305_95),
        },
      },
      {
        accountId: 'acc_depot',
        name: 'Depot',
        ...totals(priceDates),
        weight: 13.19,
        brokerage: {
          balance: eur(2_500_00),
          holdings: eur(2_000_00),
          cash: eur(500_00),
          balanceConverted: usd(2_710_50),
        },
      },
    ],
    totals: totals(priceDates),
    brokerage: {
      balance: usd(220_016_45),
      holdings: usd(218_580_80),
      cash: usd(1_435_65),
      accountCount: 2,
      unconvertedCount: 0,
    },
    missingCurrencies: [],
  };
}

const card = async () => screen.findByRole('region', { name: 'Investment account balances' });

describe('Assets: investment account balances and price dates', () => {
  it('shows each investment account’s balance as holdings + cash in its currency, and their total', async () => {
    serveHoldings(sampleHoldings());
    server.on('GET', '/api/v1/investments', () =>
      ok(investments({ oldest: '2026-11-20', newest: '2026-11-20' })),
    );
    renderAssets();
    const balances = await card();
    const accounts = within(balances).getByRole('list', { name: 'Investment accounts' });
    expect(
      within(accounts)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Individual Brokerage', 'Depot']);
    const brokerage = within(within(accounts).getByRole('listitem', { name: 'Individual Brokerage' }));
    expect(brokerage.getByText('in USD')).toBeInTheDocument();
    expect(brokerage.getByText('$217,305.95')).toBeInTheDocument();
    expect(brokerage.getByText('$216,412.40')).toBeInTheDocument();
    expect(brokerage.getByText('$893.55')).toBeInTheDocument();
    const depot = within(within(accounts).getByRole('listitem', { name: 'Depot' }));
    expect(depot.getByText('in EUR')).toBeInTheDocument();
    expect(depot.getByText('€2,500.00')).toBeInTheDocument();
    expect(depot.getByText('€2,000.00')).toBeInTheDocument();
    expect(depot.getByText('€500.00')).toBeInTheDocument();
    const total = within(within(balances).getByRole('region', { name: 'All investment accounts' }));
    expect(total.getByText('in USD')).toBeInTheDocument();
    expect(total.getByText('$220,016.45')).toBeInTheDocument();
    expect(total.getByText('$218,580.80')).toBeInTheDocument();
    expect(total.getByText('$1,435.65')).toBeInTheDocument();
    expect(within(balances).queryByText('Coinbase')).not.toBeInTheDocument();
  });

  it('gives the prices’ date in the user’s date format, or the oldest and newest when they differ', async () => {
    serveHoldings(sampleHoldings(), { date_format: 'DD.MM.YYYY' });
    server.on('GET', '/api/v1/investments', () =>
      ok(investments({ oldest: '2026-11-20', newest: '2026-11-20' })),
    );
    const first = renderAssets();
    const totalsCard = await screen.findByRole('region', { name: 'Totals' });
    await waitFor(() => expect(totalsCard).toHaveTextContent('Prices as of 20.11.2026'));
    first.unmount();

    server.on('GET', '/api/v1/investments', () =>
      ok(investments({ oldest: '2026-11-18', newest: '2026-11-20' })),
    );
    renderAssets();
    const again = await screen.findByRole('region', { name: 'Totals' });
    await waitFor(() => expect(again).toHaveTextContent('Prices from 18.11.2026 to 20.11.2026'));
  });

  it('says the balances could not be fetched and fetches them again on Retry', async () => {
    serveHoldings(sampleHoldings());
    server.on('GET', '/api/v1/investments', () => fail(503, 'Market data is unavailable right now'));
    renderAssets();
    const balances = await card();
    expect(
      await within(balances).findByText('Failed to fetch your investment accounts’ balances'),
    ).toBeInTheDocument();
    server.on('GET', '/api/v1/investments', () =>
      ok(investments({ oldest: '2026-11-20', newest: '2026-11-20' })),
    );
    await userEvent.click(within(balances).getByRole('button', { name: /Try again|Retry/ }));
    expect(await within(await card()).findByText('$217,305.95')).toBeInTheDocument();
  });

  it('masks the balances when balances are hidden', async () => {
    serveHoldings(sampleHoldings(), { show_balances: false });
    server.on('GET', '/api/v1/investments', () =>
      ok(investments({ oldest: '2026-11-20', newest: '2026-11-20' })),
    );
    renderAssets();
    const balances = await card();
    await waitFor(() => expect(within(balances).getAllByText('Amount hidden').length).toBe(9));
    expect(balances).not.toHaveTextContent('$');
    expect(balances).not.toHaveTextContent('€');
  });
});
