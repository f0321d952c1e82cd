import { AUTH_TOASTS } from './messages';

/**
 * What a failed auth call tells us. better-auth answers `{ code, message }`, our own layer (rate
 * limits) the envelope `{ success: false, error, code, reset, limit }`; the client adds `status`.
 */
export type AuthFailure = { status: number; code?: string; message?: string; reset?: number };

/** Reads the error object of a better-auth client call (`{ data, error }`). */
export function readAuthError(error: unknown): AuthFailure {
  if (typeof error !== 'object' || error === null) return { status: 0 };
  const record = error as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
  return {
    status: typeof record.status === 'number' ? record.status : 0,
    code: text(record.code),
    message: text(record.message) ?? text(record.error),
    reset: typeof record.reset === 'number' && Number.isFinite(record.reset) ? record.reset : undefined,
  };
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * The 429 message: when the limit resets (epoch ms `reset`), in seconds under a minute, else in
 * minutes, rounded up ('Too many attempts. Please try again in 12 minutes.').
 */
export function tooManyAttemptsMessage(reset: number | undefined, now: number = Date.now()): string {
  if (reset === undefined || reset <= now) return AUTH_TOASTS.tooManyAttemptsLater;
  const seconds = Math.ceil((reset - now) / 1000);
  const wait = seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
  return `Too many attempts. Please try again in ${wait}.`;
}

/** Sign-in failures (spec §8): rate limit, wrong credentials (any 400/401/403), or anything else. */
export function signInFailureMessage(failure: AuthFailure, now: number = Date.now()): string {
  if (failure.status === 429) return tooManyAttemptsMessage(failure.reset, now);
  if (failure.status === 400 || failure.status === 401 || failure.status === 403) {
    return AUTH_TOASTS.invalidCredentials;
  }
  return AUTH_TOASTS.unexpected;
}
