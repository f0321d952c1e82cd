import { describe, expect, it } from 'vitest';
import { TRANSACTION_CATEGORY_VALUES } from './categories';
import { DISPLAY_CURRENCIES } from './currencies';
import { DATE_RANGES } from './dates';
import { DATE_FORMATS } from './formatting';
import { FONT_SIZES, THEMES } from './constants';
import { preferencesPatchSchema, preferencesSchema } from './preferences';
import {
  DEFAULT_PREFERENCES,
  mergePreferences,
  NOTIFICATION_FREQUENCIES,
  NUMBER_FORMATS,
  type PreferenceKey,
  readPreference,
  readPreferencesPatch,
} from './stored-preferences';

/**
 * The zod-free check (stored-preferences.ts) must read every value as the zod schema (preferences.ts)
 * does: the same verdict and the same result. Each key is tried with every sample below.
 */

const KEYS = Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[];
const text = (length: number) => 'a'.repeat(length);

const SCALARS: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  -1,
  0.01,
  1.5,
  100,
  1_000_000,
  1_000_000.01,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  '',
  'x',
  '1',
  'true',
  text(200),
  text(201),
  ...THEMES,
  ...DISPLAY_CURRENCIES,
  'SEK',
  ...DATE_RANGES,
  ...NUMBER_FORMATS,
  ...DATE_FORMATS,
  ...NOTIFICATION_FREQUENCIES,
  ...FONT_SIZES,
  'UTC',
  'Europe/Berlin',
  'America/Argentina/Buenos_Aires',
  'europe/berlin',
  'Local',
  'Mars/Olympus_Mons',
  `Europe/${text(60)}`,
];

const LISTS: unknown[] = [
  [],
  ['a', 'b'],
  [text(200)],
  [text(201)],
  [1],
  [null],
  ['a', 2],
  [undefined],
  // A list with a hole (index 0 never set) is read as one with undefined there.
  // eslint-disable-next-line no-sparse-arrays -- the hole is the point
  [, 'a'],
  Array.from({ length: 500 }, () => 'a'),
  Array.from({ length: 501 }, () => 'a'),
  ['TRAVEL', 'MEDICAL'],
  ['CRYPTO'],
  TRANSACTION_CATEGORY_VALUES.slice(0, 50),
  [...TRANSACTION_CATEGORY_VALUES, ...TRANSACTION_CATEGORY_VALUES].slice(0, 51),
];

const OBJECTS: unknown[] = [
  {},
  { widgets: [] },
  { widgets: ['net-worth', 'accounts'], extra: 1 },
  { widgets: 'net-worth' },
  { widgets: [text(201)] },
  { spending: null, low_balance: 100, large_transaction: 1000 },
  { spending: 500, low_balance: 0 },
  { spending: 500, low_balance: 0, large_transaction: undefined },
  { spending: 500 },
  { low_balance: 100 },
  { spending: undefined, low_balance: 100 },
  { spending: -5, low_balance: 250 },
  { spending: 1_000_001, low_balance: 250 },
  { spending: 0, low_balance: 1_000_000, large_transaction: 0 },
  { spending: '50', low_balance: 100 },
  { spending: null, low_balance: Number.NaN },
  { spending: null, low_balance: 100, large_transaction: null },
  { spending: null, low_balance: 100, large_transaction: 1e7, extra: true },
  DEFAULT_PREFERENCES.transaction_filters,
  { ...DEFAULT_PREFERENCES.transaction_filters, extra: 1 },
  { ...DEFAULT_PREFERENCES.transaction_filters, show_pending: 'no' },
  { show_recurring: true, show_pending: true, show_credit_cards: true },
  DEFAULT_PREFERENCES.notification_types,
  { ...DEFAULT_PREFERENCES.notification_types, budget_alerts: undefined },
  { ...DEFAULT_PREFERENCES.notification_types, weekly_summaries: 1 },
  // An older cache, before budget alerts existed.
  {
    large_transactions: true,
    new_connections: true,
    weekly_summaries: false,
    security_alerts: true,
    product_updates: false,
  },
];

const SAMPLES = [...SCALARS, ...LISTS, ...OBJECTS];

