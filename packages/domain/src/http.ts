import { HTTP_TIMEOUT_MS, RETRY } from './constants';

/**
 * Generic helpers of spec §7/§9: retry with backoff, fetch with a timeout, JSON fetch. The package has
 * no DOM or Node types, so the few runtime globals are described structurally here; both browsers and
 * Node provide them, and tests can pass their own.
 */

type AbortSignalLike = { readonly aborted: boolean };
type AbortControllerLike = { readonly signal: AbortSignalLike; abort(reason?: unknown): void };
type HeadersLike = { get(name: string): string | null };
export type ResponseLike = { ok: boolean; status: number; headers: HeadersLike; json(): Promise<unknown> };
export type FetchLike = (
  input: string,
  init?: { signal?: AbortSignalLike } & Record<string, unknown>,
) => Promise<ResponseLike>;
type TimerId = unknown;
export type Runtime = {
  fetch: FetchLike;
  setTimeout(callback: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  AbortController: new () => AbortControllerLike;
};

/** The platform's globals (read lazily: they are non-enumerable, so they cannot be spread). */
function resolveRuntime(overrides: Partial<Runtime> = {}): Runtime {
  const platform = globalThis as unknown as Runtime;
  return {
    fetch: overrides.fetch ?? ((input, init) => platform.fetch(input, init)),
    setTimeout: overrides.setTimeout ?? ((callback, ms) => platform.setTimeout(callback, ms)),
    clearTimeout: overrides.clearTimeout ?? ((id) => platform.clearTimeout(id)),
    AbortController: overrides.AbortController ?? platform.AbortController,
  };
}

export type RetryOptions = {
  /** Total tries including the first (spec: 3). */
  attempts?: number;
  /** Wait before the second try, in ms (spec: 1000). */
  delayMs?: number;
  /** Double the wait after each failure (spec: on). */
  backoff?: boolean;
  /** Whether an error is worth another try; default: every error. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * Runs `task` up to `attempts` times in all (default 3), waiting `delayMs` milliseconds (default 1000)
 * before the second try and, with backoff (default on), doubling the wait after each failure (1000,
 * 2000, …). Stops early when `shouldRetry` returns false; rethrows the last error.
 */
export async function retry<T>(
  task: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? RETRY.attempts;
  const delayMs = options.delayMs ?? RETRY.delayMs;
  const backoff = options.backoff ?? RETRY.backoff;
  const sleep =
    options.sleep ??
    ((ms: number) => new Promise<void>((resolve) => resolveRuntime().setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || !(options.shouldRetry?.(error, attempt) ?? true)) throw error;
      await sleep(backoff ? delayMs * 2 ** (attempt - 1) : delayMs);
    }
  }
}

/**
 * Fetches `url`, aborting the request after `timeoutMs` milliseconds (default 30000) and rejecting with
 * Error('Request timed out after {ms}ms'). The timer is always cleared.
 */
export async function fetchWithTimeout(
  url: string,
  init: Record<string, unknown> = {},
  options: { timeoutMs?: number; runtime?: Partial<Runtime> } = {},
): Promise<ResponseLike> {
  const runtime = resolveRuntime(options.runtime);
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const controller = new runtime.AbortController();
  let timer: TimerId;
  const timeout = new Promise<never>((_, reject) => {
    timer = runtime.setTimeout(() => {
      controller.abort();
      reject(new Error(`Request timed out after ${timeoutMs}ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([runtime.fetch(url, { ...init, signal: controller.signal }), timeout]);
  } finally {
    runtime.clearTimeout(timer);
  }
}

/**
 * Fetches JSON with a timeout; a response whose content type is not application/json is refused
 * with 'Invalid response format' (an HTML error page from a proxy must never be parsed as data).
 */
export async function fetchJson<T>(
  url: string,
  init: Record<string, unknown> = {},
  options: { timeoutMs?: number; runtime?: Partial<Runtime> } = {},
): Promise<{ ok: boolean; status: number; data: T }> {
  const response = await fetchWithTimeout(url, init, options);
  if (!(response.headers.get('content-type') ?? '').toLowerCase().includes('application/json')) {
    throw new Error('Invalid response format');
  }
  return { ok: response.ok, status: response.status, data: (await response.json()) as T };
}
