import { describe, expect, it } from 'vitest';
import { effectiveTierName, graceEndsAt, isNewerEvent, nextPastDueSince, tierForPrice } from './billing';

const now = new Date('2026-11-26T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * day);
const base = { tier: 'pro', currentPeriodEnd: at(20), cancelAtPeriodEnd: false, pastDueSince: null };

describe('effectiveTierName', () => {
  it.each([
    ['no subscription', null, 'free_trial'],
    ['never subscribed', { ...base, status: null }, 'free_trial'],
    ['active', { ...base, status: 'active' }, 'pro'],
    ['trialing', { ...base, status: 'trialing' }, 'pro'],
    ['active, legacy enterprise', { ...base, status: 'active', tier: 'enterprise' }, 'pro'],
    ['active, legacy standard', { ...base, status: 'active', tier: 'standard' }, 'free_trial'],
    ['cancelling, before the period end', { ...base, status: 'active', cancelAtPeriodEnd: true }, 'pro'],
    [
      'cancelling, after the period end',
      { ...base, status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: at(-1) },
      'free_trial',
    ],
    ['past due 6 days', { ...base, status: 'past_due', pastDueSince: at(-6) }, 'pro'],
    ['past due 7 days', { ...base, status: 'past_due', pastDueSince: at(-7) }, 'free_trial'],
    ['canceled', { ...base, status: 'canceled' }, 'free_trial'],
    ['unpaid', { ...base, status: 'unpaid' }, 'free_trial'],
    ['incomplete', { ...base, status: 'incomplete' }, 'free_trial'],
  ] as const)('%s → %s', (_label, subscription, expected) => {
    expect(effectiveTierName(subscription, now)).toBe(expected);
  });
});

describe('grace and ordering', () => {
  it('grace ends 7 days after the first failure and only while past due', () => {
    expect(graceEndsAt({ status: 'past_due', pastDueSince: now })).toEqual(at(7));
    expect(graceEndsAt({ status: 'active', pastDueSince: now })).toBeNull();
  });

  it('keeps the first failure time while the subscription stays past due', () => {
    expect(nextPastDueSince(null, 'past_due', now)).toEqual(now);
    expect(nextPastDueSince({ status: 'past_due', pastDueSince: at(-3) }, 'past_due', now)).toEqual(at(-3));
    expect(nextPastDueSince({ status: 'past_due', pastDueSince: at(-3) }, 'active', now)).toBeNull();
    expect(nextPastDueSince({ status: 'active', pastDueSince: null }, 'past_due', now)).toEqual(now);
  });

  it('applies an event only when it is not older than the last one applied', () => {
    expect(isNewerEvent(now, null)).toBe(true);
    expect(isNewerEvent(now, now)).toBe(true);
    expect(isNewerEvent(at(-1), now)).toBe(false);
  });

  it('names the tier of a price: the configured Pro prices, else the price metadata', () => {
    expect(tierForPrice('price_m', ['price_m', undefined])).toBe('pro');
    expect(tierForPrice('price_other', ['price_m'], 'enterprise')).toBe('pro');
    expect(tierForPrice('price_other', ['price_m'], 'hobby')).toBe('free_trial');
    expect(tierForPrice(null, ['price_m'])).toBe('free_trial');
  });
});
