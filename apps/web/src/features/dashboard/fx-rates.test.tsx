import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { todayIn } from './model';
import { fail, makeDashboard, ok, renderDashboard, serveDashboard, usd } from './test-harness';

const WITH_MISSING = makeDashboard({
  fx: { missing: ['XYZ'], stale: [{ currency: 'EUR', asOf: '2026-11-01' }], estimated: [] },
});

const ONLY_USD = makeDashboard({
  accounts: [
    {
      type: 'depository',
      label: 'Bank Account',
      total: usd(500_000),
      accounts: [
        {
          id: 'acc_checking',
          name: 'Everyday Checking',
          type: 'depository',
          institution: 'Demo Bank',
          status: 'active',
          native: usd(500_000),
          converted: usd(500_000),
          isLiability: false,
        },
      ],
    },
  ],
});

async function openRatesFromHeader(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Exchange rates' }));
  return screen.findByRole('dialog', { name: 'Exchange rates' });
}

describe('dashboard: exchange-rate notices', () => {
  it('says which balances are left out for want of a rate, and notes stale rates quietly', async () => {
    serveDashboard({ dashboard: WITH_MISSING });
    const user = userEvent.setup();
    renderDashboard();
    const notice = await screen.findByText(/No exchange rate from XYZ to USD yet/);
    expect(notice).toHaveTextContent('Balances in XYZ are left out of the totals until a rate exists.');
    expect(screen.getByText(/EUR amounts use the exchange rate of 11\/01\/2026/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add an exchange rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exchange rates' });
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('XYZ');
  });

  it('shows no change computed from partial totals, and says which figures are estimates', async () => {
    const base = makeDashboard();
    serveDashboard({
      dashboard: makeDashboard({
        summary: {
          ...base.summary,
          change: { amount: null, percent: null, from: '2026-10-24', missing: ['XYZ'], estimated: false },
        },
        fx: { missing: ['XYZ'], stale: [], estimated: [{ currency: 'EUR', from: '2026-11-20' }] },
      }),
    });
    renderDashboard();
    const change = await screen.findByTestId('net-worth-change');
    expect(change).toHaveTextContent(
      'Change since 10/24/2026 not shown: XYZ has no exchange rate to USD yet, so the totals are incomplete.',
    );
    expect(change).not.toHaveTextContent('%');
    expect(
      screen.getByText(
        /EUR amounts before 11\/20\/2026 are estimates: they use the earliest known exchange rate/,
      ),
    ).toBeInTheDocument();
  });

  it('offers the rates only when a balance needs converting', async () => {
    serveDashboard({ dashboard: ONLY_USD });
    renderDashboard();
    await screen.findByTestId('net-worth');
    expect(screen.queryByRole('button', { name: 'Exchange rates' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No exchange rate/)).not.toBeInTheDocument();
  });
});

describe('dashboard: exchange-rates dialog', () => {
  it('lists the rates against the reporting currency with their date and source', async () => {
    serveDashboard();
    const user = userEvent.setup();
    renderDashboard();
    const dialog = within(await openRatesFromHeader(user));
    const eur = (await dialog.findByText('1 EUR = 1.0854 USD')).closest('li');
    expect(eur).toHaveTextContent('11/20/2026');
    expect(eur).toHaveTextContent('ECB');
    expect(eur).not.toHaveTextContent('Stale');
    const xyz = dialog.getByText('1 XYZ = 0.25 USD').closest('li');
    expect(xyz).toHaveTextContent('Manual');
    expect(xyz).toHaveTextContent('Stale');
    expect(dialog.getByText(/ECB rates last fetched 11\/21\/2026/)).toBeInTheDocument();
  });

  it('lists the currencies actually held, naming those without any rate (no "nothing to convert")', async () => {
    serveDashboard({ dashboard: WITH_MISSING });
    server.on('GET', '/api/v1/fx/rates', () =>
      ok({ currency: 'USD', rates: [], missing: ['XYZ'], held: ['USD', 'XYZ'], lastFetchedAt: null }),
    );
    const user = userEvent.setup();
    renderDashboard();
    const dialog = within(await openRatesFromHeader(user));
    expect(await dialog.findByText('Your accounts are in USD, XYZ.')).toBeInTheDocument();
    expect(dialog.getByText('XYZ').closest('li')).toHaveTextContent('No rate');
    expect(dialog.queryByText(/nothing to convert/)).not.toBeInTheDocument();
  });

  it('marks a rate that only exists after today as an estimate', async () => {
    serveDashboard();
    server.on('GET', '/api/v1/fx/rates', () =>
      ok({
        currency: 'USD',
        rates: [
          {
            currency: 'EUR',
            rate: '1.1',
            date: '2099-01-02',
            source: 'manual',
            stale: false,
            estimated: true,
          },
        ],
        missing: [],
        held: ['EUR', 'USD'],
        lastFetchedAt: null,
      }),
    );
    const user = userEvent.setup();
    renderDashboard();
    const dialog = within(await openRatesFromHeader(user));
    const row = (await dialog.findByText('1 EUR = 1.1 USD')).closest('li');
    expect(row).toHaveTextContent('Estimated');
    expect(row).toHaveTextContent('Earliest known rate, of 01/02/2099');
  });

  it('checks a manual rate before sending it, then saves it and reads the figures again', async () => {
    serveDashboard();
    server.on('POST', '/api/v1/fx/rates', ({ body }) => ok(body, 201));
    const user = userEvent.setup();
    renderDashboard();
    const dialog = within(await openRatesFromHeader(user));
    await user.click(dialog.getByRole('button', { name: 'Save rate' }));
    expect(dialog.getByLabelText('Currency')).toHaveAccessibleDescription(
      /Enter a three-letter currency code, such as EUR/,
    );
    expect(dialog.getByLabelText('Rate in USD')).toHaveAccessibleDescription(/Enter the rate/);
    expect(dialog.getByLabelText('Rate in USD')).toHaveAttribute('aria-invalid', 'true');

    await user.type(dialog.getByLabelText('Currency'), 'usd');
    await user.type(dialog.getByLabelText('Rate in USD'), '-2');
    await user.click(dialog.getByRole('button', { name: 'Save rate' }));
    expect(dialog.getByText('Choose a currency other than USD')).toBeInTheDocument();
    expect(dialog.getByText('Enter the rate as a positive number')).toBeInTheDocument();
    expect(server.calls('/api/v1/fx/rates', 'POST')).toHaveLength(0);

    const dashboardReads = server.calls('/api/v1/dashboard', 'GET').length;
    await user.clear(dialog.getByLabelText('Currency'));
    await user.type(dialog.getByLabelText('Currency'), 'chf');
    await user.clear(dialog.getByLabelText('Rate in USD'));
    await user.type(dialog.getByLabelText('Rate in USD'), '1.1312');
    await user.click(dialog.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Exchange rate for CHF saved')).toBeInTheDocument();
    expect(server.calls('/api/v1/fx/rates', 'POST').map((request) => request.body)).toEqual([
      { base: 'CHF', quote: 'USD', date: todayIn('America/New_York'), rate: '1.1312' },
    ]);
    await waitFor(() =>
      expect(server.calls('/api/v1/dashboard', 'GET').length).toBeGreaterThan(dashboardReads),
    );
    expect(dialog.getByLabelText('Rate in USD')).toHaveValue('');
  });

  it('shows the server’s validation items on their fields', async () => {
    serveDashboard();
    server.on('POST', '/api/v1/fx/rates', () =>
      fail(400, 'Validation failed', 'VALIDATION_ERROR', {
        items: [{ field: 'rate', message: 'Rate is too large', code: 'too_big' }],
      }),
    );
    const user = userEvent.setup();
    renderDashboard();
    const dialog = within(await openRatesFromHeader(user));
    await user.type(dialog.getByLabelText('Currency'), 'GBP');
    await user.type(dialog.getByLabelText('Rate in USD'), '99999999');
    await user.click(dialog.getByRole('button', { name: 'Save rate' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('Rate in USD')).toHaveAccessibleDescription(/Rate is too large/),
    );
  });

  it('fetches ECB rates on demand and shows the server’s reason when that fails', async () => {
    serveDashboard();
    let answer: (response: Response) => void = () => undefined;
    server.on('POST', '/api/v1/fx/refresh', () => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderDashboard();
    const dialog = within(await openRatesFromHeader(user));
    await user.click(dialog.getByRole('button', { name: 'Fetch ECB rates now' }));
    expect(await dialog.findByRole('button', { name: 'Fetching rates…' })).toBeDisabled();
    answer(fail(502, 'Exchange rates are unavailable right now', 'UPSTREAM_ERROR'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Exchange rates are unavailable right now');
    expect(dialog.getByRole('button', { name: 'Fetch ECB rates now' })).toBeEnabled();

    server.on('POST', '/api/v1/fx/refresh', () =>
      ok({ fetched: 31, lastFetchedAt: '2026-11-22T16:00:00.000Z' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Fetch ECB rates now' }));
    expect(await screen.findByText('31 rates fetched from the ECB')).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes a manual rate', async () => {
    serveDashboard();
    server.on('DELETE', '/api/v1/fx/rates/rate_1', () => ok({ id: 'rate_1' }));
    const user = userEvent.setup();
    renderDashboard();
    const dialog = within(await openRatesFromHeader(user));
    await user.click(await dialog.findByRole('button', { name: 'Delete the manual rate for XYZ' }));
    expect(await screen.findByText('Manual rate deleted')).toBeInTheDocument();
    expect(server.calls('/api/v1/fx/rates/rate_1', 'DELETE')).toHaveLength(1);
    // The list is read again after the change.
    await waitFor(() => expect(server.calls('/api/v1/fx/rates', 'GET')).toHaveLength(2));
  });
});
