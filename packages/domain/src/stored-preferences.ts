import { FONT_SIZES, PREFERENCES_TIMING, THEMES } from './constants';
import { TRANSACTION_CATEGORY_VALUES } from './categories';
import { DISPLAY_CURRENCIES } from './currencies';
import { DATE_RANGES } from './dates';
import { DATE_FORMATS } from './formatting';
import { isTimeZone } from './time-zones';

/**
 * User preferences of spec §3 as data: every key, its allowed values and its default, and the check that
 * reads a stored or sent value by the same rules as the zod schema in `preferences.ts`, without a schema
 * library. `mergePreferences` uses it, so the web app reads its cache and the server's answers without
 * loading zod at start (ADR 072); the schema, with its messages, checks changes sent to the API. Both take
 * their values and limits from the constants here, and a test runs both over the same inputs: change
 * them together.
 */

export const NUMBER_FORMATS = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'zh-CN'] as const;
export const NOTIFICATION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** Sizes a stored preferences document may not exceed. */
export const PREFERENCE_LIMITS = {
  /** Entries of a text list (sidebar order, widgets, watchlist, favourites, news). */
  listMax: 500,
  /** Characters of one entry of a text list. */
  textMax: 200,
  /** Entries of hidden_categories. */
  hiddenCategoriesMax: 50,
} as const;

/** Alert thresholds (spec §3, §5): spending null when disabled; amounts in major units. */
export type AlertThresholds = { spending: number | null; low_balance: number; large_transaction: number };

export type Preferences = {
  theme: (typeof THEMES)[number];
  sidebar_section_order: string[];
  dashboard_layout: { widgets: string[] };
  default_currency: (typeof DISPLAY_CURRENCIES)[number];
  default_date_range: (typeof DATE_RANGES)[number];
  number_format: (typeof NUMBER_FORMATS)[number];
  date_format: (typeof DATE_FORMATS)[number];
  time_zone: string;
  compact_view: boolean;
  email_notifications: boolean;
  push_notifications: boolean;
  notification_frequency: (typeof NOTIFICATION_FREQUENCIES)[number];
  alert_thresholds: AlertThresholds;
  show_balances: boolean;
  require_2fa: boolean;
  watchlist_symbols: string[];
  favorite_accounts: string[];
  analytics_enabled: boolean;
  personalization_enabled: boolean;
  marketing_enabled: boolean;
  third_party_sharing: boolean;
  reduce_motion: boolean;
  font_size: (typeof FONT_SIZES)[number];
  high_contrast: boolean;
  transaction_filters: {
    show_recurring: boolean;
    show_pending: boolean;
    show_credit_cards: boolean;
    show_refunds_only: boolean;
  };
  hidden_categories: string[];
  enabled_news_sources: string[];
  news_categories: string[];
  notification_types: {
    large_transactions: boolean;
    new_connections: boolean;
    weekly_summaries: boolean;
    security_alerts: boolean;
    product_updates: boolean;
    budget_alerts: boolean;
  };
};

export type PreferenceKey = keyof Preferences;
/** A partial update (PATCH body): any subset of keys. */
export type PreferencesPatch = { [K in PreferenceKey]?: Preferences[K] | undefined };

/** Keys whose value is an object: a partial update of one merges into the current value. */
export const NESTED_PREFERENCE_KEYS = [
  'dashboard_layout',
  'alert_thresholds',
  'transaction_filters',
  'notification_types',
] as const satisfies readonly PreferenceKey[];

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

/** Reads a value: what the rule makes of it (a fresh copy), or REFUSED. */
type Reader = (value: unknown) => unknown;
const REFUSED: unique symbol = Symbol('refused');

const choice =
  (values: readonly string[]): Reader =>
  (value) =>
    typeof value === 'string' && values.includes(value) ? value : REFUSED;
const flag: Reader = (value) => (typeof value === 'boolean' ? value : REFUSED);

const list =
  (item: Reader, max: number): Reader =>
  (value) => {
    if (!Array.isArray(value) || value.length > max) return REFUSED;
    const out: unknown[] = [];
    // Indexes, not forEach: a hole is an undefined entry, which no rule accepts.
    for (let index = 0; index < value.length; index += 1) {
      const read = item(value[index]);
      if (read === REFUSED) return REFUSED;
      out.push(read);
    }
    return out;
  };
const text: Reader = (value) =>
  typeof value === 'string' && value.length <= PREFERENCE_LIMITS.textMax ? value : REFUSED;
