import { ACCOUNT_TYPE_LABELS } from '@lodestar/domain/accounts';
import { DISPLAY_CURRENCIES } from '@lodestar/domain/currencies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import type { Account } from '../api';
import { fail, lastBody, makeAccount, ok, renderAccounts } from '../test-harness';

function manualServer() {
  let accounts: Account[] = [];
  server
    .on('GET', '/api/v1/accounts', () => ok({ accounts }))
    .on('GET', '/api/v1/connections', () => ok({ connections: [] }))
    .on('GET', '/api/v1/imports', () => ok({ batches: [] }))
    .on('POST', '/api/v1/accounts', (request) => {
      const body = request.body as { name: string; type: string; currency: string; balance: number };
      const account = makeAccount({
        id: `acc_${accounts.length + 1}`,
        name: body.name,
        type: body.type,
        connectionId: null,
        provider: 'manual',
        institutionName: null,
        currency: body.currency,
        currentBalance: { amountMinor: Math.round(body.balance * 100), currency: body.currency },
      });
      accounts = [...accounts, account];
      return ok({ account }, 201);
    });
}

async function openManual(user: ReturnType<typeof userEvent.setup>) {
  const start = await screen.findByRole('region', { name: 'Add your first account' });
  await user.click(within(start).getByRole('button', { name: 'Add a manual account' }));
  return screen.findByRole('dialog', { name: 'Add a manual account' });
}

describe('adding a manual account', () => {
  it('checks the name and the balance before sending', async () => {
    manualServer();
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const dialog = await openManual(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an amount')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account name')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByLabelText('Account name'));
    await user.paste('y'.repeat(61));
    await user.type(within(dialog).getByLabelText('Current balance (USD)'), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(within(dialog).getByText('Use at most 60 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Use at most 2 decimals')).toBeInTheDocument();
    expect(server.calls('/api/v1/accounts', 'POST')).toHaveLength(0);
  });

  it('creates a cash account in USD by default', async () => {
    manualServer();
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const dialog = await openManual(user);
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Bank Account');
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveTextContent('USD');
    await user.type(within(dialog).getByLabelText('Account name'), ' Wallet Cash ');
    await user.type(within(dialog).getByLabelText('Current balance (USD)'), '1,250.75');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastBody('/api/v1/accounts', 'POST')).toEqual({
      name: 'Wallet Cash',
      type: 'depository',
      currency: 'USD',
      balance: 1250.75,
    });
    expect(await screen.findByText('Wallet Cash added')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Cash' })).toHaveTextContent('$1,250.75');
  });

  it('offers every spec type and display currency, and saves a loan as money owed', async () => {
    manualServer();
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const dialog = await openManual(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    const types = await screen.findByRole('listbox');
    expect(
      within(types)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(Object.values(ACCOUNT_TYPE_LABELS));
    await user.click(within(types).getByRole('option', { name: 'Loan' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Currency' }));
    const currencies = await screen.findByRole('listbox');
    expect(
      within(currencies)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...DISPLAY_CURRENCIES]);
    await user.click(within(currencies).getByRole('option', { name: 'EUR' }));
    await user.type(within(dialog).getByLabelText('Account name'), 'Car Loan');
    const owed = within(dialog).getByLabelText('Amount owed (EUR)');
    expect(owed).toHaveAccessibleDescription('What you owe today; it is saved as a negative balance.');
    await user.type(owed, '8000');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastBody('/api/v1/accounts', 'POST')).toEqual({
      name: 'Car Loan',
      type: 'loan',
      currency: 'EUR',
      balance: -8000,
    });
    expect(await screen.findByRole('region', { name: 'Loans' })).toHaveTextContent('€8,000.00 owed');
  });

  it('shows the server refusal in the form', async () => {
    manualServer();
    server.on('POST', '/api/v1/accounts', () =>
      fail(400, 'Account limit reached for the free tier', 'VALIDATION'),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const dialog = await openManual(user);
    await user.type(within(dialog).getByLabelText('Account name'), 'Savings');
    await user.type(within(dialog).getByLabelText('Current balance (USD)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Account limit reached for the free tier',
    );
  });

  it('goes back to the three choices', async () => {
    manualServer();
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const dialog = await openManual(user);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Add account' })).toBeInTheDocument();
  });
});
