import { describe, expect, it } from 'vitest';
import { fetchJson, fetchWithTimeout, retry, type ResponseLike } from './http';
import { createFixedWindowRateLimiter, fixedWindow, RateLimitError } from './rate-limit';

describe('fixed-window rate limiter (spec §4)', () => {
  it('allows the limit, then raises with reset time and limit, then opens in the next window', () => {
    const limiter = createFixedWindowRateLimiter({ limit: 3, windowMs: 60_000 });
    const t0 = 1_700_000_040_000;
    expect(limiter.hit('ip', t0)).toEqual({ remaining: 2, reset: t0 + 60_000 });
    limiter.hit('ip', t0 + 1);
    expect(limiter.hit('ip', t0 + 2).remaining).toBe(0);
    let error: unknown;
    try {
      limiter.hit('ip', t0 + 59_999);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ reset: t0 + 60_000, limit: 3 });
    expect(limiter.hit('other', t0 + 3).remaining).toBe(2);
    expect(limiter.hit('ip', t0 + 60_000).remaining).toBe(2);
  });

  it('aligns windows to multiples of their length', () => {
    expect(fixedWindow(125_000, 60_000)).toEqual({ start: 120_000, reset: 180_000 });
  });
});

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

function response(contentType: string, body: unknown, status = 200): ResponseLike {
  return {
    ok: status < 400,
    status,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    json: async () => body,
  };
}

describe('fetch helpers (spec §7, §8)', () => {
  it("rejects with 'Request timed out after {ms}ms' and aborts the request", async () => {
    let signal: { aborted: boolean } | undefined;
    const never = (_url: string, init?: { signal?: { aborted: boolean } }) => {
      signal = init?.signal;
      return new Promise<ResponseLike>(() => undefined);
    };
    await expect(
      fetchWithTimeout('http://x', {}, { timeoutMs: 20, runtime: { fetch: never } }),
    ).rejects.toThrow('Request timed out after 20ms');
    expect(signal?.aborted).toBe(true);
  });

  it('passes a timely response through', async () => {
    const quick = async () => response('application/json', { a: 1 });
    await expect(fetchWithTimeout('http://x', {}, { runtime: { fetch: quick } })).resolves.toMatchObject({
      status: 200,
    });
  });

  it("parses JSON and refuses other content types with 'Invalid response format'", async () => {
    const json = async () => response('application/json; charset=utf-8', { balance: 5 }, 201);
    await expect(fetchJson('http://x', {}, { runtime: { fetch: json } })).resolves.toEqual({
      ok: true,
      status: 201,
      data: { balance: 5 },
    });
    const html = async () => response('text/html', '<h1>Bad gateway</h1>', 502);
    await expect(fetchJson('http://x', {}, { runtime: { fetch: html } })).rejects.toThrow(
      'Invalid response format',
    );
  });
});
