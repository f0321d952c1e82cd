/**
 * Outgoing webhooks (ADR 040): the events, the limits, the retry schedule and what is signed. Pure: the
 * server does the HTTP and the HMAC.
 */

export const WEBHOOK_EVENTS = {
  'transactions.added': 'Transactions added by a sync',
  'transactions.changed': 'Transactions changed by a sync',
  'transactions.removed': 'Transactions removed by a sync',
  'connection.status_changed': 'A connection’s status changed',
  'balance.low': 'A balance fell below your low-balance alert',
  'transaction.large': 'A large transaction',
  'budget.passed': 'A budget passed 80 % or 100 %',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
/** The event "Send test event" sends; not one an endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export function isWebhookEventType(value: string): value is WebhookEventType {
  return Object.hasOwn(WEBHOOK_EVENTS, value);
}

/**
 * Transaction ids in one `transactions.*` event: a sync that added (changed, removed) more sends
 * several events of this many ids each, so a body stays under about 40 KB.
 */
export const WEBHOOK_MAX_IDS_PER_EVENT = 1_000;

/** `ids` cut into runs of at most `size` (none for an empty list). */
export function webhookIdParts<T>(ids: readonly T[], size = WEBHOOK_MAX_IDS_PER_EVENT): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < ids.length; start += size) parts.push(ids.slice(start, start + size));
  return parts;
}

/**
 * Days a finished delivery (succeeded or failed) stays in the delivery log (ADR 050): the minute's sweep
 * deletes older ones, at most WEBHOOK_PRUNE_BATCH per endpoint a run.
 */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
export const WEBHOOK_PRUNE_BATCH = 1_000;

/** Endpoints one user may register. */
export const WEBHOOK_MAX_ENDPOINTS = 5;
export const WEBHOOK_URL_MAX = 2_000;
/** How long a delivery is retried after the event (ms). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** Failed attempts in a row (across deliveries) after which an endpoint is disabled. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 15;
/** Each attempt's time limit (ms). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The wait after the `attempt`-th failed attempt (1-based): 30 s doubling each time (30 s, 1 min, 2 min …),
 * at most 4 hours; null when the next attempt would fall after the retry window that began at
 * `createdAt` (then the delivery has failed).
 */
export function nextAttemptAt(createdAt: Date, failedAttempts: number, now: Date): Date | null {
  const delayMs = Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 4 * 60 * 60_000);
  const next = new Date(now.getTime() + delayMs);
  return next.getTime() - createdAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : next;
}

/** The text the signature covers: the Unix timestamp (seconds), a dot, the raw body. */
export function webhookSignedPayload(timestamp: number, body: string): string {
  return `${timestamp}.${body}`;
}

/** The signature header: `t=<timestamp>,v1=<hex HMAC-SHA256>`. */
export function webhookSignatureHeader(timestamp: number, hexDigest: string): string {
  return `t=${timestamp},v1=${hexDigest}`;
}

/** The JSON document every delivery posts. */
export type WebhookEnvelope = {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
};
