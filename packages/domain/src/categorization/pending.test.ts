import { describe, expect, it } from 'vitest';
import { matchPendingToPosted, type PendingCandidate, type PostedCandidate } from './pending';

const base: PendingCandidate = {
  id: 'p',
  accountId: 'card',
  date: '2026-03-10',
  amountMinor: -4_500,
  currency: 'USD',
  name: 'SQ *BLUE BOTTLE COFFEE',
};
const pend = (overrides: Partial<PendingCandidate>): PendingCandidate => ({ ...base, ...overrides });
const post = (overrides: Partial<PostedCandidate>): PostedCandidate => ({
  ...base,
  id: 'q',
  name: 'SQ *BLUE BOTTLE COFFEE #123 SAN FRANCISCO CA',
  ...overrides,
});

describe('matchPendingToPosted', () => {
  it.each<[string, Partial<PostedCandidate>, boolean]>([
    ['the same day and amount', {}, true],
    ['five days later (inclusive)', { date: '2026-03-15' }, true],
    ['six days later', { date: '2026-03-16' }, false],
    ['posted before the pending date', { date: '2026-03-09' }, false],
    ['an 18 % tip', { amountMinor: -5_310 }, true],
    ['exactly 20 % more', { amountMinor: -5_400 }, true],
    ['21 % more', { amountMinor: -5_445 }, false],
    ['20 % less', { amountMinor: -3_600 }, true],
    ['another account', { accountId: 'checking' }, false],
    ['another currency', { currency: 'EUR' }, false],
    ['another merchant', { name: 'SQ *RITUAL COFFEE' }, false],
    ['the merchant name matches', { name: 'POS 1234', merchantName: 'Blue Bottle Coffee' }, true],
    ['the opposite sign', { amountMinor: 4_500 }, false],
  ])('%s → matched: %s', (_label, overrides, matched) => {
    expect(matchPendingToPosted([pend({})], [post(overrides)])).toEqual(matched ? [['p', 'q']] : []);
  });

  it('matches a zero pending amount only to zero', () => {
    expect(matchPendingToPosted([pend({ amountMinor: 0 })], [post({ amountMinor: -100 })])).toEqual([]);
    expect(matchPendingToPosted([pend({ amountMinor: 0 })], [post({ amountMinor: 0 })])).toEqual([
      ['p', 'q'],
    ]);
  });

  it('matches several identical coffees one-to-one, earliest with earliest', () => {
    const pending = [
      pend({ id: 'p2', date: '2026-03-11' }),
      pend({ id: 'p1', date: '2026-03-10' }),
      pend({ id: 'p3', date: '2026-03-11' }),
    ];
    const posted = [
      post({ id: 'q3', date: '2026-03-14' }),
      post({ id: 'q1', date: '2026-03-11' }),
      post({ id: 'q2', date: '2026-03-11' }),
    ];
    const expected = [
      ['p1', 'q1'],
      ['p2', 'q2'],
      ['p3', 'q3'],
    ];
    expect(matchPendingToPosted(pending, posted)).toEqual(expected);
    expect(matchPendingToPosted([...pending].reverse(), [...posted].reverse())).toEqual(expected);
  });

  it('finds a match for every coffee where the closest-date choice would strand one', () => {
    const pending = [pend({ id: 'p1', date: '2026-03-10' }), pend({ id: 'p2', date: '2026-03-11' })];
    const posted = [post({ id: 'q1', date: '2026-03-11' }), post({ id: 'q2', date: '2026-03-14' })];
    expect(matchPendingToPosted(pending, posted, { windowDays: 3 })).toEqual([
      ['p1', 'q1'],
      ['p2', 'q2'],
    ]);
  });

  it('prefers an exact amount over a tip', () => {
    const pending = [pend({ id: 'p1', amountMinor: -4_500 })];
    const posted = [
      post({ id: 'q1', amountMinor: -5_000 }),
      post({ id: 'q2', amountMinor: -4_500, date: '2026-03-12' }),
    ];
    expect(matchPendingToPosted(pending, posted)).toEqual([['p1', 'q2']]);
  });

  it('honours the provider link first, and leaves posted rows linked elsewhere alone', () => {
    const pending = [pend({ id: 'p1' }), pend({ id: 'p2' })];
    const posted = [
      post({ id: 'q1', pendingTransactionId: 'p2' }),
      post({ id: 'q2', pendingTransactionId: 'gone' }),
      post({ id: 'q3' }),
    ];
    expect(matchPendingToPosted(pending, posted)).toEqual([
      ['p2', 'q1'],
      ['p1', 'q3'],
    ]);
  });

  it('takes custom options and refuses bad ones', () => {
    expect(
      matchPendingToPosted([pend({})], [post({ amountMinor: -5_400 })], { amountTolerancePct: 10 }),
    ).toEqual([]);
    expect(() => matchPendingToPosted([], [], { windowDays: -1 })).toThrow(RangeError);
    expect(() => matchPendingToPosted([], [], { amountTolerancePct: Number.NaN })).toThrow(RangeError);
  });
});