/** What the zod schema makes of `value` as `key`: its data, or undefined when it refuses it. */
function bySchema(key: PreferenceKey, value: unknown): unknown {
  const parsed = preferencesSchema.shape[key].safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** mergePreferences as it was written over the zod schema (each field's safeParse). */
function mergeBySchema(...layers: unknown[]): unknown {
  const isPlainObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const merged = JSON.parse(JSON.stringify(DEFAULT_PREFERENCES)) as Record<string, unknown>;
  for (const layer of layers) {
    if (!isPlainObject(layer)) continue;
    for (const key of KEYS) {
      if (!(key in layer)) continue;
      const field = preferencesSchema.shape[key];
      const current = merged[key];
      const incoming = layer[key];
      if (isPlainObject(current) && isPlainObject(incoming)) {
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
  return merged;
}

describe('readPreference reads every value as the zod schema does', () => {
  it.each(KEYS)('%s', (key) => {
    let accepted = 0;
    for (const value of SAMPLES) {
      const expected = bySchema(key, value);
      expect({ value, read: readPreference(key, value) }).toEqual({ value, read: expected });
      if (expected !== undefined) accepted += 1;
    }
    // Every key accepts some samples and refuses others, so both verdicts are compared.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(SAMPLES.length);
  });

  it('accepts every default', () => {
    for (const key of KEYS)
      expect(readPreference(key, DEFAULT_PREFERENCES[key])).toEqual(DEFAULT_PREFERENCES[key]);
  });

  it('returns copies, not the stored objects', () => {
    const widgets = ['net-worth'];
    const read = readPreference('dashboard_layout', { widgets });
    expect(read).toEqual({ widgets });
    expect(read?.widgets).not.toBe(widgets);
  });
});

describe('readPreferencesPatch gives the verdict of preferencesPatchSchema', () => {
  const patches: unknown[] = [
    {},
    { theme: 'dark' },
    { theme: 'neon' },
    { theme: undefined },
    { theme: 'light', default_currency: 'EUR', alert_thresholds: { spending: 5, low_balance: 1 } },
    { theme: 'light', default_currency: 'SEK' },
    { unknown_key: true },
    { theme: 'dark', unknown_key: true },
    { dashboard_layout: { widgets: ['a'], extra: 1 } },
    { hidden_categories: ['CRYPTO'] },
    { time_zone: 'Europe/Berlin' },
    { time_zone: 'Local' },
    null,
    'theme',
    ['theme'],
    42,
  ];
  it.each(patches)('%j', (patch) => {
    const parsed = preferencesPatchSchema.safeParse(patch);
    expect(readPreferencesPatch(patch)).toEqual(parsed.success ? parsed.data : undefined);
  });
});

describe('mergePreferences merges as it did over the zod schema', () => {
  const layers: unknown[][] = [
    [],
    // A corrupt cache: not an object, or an object of wrong values.
    ['junk'],
    [null],
    [['theme', 'dark']],
    [{ theme: 'neon', font_size: 'huge', hacker: true, compact_view: 'yes', favorite_accounts: 'a' }],
    // An older cache: some keys missing, an object without a later key.
    [{ theme: 'dark', alert_thresholds: { spending: 500, low_balance: 20 } }],
    [{ notification_types: { weekly_summaries: true } }],
    [{ alert_thresholds: { spending: -5, low_balance: 250, large_transaction: 'x' } }],
    [{ transaction_filters: { show_pending: false, show_refunds_only: 'no', extra: 1 } }],
    [{ dashboard_layout: { widgets: ['a'], extra: 1 } }, { dashboard_layout: { widgets: [1] } }],
    [{ dashboard_layout: [] }, { alert_thresholds: null }, { notification_types: 'all' }],
    [{ font_size: 'large' }, { theme: 'neon', font_size: 'huge', default_currency: 'EUR' }, 'junk'],
    [DEFAULT_PREFERENCES, { ...DEFAULT_PREFERENCES, theme: 'dark', time_zone: 'Asia/Tokyo' }],
    [{ hidden_categories: ['TRAVEL'] }, { hidden_categories: ['CRYPTO'] }],
    ...SAMPLES.map((value) => KEYS.map((key) => ({ [key]: value }))),
  ];
  it.each(layers.map((layer, index) => [index, layer] as const))('layers #%i', (_, layer) =>
    expect(mergePreferences(...layer)).toEqual(mergeBySchema(...layer)),
  );
});