const textList = list(text, PREFERENCE_LIMITS.listMax);

const amount: Reader = (value) =>
  typeof value === 'number' &&
  value >= PREFERENCES_TIMING.thresholdMin &&
  value <= PREFERENCES_TIMING.thresholdMax
    ? value
    : REFUSED;
const nullable =
  (inner: Reader): Reader =>
  (value) =>
    value === null ? null : inner(value);
const withDefault =
  (inner: Reader, fallback: unknown): Reader =>
  (value) =>
    value === undefined ? fallback : inner(value);

/** An object with these keys, each required unless its reader takes undefined; other keys are dropped. */
const object =
  (shape: Record<string, Reader>): Reader =>
  (value) => {
    if (!isPlainObject(value)) return REFUSED;
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const inner = read(value[key]);
      if (inner === REFUSED) return REFUSED;
      out[key] = inner;
    }
    return out;
  };
const flags = (keys: readonly string[]): Reader => object(Object.fromEntries(keys.map((key) => [key, flag])));

/** Every preference key with its rule (spec §3), as `preferencesSchema` in `preferences.ts` has it. */
const READERS: { [K in PreferenceKey]: Reader } = {
  theme: choice(THEMES),
  sidebar_section_order: textList,
  dashboard_layout: object({ widgets: textList }),
  default_currency: choice(DISPLAY_CURRENCIES),
  default_date_range: choice(DATE_RANGES),
  number_format: choice(NUMBER_FORMATS),
  date_format: choice(DATE_FORMATS),
  time_zone: (value) => (isTimeZone(value) ? value : REFUSED),
  compact_view: flag,
  email_notifications: flag,
  push_notifications: flag,
  notification_frequency: choice(NOTIFICATION_FREQUENCIES),
  alert_thresholds: object({
    spending: nullable(amount),
    low_balance: amount,
    large_transaction: withDefault(amount, PREFERENCES_TIMING.largeTransactionDefault),
  }),
  show_balances: flag,
  require_2fa: flag,
  watchlist_symbols: textList,
  favorite_accounts: textList,
  analytics_enabled: flag,
  personalization_enabled: flag,
  marketing_enabled: flag,
  third_party_sharing: flag,
  reduce_motion: flag,
  font_size: choice(FONT_SIZES),
  high_contrast: flag,
  transaction_filters: flags(Object.keys(DEFAULT_PREFERENCES.transaction_filters)),
  hidden_categories: list(choice(TRANSACTION_CATEGORY_VALUES), PREFERENCE_LIMITS.hiddenCategoriesMax),
  enabled_news_sources: textList,
  news_categories: textList,
  notification_types: flags(Object.keys(DEFAULT_PREFERENCES.notification_types)),
};

const PREFERENCE_KEYS = Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[];

/**
 * `value` read as preference `key`: a fresh copy, unknown keys of an object dropped and the default of
 * a missing large_transaction filled in; undefined when the value breaks the key's rule.
 */
export function readPreference<K extends PreferenceKey>(key: K, value: unknown): Preferences[K] | undefined {
  const read = READERS[key](value);
  return read === REFUSED ? undefined : (read as Preferences[K]);
}

/**
 * A partial update read by the preference rules: every key known and its value valid (a key set to
 * undefined counts as absent), else undefined. The same verdict as `preferencesPatchSchema`.
 */
export function readPreferencesPatch(value: unknown): PreferencesPatch | undefined {
  if (!isPlainObject(value)) return undefined;
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(READERS, key)) return undefined;
    if (value[key] === undefined) {
      patch[key] = undefined;
      continue;
    }
    const read = READERS[key as PreferenceKey](value[key]);
    if (read === REFUSED) return undefined;
    patch[key] = read;
  }
  return patch as PreferencesPatch;
}

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
    for (const key of PREFERENCE_KEYS) {
      if (!(key in layer)) continue;
      const read = READERS[key];
      const current = merged[key];
      const incoming = layer[key];
      if (isPlainObject(current) && isPlainObject(incoming)) {
        // Nested objects merge key by key, so one bad entry does not discard its valid siblings.
        let next = current;
        for (const inner of Object.keys(current)) {
          if (!(inner in incoming)) continue;
          const candidate = { ...next, [inner]: incoming[inner] };
          if (read(candidate) !== REFUSED) next = candidate;
        }
        merged[key] = next;
        continue;
      }
      const value = read(incoming);
      if (value !== REFUSED) merged[key] = value;
    }
  }
  return merged as Preferences;
}
