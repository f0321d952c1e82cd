import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from './feature-flags';
import { DEFAULT_PREFERENCES, mergePreferences, preferencesSchema } from './preferences';
import { ACTIVE_TIERS, BILLING_TIERS, resolveTierName, tierFor, tierHasFeature, tierPricing } from './tiers';

describe('billing tiers (spec §3, §4, §6, §9)', () => {
  it('has free and pro limits as specified', () => {
    expect(BILLING_TIERS.free_trial.limits).toEqual({
      accounts: 3,
      transactions: 250,
      syncFrequency: 'daily',
      dataRetention: 365,
      apiCalls: 100,
    });
    expect(BILLING_TIERS.pro.limits).toEqual({
      accounts: 50,
      transactions: 10_000,
      syncFrequency: 'hourly',
      dataRetention: 730,
      apiCalls: 10_000,
    });
    expect(tierPricing(BILLING_TIERS.free_trial, 'monthly')?.price).toBe(0);
    expect(tierPricing(BILLING_TIERS.pro, 'monthly')?.price).toBe(15);
    expect(BILLING_TIERS.pro.badge).toBe('RECOMMENDED');
  });

  it('gates features: free has none of the paid ones, pro has them all', () => {
    const paid = ['webhooks', 'advancedAnalytics', 'customReports', 'exportData', 'apiAccess'] as const;
    for (const feature of paid) {
      expect(tierHasFeature(BILLING_TIERS.free_trial, feature)).toBe(false);
      expect(tierHasFeature(BILLING_TIERS.pro, feature)).toBe(true);
    }
    expect(BILLING_TIERS.free_trial.features.teamMembers).toBe(1);
    expect(BILLING_TIERS.pro.features.teamMembers).toBe(3);
    expect(BILLING_TIERS.pro.features.prioritySupport).toBe(true);
    expect(BILLING_TIERS.free_trial.features.prioritySupport).toBe(false);
  });

  it('keeps legacy tiers inactive, mirroring free and pro', () => {
    expect(ACTIVE_TIERS.map((tier) => tier.name)).toEqual(['free_trial', 'pro']);
    expect(BILLING_TIERS.standard.limits).toEqual(BILLING_TIERS.free_trial.limits);
    expect(BILLING_TIERS.enterprise.features).toEqual(BILLING_TIERS.pro.features);
    expect(BILLING_TIERS.standard.isActive || BILLING_TIERS.enterprise.isActive).toBe(false);
  });

  it.each([
    ['free', 'free_trial'],
    ['hobby', 'free_trial'],
    ['starter', 'free_trial'],
    ['standard', 'free_trial'],
    ['free_trial', 'free_trial'],
    ['enterprise', 'pro'],
    ['pro', 'pro'],
    ['PRO', 'pro'],
    ['platinum', 'free_trial'],
    [null, 'free_trial'],
  ])('maps plan %j to %s', (plan, tier) => {
    expect(resolveTierName(plan)).toBe(tier);
    expect(tierFor(plan).name).toBe(tier);
  });

  it('falls back to the first price when the period is not offered', () => {
    expect(tierPricing(BILLING_TIERS.pro, 'yearly')).toEqual(BILLING_TIERS.pro.pricing[0]);
  });
});

describe('feature flags (spec §1)', () => {
  it('turns crypto, bank linking and export on and the public API off', () => {
    expect(DEFAULT_FEATURE_FLAGS).toEqual({
      crypto: true,
      bankLinking: true,
      export: true,
      publicApi: false,
    });
  });
});

describe('preferences (spec §3)', () => {
  it('has valid defaults for every key', () => {
    expect(preferencesSchema.parse(DEFAULT_PREFERENCES)).toEqual(DEFAULT_PREFERENCES);
    expect(Object.keys(DEFAULT_PREFERENCES)).toHaveLength(29);
    expect(DEFAULT_PREFERENCES).toMatchObject({
      theme: 'system',
      default_currency: 'USD',
      default_date_range: '30d',
      number_format: 'en-US',
      date_format: 'MM/DD/YYYY',
      time_zone: 'America/New_York',
      alert_thresholds: { spending: null, low_balance: 100 },
      font_size: 'medium',
    });
  });

  it('merges layers over the defaults, nested objects key by key', () => {
    const merged = mergePreferences(
      { theme: 'dark', notification_types: { weekly_summaries: true } },
      { alert_thresholds: { spending: 500 } },
    );
    expect(merged.theme).toBe('dark');
    expect(merged.notification_types).toEqual({
      ...DEFAULT_PREFERENCES.notification_types,
      weekly_summaries: true,
    });
    expect(merged.alert_thresholds).toEqual({ spending: 500, low_balance: 100 });
  });

  it('drops unknown keys and invalid values instead of failing', () => {
    const merged = mergePreferences(
      { theme: 'neon', font_size: 'huge', hacker: true, default_currency: 'EUR' },
      'junk',
      null,
    );
    expect(merged.theme).toBe('system');
    expect(merged.font_size).toBe('medium');
    expect(merged.default_currency).toBe('EUR');
    expect(merged).not.toHaveProperty('hacker');
  });

  it('does not share nested objects with the defaults', () => {
    const merged = mergePreferences();
    merged.notification_types.product_updates = true;
    expect(DEFAULT_PREFERENCES.notification_types.product_updates).toBe(false);
  });
});
