import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { fail, ok, renderAssets, serveHoldings, setUpAssetsTests } from './test-harness';

/** The Add holding dialog on Assets (docs/markets-api.md "Manual holdings"), against the shared fake server. */

setUpAssetsTests();

const account = (id: string, name: string, type: string, connectionId: string | null) => ({
  id,
  name,
  type,
  connectionId,
  currency: 'USD',
});

function serveAccounts(accounts: ReturnType<typeof account>[]) {
  server.on('GET', '/api/v1/accounts', () => ok({ accounts }));
}

async function openDialog() {
  const user = userEvent.setup();
  renderAssets();
  await user.click(await screen.findByRole('button', { name: 'Add holding' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('Add holding', () => {
  it('offers manual investment accounts only', async () => {
    serveHoldings();
    serveAccounts([
      account('acc_own', 'Own broker', 'brokerage', null),
      account('acc_ira', 'Old IRA', 'investment', null),
      account('acc_linked', 'Linked broker', 'brokerage', 'conn_1'),
      account('acc_cash', 'Checking', 'depository', null),
    ]);
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('combobox', { name: 'Account' }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Own broker (USD)', 'Old IRA (USD)']);
  });

  it('explains how to get a manual investment account when there is none', async () => {
    serveHoldings();
    serveAccounts([account('acc_linked', 'Linked broker', 'brokerage', 'conn_1')]);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText(/You have none yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Go to Accounts' })).toHaveAttribute('href', '/accounts');
    expect(within(dialog).queryByRole('button', { name: 'Add holding' })).not.toBeInTheDocument();
  });

  it('says what is missing or wrong, field by field, and sends nothing', async () => {
    serveHoldings();
    serveAccounts([account('acc_own', 'Own broker', 'brokerage', null)]);
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Add holding' }));
    expect(within(dialog).getByText('Enter a symbol, like AAPL')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a quantity')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the buy price per unit')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Symbol'), 'not a symbol!');
    await user.type(within(dialog).getByLabelText('Quantity'), '0');
    await user.type(within(dialog).getByLabelText('Buy price per unit (USD)'), '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Add holding' }));
    expect(within(dialog).getByText(/Symbol must be 1 to 20 characters/)).toBeInTheDocument();
    expect(within(dialog).getByText('Quantity must be a number above 0, like 10 or 0.5')).toBeInTheDocument();
    expect(within(dialog).getByText('Price must be a number of 0 or more, like 187.25')).toBeInTheDocument();
    expect(server.calls('/api/v1/investments/holdings', 'POST')).toHaveLength(0);
  });

  it('finds the symbol by search and sends the holding with the price as a decimal string', async () => {
    serveHoldings();
    serveAccounts([account('acc_own', 'Own broker', 'brokerage', null)]);
    server.on('GET', '/api/v1/market/search', () =>
      ok({
        query: 'apple',
        results: [
          { symbol: 'AAPL', name: 'Apple Inc.', exchange: 'NASDAQ', type: 'equity', currency: 'USD' },
        ],
        provider: 'yahoo',
        fetchedAt: '2026-11-25T22:00:00.000Z',
        ageSeconds: 0,
        stale: false,
      }),
    );
    server.on('POST', '/api/v1/investments/holdings', ({ body }) => {
      const sent = body as Record<string, string>;
      return ok({
        holding: {
          id: 'h_1',
          accountId: sent.accountId,
          symbol: sent.symbol,
          name: 'Apple Inc.',
          quantity: sent.quantity,
          price: { amount: sent.price, currency: 'USD' },
          date: sent.date,
          costBasis: { amountMinor: 150_500, currency: 'USD' },
        },
        symbolStatus: 'known',
      });
    });
    const { user, dialog } = await openDialog();
    await user.type(await within(dialog).findByLabelText('Symbol'), 'apple');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByRole('button', { name: /AAPL Apple Inc\./ }));
    expect(within(dialog).getByLabelText('Symbol')).toHaveValue('AAPL');
    await user.type(within(dialog).getByLabelText('Quantity'), '10');
    await user.type(within(dialog).getByLabelText('Buy price per unit (USD)'), '150,05');
    await user.click(within(dialog).getByRole('button', { name: 'Add holding' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = server.calls('/api/v1/investments/holdings', 'POST');
    expect(sent?.body).toMatchObject({
      accountId: 'acc_own',
      symbol: 'AAPL',
      quantity: '10',
      price: '150.05',
    });
    expect((sent?.body as { date: string }).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("shows the server's refusal in the dialog", async () => {
    serveHoldings();
    serveAccounts([account('acc_own', 'Own broker', 'brokerage', null)]);
    server.on('POST', '/api/v1/investments/holdings', () =>
      fail(409, 'This account is kept up to date by its connection', 'CONFLICT'),
    );
    const { user, dialog } = await openDialog();
    await user.type(await within(dialog).findByLabelText('Symbol'), 'aapl');
    await user.type(within(dialog).getByLabelText('Quantity'), '1');
    await user.type(within(dialog).getByLabelText('Buy price per unit (USD)'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add holding' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This account is kept up to date by its connection',
    );
  });
});
