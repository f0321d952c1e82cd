import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { json, server } from '@/test/fake-server';
import { FAVORITES_EMPTY_TEXT, FinancialSettings } from './financial-settings';

const serveAccounts = (accounts: { id: string; name: string }[]) =>
  server.on('GET', '/api/v1/accounts', () => json(200, { success: true, data: { accounts } }));

describe('financial settings: favorites', () => {
  it("says 'Star accounts from the Accounts page' when nothing is starred", async () => {
    servePreferences();
    renderInApp(<FinancialSettings />);
    expect(await screen.findByText(FAVORITES_EMPTY_TEXT)).toBeInTheDocument();
    expect(server.calls('/api/v1/accounts')).toEqual([]);
  });

  it('lists starred accounts by name (at most 20 characters), else as "Account {id}"', async () => {
    servePreferences({ favorite_accounts: ['acc_1', 'acc_2', 'acc_gone'] });
    serveAccounts([
      { id: 'acc_1', name: 'Everyday Checking' },
      { id: 'acc_2', name: 'Emergency Fund High-Yield Savings' },
    ]);
    renderInApp(<FinancialSettings />);
    const list = await screen.findByRole('list', { name: 'Favorite accounts' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Everyday CheckingRemove', 'Emergency Fund Hi...Remove', 'Account acc_goneRemove']);
  });

  it('removes a favorite with its Remove button and saves the list', async () => {
    const prefs = servePreferences({ favorite_accounts: ['acc_1', 'acc_2'] });
    serveAccounts([
      { id: 'acc_1', name: 'Checking' },
      { id: 'acc_2', name: 'Savings' },
    ]);
    const user = userEvent.setup();
    renderInApp(<FinancialSettings />);
    await user.click(await screen.findByRole('button', { name: 'Remove Checking' }));
    expect(screen.queryByText('Checking')).not.toBeInTheDocument();
    await waitFor(() => expect(prefs.patches()).toEqual([{ favorite_accounts: ['acc_2'] }]));
    expect(prefs.stored().favorite_accounts).toEqual(['acc_2']);
  });

  it('still lists favorites by id, with Retry, when the account names cannot be read', async () => {
    servePreferences({ favorite_accounts: ['acc_1'] });
    server.on('GET', '/api/v1/accounts', () => json(500, { success: false, error: 'Database unavailable' }));
    renderInApp(<FinancialSettings />);
    expect(await screen.findByText('Failed to load account names')).toBeInTheDocument();
    expect(screen.getByText('Account acc_1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('financial settings: category visibility', () => {
  it('shows every category checked except the hidden ones, and saves hidden_categories', async () => {
    const prefs = servePreferences({ hidden_categories: ['TRAVEL'] });
    const user = userEvent.setup();
    renderInApp(<FinancialSettings />);
    const group = await screen.findByRole('group', { name: 'Visible Categories' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(12);
    expect(within(group).getByRole('checkbox', { name: 'Travel' })).toHaveAttribute('aria-checked', 'false');
    expect(within(group).getByRole('checkbox', { name: 'Food & Dining' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(group).getByRole('checkbox', { name: 'Medical' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Travel' }));
    await waitFor(() => expect(prefs.patches()).toEqual([{ hidden_categories: ['MEDICAL'] }]));
  });
});
