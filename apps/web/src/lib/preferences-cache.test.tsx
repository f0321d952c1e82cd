import { DEFAULT_PREFERENCES } from '@lodestar/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { cachedPreferences, usePreferences } from './preferences';
import { cachedPreferenceValues, renderInApp, servePreferences } from './preferences-test-harness';

/**
 * The app starts from the preferences cached in this browser, read without a schema library (ADR 072).
 * A cache that is damaged, from an older version or edited by hand must start the app all the same:
 * valid values kept, the rest from the defaults.
 */

const cache = (value: unknown) =>
  localStorage.setItem('user-preferences', typeof value === 'string' ? value : JSON.stringify(value));

describe('cachedPreferences', () => {
  it('starts from the defaults when nothing is cached', () => {
    localStorage.removeItem('user-preferences');
    expect(cachedPreferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it.each(['not json', '{"theme":', '["dark"]', 'null', '42', '"dark"'])(
    'counts a damaged cache (%s) as empty',
    (raw) => {
      cache(raw);
      expect(cachedPreferences()).toEqual(DEFAULT_PREFERENCES);
    },
  );

  it('keeps the valid values of a cache and ignores the invalid ones and unknown keys', () => {
    cache({
      theme: 'dark',
      default_currency: 'SEK',
      font_size: 'huge',
      compact_view: 'yes',
      show_balances: false,
      time_zone: 'Mars/Olympus_Mons',
      favorite_accounts: ['acc_1', 42],
      watchlist_symbols: ['AAPL', 'MSFT'],
      hidden_categories: ['TRAVEL', 'CRYPTO'],
      dashboard_layout: { widgets: ['net-worth'], legacy: true },
      alert_thresholds: { spending: -5, low_balance: 250, large_transaction: 'x' },
      removed_setting: true,
    });
    expect(cachedPreferences()).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
      show_balances: false,
      watchlist_symbols: ['AAPL', 'MSFT'],
      dashboard_layout: { widgets: ['net-worth'] },
      alert_thresholds: { ...DEFAULT_PREFERENCES.alert_thresholds, low_balance: 250 },
    });
  });

  it('fills in what a cache from an older version does not have', () => {
    // Before large_transaction, budget_alerts and most other keys existed.
    cache({
      theme: 'light',
      default_currency: 'EUR',
      alert_thresholds: { spending: 500, low_balance: 20 },
      notification_types: {
        large_transactions: false,
        new_connections: true,
        weekly_summaries: true,
        security_alerts: true,
        product_updates: false,
      },
    });
    expect(cachedPreferences()).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'light',
      default_currency: 'EUR',
      alert_thresholds: { spending: 500, low_balance: 20, large_transaction: 1000 },
      notification_types: {
        ...DEFAULT_PREFERENCES.notification_types,
        large_transactions: false,
        weekly_summaries: true,
      },
    });
  });

  it('reads a list past its limits as absent', () => {
    cache({
      favorite_accounts: Array.from({ length: 501 }, (_, index) => `acc_${index}`),
      sidebar_section_order: ['x'.repeat(201)],
    });
    expect(cachedPreferences()).toEqual(DEFAULT_PREFERENCES);
  });
});

function Probe() {
  const { preferences, loading, updatePreferences } = usePreferences();
  return (
    <div>
      <p>loading: {String(loading)}</p>
      <p>currency: {preferences.default_currency}</p>
      <p>theme: {preferences.theme}</p>
      <p>large transaction: {preferences.alert_thresholds.large_transaction}</p>
      <button
        type="button"
        onClick={() =>
          void updatePreferences({ default_currency: 'SEK' } as never).then((saved) =>
            document.body.setAttribute('data-saved', String(saved)),
          )
        }
      >
        Invalid change
      </button>
      <button
        type="button"
        onClick={() =>
          void updatePreferences({ alert_thresholds: { spending: null, low_balance: 5 } } as never).then(
            (saved) => document.body.setAttribute('data-saved', String(saved)),
          )
        }
      >
        Older thresholds
      </button>
    </div>
  );
}

describe('PreferencesProvider with a damaged or older cache', () => {
  beforeEach(() => document.body.removeAttribute('data-saved'));

  it('starts a signed-out visitor from the valid part of the cache', async () => {
    server.signOut();
    cache({ theme: 'neon', default_currency: 'GBP', alert_thresholds: { spending: null, low_balance: 5 } });
    renderInApp(<Probe />);
    expect(await screen.findByText('loading: false')).toBeInTheDocument();
    expect(screen.getByText('currency: GBP')).toBeInTheDocument();
    expect(screen.getByText('theme: system')).toBeInTheDocument();
    expect(screen.getByText('large transaction: 1000')).toBeInTheDocument();
  });

  it('lets the server copy replace a damaged cache once it loads', async () => {
    cache('{"default_currency":');
    servePreferences({ default_currency: 'CHF', theme: 'dark' });
    renderInApp(<Probe />);
    expect(await screen.findByText('currency: CHF')).toBeInTheDocument();
    expect(cachedPreferenceValues()).toMatchObject({ default_currency: 'CHF', theme: 'dark' });
  });

  it('refuses a change that breaks a rule, leaving the screen and the cache as they were', async () => {
    server.signOut();
    cache({ default_currency: 'AUD' });
    const user = userEvent.setup();
    renderInApp(<Probe />);
    expect(await screen.findByText('loading: false')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invalid change' }));
    await waitFor(() => expect(document.body).toHaveAttribute('data-saved', 'false'));
    expect(screen.getByText('currency: AUD')).toBeInTheDocument();
    expect(cachedPreferenceValues()).toEqual({ default_currency: 'AUD' });
  });

  it('fills in the default of a threshold a change leaves out', async () => {
    server.signOut();
    const user = userEvent.setup();
    renderInApp(<Probe />);
    expect(await screen.findByText('loading: false')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older thresholds' }));
    await waitFor(() => expect(document.body).toHaveAttribute('data-saved', 'true'));
    expect(cachedPreferenceValues()).toEqual({
      alert_thresholds: { spending: null, low_balance: 5, large_transaction: 1000 },
    });
  });
});
