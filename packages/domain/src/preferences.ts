import * as z from 'zod/mini';
import { en } from 'zod/locales';
import { FONT_SIZES, PREFERENCES_TIMING, THEMES } from './constants';
import { TRANSACTION_CATEGORY_VALUES } from './categories';
import { DISPLAY_CURRENCIES } from './currencies';
import { DATE_RANGES } from './dates';
import { DATE_FORMATS } from './formatting';
import { isTimeZone, TIME_ZONE_MESSAGE } from './time-zones';
import { MESSAGES } from './messages';

/**
 * User preferences of spec §3: every key, its allowed values and its default. Keys are snake_case.
 *
 * Written with zod's tree-shakable `zod/mini`: the web app validates preferences (its local cache and
 * each change) at start-up, and classic zod would add some 40 KB (compressed) to every page's first
 * load. The rules and messages are the same as classic zod's; English messages are set for zod's own
 * defaults (the server's classic zod sets the same ones).
 */
z.config(en());

export const NUMBER_FORMATS = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'zh-CN'] as const;
export const NOTIFICATION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** One clear message per key, naming the preference and what it accepts (spec §3 names the values). */
const choice = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { message: `${label} must be one of: ${values.join(', ')}` });
const flag = (label: string) => z.boolean({ message: `${label} must be true or false` });
const LIST_MAX = 500;
const textList = (label: string) =>
  z
    .array(
      z
        .string({ message: `${label} must be a list of text values` })
        .check(z.maxLength(200, `${label}: each entry is at most 200 characters`)),
      { message: `${label} must be a list of text values` },
    )
    .check(z.maxLength(LIST_MAX, `${label} holds at most ${LIST_MAX} entries`));

const thresholdAmount = z
  .number({ message: MESSAGES.invalidAmount })
  .check(
    z.gte(PREFERENCES_TIMING.thresholdMin, MESSAGES.invalidAmount),
    z.lte(PREFERENCES_TIMING.thresholdMax, MESSAGES.invalidAmount),
  );

/**
 * Alert thresholds (spec §3, §5): spending may be null (disabled); low balance defaults to 100. Ours:
 * large_transaction, the outflow (major units of the reporting currency) from which a transaction is
 * large, default 1,000.
 */
export const alertThresholdsSchema = z.object({
  spending: z.nullable(thresholdAmount),
  low_balance: thresholdAmount,
  large_transaction: z._default(thresholdAmount, PREFERENCES_TIMING.largeTransactionDefault),
});
export type AlertThresholds = z.infer<typeof alertThresholdsSchema>;

/** Theme: light, dark or system, else 'Invalid theme selection'. */
export const themeSchema = z.enum(THEMES, { message: MESSAGES.invalidTheme });

/** Every preference key with its rule (spec §3); lists are capped so a stored document stays small. */
export const preferencesSchema = z.object({
  theme: themeSchema,
  sidebar_section_order: textList('Sidebar section order'),
  dashboard_layout: z.object(
    { widgets: textList('Dashboard widgets') },
    { message: 'Dashboard layout must be an object with a widgets list' },
  ),
  default_currency: choice(DISPLAY_CURRENCIES, 'Currency'),
  default_date_range: choice(DATE_RANGES, 'Default date range'),
  number_format: choice(NUMBER_FORMATS, 'Number format'),
  date_format: choice(DATE_FORMATS, 'Date format'),
  time_zone: z.string({ message: TIME_ZONE_MESSAGE }).check(z.refine(isTimeZone, TIME_ZONE_MESSAGE)),
  compact_view: flag('Compact view'),
  email_notifications: flag('Email notifications'),
  push_notifications: flag('Push notifications'),
  notification_frequency: choice(NOTIFICATION_FREQUENCIES, 'Notification frequency'),
  alert_thresholds: alertThresholdsSchema,
  show_balances: flag('Show account balances'),
  require_2fa: flag('Require two-factor authentication'),
  watchlist_symbols: textList('Watchlist symbols'),
  favorite_accounts: textList('Favorite accounts'),
  analytics_enabled: flag('Analytics & performance'),
  personalization_enabled: flag('Personalized experience'),
  marketing_enabled: flag('Marketing communications'),
  third_party_sharing: flag('Third-party sharing'),
  reduce_motion: flag('Reduce motion'),
  font_size: choice(FONT_SIZES, 'Font size'),
  high_contrast: flag('High contrast'),
  transaction_filters: z.object(
    {
      show_recurring: flag('Show recurring'),
      show_pending: flag('Show pending'),
      show_credit_cards: flag('Show credit cards'),
      show_refunds_only: flag('Show refunds only'),
    },
    { message: 'Transaction filters must be an object' },
  ),
  hidden_categories: z
    .array(choice(TRANSACTION_CATEGORY_VALUES as [string, ...string[]], 'Hidden categories'), {
      message: 'Hidden categories must be a list of categories',
    })
    .check(z.maxLength(50)),
  enabled_news_sources: textList('News sources'),
  news_categories: textList('News categories'),
  notification_types: z.object(
    {
      large_transactions: flag('Large transactions'),
      new_connections: flag('New connections'),
      weekly_summaries: flag('Weekly summaries'),
      security_alerts: flag('Security alerts'),
      product_updates: flag('Product updates'),
      budget_alerts: flag('Budget alerts'),
    },
    { message: 'Notification types must be an object' },
  ),
});

/** Keys whose value is an object: a partial update of one merges into the current value. */
export const NESTED_PREFERENCE_KEYS = [
  'dashboard_layout',
  'alert_thresholds',
  'transaction_filters',
  'notification_types',
] as const satisfies readonly PreferenceKey[];

export type Preferences = z.infer<typeof preferencesSchema>;

/** A partial update (PATCH body): any subset of keys, each checked by its own rule, unknown keys refused. */
export const preferencesPatchSchema = z.partial(z.strictObject(preferencesSchema.shape));
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;
export type PreferenceKey = keyof Preferences;

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
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
} satisfies Preferences);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Merges stored or partial preferences over the defaults, each layer over the previous one (for
 * example server data, then the local cache): nested objects key by key, lists replaced whole, unknown
 * keys dropped, and a value that fails its rule ignored so the earlier value stays (a bad cache never
 * breaks the app). Always returns a fresh object sharing nothing with DEFAULT_PREFERENCES.
 */
export function mergePreferences(...layers: unknown[]): Preferences {
  // Defaults are plain JSON data, so a JSON round trip is a full deep copy.
  const merged = JSON.parse(JSON.stringify(DEFAULT_PREFERENCES)) as Record<string, unknown>;
  for (const layer of layers) {
    if (!isPlainObject(layer)) continue;
    for (const key of Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[]) {
      if (!(key in layer)) continue;
      const field = preferencesSchema.shape[key];
      const current = merged[key];
      const incoming = layer[key];
      if (isPlainObject(current) && isPlainObject(incoming)) {
        // Nested objects merge key by key, so one bad entry does not discard its valid siblings.
        let next = current;
        for (const inner of Object.keys(current)) {
          if (!(inner in incoming)) continue;
          const candidate = { ...next, [inner]: incoming[inner] };
          if (field.safeParse(candidate).success) next = candidate;
        }
        merged[key] = next;
        continue;
      }
      const parsed = field.safeParse(incoming);
      if (parsed.success) merged[key] = parsed.data;
    }
  }
  return merged as Preferences;
}
