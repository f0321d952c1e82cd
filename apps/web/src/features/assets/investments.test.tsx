import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import type { InvestmentHolding, InvestmentPerformance, Investments, PerformanceFigures } from './api';
import {
  fail,
  makeHolding,
  ok,
  renderAssets,
  sampleHoldings,
  serveHoldings,
  setUpAssetsTests,
  usd,
} from './test-harness';

/** Day change, weight and price date (GET /investments) and the Performance card (GET /investments/performance). */

setUpAssetsTests();

function investment(id: string, overrides: Partial<InvestmentHolding>): InvestmentHolding {
  return {
    id,
    accountId: 'acc_brokerage',
    accountName: 'Brokerage',
    symbol: null,
    name: id,
    type: 'etf',
    quantity: '1',
    price: { amount: '1', currency: 'USD', date: '2026-11-20' },
    buyPrice: null,
    valuedAtBuyPrice: false,
    costBasis: null,
    marketValue: usd(100),
    marketValueConverted: usd(100),
    unrealizedGain: null,
    unrealizedGainConverted: null,
    unrealizedGainPercent: null,
    dayChange: null,
    dayChangeUnavailable: null,
    weight: null,
    ...overrides,
  };
}

function serveInvestments() {
  const holdings: InvestmentHolding[] = [
    investment('h_vti', {
      dayChange: {
        amount: usd(-1_250),
        converted: usd(-1_250),
        percent: -0.41,
        priceDate: '2026-11-25',
        previousClose: '244.12',
        stale: false,
      },
      weight: 18.48,
    }),
    investment('h_btc', { dayChangeUnavailable: 'not_quoted', weight: 68.33 }),
    investment('h_sap', { dayChangeUnavailable: 'quote_unavailable', weight: 13.19 }),
    investment('h_usdc', { dayChangeUnavailable: 'pegged', weight: 0.01 }),
  ];
  const totals = {
    marketValue: usd(0),
    costBasis: usd(0),
    unrealizedGain: usd(0),
    unrealizedGainPercent: null,
    dayChange: usd(0),
    dayChangeCount: 0,
    holdingCount: 0,
    unconvertedCount: 0,
    priceDates: null,
  };
  const body: Investments = {
    currency: 'USD',
    asOf: '2026-11-25',
    holdings,
    accounts: [],
    totals,
    brokerage: null,
    missingCurrencies: [],
  };
  server.on('GET', '/api/v1/investments', () => ok(body));
}

const figures = (overrides: Partial<PerformanceFigures>): PerformanceFigures => ({
  from: '2025-11-24',
  to: '2026-11-25',
  startValue: usd(100_000),
  endValue: usd(203_010),
  netDeposits: usd(100_000),
  income: usd(750),
  costs: usd(300),
  timeWeightedPercent: 2.01,
  moneyWeightedPercent: 12.5,
  ...overrides,
});

function servePerformance() {
  server.on('GET', '/api/v1/investments/performance', ({ url }) => {
    const range = (url.searchParams.get('range') ?? '1y') as InvestmentPerformance['range'];
    const answer: InvestmentPerformance = {
      range,
      currency: 'USD',
      today: '2026-11-25',
      accounts: [
        {
          accountId: 'acc_fund',
          name: 'Index fund',
          type: 'investment',
          currency: 'USD',
          figures: figures(range === 'ytd' ? { timeWeightedPercent: -3.2 } : {}),
          unavailable: null,
        },
        {
          accountId: 'acc_brokerage',
          name: 'Brokerage',
          type: 'brokerage',
          currency: 'USD',
          figures: null,
          unavailable: 'holdings_not_in_history',
        },
      ],
      overall: {
        figures: figures(range === 'ytd' ? { timeWeightedPercent: -3.2 } : {}),
        accountCount: 1,
        missingCurrencies: [],
      },
      visibleFrom: null,
    };
    return ok(answer);
  });
}

const rowOf = async (symbol: string) => {
  const table = await screen.findByRole('table', { name: 'Holdings' });
  return within(table)
    .getByRole('rowheader', { name: new RegExp(`^${symbol}`) })
    .closest('tr')!;
};

