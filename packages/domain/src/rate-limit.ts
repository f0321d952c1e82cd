/**
 * Fixed-window rate limiting (spec §4): requests are counted in windows aligned to multiples of the
 * window length; once the count has reached the limit, further requests in that window fail with a
 * RateLimitError carrying when the window resets and the limit.
 */

/** Raised once the limit is reached (HTTP 429); `reset` is epoch ms, `limit` the requests per window. */
export class RateLimitError extends Error {
  constructor(
    /** Epoch milliseconds when the current window ends. */
    readonly reset: number,
    readonly limit: number,
  ) {
    super('Rate limit exceeded');
    this.name = 'RateLimitError';
  }
}

/** The window containing `now` (epoch ms): its start (inclusive) and the moment it resets (exclusive), both epoch ms. */
export function fixedWindow(now: number, windowMs: number): { start: number; reset: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, reset: start + windowMs };
}

export type FixedWindowState = { start: number; count: number };

/** Where counts live; the in-memory map is enough for one process. */
export type FixedWindowStore = {
  get(key: string): FixedWindowState | undefined;
  set(key: string, state: FixedWindowState): void;
};

/** An in-process store (one Map); several server instances need a shared store such as Redis. */
export function createMemoryWindowStore(): FixedWindowStore & { size(): number } {
  const map = new Map<string, FixedWindowState>();
  return { get: (key) => map.get(key), set: (key, state) => void map.set(key, state), size: () => map.size };
}

export type RateLimiter = {
  /** Counts one request for `key` at `now`; throws RateLimitError once the limit is reached. */
  hit(key: string, now: number): { remaining: number; reset: number };
};

/**
 * A fixed-window limiter allowing `limit` hits per key per window of `windowMs` milliseconds. `hit`
 * returns the hits left in the window and its reset (epoch ms), or throws RateLimitError.
 */
export function createFixedWindowRateLimiter(options: {
  limit: number;
  windowMs: number;
  store?: FixedWindowStore;
}): RateLimiter {
  if (!Number.isInteger(options.limit) || options.limit < 1)
    throw new RangeError('limit must be a positive integer');
  if (!(options.windowMs > 0)) throw new RangeError('windowMs must be positive');
  const store = options.store ?? createMemoryWindowStore();
  return {
    hit(key, now) {
      const { start, reset } = fixedWindow(now, options.windowMs);
      const current = store.get(key);
      const count = current && current.start === start ? current.count : 0;
      if (count >= options.limit) throw new RateLimitError(reset, options.limit);
      store.set(key, { start, count: count + 1 });
      return { remaining: options.limit - count - 1, reset };
    },
  };
}
