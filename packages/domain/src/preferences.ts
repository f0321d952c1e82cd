import { z } from 'zod';
import { FONT_SIZES } from './constants';
import { TRANSACTION_CATEGORY_VALUES } from './categories';
import { DISPLAY_CURRENCIES } from './currencies';
import { DATE_RANGES } from './dates';
import { DATE_FORMATS } from './formatting';
import { alertThresholdsSchema, themeSchema } from './validation';

/** User preferences of spec §3: every key, its allowed values and its default. Keys are snake_case. */

export const NUMBER_FORMATS = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'zh-CN'] as const;
export const TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Australia/Sydney',
] as const;
export const NOTIFICATION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

const stringList = z.array(z.string().max(200)).max(500);

/** Every preference key with its rule (spec §3); lists are capped so a stored document stays small. */
export const preferencesSchema = z.object({
  theme: themeSchema,
  sidebar_section_order: stringList,
  dashboard_layout: z.object({ widgets: stringList }),
  default_currency: z.enum(DISPLAY_CURRENCIES),
  default_date_range: z.enum(DATE_RANGES),
  number_format: z.enum(NUMBER_FORMATS),
  date_format: z.enum(DATE_FORMATS),
  time_zone: z.enum(TIME_ZONES),
  compact_view: z.boolean(),
  email_notifications: z.boolean(),
  push_notifications: z.boolean(),
  notification_frequency: z.enum(NOTIFICATION_FREQUENCIES),
  alert_thresholds: alertThresholdsSchema,
  show_balances: z.boolean(),
  require_2fa: z.boolean(),
  watchlist_symbols: stringList,
  favorite_accounts: stringList,
  analytics_enabled: z.boolean(),
  personalization_enabled: z.boolean(),
  marketing_enabled: z.boolean(),
  third_party_sharing: z.boolean(),
  reduce_motion: z.boolean(),
  font_size: z.enum(FONT_SIZES),
  high_contrast: z.boolean(),
  transaction_filters: z.object({
    show_recurring: z.boolean(),
    show_pending: z.boolean(),
    show_credit_cards: z.boolean(),
    show_refunds_only: z.boolean(),
  }),
  hidden_categories: z.array(z.enum(TRANSACTION_CATEGORY_VALUES as [string, ...string[]])).max(50),
  enabled_news_sources: stringList,
  news_categories: stringList,
  notification_types: z.object({
    large_transactions: z.boolean(),
    new_connections: z.boolean(),
    weekly_summaries: z.boolean(),
    security_alerts: z.boolean(),
    product_updates: z.boolean(),
  }),
});

export type Preferences = z.infer<typeof preferencesSchema>;

/** A partial update (PATCH body): any subset of keys, each checked by its own rule, unknown keys refused. */
export const preferencesPatchSchema = preferencesSchema.partial().strict();
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
  alert_thresholds: { spending: null, low_balance: 100 },
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
