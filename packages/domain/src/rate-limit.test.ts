import { describe, expect, it } from 'vitest';
import {
  createFixedWindowRateLimiter,
  createMemoryWindowStore,
  fixedWindow,
  RateLimitError,
} from './rate-limit';

const WINDOW = 60_000;
const T0 = 1_700_000_040_000; // a window boundary (multiple of 60 000)

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('fixed-window rate limiter (spec §4)', () => {
  it('allows the limit, then raises with reset time and limit, then opens in the next window', () => {
    const limiter = createFixedWindowRateLimiter({ limit: 3, windowMs: WINDOW });
    expect(limiter.hit('ip', T0)).toEqual({ remaining: 2, reset: T0 + WINDOW });
    expect(limiter.hit('ip', T0 + 1)).toEqual({ remaining: 1, reset: T0 + WINDOW });
    expect(limiter.hit('ip', T0 + 2)).toEqual({ remaining: 0, reset: T0 + WINDOW });
    const error = caught(() => limiter.hit('ip', T0 + WINDOW - 1));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ reset: T0 + WINDOW, limit: 3, name: 'RateLimitError' });
    expect(limiter.hit('other', T0 + 3).remaining).toBe(2);
    expect(limiter.hit('ip', T0 + WINDOW)).toEqual({ remaining: 2, reset: T0 + 2 * WINDOW });
  });

  it('keeps refusing for the rest of the window without counting refusals', () => {
    const store = createMemoryWindowStore();
    const limiter = createFixedWindowRateLimiter({ limit: 1, windowMs: WINDOW, store });
    limiter.hit('k', T0);
    for (let i = 1; i < 5; i++) expect(caught(() => limiter.hit('k', T0 + i))).toBeInstanceOf(RateLimitError);
    expect(store.get('k')).toEqual({ start: T0, count: 1 });
    expect(store.size()).toBe(1);
  });

  it('uses the given store', () => {
    const store = createMemoryWindowStore();
    store.set('k', { start: T0, count: 5 });
    const limiter = createFixedWindowRateLimiter({ limit: 5, windowMs: WINDOW, store });
    expect(caught(() => limiter.hit('k', T0 + 10))).toMatchObject({ limit: 5, reset: T0 + WINDOW });
    // A count from an older window does not carry over.
    expect(limiter.hit('k', T0 + WINDOW + 10).remaining).toBe(4);
  });

  it.each([
    [{ limit: 0, windowMs: WINDOW }, 'limit must be a positive integer'],
    [{ limit: 1.5, windowMs: WINDOW }, 'limit must be a positive integer'],
    [{ limit: 1, windowMs: 0 }, 'windowMs must be positive'],
  ])('refuses the options %j', (options, message) =>
    expect(() => createFixedWindowRateLimiter(options)).toThrow(message),
  );

  it.each([
    [125_000, 60_000, { start: 120_000, reset: 180_000 }],
    [120_000, 60_000, { start: 120_000, reset: 180_000 }],
    [179_999, 60_000, { start: 120_000, reset: 180_000 }],
    [0, 1000, { start: 0, reset: 1000 }],
  ])('the window of %i (length %i) is %j', (now, windowMs, window) =>
    expect(fixedWindow(now, windowMs)).toEqual(window),
  );
});
