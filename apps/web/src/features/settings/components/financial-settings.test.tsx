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

describe('financial settings: market news', () => {
  it('adds and removes publishers, refusing a blank or repeated name, and saves enabled_news_sources', async () => {
    const prefs = servePreferences({ enabled_news_sources: ['Reuters'] });
    const user = userEvent.setup();
    renderInApp(<FinancialSettings />);
    const input = await screen.findByRole('textbox', { name: 'News Sources' });
    await user.type(input, ' reuters {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('reuters is already listed');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Add publisher' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a publisher name');
    await user.type(input, 'Bloomberg{Enter}');
    const list = screen.getByRole('list', { name: 'News sources' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Reuters×', 'Bloomberg×']);
    await user.click(within(list).getByRole('button', { name: 'Remove Reuters' }));
    await waitFor(() => expect(prefs.stored().enabled_news_sources).toEqual(['Bloomberg']));
    await user.click(screen.getByRole('button', { name: 'Remove Bloomberg' }));
    expect(await screen.findByText('Every publisher')).toBeInTheDocument();
    await waitFor(() => expect(prefs.stored().enabled_news_sources).toEqual([]));
  });

  it('shows both types checked when none is chosen, saves one, and keeps at least one', async () => {
    const prefs = servePreferences();
    const user = userEvent.setup();
    renderInApp(<FinancialSettings />);
    const group = await screen.findByRole('group', { name: 'News Types' });
    const articles = within(group).getByRole('checkbox', { name: 'Articles' });
    const videos = within(group).getByRole('checkbox', { name: 'Videos' });
    expect(articles).toHaveAttribute('aria-checked', 'true');
    expect(videos).toHaveAttribute('aria-checked', 'true');
    await user.click(videos);
    await waitFor(() => expect(prefs.stored().news_categories).toEqual(['article']));
    await user.click(articles);
    expect(articles).toHaveAttribute('aria-checked', 'true');
    await user.click(videos);
    // Both chosen is stored as the empty list: every type.
    await waitFor(() => expect(prefs.stored().news_categories).toEqual([]));
  });
});
