import { DEFAULT_PREFERENCES, type PreferenceKey } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';

/**
 * Every preference key of spec §3 through both write methods: a valid value is stored and read back,
 * an invalid one is refused with its own message and leaves everything as it was.
 */

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  items?: { field: string; message: string }[];
};
type Prefs = Record<string, unknown>;

type Case = {
  key: PreferenceKey;
  valid: unknown;
  invalid: unknown;
  /** Where the error points, relative to the key ('' = the key itself). */
  at?: string;
  message: string;
};

const oneOf = (label: string, values: string) => `${label} must be one of: ${values}`;
const trueOrFalse = (label: string) => `${label} must be true or false`;
const textList = (label: string) => `${label} must be a list of text values`;

const CASES: Case[] = [
  { key: 'theme', valid: 'dark', invalid: 'purple', message: 'Invalid theme selection' },
  {
    key: 'sidebar_section_order',
    valid: ['accounts', 'dashboard'],
    invalid: 'accounts',
    message: textList('Sidebar section order'),
  },
  {
    key: 'dashboard_layout',
    valid: { widgets: ['summary', 'allocation'] },
    invalid: { widgets: 3 },
    at: '.widgets',
    message: textList('Dashboard widgets'),
  },
  {
    key: 'default_currency',
    valid: 'EUR',
    invalid: 'XYZ',
    message: oneOf('Currency', 'USD, EUR, GBP, JPY, AUD, CAD, CHF, CNY'),
  },
  {
    key: 'default_date_range',
    valid: '90d',
    invalid: '2w',
    message: oneOf('Default date range', '7d, 30d, 90d, 1y, ytd, all'),
  },
  {
    key: 'number_format',
    valid: 'de-DE',
    invalid: 'xx-XX',
    message: oneOf('Number format', 'en-US, en-GB, de-DE, fr-FR, ja-JP, zh-CN'),
  },
  {
    key: 'date_format',
    valid: 'YYYY-MM-DD',
    invalid: 'YY',
    message: oneOf('Date format', 'MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD, DD.MM.YYYY'),
  },
  {
    key: 'time_zone',
    valid: 'Pacific/Auckland',
    invalid: 'Mars/Base',
    message: 'Time zone must be an IANA time zone, such as Europe/Berlin',
  },
  { key: 'compact_view', valid: true, invalid: 'yes', message: trueOrFalse('Compact view') },
  { key: 'email_notifications', valid: false, invalid: 1, message: trueOrFalse('Email notifications') },
  { key: 'push_notifications', valid: true, invalid: null, message: trueOrFalse('Push notifications') },
  {
    key: 'notification_frequency',
    valid: 'weekly',
    invalid: 'hourly',
    message: oneOf('Notification frequency', 'daily, weekly, monthly'),
  },
  {
    key: 'alert_thresholds',
    valid: { spending: 250.5, low_balance: 0, large_transaction: 5000 },
    invalid: { spending: -1, low_balance: 100 },
    at: '.spending',
    message: 'Invalid amount',
  },
  { key: 'show_balances', valid: false, invalid: 'no', message: trueOrFalse('Show account balances') },
  {
    key: 'watchlist_symbols',
    valid: ['AAPL', 'BTC'],
    invalid: [1],
    at: '.0',
    message: textList('Watchlist symbols'),
  },
  {
    key: 'favorite_accounts',
    // Only the user's own account ids are taken (contract/references.test.ts); this user has none.
    valid: [],
    invalid: [2],
    at: '.0',
    message: textList('Favorite accounts'),
  },
  { key: 'analytics_enabled', valid: false, invalid: 0, message: trueOrFalse('Analytics & performance') },
  {
    key: 'personalization_enabled',
    valid: false,
    invalid: 0,
    message: trueOrFalse('Personalized experience'),
  },
  { key: 'marketing_enabled', valid: true, invalid: 0, message: trueOrFalse('Marketing communications') },
  { key: 'third_party_sharing', valid: true, invalid: 0, message: trueOrFalse('Third-party sharing') },
  { key: 'reduce_motion', valid: true, invalid: 0, message: trueOrFalse('Reduce motion') },
  { key: 'font_size', valid: 'large', invalid: 'huge', message: oneOf('Font size', 'small, medium, large') },
  { key: 'high_contrast', valid: true, invalid: 0, message: trueOrFalse('High contrast') },
  {
    key: 'transaction_filters',
    valid: { show_recurring: false, show_pending: true, show_credit_cards: false, show_refunds_only: true },
    invalid: { show_recurring: 'x' },
    at: '.show_recurring',
    message: trueOrFalse('Show recurring'),
  },
  {
    key: 'hidden_categories',
    valid: ['TRAVEL', 'MEDICAL'],
    invalid: ['NOT_A_CATEGORY'],
    at: '.0',
    message: oneOf(
      'Hidden categories',
      'FOOD_AND_DRINK, GENERAL_MERCHANDISE, TRANSPORTATION, ENTERTAINMENT, TRAVEL, INCOME, TRANSFER, LOAN_PAYMENTS, GENERAL_SERVICES, RENT_AND_UTILITIES, HOME_IMPROVEMENT, MEDICAL',
    ),
  },
  { key: 'enabled_news_sources', valid: ['reuters'], invalid: 'x', message: textList('News sources') },
  { key: 'news_categories', valid: ['markets'], invalid: 5, message: textList('News categories') },
  {
    key: 'notification_types',
    valid: {
      large_transactions: false,
      new_connections: false,
      weekly_summaries: true,
      security_alerts: true,
      product_updates: true,
      budget_alerts: false,
    },
    invalid: { large_transactions: 'x' },
    at: '.large_transactions',
    message: trueOrFalse('Large transactions'),
  },
];

