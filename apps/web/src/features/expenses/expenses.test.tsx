import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/fake-server';
import {
  deficitFlow,
  emptySummary,
  fail,
  flowRequests,
  novemberSummary,
  ok,
  otherMonthSummary,
  renderExpenses,
  serveExpenses,
  summaryMonths,
  surplusFlow,
} from './test-harness';

// 22 November 2026, 10:00 in New York (the default time zone): the current month is 2026-11.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const card = (name: string) => screen.getByRole('region', { name });
const paragraphStarting = (text: string) =>
  screen.findByText((_, element) => element?.tagName === 'P' && (element.textContent ?? '').startsWith(text));

describe('Expenses page', () => {
  it('shows the month’s totals, categories with links, merchants, the hidden categories and the daily table', async () => {
    serveExpenses();
    renderExpenses();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Spent in November 2026').nextElementSibling).toHaveTextContent(
      '$1,234.56',
    );
    expect(within(totals).getByText('Spent in October 2026').nextElementSibling).toHaveTextContent(
      '$1,000.00',
    );
    expect(within(totals).getByText('Change').nextElementSibling).toHaveTextContent(
      'up 23.46% ($234.56 more than October)',
    );
    expect(within(totals).getByText('Income in November 2026').nextElementSibling).toHaveTextContent(
      '$5,000.00',
    );

    const categories = within(card('By category')).getAllByRole('listitem');
    expect(categories.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Uncategorized',
      'Food & Dining',
      'Transportation',
    ]);
    const food = categories[1]!;
    expect(food).toHaveTextContent('$450.00');
    expect(food).toHaveTextContent('36.45%');
    expect(food).toHaveTextContent('14 transactions');
    expect(food).toHaveTextContent('up 12.50% ($50.00 more than October)');
    expect(within(food).getByRole('link')).toHaveAttribute(
      'href',
      '/activity?filter=counted&categories=FOOD_AND_DRINK&date=2026-11-01&to=2026-11-30',
    );
    expect(categories[2]).toHaveTextContent('1 transaction·down 14.29% ($50.00 less than October)');
    expect(within(categories[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/activity?filter=counted&categories=UNCATEGORIZED&date=2026-11-01&to=2026-11-30',
    );

    const merchants = within(card('Top merchants')).getAllByRole('listitem');
    expect(merchants[0]).toHaveTextContent('Whole Foods');
    expect(merchants[0]).toHaveTextContent('Food & Dining · 4 transactions');
    expect(merchants[0]).toHaveTextContent('$250.00');
    expect(within(merchants[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/activity?search=Whole%20Foods&date=2026-11-01&to=2026-11-30',
    );

    expect(screen.getByText(/2 categories hidden/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings → Financial' })).toHaveAttribute(
      'href',
      '/settings/financial',
    );

    const daily = within(card('Day by day'));
    expect(
      daily.getByRole('img', { name: /Cumulative spending by day, November 2026 against October 2026/ }),
    ).toBeInTheDocument();
    const table = daily.getByRole('table', { hidden: true });
    const rows = within(table)
      .getAllByRole('row', { hidden: true })
      .map((row) => row.textContent);
    expect(rows).toEqual(['DayThis monthLast month', '1$12.50$23.00', '2$50.00$40.00', '3$90.00$75.25']);
  });

  it('defaults to the current month, steps back and forth through the URL, and never past this month', async () => {
    const user = userEvent.setup();
    serveExpenses({
      summaries: {
        '2026-11': novemberSummary(),
        '2026-10': otherMonthSummary('2026-10', '2026-09'),
      },
    });
    const { router } = renderExpenses();
    await screen.findByRole('region', { name: 'Totals' });
    expect(summaryMonths()[0]).toBe('2026-11');
    expect(flowRequests()[0]!.get('date')).toBe('2026-11-01');
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous month, October 2026' }));
    expect(router.state.location.search).toBe('?month=2026-10');
    expect(await screen.findByText('Spent in October 2026')).toBeInTheDocument();
    expect(screen.getByText('Spent in September 2026')).toBeInTheDocument();
    await waitFor(() => expect(flowRequests().at(-1)!.get('date')).toBe('2026-10-01'));
    expect(summaryMonths()).toContain('2026-10');

    const next = screen.getByRole('button', { name: 'Next month, November 2026' });
    expect(next).toBeEnabled();
    await user.click(next);
    expect(router.state.location.search).toBe('?month=2026-11');
    expect(await screen.findByText('Spent in November 2026')).toBeInTheDocument();
  });

  it('prefetches the months either side of the one shown, but none after the current month', async () => {
    serveExpenses({ summaries: { '2026-09': otherMonthSummary('2026-09', '2026-08') } });
    const first = renderExpenses('/expenses?month=2026-09');
    await screen.findByText('Spent in September 2026');
    await waitFor(() => expect(summaryMonths()).toEqual(expect.arrayContaining(['2026-08', '2026-10'])));
    expect(summaryMonths()[0]).toBe('2026-09');
    first.unmount();

    server.requests = [];
    serveExpenses();
    renderExpenses('/expenses?month=2027-03');
    // A month in the future shows the current one.
    await screen.findByText('Spent in November 2026');
    await waitFor(() => expect(summaryMonths()).toContain('2026-10'));
    expect(summaryMonths()).not.toContain('2026-12');
    expect(summaryMonths()).not.toContain('2027-03');
  });

  it('opens the flow on the period of the default date range preference, unless the URL names one', async () => {
    serveExpenses({ preferences: { default_date_range: '1y', number_format: 'de-DE' } });
    const { unmount } = renderExpenses();
    await waitFor(() => expect(flowRequests().at(-1)!.get('period')).toBe('yearly'));
    const flow = card('Expense flow');
    expect(within(flow).getByRole('radio', { name: 'Yearly' })).toBeChecked();
    // Amounts follow the number format.
    expect((await screen.findAllByText(/^1\.234,56\s\$$/)).length).toBeGreaterThan(0);
    unmount();
    renderExpenses('/expenses?flow=quarterly');
    await waitFor(() => expect(flowRequests().at(-1)!.get('period')).toBe('quarterly'));
  });

  it('sums up the expense flow in a sentence and a table, and changes its period', async () => {
    const user = userEvent.setup();
    serveExpenses({
      flow: (params) =>
        params.get('period') === 'quarterly'
          ? surplusFlow({ period: 'quarterly', from: '2026-10-01', to: '2026-12-31' })
          : surplusFlow(),
    });
    const { router } = renderExpenses();
    const summary = await paragraphStarting('In November 2026 you earned');
    expect(summary).toHaveTextContent(
      'In November 2026 you earned $5,000.00, spent $1,234.56 and saved $3,765.44 (75.31% of income).',
    );
    const flow = card('Expense flow');
    expect(within(flow).getByRole('img', { name: /Expense flow for November 2026/ })).toBeInTheDocument();
    const rows = within(within(flow).getByRole('table', { hidden: true }))
      .getAllByRole('row', { hidden: true })
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'FromToAmount',
      'Acme CorpIncome$5,000.00',
      'IncomeFood & Dining$450.00',
      'IncomeTransportation$300.00',
      'IncomeOther$484.56',
      'IncomeSavings$3,765.44',
    ]);
    expect(flowRequests()[0]!.get('period')).toBe('monthly');

    await user.click(within(flow).getByRole('radio', { name: 'Quarterly' }));
    expect(router.state.location.search).toBe('?flow=quarterly');
    await waitFor(() => expect(flowRequests().at(-1)!.get('period')).toBe('quarterly'));
    expect(flowRequests().at(-1)!.get('date')).toBe('2026-11-01');
    expect(await paragraphStarting('In Q4 2026 you earned $5,000.00')).toBeInTheDocument();
  });

  it('says when spending exceeded income and the gap came from savings', async () => {
    serveExpenses({ flow: deficitFlow() });
    renderExpenses();
    const summary = await paragraphStarting('In November 2026 you earned');
    expect(summary).toHaveTextContent(
      'In November 2026 you earned $1,000.00 and spent $1,500.00: $500.00 more than you earned, drawn from savings.',
    );
    const rows = within(screen.getAllByRole('table', { hidden: true }).at(-1)!)
      .getAllByRole('row', { hidden: true })
      .map((row) => row.textContent);
    expect(rows).toContain('From savingsIncome$500.00');
  });

  it('shows the spec’s expense-flow error with a retry that works', async () => {
    const user = userEvent.setup();
    serveExpenses();
    server.on('GET', '/api/v1/expenses/flow', () => fail(500, 'Database unavailable'));
    renderExpenses();
    const flow = await screen.findByRole('region', { name: 'Expense flow' });
    const alert = await within(flow).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch expense flow: 500 - Database unavailable');
    // The rest of the page is unaffected.
    expect(screen.getByRole('region', { name: 'Totals' })).toBeInTheDocument();

    server.on('GET', '/api/v1/expenses/flow', () => ok(surplusFlow()));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await paragraphStarting('In November 2026 you earned')).toBeInTheDocument();
  });

  it('shows a spending error with a retry', async () => {
    const user = userEvent.setup();
    serveExpenses();
    server.on('GET', '/api/v1/transactions/spending-summary', () => fail(500, 'Query timed out'));
    renderExpenses();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Spending could not be loaded');
    expect(alert).toHaveTextContent('Query timed out');
    serveExpenses();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeInTheDocument();
  });

  it('says when a month has no spending, with ways to Activity and Accounts', async () => {
    serveExpenses({ summaries: { '2026-11': emptySummary() } });
    renderExpenses();
    expect(await screen.findByRole('heading', { name: 'No spending in November 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all activity' })).toHaveAttribute('href', '/activity');
    expect(screen.getByRole('link', { name: 'Check your accounts' })).toHaveAttribute('href', '/accounts');
    expect(screen.getByRole('navigation', { name: 'Month' })).toBeInTheDocument();
  });

  it('shows a new user one state that explains where spending comes from', async () => {
    serveExpenses({ summaries: { '2026-11': emptySummary() }, accounts: [] });
    renderExpenses();
    expect(
      await screen.findByRole('heading', { name: 'Your spending will appear here' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/once an account is connected or a file of transactions is imported/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Accounts' })).toHaveAttribute('href', '/accounts');
    expect(screen.queryByRole('region', { name: 'Expense flow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Month' })).not.toBeInTheDocument();
  });

  it('hides every amount when balances are hidden, keeping shares and words', async () => {
    serveExpenses({ preferences: { show_balances: false } });
    renderExpenses();
    const summary = await paragraphStarting('In November 2026 you earned');
    await waitFor(() => expect(summary).toHaveTextContent('you earned ••••Amount hidden, spent'));
    expect(document.body.textContent).not.toMatch(/\$\d/);
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent(
      'up 23.46% (••••Amount hidden more',
    );
    expect(screen.getByRole('region', { name: 'By category' })).toHaveTextContent('36.45%');
  });
});

describe('Expenses under a retention window', () => {
  const billing = () =>
    server.on('GET', '/api/v1/billing', () =>
      ok({
        mode: 'stripe',
        plan: { tier: 'free_trial', displayName: 'Free', dataRetentionDays: 365 },
        usage: {},
      }),
    );

  it('says the plan shows the last 365 days on a month the window cuts into', async () => {
    serveExpenses({
      summaries: { '2025-12': { ...otherMonthSummary('2025-12', '2025-11'), visibleFrom: '2025-11-23' } },
    });
    billing();
    renderExpenses('/expenses?month=2025-12');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Your plan shows the last 365 days. Upgrade to see older history.');
    expect(within(note).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
      'href',
      '/settings/billing',
    );
  });

  it('says nothing on a month wholly inside the window', async () => {
    serveExpenses({ summaries: { '2026-11': novemberSummary({ visibleFrom: '2025-11-23' }) } });
    billing();
    renderExpenses();
    expect(await screen.findByRole('heading', { name: 'Expenses' })).toBeInTheDocument();
    await screen.findAllByText(/Groceries|Food/);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
