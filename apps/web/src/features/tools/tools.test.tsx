import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, server } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

/** The figure under a result label (the <dd> after its <dt>), spaces normalised. */
function figure(label: string | RegExp): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return (term.nextElementSibling?.textContent ?? '').replace(/\s/g, ' ');
}

async function setField(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value !== '') await user.type(input, value);
}

async function openTools(path = '/tools') {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Tools' });
  return { user, ...view };
}

describe('tools page', { timeout: 20_000 }, () => {
  it('offers the three calculators as tabs, keeps the open one in the URL and moves by keyboard', async () => {
    const { user, router } = await openTools();
    const tabs = screen.getByRole('tablist', { name: 'Calculators' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Compound growth', 'Loan and mortgage', 'Financial independence']);
    const first = screen.getByRole('tab', { name: 'Compound growth' });
    expect(first).toHaveAttribute('aria-selected', 'true');

    first.focus();
    await user.keyboard('{ArrowRight}');
    const loan = screen.getByRole('tab', { name: 'Loan and mortgage' });
    expect(loan).toHaveFocus();
    await waitFor(() => expect(loan).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(router.state.location.search).toBe('?tool=loan'));
    expect(screen.getByRole('heading', { name: 'Loan and mortgage' })).toBeInTheDocument();
  });

  it('opens the calculator named in the URL', async () => {
    await openTools('/tools?tool=fire');
    expect(screen.getByRole('tab', { name: 'Financial independence' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Financial independence (FIRE)' })).toBeInTheDocument();
  });
});

describe('compound growth calculator', { timeout: 20_000 }, () => {
  it('recalculates as the fields are typed in', async () => {
    const { user } = await openTools();
    await setField(user, 'Starting amount (USD)', '10000');
    await setField(user, 'Monthly contribution (USD)', '0');
    await setField(user, 'Annual interest rate (%)', '7');
    await setField(user, 'Years', '10');
    expect(figure('Balance after 10 years')).toBe('$20,096.61');
    expect(figure('Total contributions')).toBe('$10,000.00');
    expect(figure('Total interest')).toBe('$10,096.61');

    await setField(user, 'Monthly contribution (USD)', '100');
    expect(figure('Total contributions')).toBe('$22,000.00');
  });

  it('adds a month of interest per contribution when contributions come at the start of the month', async () => {
    const { user } = await openTools();
    await setField(user, 'Starting amount (USD)', '0');
    await setField(user, 'Monthly contribution (USD)', '100');
    await setField(user, 'Annual interest rate (%)', '6');
    await setField(user, 'Years', '10');
    expect(figure('Balance after 10 years')).toBe('$16,387.93');
    const timing = screen.getByRole('radiogroup', { name: 'Contributions are made at the' });
    await user.click(within(timing).getByRole('radio', { name: 'Start of month' }));
    expect(figure('Balance after 10 years')).toBe('$16,469.87');
  });

  it('shows the chart with a summary and the data as a table', async () => {
    const { user } = await openTools();
    await setField(user, 'Starting amount (USD)', '1,000');
    await setField(user, 'Monthly contribution (USD)', '0');
    await setField(user, 'Annual interest rate (%)', '0');
    await setField(user, 'Years', '2');
    const chart = screen.getByRole('img', { name: /balance by year/i });
    expect(chart.getAttribute('aria-label')).toContain('$1,000.00 after 2 years');
    const table = screen.getByRole('table', { name: 'Balance by year' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(
      within(rows[3] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '$1,000.00', '$0.00', '$1,000.00']);
  });

  it('explains an invalid field and withholds results until it is fixed', async () => {
    const { user } = await openTools();
    await setField(user, 'Annual interest rate (%)', '150');
    const rate = screen.getByLabelText('Annual interest rate (%)');
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(rate).toHaveAccessibleDescription('Enter a rate between 0 and 100');
    expect(screen.getByText('Correct the highlighted fields to see the results.')).toBeInTheDocument();
    expect(screen.queryByText('Total interest')).not.toBeInTheDocument();

    await setField(user, 'Annual interest rate (%)', '5');
    expect(rate).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter a rate between 0 and 100')).not.toBeInTheDocument();
    expect(screen.getByText('Total interest')).toBeInTheDocument();

    await setField(user, 'Years', '');
    expect(screen.getByLabelText('Years')).toHaveAccessibleDescription('Enter a number');
    await setField(user, 'Years', '0');
    expect(screen.getByLabelText('Years')).toHaveAccessibleDescription(
      'Enter a whole number of years between 1 and 100',
    );
  });

  it('formats amounts in the currency and number format of the preferences', async () => {
    server.on('GET', '/api/v1/user/preferences', () =>
      json(200, { success: true, data: { default_currency: 'EUR', number_format: 'de-DE' } }),
    );
    const { user } = await openTools();
    await screen.findByLabelText('Starting amount (EUR)');
    await setField(user, 'Starting amount (EUR)', '10.000');
    await setField(user, 'Monthly contribution (EUR)', '0');
    await setField(user, 'Annual interest rate (%)', '7');
    await setField(user, 'Years', '10');
    expect(figure('Balance after 10 years')).toBe('20.096,61 €');
  });
});

describe('loan calculator', { timeout: 20_000 }, () => {
  it('gives the textbook monthly payment and what an extra payment saves', async () => {
    const { user } = await openTools('/tools?tool=loan');
    await setField(user, 'Loan amount (USD)', '200000');
    await setField(user, 'Annual interest rate (%)', '6');
    await setField(user, 'Term (years)', '30');
    await setField(user, 'Extra monthly payment (USD)', '0');
    expect(figure('Monthly payment')).toBe('$1,199.10');
    expect(figure('Total interest')).toBe('$231,676.38');
    expect(figure('Paid off in')).toBe('30 years');
    expect(screen.queryByText('Interest saved')).not.toBeInTheDocument();

    await setField(user, 'Extra monthly payment (USD)', '100');
    expect(figure('Paid off in')).toBe('24 years 7 months');
    expect(screen.getByText('Interest saved', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('5 years 5 months sooner')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Repayment by year' })).toBeInTheDocument();
  });

  it('dates the last payment from the start date', async () => {
    const { user } = await openTools('/tools?tool=loan');
    await setField(user, 'Loan amount (USD)', '3000');
    await setField(user, 'Annual interest rate (%)', '5');
    await setField(user, 'Term (years)', '0.25');
    const date = screen.getByLabelText('Start date (optional)');
    await user.type(date, '01/31/2026');
    expect(figure('Paid off in')).toBe('3 months');
    expect(screen.getByText('Last payment 04/30/2026')).toBeInTheDocument();
  });

  it('rejects a zero term and a negative rate', async () => {
    const { user } = await openTools('/tools?tool=loan');
    await setField(user, 'Term (years)', '0');
    expect(screen.getByLabelText('Term (years)')).toHaveAccessibleDescription(
      'Enter a term between 1 month and 100 years',
    );
    await setField(user, 'Annual interest rate (%)', '-1');
    expect(screen.getByLabelText('Annual interest rate (%)')).toHaveAccessibleDescription(
      'Enter a rate between 0 and 100',
    );
    expect(screen.getByText('Correct the highlighted fields to see the results.')).toBeInTheDocument();
  });
});

describe('financial independence calculator', { timeout: 20_000 }, () => {
  it('finds the FIRE number and the age savings reach it', async () => {
    const { user } = await openTools('/tools?tool=fire');
    await setField(user, 'Current age', '30');
    await setField(user, 'Invested savings (USD)', '0');
    await setField(user, 'Yearly income after tax (USD)', '100000');
    await setField(user, 'Yearly spending (USD)', '50000');
    await setField(user, 'Expected yearly return (%)', '0');
    await setField(user, 'Yearly inflation (%)', '0');
    await setField(user, 'Withdrawal rate (%)', '4');
    expect(figure('FIRE number')).toBe('$1,250,000.00');
    expect(figure('Savings rate')).toBe('50.00%');
    expect(figure('Financially independent at')).toBe('Age 55');
    expect(screen.getByText('Savings reach the FIRE number at age 55, in 25 years.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Savings by age, in today’s money' });
    expect(within(table).getAllByRole('row')).toHaveLength(27);

    await setField(user, 'Yearly income after tax (USD)', '50000');
    expect(figure('Financially independent at')).toBe('Not by age 100');
    expect(screen.getByText('Savings do not reach the FIRE number by age 100.')).toBeInTheDocument();
  });

  it('explains an invalid withdrawal rate', async () => {
    const { user } = await openTools('/tools?tool=fire');
    await setField(user, 'Withdrawal rate (%)', '0');
    expect(screen.getByLabelText('Withdrawal rate (%)')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a withdrawal rate above 0 and up to 100'),
    );
    expect(screen.queryByText('FIRE number', { selector: 'dt' })).not.toBeInTheDocument();
  });
});
