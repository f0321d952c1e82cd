import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { setViewport } from '@/test/render-app';
import {
  fail,
  holdingsRequests,
  makeHolding,
  renderAssets,
  sampleHoldings,
  serveHoldings,
  setUpAssetsTests,
} from './test-harness';

setUpAssetsTests();

const table = () => screen.findByRole('table', { name: 'Holdings' });
const rowOf = async (symbol: string) => {
  const holdings = await table();
  return within(holdings)
    .getByRole('rowheader', { name: new RegExp(`^${symbol}`) })
    .closest('tr')!;
};

describe('Assets holdings', () => {
  it('shows each holding with its quantity decimals, price, value, cost basis and gain', async () => {
    serveHoldings();
    renderAssets();
    const btc = within(await rowOf('BTC'));
    expect(btc.getByText('Bitcoin')).toBeInTheDocument();
    expect(btc.getByText('Coinbase')).toBeInTheDocument();
    expect(btc.getByText('0.12345678')).toBeInTheDocument();
    expect(btc.getByText('$91,000.00')).toBeInTheDocument();
    expect(btc.getByText('$11,234.57')).toBeInTheDocument();
    expect(btc.getByText('$6,000.00')).toBeInTheDocument();
    expect(btc.getByText('+$5,234.57')).toBeInTheDocument();
    expect(btc.getByText('+87.24%')).toBeInTheDocument();

    expect(within(await rowOf('VTI')).getByText('12.5000')).toBeInTheDocument();

    const sap = within(await rowOf('SAP'));
    expect(sap.getByText('10.00')).toBeInTheDocument();
    expect(sap.getByText('€200.00')).toBeInTheDocument();
    expect(sap.getByText('€2,000.00')).toBeInTheDocument();
    expect(sap.getByText('$2,168.40')).toBeInTheDocument();
    expect(sap.getByText('-€500.00')).toBeInTheDocument();
    expect(sap.getByText('(20.00%)')).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('$16,441.97')).toBeInTheDocument();
    expect(within(totals).getByText('$11,210.50')).toBeInTheDocument();
    expect(within(totals).getByText('+$5,231.47')).toBeInTheDocument();
    expect(within(totals).getByText('+46.67%')).toBeInTheDocument();

    const request = holdingsRequests()[0]!;
    expect([request.get('page'), request.get('limit'), request.get('type')]).toEqual(['1', '100', 'all']);
  });

  it('shows a holding added by hand at its market price beside its buy price, or says it is valued at its buy price', async () => {
    serveHoldings([
      makeHolding({
        id: 'h_aapl',
        symbol: 'AAPL',
        name: 'Apple Inc.',
        type: 'equity',
        quantity: '10',
        quantityDecimals: 2,
        price: { amount: '214.67', currency: 'USD' },
        priceAsOf: '2026-11-25',
        buyPrice: { amount: '150', currency: 'USD', buys: 1 },
        valuedAtBuyPrice: false,
        native: { amountMinor: 214_670, currency: 'USD' },
        converted: { amountMinor: 214_670, currency: 'USD' },
        costBasis: { amountMinor: 150_000, currency: 'USD' },
        unrealizedGain: { amountMinor: 64_670, currency: 'USD' },
        unrealizedGainPercent: 43.11,
      }),
      makeHolding({
        id: 'h_fund',
        symbol: 'PRIVATEFUND',
        name: 'PRIVATEFUND',
        type: 'other',
        quantity: '3.5',
        quantityDecimals: 4,
        price: { amount: '10', currency: 'USD' },
        priceAsOf: '2026-01-02',
        buyPrice: { amount: '10', currency: 'USD', buys: 1 },
        valuedAtBuyPrice: true,
        native: { amountMinor: 3_500, currency: 'USD' },
        converted: { amountMinor: 3_500, currency: 'USD' },
        costBasis: { amountMinor: 3_500, currency: 'USD' },
        unrealizedGain: null,
        unrealizedGainPercent: null,
      }),
    ]);
    renderAssets();
    const aapl = within(await rowOf('AAPL'));
    expect(aapl.getByText('$214.67')).toBeInTheDocument();
    expect(aapl.getByText('Bought at $150.00')).toBeInTheDocument();
    expect(aapl.getByText('+$646.70')).toBeInTheDocument();
    expect(aapl.queryByText('Valued at your buy price')).not.toBeInTheDocument();

    const fund = within(await rowOf('PRIVATEFUND'));
    expect(fund.getByText('$10.00')).toBeInTheDocument();
    expect(fund.getByText('Valued at your buy price')).toBeInTheDocument();
    expect(fund.getByText('Not known (no market price)')).toBeInTheDocument();
    expect(fund.queryByText(/^Bought at/)).not.toBeInTheDocument();
  });

  it('lists the allocation by type and by account as text beside the doughnuts', async () => {
    serveHoldings();
    renderAssets();
    const byType = await screen.findByRole('list', { name: 'Allocation by type' });
    const crypto = within(byType).getByText('Crypto').closest('li')!;
    expect(crypto).toHaveTextContent('$11,234.57');
    expect(crypto).toHaveTextContent('68.33%');
    const byAccount = screen.getByRole('list', { name: 'Allocation by account' });
    expect(within(byAccount).getByText('Brokerage').closest('li')).toHaveTextContent('$5,207.40');
    expect(
      screen.getByRole('img', { name: /^Allocation by type: ETFs 18\.48%, Crypto 68\.33%/ }),
    ).toBeInTheDocument();
  });

  it('shows cards on a phone', async () => {
    setViewport(375);
    serveHoldings();
    renderAssets();
    const cards = await screen.findByRole('list', { name: 'Holdings' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const btc = within(within(cards).getByRole('listitem', { name: 'BTC Bitcoin' }));
    expect(btc.getByText('0.12345678')).toBeInTheDocument();
    expect(btc.getByText('+87.24%')).toBeInTheDocument();
  });

  it('keeps the type filter in the URL and sends it', async () => {
    const user = userEvent.setup();
    serveHoldings();
    const { router } = renderAssets('/assets?page=1');
    await table();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All types',
      'Stocks',
      'ETFs',
      'Mutual funds',
      'Bonds',
      'Cash',
      'Crypto',
      'Derivatives',
      'Other',
    ]);
    await user.click(within(options).getByRole('option', { name: 'Crypto' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=crypto'));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^VTI/ })).not.toBeInTheDocument());
    expect(await rowOf('BTC')).toBeInTheDocument();
    expect(holdingsRequests().at(-1)!.get('type')).toBe('crypto');
    expect(screen.getByText('1 holding')).toBeInTheDocument();
  });

  it('reads the type from the URL and offers all types when none match', async () => {
    const user = userEvent.setup();
    serveHoldings();
    const { router } = renderAssets('/assets?type=derivative');
    expect(await screen.findByText('No holdings of the type Derivatives.')).toBeInTheDocument();
    // The news card reads every holding (type all) for its symbols; the list asks for the type.
    expect(holdingsRequests().map((query) => query.get('type'))).toContain('derivative');
    await user.click(screen.getByRole('button', { name: 'Show all types' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await rowOf('VTI')).toBeInTheDocument();
  });

  it('pages through 250 holdings a hundred at a time', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    serveHoldings(
      Array.from({ length: 250 }, (_, index) =>
        makeHolding({ id: `h_${index}`, symbol: `T${String(index).padStart(3, '0')}` }),
      ),
    );
    const { router } = renderAssets();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(await rowOf('T000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await rowOf('T100')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(holdingsRequests().at(-1)!.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(within(await table()).getAllByRole('rowheader')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });
});

describe('Assets states', () => {
  it('says there are no investments yet and links to Accounts', async () => {
    const user = userEvent.setup();
    serveHoldings([]);
    renderAssets();
    expect(await screen.findByRole('heading', { name: 'No investments yet' })).toBeInTheDocument();
    expect(
      screen.getByText(/Link a brokerage through Plaid on the Accounts page \(Plaid needs PLAID_CLIENT_ID/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Accounts' }));
    expect(await screen.findByRole('heading', { name: 'Accounts page' })).toBeInTheDocument();
  });

  it('shows the skeletons while loading', async () => {
    serveHoldings();
    server.on('GET', '/api/v1/investments/holdings', () => new Promise<Response>(() => undefined));
    renderAssets();
    expect((await screen.findAllByTestId('list-skeleton')).length).toBeGreaterThan(0);
    expect(screen.getByText('Loading allocation by type…')).toBeInTheDocument();
    expect(screen.getByText('Loading news…')).toBeInTheDocument();
  });

  it('says the holdings could not be fetched and retries', async () => {
    const user = userEvent.setup();
    serveHoldings();
    server.on('GET', '/api/v1/investments/holdings', () => fail(500, 'Database unavailable'));
    renderAssets();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch investment holdings');
    expect(alert).toHaveTextContent('Database unavailable');
    serveHoldings();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('BTC')).toBeInTheDocument();
  });

  it('masks every amount and quantity when balances are hidden', async () => {
    serveHoldings(sampleHoldings(), { show_balances: false });
    renderAssets();
    const btc = within(await rowOf('BTC'));
    await waitFor(() => expect(btc.queryByText('$11,234.57')).not.toBeInTheDocument());
    expect(btc.queryByText('0.12345678')).not.toBeInTheDocument();
    expect(btc.getAllByText('Amount hidden').length).toBeGreaterThanOrEqual(3);
    expect(btc.getByText('+87.24%')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Totals' })).not.toHaveTextContent('$');
    expect(screen.getByRole('list', { name: 'Allocation by type' })).not.toHaveTextContent('$');
  });
});
