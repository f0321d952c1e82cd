import { describe, expect, it } from 'vitest';
import { FONT_SIZES } from './constants';
import {
  DEFAULT_PREFERENCES,
  mergePreferences,
  NOTIFICATION_FREQUENCIES,
  NUMBER_FORMATS,
  preferencesPatchSchema,
  preferencesSchema,
} from './preferences';

describe('preference defaults (spec §3)', () => {
  it('has every key with its default', () => {
    expect(preferencesSchema.parse(DEFAULT_PREFERENCES)).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toEqual({
      theme: 'system',
      sidebar_section_order: [],
      dashboard_layout: { widgets: [] },
      default_currency: 'USD',
      default_date_range: '30d',
      number_format: 'en-US',
      date_format: 'MM/DD/YYYY',
      time_zone: 'America/New_York',
      compact_view: false,
      email_notifications: true,
      push_notifications: false,
      notification_frequency: 'daily',
      alert_thresholds: { spending: null, low_balance: 100, large_transaction: 1000 },
      show_balances: true,
      require_2fa: false,
      watchlist_symbols: [],
      favorite_accounts: [],
      analytics_enabled: true,
      personalization_enabled: true,
      marketing_enabled: false,
      third_party_sharing: false,
      reduce_motion: false,
      font_size: 'medium',
      high_contrast: false,
      transaction_filters: {
        show_recurring: true,
        show_pending: true,
        show_credit_cards: true,
        show_refunds_only: false,
      },
      hidden_categories: [],
      enabled_news_sources: [],
      news_categories: [],
      notification_types: {
        large_transactions: true,
        new_connections: true,
        weekly_summaries: false,
        security_alerts: true,
        product_updates: false,
        budget_alerts: true,
      },
    });
  });

  it('lists the allowed values', () => {
    expect(NUMBER_FORMATS).toEqual(['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'zh-CN']);
    expect(NOTIFICATION_FREQUENCIES).toEqual(['daily', 'weekly', 'monthly']);
    expect(FONT_SIZES).toEqual(['small', 'medium', 'large']);
  });
});

describe('preference rules (spec §3)', () => {
  it.each([
    [{ theme: 'dark' }, true],
    [{ theme: 'neon' }, false],
    [{ default_currency: 'CHF' }, true],
    [{ default_currency: 'SEK' }, false],
    [{ default_date_range: 'ytd' }, true],
    [{ default_date_range: '14d' }, false],
    [{ number_format: 'ja-JP' }, true],
    [{ number_format: 'es-ES' }, false],
    [{ date_format: 'DD.MM.YYYY' }, true],
    [{ date_format: 'YYYY/MM/DD' }, false],
    [{ time_zone: 'Australia/Sydney' }, true],
    [{ time_zone: 'Europe/Berlin' }, true],
    [{ time_zone: 'America/Argentina/Buenos_Aires' }, true],
    [{ time_zone: 'UTC' }, true],
    [{ time_zone: 'Mars/Olympus_Mons' }, false],
    [{ time_zone: 'europe/berlin' }, false],
    [{ time_zone: 'Local' }, false],
    [{ notification_frequency: 'monthly' }, true],
    [{ notification_frequency: 'hourly' }, false],
    [{ font_size: 'large' }, true],
    [{ font_size: 'huge' }, false],
    [{ hidden_categories: ['TRAVEL', 'MEDICAL'] }, true],
    [{ hidden_categories: ['CRYPTO'] }, false],
    [{ alert_thresholds: { spending: 500, low_balance: 0 } }, true],
    [{ alert_thresholds: { spending: 500 } }, false],
    [{ favorite_accounts: ['acc_1'] }, true],
    [{ compact_view: 'yes' }, false],
    [{ unknown_key: true }, false],
    [{}, true],
  ])('patch %j valid: %s', (patch, valid) =>
    expect(preferencesPatchSchema.safeParse(patch).success).toBe(valid),
  );
});

describe('mergePreferences', () => {
  it('returns the defaults when given nothing', () =>
    expect(mergePreferences()).toEqual(DEFAULT_PREFERENCES));

  it('merges layers over the defaults, nested objects key by key, later layers winning', () => {
    const merged = mergePreferences(
      { theme: 'dark', notification_types: { weekly_summaries: true }, favorite_accounts: ['a', 'b'] },
      { theme: 'light', alert_thresholds: { spending: 500 }, favorite_accounts: ['c'] },
    );
    expect(merged.theme).toBe('light');
    expect(merged.notification_types).toEqual({
      ...DEFAULT_PREFERENCES.notification_types,
      weekly_summaries: true,
    });
    expect(merged.alert_thresholds).toEqual({ spending: 500, low_balance: 100, large_transaction: 1000 });
    expect(merged.favorite_accounts).toEqual(['c']);
  });

  it('drops unknown keys and invalid values, keeping the earlier value', () => {
    const merged = mergePreferences(
      { font_size: 'large' },
      { theme: 'neon', font_size: 'huge', hacker: true, default_currency: 'EUR' },
      'junk',
      null,
      ['theme', 'dark'],
    );
    expect(merged.theme).toBe('system');
    expect(merged.font_size).toBe('large');
    expect(merged.default_currency).toBe('EUR');
    expect(merged).not.toHaveProperty('hacker');
  });

  it('keeps valid siblings of an invalid nested value', () => {
    const merged = mergePreferences({
      alert_thresholds: { spending: -5, low_balance: 250 },
      transaction_filters: { show_pending: false, show_refunds_only: 'no', extra: 1 },
    });
    expect(merged.alert_thresholds).toEqual({ spending: null, low_balance: 250, large_transaction: 1000 });
    expect(merged.transaction_filters).toEqual({
      ...DEFAULT_PREFERENCES.transaction_filters,
      show_pending: false,
    });
  });

  it('does not share nested objects with the defaults', () => {
    const merged = mergePreferences();
    merged.notification_types.product_updates = true;
    merged.favorite_accounts.push('x');
    expect(DEFAULT_PREFERENCES.notification_types.product_updates).toBe(false);
    expect(DEFAULT_PREFERENCES.favorite_accounts).toEqual([]);
  });
});