describe('every preference key', () => {
  it('has a case here (require_2fa is covered by its own tests)', () => {
    const covered = new Set<string>([...CASES.map((item) => item.key), 'require_2fa']);
    expect([...covered].sort()).toEqual(Object.keys(DEFAULT_PREFERENCES).sort());
  });

  describe.each(CASES)('$key', ({ key, valid, invalid, at = '', message }) => {
    it('PUT stores a valid value and refuses an invalid one with its message', async () => {
      const { browser } = await w.signUp();
      const bad = await browser.json<Envelope<unknown>>('/api/v1/user/preferences', {
        method: 'PUT',
        body: { key, value: invalid },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Validation failed');
      expect(bad.body.items?.[0]).toMatchObject({ field: `value${at}`, message });
      expect((await browser.json<Envelope<Prefs>>('/api/v1/user/preferences')).body.data).toEqual(
        DEFAULT_PREFERENCES,
      );

      const good = await browser.json<Envelope<Prefs>>('/api/v1/user/preferences', {
        method: 'PUT',
        body: { key, value: valid },
      });
      expect(good.status).toBe(200);
      expect(good.body.data[key]).toEqual(valid);
      expect((await browser.json<Envelope<Prefs>>('/api/v1/user/preferences')).body.data[key]).toEqual(valid);
    });

    it('PATCH stores a valid value and refuses an invalid one, with a valid sibling, writing nothing', async () => {
      const { browser } = await w.signUp();
      const sibling = key === 'compact_view' ? { theme: 'light' } : { compact_view: true };
      const bad = await browser.json<Envelope<unknown>>('/api/v1/user/preferences', {
        method: 'PATCH',
        body: { ...sibling, [key]: invalid },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.items?.[0]).toMatchObject({ field: `${key}${at}`, message });
      expect((await browser.json<Envelope<Prefs>>('/api/v1/user/preferences')).body.data).toEqual(
        DEFAULT_PREFERENCES,
      );

      const good = await browser.json<Envelope<Prefs>>('/api/v1/user/preferences', {
        method: 'PATCH',
        body: { [key]: valid },
      });
      expect(good.status).toBe(200);
      expect((await browser.json<Envelope<Prefs>>('/api/v1/user/preferences')).body.data[key]).toEqual(valid);
    });
  });

  it('merges a partial nested object into the current value', async () => {
    const { browser } = await w.signUp();
    const result = await browser.json<Envelope<Prefs>>('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { notification_types: { weekly_summaries: true }, alert_thresholds: { spending: 80 } },
    });
    expect(result.status).toBe(200);
    expect(result.body.data.notification_types).toEqual({
      ...DEFAULT_PREFERENCES.notification_types,
      weekly_summaries: true,
    });
    expect(result.body.data.alert_thresholds).toEqual({
      spending: 80,
      low_balance: 100,
      large_transaction: 1000,
    });
  });

  it('refuses thresholds above 1,000,000 and blank-as-text amounts', async () => {
    const { browser } = await w.signUp();
    for (const value of [{ spending: 1_000_001 }, { low_balance: 'abc' }]) {
      const result = await browser.json<Envelope<unknown>>('/api/v1/user/preferences', {
        method: 'PUT',
        body: { key: 'alert_thresholds', value },
      });
      expect(result.status).toBe(400);
      expect(result.body.items?.[0]?.message).toBe('Invalid amount');
    }
  });
});
