/**
 * Keeping secrets out of error messages and logs (spec §8, §9).
 */

/** Spec §9: log keys containing any of these words are redacted (case-insensitive substring match). */
export const SENSITIVE_LOG_KEY_WORDS = [
  'password',
  'secret',
  'token',
  'key',
  'auth',
  'credential',
  'private',
  'ssn',
  'pin',
  'cvv',
  'card',
  'account',
  'routing',
  'plaid',
  'stripe',
  'jwt',
] as const;

/** Spec §8: error text mentioning any of these is replaced wholesale. */
const SENSITIVE_TEXT = /password|token|api[\s_-]?key|secret|authori[sz]ation|credential/i;

/** The fallback message for anything that cannot be shown (spec §8). */
export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';

/** Whether a log field's key names something that must not be written to logs. */
export function isSensitiveLogKey(key: string): boolean {
  const lower = key.toLowerCase();
  return SENSITIVE_LOG_KEY_WORDS.some((word) => lower.includes(word));
}

/**
 * Returns `message` unless it mentions a password, token, API key, secret, authorization or
 * credential, in which case the whole text is replaced by `fallback` (a partial scrub could still
 * leak the value next to the word).
 */
export function redactErrorText(message: string, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  if (!message.trim()) return fallback;
  return SENSITIVE_TEXT.test(message) ? fallback : message;
}
