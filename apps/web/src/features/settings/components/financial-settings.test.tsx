import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { json, server } from '@/test/fake-server';
import { FAVORITES_EMPTY_TEXT, FinancialSettings } from './financial-settings';

const serveAccounts = (accounts: { id: string; name: string }[]) =>
  server.on('GET', '/api/v1/accounts', () => json(200, { success: true, data: { accounts } }));

const serveNewsSources = (sources: { name: string; headlines: number }[]) =>
  server.on('GET', '/api/v1/market/news/sources', () =>
    json(200, {
      success: true,
      data: {
        sources: sources.map((source) => ({ ...source, lastPublishedAt: '2026-11-25T19:00:00.000Z' })),
        headlines: sources.reduce((sum, source) => sum + source.headlines, 0),
        feeds: 3,
        since: '2026-10-26T22:00:00.000Z',
      },
    }),
  );

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
    serveNewsSources([]);
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
    // The two clicks are one batch when they fall within the save's debounce, two on a busy machine: the
    // list saved last is the one asked for either way.
    await waitFor(() => expect(prefs.stored().hidden_categories).toEqual(['MEDICAL']));
    expect(prefs.patches().at(-1)).toEqual({ hidden_categories: ['MEDICAL'] });
  });
});

describe('financial settings: market news', () => {
  it('offers the publishers of recent news, ticked when chosen, and ticking or unticking saves the list', async () => {
    const prefs = servePreferences({ enabled_news_sources: [' reuters', 'Typed Only'] });
    serveNewsSources([
      { name: 'Reuters', headlines: 3 },
      { name: 'Yahoo Finance Video', headlines: 3 },
      { name: 'Bloomberg', headlines: 1 },
    ]);
    const user = userEvent.setup();
    renderInApp(<FinancialSettings />);
    const group = await screen.findByRole('group', { name: 'Publishers in your recent news' });
    await within(group).findAllByRole('checkbox');
    const box = (name: string) => within(group).getByRole('checkbox', { name: new RegExp(`^${name} ·`) });
    // Chosen without regard to case or spaces, as the news is filtered.
    expect(box('Reuters')).toHaveAttribute('aria-checked', 'true');
    expect(box('Bloomberg')).toHaveAttribute('aria-checked', 'false');
    expect(within(group).getByText('· 1 headline')).toBeInTheDocument();

    await user.click(box('Bloomberg'));
    await waitFor(() =>
      expect(prefs.stored().enabled_news_sources).toEqual([' reuters', 'Typed Only', 'Bloomberg']),
    );
    // From the keyboard: Space unticks the focused publisher; a typed name not seen stays.
    box('Reuters').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(prefs.stored().enabled_news_sources).toEqual(['Typed Only', 'Bloomberg']));
    expect(box('Reuters')).toHaveAttribute('aria-checked', 'false');
    expect(
      within(screen.getByRole('list', { name: 'News sources' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Typed Only×', 'Bloomberg×']);
  });

  it('says when no news has been shown yet, and still takes a typed name', async () => {
    const prefs = servePreferences();
    serveNewsSources([]);
    const user = userEvent.setup();
    renderInApp(<FinancialSettings />);
    expect(await screen.findByText(/^No headlines in the last 30 days yet/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'News Sources' }), 'Barron’s{Enter}');
    await waitFor(() => expect(prefs.stored().enabled_news_sources).toEqual(['Barron’s']));
  });

  it('says when the publishers cannot be read, and reads them again on Retry', async () => {
    servePreferences();
    let fail = true;
    server.on('GET', '/api/v1/market/news/sources', () =>
      fail
        ? json(500, { success: false, error: 'Database unavailable', code: 'INTERNAL' })
        : json(200, {
            success: true,
            data: {
              sources: [{ name: 'Reuters', headlines: 2, lastPublishedAt: '2026-11-25T19:00:00.000Z' }],
              headlines: 2,
              feeds: 1,
              since: '2026-10-26T22:00:00.000Z',
            },
          }),
    );
    const user = userEvent.setup();
    renderInApp(<FinancialSettings />);
    expect(await screen.findByText('Failed to load the publishers of your recent news')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: /^Reuters ·/ })).toBeInTheDocument();
  });

  it('adds and removes publishers, refusing a blank or repeated name, and saves enabled_news_sources', async () => {
    const prefs = servePreferences({ enabled_news_sources: ['Reuters'] });
    serveNewsSources([]);
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
