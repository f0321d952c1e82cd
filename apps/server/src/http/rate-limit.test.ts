import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;

function behavesAsFixedWindow(makeStore: () => RateLimitStore | Promise<RateLimitStore>) {
  it('counts hits within a window and starts again in the next one', async () => {
    const store = await makeStore();
    const key = `test:${randomBytes(4).toString('hex')}`;
    const windowStart = 1_700_000_040_000; // a multiple of the 60 s window
    try {
      expect(await store.hit(key, 60_000, windowStart + 1)).toEqual({
        count: 1,
        resetAt: windowStart + 60_000,
      });
      expect(await store.hit(key, 60_000, windowStart + 59_999)).toEqual({
        count: 2,
        resetAt: windowStart + 60_000,
      });
      expect(await store.hit(key, 60_000, windowStart + 60_000)).toEqual({
        count: 1,
        resetAt: windowStart + 120_000,
      });
      expect((await store.hit(`${key}:other`, 60_000, windowStart + 1)).count).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('peeks at the current count without counting', async () => {
    const store = await makeStore();
    const key = `test:${randomBytes(4).toString('hex')}`;
    const now = Date.now();
    try {
      expect((await store.peek(key, 60_000, now)).count).toBe(0);
      await store.hit(key, 60_000, now);
      await store.hit(key, 60_000, now);
      expect((await store.peek(key, 60_000, now)).count).toBe(2);
      expect((await store.peek(key, 60_000, now)).count).toBe(2);
      expect((await store.hit(key, 60_000, now)).count).toBe(3);
    } finally {
      await store.close();
    }
  });
}

describe('in-memory rate limit store', () => {
  behavesAsFixedWindow(createMemoryRateLimitStore);
});

// Redis runs in CI (TEST_REDIS_URL); a developer machine without Redis runs the in-memory suite only.
describe.runIf(redisUrl)('Redis rate limit store (shared by instances)', () => {
  behavesAsFixedWindow(() => createRedisRateLimitStore(redisUrl!));

  it('shares one window between two instances', async () => {
    const a = await createRedisRateLimitStore(redisUrl!);
    const b = await createRedisRateLimitStore(redisUrl!);
    const key = `test:${randomBytes(4).toString('hex')}`;
    const now = Date.now();
    try {
      await a.hit(key, 60_000, now);
      await b.hit(key, 60_000, now);
      expect((await a.hit(key, 60_000, now)).count).toBe(3);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
