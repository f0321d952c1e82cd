import { describe, expect, it } from 'vitest';
import { GENERAL_LIMITS } from './constants';
import {
  ACTIVE_TIERS,
  BILLING_TIERS,
  resolveTierName,
  tierFor,
  tierHasFeature,
  tierPricing,
  withStripePriceIds,
} from './tiers';

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
    [' Enterprise ', 'pro'],
    ['Hobby', 'free_trial'],
    ['platinum', 'free_trial'],
    ['', 'free_trial'],
    [undefined, 'free_trial'],
    [null, 'free_trial'],
  ])('maps plan %j to %s', (plan, tier) => {
    expect(resolveTierName(plan)).toBe(tier);
    expect(tierFor(plan).name).toBe(tier);
  });

  it('falls back to the first price when the period is not offered', () => {
    expect(tierPricing(BILLING_TIERS.pro, 'yearly')).toEqual(BILLING_TIERS.pro.pricing[0]);
  });
});

describe('tier details', () => {
  it.each([
    ['free_trial', true, undefined, 0],
    ['pro', true, 'RECOMMENDED', 15],
    ['standard', false, undefined, 0],
    ['enterprise', false, undefined, 15],
  ] as const)('%s: active %s, badge %j, monthly price %i', (name, active, badge, price) => {
    const tier = BILLING_TIERS[name];
    expect(tier.name).toBe(name);
    expect(tier.isActive).toBe(active);
    expect(tier.badge).toBe(badge);
    expect(tierPricing(tier, 'monthly')).toMatchObject({ period: 'monthly', price, stripePriceId: null });
  });

  it('mirrors legacy tiers completely', () => {
    expect(BILLING_TIERS.standard.features).toEqual(BILLING_TIERS.free_trial.features);
    expect(BILLING_TIERS.standard.pricing).toEqual(BILLING_TIERS.free_trial.pricing);
    expect(BILLING_TIERS.enterprise.limits).toEqual(BILLING_TIERS.pro.limits);
    expect(BILLING_TIERS.enterprise.pricing).toEqual(BILLING_TIERS.pro.pricing);
  });

  it('lists every feature flag of spec §3 for free and pro', () => {
    const keys = [
      'encryptionType',
      'clientSideDecryption',
      'zeroKnowledge',
      'plaidSync',
      'exchangeSync',
      'blockchainSync',
      'manualRefresh',
      'webhooks',
      'basicAnalytics',
      'advancedAnalytics',
      'customReports',
      'exportData',
      'emailSupport',
      'prioritySupport',
      'dedicatedSupport',
      'apiAccess',
      'whiteLabel',
      'teamMembers',
    ];
    expect(Object.keys(BILLING_TIERS.free_trial.features).sort()).toEqual([...keys].sort());
    expect(Object.keys(BILLING_TIERS.pro.features).sort()).toEqual([...keys].sort());
  });

  it('returns undefined pricing only for a tier without prices', () =>
    expect(tierPricing({ ...BILLING_TIERS.pro, pricing: [] }, 'monthly')).toBeUndefined());

  it('fills price ids from configuration without touching the catalogue', () => {
    const pro = withStripePriceIds(BILLING_TIERS.pro, { monthly: 'price_123' });
    expect(tierPricing(pro, 'monthly')?.stripePriceId).toBe('price_123');
    expect(tierPricing(BILLING_TIERS.pro, 'monthly')?.stripePriceId).toBeNull();
    expect(tierPricing(withStripePriceIds(BILLING_TIERS.pro, {}), 'monthly')?.stripePriceId).toBeNull();
  });

  it('has the general limits of spec §9', () =>
    expect(GENERAL_LIMITS).toEqual({ transactions: 1000, accounts: 5, exportRows: 500 }));
});
