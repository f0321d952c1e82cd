import * as z from 'zod/mini';
import { en } from 'zod/locales';
import { FONT_SIZES, PREFERENCES_TIMING, THEMES } from './constants';
import { TRANSACTION_CATEGORY_VALUES } from './categories';
import { DISPLAY_CURRENCIES } from './currencies';
import { DATE_RANGES } from './dates';
import { DATE_FORMATS } from './formatting';
import { isTimeZone, TIME_ZONE_MESSAGE } from './time-zones';
import { MESSAGES } from './messages';
import {
  type AlertThresholds,
  NOTIFICATION_FREQUENCIES,
  NUMBER_FORMATS,
  PREFERENCE_LIMITS,
  type Preferences,
  type PreferencesPatch,
} from './stored-preferences';

export * from './stored-preferences';

/**
 * The rules of the user preferences (spec §3) as a zod schema, with a message per key: the API checks
 * every change with it and answers with its messages. The keys, values, limits and defaults are those
 * of `stored-preferences.ts`, whose zod-free check reads the web app's cache and the server's answers
 * (ADR 072); a test runs both over the same inputs.
 *
 * Written with zod's tree-shakable `zod/mini` (ADR 031). The rules and messages are the same as classic
 * zod's; English messages are set for zod's own defaults (the server's classic zod sets the same ones).
 */
z.config(en());

/** One clear message per key, naming the preference and what it accepts (spec §3 names the values). */
const choice = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { message: `${label} must be one of: ${values.join(', ')}` });
const flag = (label: string) => z.boolean({ message: `${label} must be true or false` });
const { listMax: LIST_MAX, textMax: TEXT_MAX, hiddenCategoriesMax } = PREFERENCE_LIMITS;
const textList = (label: string) =>
  z
    .array(
      z
        .string({ message: `${label} must be a list of text values` })
        .check(z.maxLength(TEXT_MAX, `${label}: each entry is at most ${TEXT_MAX} characters`)),
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
    .check(z.maxLength(hiddenCategoriesMax)),
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

/** A partial update (PATCH body): any subset of keys, each checked by its own rule, unknown keys refused. */
export const preferencesPatchSchema = z.partial(z.strictObject(preferencesSchema.shape));

/** Compiles only while A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The schema and the hand-written types of stored-preferences.ts describe the same document.
const sameTypes: [
  Same<z.infer<typeof preferencesSchema>, Preferences>,
  Same<z.infer<typeof alertThresholdsSchema>, AlertThresholds>,
  Same<z.infer<typeof preferencesPatchSchema>, PreferencesPatch>,
] = [true, true, true];
void sameTypes;
