import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import {
  fail,
  makeDashboard,
  makePortfolio,
  ok,
  queriesOf,
  renderDashboard,
  serveDashboard,
} from './test-harness';

const card = (name: string) => screen.getByRole('region', { name });

describe('dashboard: figures', () => {
  it('shows net worth with its change, the class totals and the allocation legend', async () => {
    serveDashboard();
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByTestId('net-worth')).toHaveTextContent('$26,696.00');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Net worth',
      'Net-worth history',
      'Allocation',
      'Accounts',
      'Activity',
    ]);
    // Direction in words, not colour alone; amount and percent of the change.
    expect(screen.getByTestId('net-worth-change')).toHaveTextContent(
      'Up$1,200.00(4.71%)since 10/24/2026 (Last 30 days)',
    );
    const figures = within(card('Net worth'));
    expect(figures.getByText('Assets').nextSibling).toHaveTextContent('$27,146.00');
    expect(figures.getByText('Liabilities').nextSibling).toHaveTextContent('-$450.00');
    expect(figures.getByText('Cash').nextSibling).toHaveTextContent('$6,302.48');
    expect(figures.getByText('Real estate').nextSibling).toHaveTextContent('$0.00');

    const legend = within(card('Allocation')).getByRole('list', { name: 'Allocation by class' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Investments$20,000.0073.68%', 'Cash$6,302.4823.22%', 'Crypto$843.523.10%']);
    expect(within(card('Allocation')).getByRole('img', { name: /Investments 73.68%/ })).toBeInTheDocument();
    expect(screen.getByTestId('crypto-share')).toHaveTextContent('Crypto is 3.10% of your assets.');
  });

  it('gives every class in the allocation its own colour (Investments and Other apart)', async () => {
    serveDashboard({
      dashboard: makeDashboard({
        allocation: [
          {
            class: 'investment',
            label: 'Investments',
            amount: { amountMinor: 2_000_000, currency: 'USD' },
            percent: 60,
          },
          {
            class: 'other',
            label: 'Other',
            amount: { amountMinor: 1_000_000, currency: 'USD' },
            percent: 30,
          },
          { class: 'cash', label: 'Cash', amount: { amountMinor: 333_333, currency: 'USD' }, percent: 10 },
        ],
      }),
    });
    renderDashboard();
    const legend = await within(await screen.findByRole('region', { name: 'Allocation' })).findByRole(
      'list',
      {
        name: 'Allocation by class',
      },
    );
    const swatches = within(legend)
      .getAllByRole('listitem')
      .map((item) => (item.querySelector('span[aria-hidden="true"]') as HTMLElement).style.backgroundColor);
    expect(swatches).toEqual(['var(--chart-2)', 'var(--chart-7)', 'var(--chart-1)']);
  });

  it('shows only the widgets of the dashboard_layout preference, in its order', async () => {
    serveDashboard();
    server.on('GET', '/api/v1/user/preferences', () =>
      ok({ dashboard_layout: { widgets: ['activity', 'summary', 'accounts'] } }),
    );
    renderDashboard();
    expect(await screen.findByTestId('net-worth')).toHaveTextContent('$26,696.00');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
        'Activity',
        'Net worth',
        'Accounts',
      ]),
    );
    expect(screen.queryByRole('region', { name: 'Allocation' })).not.toBeInTheDocument();
  });

  it('warns when crypto is above the threshold', async () => {
    serveDashboard({
      dashboard: makeDashboard({ cryptoShare: { percent: 12.5, threshold: 10, above: true } }),
    });
    renderDashboard();
    expect(await screen.findByTestId('crypto-share')).toHaveTextContent(
      'Crypto is 12.50% of your assets, above the 10.00% guideline.',
    );
  });

  it('groups accounts by type with totals, status and the converted amount of a EUR account', async () => {
    serveDashboard();
    renderDashboard();
    const accounts = within(await screen.findByRole('region', { name: 'Accounts' }));
    expect(accounts.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Bank Account',
      'Credit Card',
      'Brokerage',
      'Wallet',
    ]);
    const bank = accounts.getByRole('region', { name: 'Bank Account' });
    expect(bank).toHaveTextContent('Total: $6,302.48');
    const berlin = within(bank).getByText('Berlin Girokonto').closest('li');
    expect(berlin).toHaveTextContent('Demo Bank Berlin');
    expect(berlin).toHaveTextContent('€1,200.00·$1,302.48');
    // A USD account shows only its own balance.
    expect(within(bank).getByText('Everyday Checking').closest('li')).toHaveTextContent(
      /Active\s*Demo Bank\$5,000\.00$/,
    );

    const cardRow = accounts.getByText('Travel Rewards Card').closest('li');
    if (!cardRow) throw new Error('no card row');
    expect(within(cardRow).getByText('Reconnect needed')).toBeInTheDocument();
    expect(within(cardRow).getByRole('link', { name: 'reconnect on the Accounts page' })).toHaveAttribute(
      'href',
      '/accounts',
    );
  });

  it('summarises the period’s activity against the previous one, with links to the transactions', async () => {
    serveDashboard();
    renderDashboard();
    const activity = within(await screen.findByRole('region', { name: 'Activity' }));
    await activity.findByText('Income');
    expect(activity.getByText('Income').nextSibling).toHaveTextContent('$5,000.00No change');
    expect(activity.getByText('Spending').nextSibling).toHaveTextContent(
      '$3,200.00Down$800.00(20.00%)vs previous period',
    );
    expect(activity.getByText('Transactions').nextSibling).toHaveTextContent(
      '42Up 2 (5.00%) vs previous period',
    );
    expect(activity.getByRole('link', { name: /Food & Dining/ })).toHaveAttribute(
      'href',
      '/activity?filter=counted&categories=FOOD_AND_DRINK&date=2026-10-24&to=2026-11-22',
    );
    expect(activity.getByRole('link', { name: /Uncategorized/ })).toHaveAttribute(
      'href',
      '/activity?filter=counted&categories=UNCATEGORIZED&date=2026-10-24&to=2026-11-22',
    );
  });
});

