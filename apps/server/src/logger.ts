import { isSensitiveLogKey, redactErrorText } from '@lodestar/domain';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const REDACTED = '[REDACTED]';
const REDACTED_TEXT = '[REDACTED: the text mentioned a secret]';
const MAX_DEPTH = 6;
/** Free-text fields that may quote a secret (error messages, stacks, provider details). */
const TEXT_KEYS = new Set(['message', 'stack', 'details', 'error', 'reason']);

/** The stack's frames without its first line, which repeats the message. */
function framesOf(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
}

/**
 * A failed SQL statement (drizzle's DrizzleQueryError): its message and stack list the parameters, which
 * are the user's data (names, notes, file lines), and PostgreSQL's own message may quote one ('invalid
 * input syntax for type integer: "…"'). Logged: the statement, how many parameters, and the database
 * error's code, constraint, table and column (pino's error serializer would fold a `cause` back in).
 */
function failedQuery(error: Error & { query?: unknown; params?: unknown }, depth: number): unknown {
  const cause = error.cause as
    { code?: string; constraint?: string; table?: string; column?: string; severity?: string } | undefined;
  return redactForLog(
    {
      type: error.name,
      message: `Failed query: ${String(error.query)}`,
      params: `[${Array.isArray(error.params) ? error.params.length : 0} parameters, not logged]`,
      stack: framesOf(error.stack),
      ...(cause && {
        database: {
          code: cause.code,
          constraint: cause.constraint,
          table: cause.table,
          column: cause.column,
        },
      }),
    },
    depth,
  );
}

/** Deep copy with every value under a sensitive key (spec §9 list) replaced. */
export function redactForLog(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[Truncated]';
  if (value instanceof Error && 'query' in value && 'params' in value) return failedQuery(value, depth);
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
