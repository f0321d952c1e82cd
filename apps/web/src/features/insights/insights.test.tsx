import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/fake-server';
import { fail, makeRecurring, RECURRING, renderInsights, serveInsights, usd } from './test-harness';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const insightCard = (title: string) => screen.getByRole('article', { name: title });
const figure = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextElementSibling;

describe('Insights page', () => {
  it('shows a skeleton while loading, then the warnings first under "Needs attention"', async () => {
    serveInsights();
    renderInsights();
    expect(screen.getByRole('status')).toHaveTextContent('Loading insights…');
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    const others = screen.getByRole('region', { name: 'Other insights' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Needs attention',
      'Other insights',
      'Recurring payments',
    ]);
    const titles = (section: HTMLElement) =>
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(titles(attention)).toEqual(['Food & Dining is up 35%', 'Checking may run low']);
    expect(titles(others)).toEqual(['You saved 24% of your income', 'Cash is sitting idle']);
    expect(within(insightCard('Food & Dining is up 35%')).getByText('Warning')).toBeInTheDocument();
    expect(within(insightCard('You saved 24% of your income')).getByText('Good news')).toBeInTheDocument();
    expect(within(insightCard('Cash is sitting idle')).getByText('Info')).toBeInTheDocument();
  });

  it('formats each figure by its kind and links to the transactions', async () => {
    serveInsights();
    renderInsights();
    await screen.findByRole('region', { name: 'Needs attention' });
    const food = insightCard('Food & Dining is up 35%');
    expect(food).toHaveTextContent('You spent $607.50 on Food & Dining, $157.50 more than your usual month.');
    expect(figure(food, 'This month')).toHaveTextContent('$607.50');
    expect(figure(food, 'Change')).toHaveTextContent('35.00%');
    expect(figure(food, 'Since')).toHaveTextContent('11/01/2026');
    expect(figure(food, 'Transactions')).toHaveTextContent(/^18$/);
    expect(figure(food, 'Biggest merchant')).toHaveTextContent('Whole Foods');
    expect(within(food).getByRole('link', { name: 'See the transactions' })).toHaveAttribute(
      'href',
      '/activity?categories=FOOD_AND_DRINK&date=2026-11-01&filter=expenses',
    );
    const savings = insightCard('You saved 24% of your income');
    expect(figure(savings, 'This month')).toHaveTextContent('24.50%');
    expect(figure(savings, 'Saved')).toHaveTextContent('$1,200.00');
  });

  it('lists recurring payments soonest first with cadence, dates, price increases and a monthly total', async () => {
    serveInsights({}, { preferences: { date_format: 'DD.MM.YYYY' } });
    renderInsights();
    const section = await screen.findByRole('region', { name: 'Recurring payments' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'City Gym',
      'Netflix',
      'Namecheap',
    ]);
    const netflix = rows[1]!;
    expect(within(netflix).getByRole('link')).toHaveAttribute('href', '/activity?search=Netflix');
    expect(netflix).toHaveTextContent('Every month · Entertainment · 11 payments so far');
    expect(netflix).toHaveTextContent('Price increase: was $15.49, now $17.99');
    expect(figure(netflix, 'Average')).toHaveTextContent('-$16.24');
    await waitFor(() => expect(figure(netflix, 'Last paid')).toHaveTextContent('03.11.2026'));
    expect(figure(netflix, 'Next expected')).toHaveTextContent('03.12.2026-$17.99');
    expect(rows[2]).toHaveTextContent('Every year');
    expect(rows[0]).toHaveTextContent('1 payment so far');
    expect(rows[0]).not.toHaveTextContent('Price increase');
    // $45.00 + $16.24 a month, and $12.00 a year = $1.00 a month.
    expect(figure(section, 'Recurring payments out, a month')).toHaveTextContent('$62.24');
  });

  it('hides every amount when balances are hidden', async () => {
    serveInsights({}, { preferences: { show_balances: false } });
    renderInsights();
    const food = await screen.findByRole('article', { name: 'Food & Dining is up 35%' });
    await waitFor(() => expect(figure(food, 'This month')).toHaveTextContent('Amount hidden'));
    expect(figure(food, 'Change')).toHaveTextContent('35.00%');
    const section = screen.getByRole('region', { name: 'Recurring payments' });
    expect(section).toHaveTextContent('Price increase: was ••••Amount hidden, now ••••Amount hidden');
    expect(section.textContent).not.toMatch(/\$\d/);
    // The figures are masked; the explanation is the server's own sentence.
    expect(food.querySelector('dl')?.textContent).not.toMatch(/\$\d/);
    expect(figure(insightCard('You saved 24% of your income'), 'Saved')).toHaveTextContent('Amount hidden');
  });

  it('lists recurring income apart, never among the recurring payments', async () => {
    const salary = makeRecurring({
      key: 'acme',
      name: 'ACME Payroll',
      category: 'INCOME',
      cadence: 'biweekly',
      averageAmount: usd(250_000),
      lastAmount: usd(250_000),
      nextAmount: usd(250_000),
      lastDate: '2026-11-13',
      nextDate: '2026-11-27',
      occurrences: 26,
    });
    serveInsights({ recurring: [...RECURRING, salary] });
    renderInsights();
    const payments = await screen.findByRole('region', { name: 'Recurring payments' });
    expect(payments).not.toHaveTextContent('ACME Payroll');
    expect(figure(payments, 'Recurring payments out, a month')).toHaveTextContent('$62.24');
    const income = screen.getByRole('region', { name: 'Recurring income' });
    expect(within(income).getAllByRole('listitem')).toHaveLength(1);
    expect(income).toHaveTextContent('ACME Payroll');
  });

  it('explains when there are no insights yet', async () => {
    serveInsights({ insights: [], recurring: [] });
    renderInsights();
    expect(await screen.findByRole('heading', { name: 'No insights yet' })).toBeInTheDocument();
    expect(screen.getByText(/They appear after about a month of transactions/)).toBeInTheDocument();
  });

  it('shows a failure with a retry that works', async () => {
    const user = userEvent.setup();
    server.on('GET', '/api/v1/insights', () => fail(503, 'Insights are unavailable right now'));
    renderInsights();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Insights could not be loaded');
    expect(alert).toHaveTextContent('Insights are unavailable right now');
    serveInsights();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Needs attention' })).toBeInTheDocument();
    expect(server.calls('/api/v1/insights')).toHaveLength(2);
  });
});

describe('Insights on the Free plan', () => {
  it('shows the upgrade prompt, not a failure to retry, when the plan leaves insights out', async () => {
    server.on('GET', '/api/v1/insights', () =>
      fail(
        403,
        'Insights and investment performance are part of the Pro plan. Upgrade to see them.',
        'UPGRADE_REQUIRED',
      ),
    );
    renderInsights();
    const prompt = await screen.findByRole('note');
    expect(prompt).toHaveTextContent(
      'Insights and investment performance are part of the Pro plan. Upgrade to see them.',
    );
    expect(within(prompt).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
      'href',
      '/settings/billing',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
