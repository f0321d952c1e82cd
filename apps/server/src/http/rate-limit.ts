import type { MiddlewareHandler } from 'hono';
import { fixedWindow } from '@lodestar/domain';
import { AppError } from './app-error';

/** Counts hits in fixed windows aligned to multiples of `windowMs`. */
export type RateLimitStore = {
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** The count so far in the current window, without counting this look (failure-only limits). */
  peek(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  close(): Promise<void>;
};

/** One process: enough for a single instance (the default). */
export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key, windowMs, now) {
      const { start, reset } = fixedWindow(now, windowMs);
      const current = windows.get(key);
      const entry = current && current.start === start ? current : { start, count: 0 };
      entry.count += 1;
      windows.set(key, entry);
      if (windows.size > 50_000) {
        for (const [k, v] of windows) if (v.start + windowMs <= now) windows.delete(k);
      }
      return { count: entry.count, resetAt: reset };
    },
    async peek(key, windowMs, now) {
      const { start, reset } = fixedWindow(now, windowMs);
      const current = windows.get(key);
      return { count: current && current.start === start ? current.count : 0, resetAt: reset };
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * Shared by every instance through Redis (REDIS_URL): INCR plus an expiry at the window's end. The Redis
 * client is loaded here, not at start: a server without REDIS_URL never loads it.
 */
export async function createRedisRateLimitStore(url: string): Promise<RateLimitStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, windowMs, now) {
      const { start, reset: resetAt } = fixedWindow(now, windowMs);
      const redisKey = `lodestar:rl:${key}:${start}`;
      // A relative TTL keeps working whatever the clock difference between Redis and this server.
      const results = await redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, resetAt - now + 1_000)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      return { count, resetAt };
    },
    async peek(key, windowMs, now) {
      const { start, reset: resetAt } = fixedWindow(now, windowMs);
      const count = Number((await redis.get(`lodestar:rl:${key}:${start}`)) ?? 0);
      return { count, resetAt };
    },
    async close() {
      redis.disconnect();
    },
  };
}

export type RateLimitOptions = {
  store: RateLimitStore;
  max: number;
  windowMs: number;
  /** Which bucket a request counts against (the caller, or the client address, plus an area). */
  key: (c: Parameters<MiddlewareHandler>[0]) => string | Promise<string>;
  now?: () => number;
};

/**
 * Fixed-window limiter (spec §4): once the count reaches the limit within the window, requests
 * fail with 429 carrying `reset` and `limit`, plus RateLimit-* and Retry-After headers.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const now = options.now ?? Date.now;
  return async (c, next) => {
    const at = now();
    const { count, resetAt } = await options.store.hit(await options.key(c), options.windowMs, at);
    const secondsToReset = Math.max(0, Math.ceil((resetAt - at) / 1000));
    c.header('RateLimit-Limit', String(options.max));
    c.header('RateLimit-Remaining', String(Math.max(0, options.max - count)));
    c.header('RateLimit-Reset', String(secondsToReset));
    if (count > options.max) {
      c.header('Retry-After', String(secondsToReset));
      throw AppError.rateLimited(resetAt, options.max);
    }
    await next();
  };
}