describe('Assets investments', () => {
  it('shows each holding’s day change with its sign and date, or why there is none, its weight and its price date', async () => {
    serveHoldings([
      ...sampleHoldings(),
      makeHolding({
        id: 'h_usdc',
        accountId: 'acc_coinbase',
        accountName: 'Coinbase',
        symbol: 'USDC',
        name: 'USD Coin',
        type: 'crypto',
        quantity: '25',
        quantityDecimals: 8,
        price: { amount: '1', currency: 'USD' },
        native: usd(2_500),
        converted: usd(2_500),
        costBasis: null,
        unrealizedGain: null,
        unrealizedGainPercent: null,
      }),
    ]);
    serveInvestments();
    servePerformance();
    renderAssets();
    const vti = within(await rowOf('VTI'));
    await waitFor(() => expect(vti.getByText('-$12.50')).toBeInTheDocument());
    expect(vti.getByText(/\(0\.41%\) · 11\/25\/2026/)).toBeInTheDocument();
    expect(vti.getByText('18.48%')).toBeInTheDocument();
    expect(vti.getByText('11/20/2026')).toBeInTheDocument();
    expect(within(await rowOf('BTC')).getByText('Not quoted')).toBeInTheDocument();
    expect(within(await rowOf('SAP')).getByText('No quote right now')).toBeInTheDocument();
    expect(within(await rowOf('USDC')).getByText('Valued at its peg')).toBeInTheDocument();
  });

  it('shows the holdings without day change when GET /investments fails', async () => {
    serveHoldings(sampleHoldings());
    server.on('GET', '/api/v1/investments', () => fail(503, 'Market data is unavailable right now'));
    servePerformance();
    renderAssets();
    const vti = within(await rowOf('VTI'));
    expect(vti.getByText('$243.12')).toBeInTheDocument();
    expect(vti.getAllByText('—').length).toBeGreaterThanOrEqual(2);
  });

  it('gives returns, dividends and fees per account and overall, the reason an account is not measured, and another range on choosing it', async () => {
    serveHoldings();
    serveInvestments();
    servePerformance();
    renderAssets();
    const card = await screen.findByRole('list', { name: 'Performance, 1Y' });
    const fund = within(within(card).getByRole('listitem', { name: 'Index fund' }));
    expect(fund.getByText('+2.01%')).toBeInTheDocument();
    expect(fund.getByText('+12.50%')).toBeInTheDocument();
    expect(fund.getByText('$7.50')).toBeInTheDocument();
    expect(fund.getByText('$3.00')).toBeInTheDocument();
    expect(within(card).getByRole('listitem', { name: 'Brokerage' })).toHaveTextContent(/Not measured/);
    expect(
      within(card).getByRole('listitem', { name: 'All measured accounts (1), in USD' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'YTD' }));
    const ytd = await screen.findByRole('list', { name: 'Performance, YTD' });
    await waitFor(() =>
      expect(
        within(within(ytd).getByRole('listitem', { name: 'Index fund' })).getByText('(3.20%)'),
      ).toBeInTheDocument(),
    );
    expect(
      server
        .calls('/api/v1/investments/performance', 'GET')
        .map((call) => call.url.searchParams.get('range')),
    ).toEqual(['1y', 'ytd']);
  });

  it('says the performance could not be fetched and offers to retry', async () => {
    serveHoldings();
    serveInvestments();
    server.on('GET', '/api/v1/investments/performance', () => fail(500, 'An unexpected error occurred'));
    renderAssets();
    expect(await screen.findByText('Failed to fetch investment performance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });

  it('offers the upgrade in place of the returns when the plan leaves investment performance out', async () => {
    serveHoldings();
    serveInvestments();
    const message = 'Insights and investment performance are part of the Pro plan. Upgrade to see them.';
    server.on('GET', '/api/v1/investments/performance', () => fail(403, message, 'UPGRADE_REQUIRED'));
    renderAssets();
    const prompt = await screen.findByRole('note');
    expect(prompt).toHaveTextContent(message);
    expect(within(prompt).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
      'href',
      '/settings/billing',
    );
    expect(screen.queryByText('Failed to fetch investment performance')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try again|Retry/ })).not.toBeInTheDocument();
  });
});
