import { RETRY } from './constants';

/**
 * Retry with backoff (spec §7/§9). The package has no DOM or Node types, so the timer global is
 * described structurally here; tests pass their own `sleep`.
 */

type TimerGlobal = { setTimeout(callback: () => void, ms: number): unknown };

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
    ((ms: number) =>
      new Promise<void>((resolve) => (globalThis as unknown as TimerGlobal).setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || !(options.shouldRetry?.(error, attempt) ?? true)) throw error;
      await sleep(backoff ? delayMs * 2 ** (attempt - 1) : delayMs);
    }
  }
}
