import { describe, expect, it } from 'vitest';
import { retry } from './http';

describe('retry (spec §4, §9)', () => {
  it('tries three times by default with 1000 ms doubling waits', async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      retry(
        async () => {
          calls += 1;
          throw new Error(`fail ${calls}`);
        },
        { sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toThrow('fail 3');
    expect(calls).toBe(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('returns the first success and honours shouldRetry and a flat delay', async () => {
    const waits: number[] = [];
    const result = await retry(async (attempt) => (attempt < 2 ? Promise.reject(new Error('x')) : 'ok'), {
      backoff: false,
      delayMs: 10,
      attempts: 5,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result).toBe('ok');
    expect(waits).toEqual([10]);
    await expect(
      retry(async () => Promise.reject(new Error('fatal')), {
        shouldRetry: () => false,
        sleep: async () => undefined,
      }),
    ).rejects.toThrow('fatal');
  });
});

describe('retry options', () => {
  it.each([
    [{ attempts: 1 }, 1, []],
    [{ attempts: 4, delayMs: 100 }, 4, [100, 200, 400]],
    [{ attempts: 4, delayMs: 100, backoff: false }, 4, [100, 100, 100]],
  ])('%j makes %i calls waiting %j', async (options, calls, waits) => {
    const seenWaits: number[] = [];
    let count = 0;
    await expect(
      retry(
        async () => {
          count += 1;
          throw new Error('nope');
        },
        { ...options, sleep: async (ms) => void seenWaits.push(ms) },
      ),
    ).rejects.toThrow('nope');
    expect(count).toBe(calls);
    expect(seenWaits).toEqual(waits);
  });

  it('asks shouldRetry with the error and attempt number', async () => {
    const asked: [string, number][] = [];
    await expect(
      retry(async (attempt) => Promise.reject(new Error(`e${attempt}`)), {
        shouldRetry: (error, attempt) => {
          asked.push([(error as Error).message, attempt]);
          return attempt < 2;
        },
        sleep: async () => undefined,
      }),
    ).rejects.toThrow('e2');
    expect(asked).toEqual([
      ['e1', 1],
      ['e2', 2],
    ]);
  });

  it('waits with the platform timer when no sleep is given', async () => {
    let calls = 0;
    const result = await retry(async () => (++calls < 2 ? Promise.reject(new Error('x')) : 'done'), {
      delayMs: 1,
    });
    expect(result).toBe('done');
  });
});