describe('dashboard: period and range', () => {
  it('reads the period from the URL and writes a new choice back to it', async () => {
    serveDashboard();
    const user = userEvent.setup();
    const { router } = renderDashboard();
    await screen.findByTestId('net-worth');
    expect(queriesOf('/api/v1/dashboard').at(-1)?.get('period')).toBe('1-month');
    expect(queriesOf('/api/v1/dashboard/activity-summary').at(-1)?.get('period')).toBe('1-month');

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Last 30 days',
      'Last 3 months',
      'Last 6 months',
      'Last 12 months',
      'All time',
    ]);
    await user.click(screen.getByRole('option', { name: 'Last 12 months' }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=1-year'));
    await waitFor(() => expect(queriesOf('/api/v1/dashboard').at(-1)?.get('period')).toBe('1-year'));
    expect(queriesOf('/api/v1/dashboard/activity-summary').at(-1)?.get('period')).toBe('1-year');
    expect(await screen.findByText(/since 10\/24\/2026 \(Last 12 months\)/)).toBeInTheDocument();
  });

  it('opens on the period and history range of the default date range preference, unless the URL names them', async () => {
    serveDashboard();
    server.on('GET', '/api/v1/user/preferences', () =>
      ok({ default_date_range: '90d', number_format: 'de-DE', date_format: 'YYYY-MM-DD' }),
    );
    const { unmount } = renderDashboard();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Last 3 months'),
    );
    await waitFor(() => expect(queriesOf('/api/v1/dashboard').at(-1)?.get('period')).toBe('3-months'));
    await waitFor(() => expect(queriesOf('/api/v1/portfolio').at(-1)?.get('range')).toBe('3M'));
    expect(screen.getByRole('radio', { name: '3M' })).toBeChecked();
    // Figures and dates follow the number and date formats.
    expect(await screen.findByText(/Net worth on \d{4}-\d{2}-\d{2}:/)).toBeInTheDocument();
    expect(screen.getByTestId('net-worth')).toHaveTextContent(/\d,\d{2}\s\$/);
    unmount();

    renderDashboard('/dashboard?period=1-year&range=ALL');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Last 12 months'),
    );
    expect(await screen.findByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('says there is no previous period for all time', async () => {
    serveDashboard();
    renderDashboard('/dashboard?period=all-time');
    const activity = within(await screen.findByRole('region', { name: 'Activity' }));
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('All time');
    expect(await activity.findAllByText('No previous period')).toHaveLength(4);
  });

  it('switches the history range, keeping the previous chart while the new one loads', async () => {
    serveDashboard();
    let release: () => void = () => undefined;
    const user = userEvent.setup();
    renderDashboard();
    const history = within(await screen.findByRole('region', { name: 'Net-worth history' }));
    const chart = await history.findByRole('img', { name: /over the last month/ });
    expect(queriesOf('/api/v1/portfolio').map((query) => query.get('range'))).toEqual(['1M']);

    server.on(
      'GET',
      '/api/v1/portfolio',
      ({ url }) =>
        new Promise((resolve) => {
          release = () => resolve(ok(makePortfolio(url.searchParams.get('range') as '1Y')));
        }),
    );
    await user.click(history.getByRole('radio', { name: '1Y' }));
    await waitFor(() => expect(queriesOf('/api/v1/portfolio').at(-1)?.get('range')).toBe('1Y'));
    expect(chart).toBeInTheDocument();
    expect(history.queryByRole('status')).not.toBeInTheDocument();
    release();
    expect(await history.findByRole('img', { name: /over the last year/ })).toBeInTheDocument();
  });

  it('offers the history as a table: daily rows for a month, month-end rows for a year', async () => {
    serveDashboard();
    const user = userEvent.setup();
    renderDashboard();
    const history = within(await screen.findByRole('region', { name: 'Net-worth history' }));
    await history.findByRole('img', { name: /over the last month/ });
    await user.click(history.getByText('Show the data as a table'));
    const table = history.getByRole('table', { name: /by day/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Net worth', 'Cash', 'Investments', 'Crypto', 'Real estate', 'Other', 'Liabilities']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(32);
    expect(rows.at(-1)).toHaveTextContent('11/22/2026$26,693.52$6,300.00$20,000.00$843.52$0.00$0.00-$450.00');

    await user.click(history.getByRole('radio', { name: '1Y' }));
    const yearly = await history.findByRole('table', { name: /last day of each month/ });
    // 2025-11-22 … 2026-11-22: 13 months, a row each, plus the header.
    const dates = within(yearly)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.firstChild?.textContent);
    expect(dates).toHaveLength(13);
    expect(dates.slice(0, 2)).toEqual(['11/30/2025', '12/31/2025']);
    expect(dates.at(-1)).toBe('11/22/2026');
  });
});

describe('dashboard: states', () => {
  it('shows the skeleton while loading, then an empty state for a user without accounts', async () => {
    serveDashboard({ dashboard: makeDashboard({ hasAccounts: false, accounts: [], allocation: [] }) });
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard…');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Connect an account to see your net worth' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Accounts' })).toHaveAttribute('href', '/accounts');
    expect(screen.queryByRole('region', { name: 'Net-worth history' })).not.toBeInTheDocument();
  });

  it('shows the load error with a retry, while the other cards still work', async () => {
    serveDashboard();
    let failing = true;
    server.on('GET', '/api/v1/dashboard', () =>
      failing ? fail(500, 'Database unavailable', 'INTERNAL') : ok(makeDashboard()),
    );
    const user = userEvent.setup();
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch dashboard data');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(await screen.findByRole('img', { name: /Net worth by class/ })).toBeInTheDocument();
    expect(within(card('Activity')).getByText('Food & Dining')).toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('net-worth')).toHaveTextContent('$26,696.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the page when only the history fails', async () => {
    serveDashboard();
    server.on('GET', '/api/v1/portfolio', () => fail(500, 'History is being rebuilt'));
    renderDashboard();
    expect(await screen.findByTestId('net-worth')).toHaveTextContent('$26,696.00');
    const history = within(card('Net-worth history'));
    expect(await history.findByRole('alert')).toHaveTextContent('Net-worth history could not be loaded');
  });

  it('masks every amount when balances are hidden, keeping the percentages', async () => {
    serveDashboard({ showBalances: false });
    const user = userEvent.setup();
    renderDashboard();
    const netWorth = await screen.findByTestId('net-worth');
    await waitFor(() => expect(netWorth).toHaveTextContent('Amount hidden'));
    const main = screen.getByRole('main');
    await within(card('Activity')).findByText('Food & Dining');
    await screen.findByRole('img', { name: /Net worth by class/ });
    await user.click(screen.getByText('Show the data as a table'));
    // Not one currency figure anywhere on the page: figures, legend, accounts, activity, table cells.
    expect(main.textContent).not.toMatch(/[$€]\s?\d/);
    expect(screen.getByTestId('net-worth-change')).toHaveTextContent('(4.71%)');
    expect(screen.getByTestId('crypto-share')).toHaveTextContent('3.10%');
    expect(within(card('Allocation')).getByRole('list')).toHaveTextContent('73.68%');
    expect(screen.getByRole('img', { name: /Net worth by class/ })).toHaveAccessibleName(/amount hidden/);
    const firstRow = within(screen.getByRole('table')).getAllByRole('row')[1];
    expect(firstRow).toHaveTextContent('Amount hidden');
  });
});
