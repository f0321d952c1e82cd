import { isSensitiveLogKey, redactErrorText } from '@lodestar/domain';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const REDACTED = '[REDACTED]';
const REDACTED_TEXT = '[REDACTED: the text mentioned a secret]';
const MAX_DEPTH = 6;
/** Free-text fields that may quote a secret (error messages, stacks, provider details). */
const TEXT_KEYS = new Set(['message', 'stack', 'details', 'error', 'reason']);

/** Deep copy with every value under a sensitive key (spec §9 list) replaced. */
export function redactForLog(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[Truncated]';
  if (value instanceof Error) {
    return redactForLog({ type: value.name, message: value.message, stack: value.stack }, depth);
  }
  if (Array.isArray(value)) return value.map((item) => redactForLog(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (isSensitiveLogKey(key)) copy[key] = REDACTED;
    else if (typeof inner === 'string' && TEXT_KEYS.has(key))
      copy[key] = redactErrorText(inner, REDACTED_TEXT);
    else copy[key] = redactForLog(inner, depth + 1);
  }
  return copy;
}

/** Structured JSON logs (pino); default level warn (spec §9), secrets redacted by key. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'lodestar' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redactForLog(object) as Record<string, unknown>,
      },
    },
    destination,
  );
}
