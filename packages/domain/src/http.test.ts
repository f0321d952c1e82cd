import { describe, expect, it } from 'vitest';
import { fetchJson, fetchWithTimeout, retry, type ResponseLike } from './http';

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

describe('fetch helper defaults', () => {
  it('arms a 30000 ms timer by default and clears it when the response arrives', async () => {
    const armed: number[] = [];
    const cleared: unknown[] = [];
    const runtime = {
      fetch: async () => response('application/json', {}),
      setTimeout: (_callback: () => void, ms: number) => {
        armed.push(ms);
        return 'timer-1';
      },
      clearTimeout: (id: unknown) => void cleared.push(id),
    };
    await fetchWithTimeout('http://x', { method: 'POST' }, { runtime });
    expect(armed).toEqual([30_000]);
    expect(cleared).toEqual(['timer-1']);
  });

  it('passes the caller init through with an abort signal and rethrows fetch errors', async () => {
    let seen: Record<string, unknown> | undefined;
    const failing = async (_url: string, init?: Record<string, unknown>) => {
      seen = init;
      throw new Error('network down');
    };
    await expect(fetchJson('http://x', { method: 'PUT' }, { runtime: { fetch: failing } })).rejects.toThrow(
      'network down',
    );
    expect(seen).toMatchObject({ method: 'PUT', signal: { aborted: false } });
  });

  it("refuses a response without a content type as 'Invalid response format'", async () => {
    const bare = async (): Promise<ResponseLike> => ({
      ok: true,
      status: 200,
      headers: { get: () => null },
      json: async () => ({}),
    });
    await expect(fetchJson('http://x', {}, { runtime: { fetch: bare } })).rejects.toThrow(
      'Invalid response format',
    );
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
