import { createHmac, randomUUID } from 'node:crypto';
import {
  claimWebhookDelivery,
  disableFailingWebhookEndpoint,
  dueWebhookDeliveries,
  findUserById,
  insertWebhookDeliveries,
  pruneWebhookDeliveries,
  recordWebhookAttempt,
  type Database,
} from '@lodestar/db';
import {
  nextAttemptAt,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_LOG_RETENTION_DAYS,
  WEBHOOK_PRUNE_BATCH,
  WEBHOOK_TIMEOUT_MS,
  webhookSignatureHeader,
  webhookSignedPayload,
  type WebhookEnvelope,
  webhookIdParts,
} from '@lodestar/domain';
import { webhookDisabledEmail } from '../email/templates';
import type { Mailer } from '../email/mailer';
import type { Logger } from '../logger';
import { outboundRequest, OutboundRefusedError, type OutboundPolicy } from '../outbound/guard';
import { openSecret } from '../secrets/secret-box';

/**
 * Outgoing webhooks (ADR 040): an event becomes one delivery row per subscribed endpoint, each attempt
 * at a delivery is a pg-boss job (`webhook-delivery`, singleton per delivery) that claims the row,
 * posts the signed JSON through the outbound-request guard and records the status code; failures are
 * retried with exponential backoff for 24 hours, and an endpoint that keeps failing is disabled with an
 * email to its owner.
 */

export type WebhookDeps = {
  db: Database;
  logger: Logger;
  now: () => Date;
  encryptionKey: string;
  /** WEBHOOKS_ALLOW_PRIVATE: whether endpoints may be on loopback, private or link-local addresses. */
  allowPrivate: boolean;
  publicUrl: string;
  mailer?: Mailer;
  /**
   * Queues one attempt at a delivery on the job queue, after `startAfterSeconds`. Without it (no job
   * queue) a due attempt runs in this process at once and retries wait for the `webhook-deliveries` sweep.
   */
  queue?: (deliveryId: string, startAfterSeconds: number) => Promise<void>;
};

/** The guard's policy for webhook endpoints: https to public addresses, unless private ones are allowed. */
export function webhookPolicy(allowPrivate: boolean): OutboundPolicy {
  return { allowPrivate };
}

/** How long an attempt holds its claim: the request's limit with room to record the outcome. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS + 50_000;

const inFlight = new Set<Promise<unknown>>();

/** Resolves once every attempt this process started without a job queue has finished (tests). */
export async function webhooksIdle(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

async function schedule(deps: WebhookDeps, deliveryId: string, startAfterSeconds: number): Promise<void> {
  if (deps.queue) {
    await deps.queue(deliveryId, startAfterSeconds);
    return;
  }
  if (startAfterSeconds > 0) return;
  const task = attemptWebhookDelivery(deps, deliveryId).catch((error: unknown) => {
    deps.logger.error({ err: error, deliveryId }, 'webhook delivery crashed');
  });
  inFlight.add(task);
  void task.finally(() => inFlight.delete(task));
}

/**
 * Records an event for the user's endpoints subscribed to `type` (or only `endpointId`'s) and queues
 * their deliveries. The event id is new, so each endpoint gets exactly one delivery of it.
 */
export async function emitWebhookEvent(
  deps: WebhookDeps,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  options: { endpointId?: string } = {},
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const at = deps.now();
  const event: WebhookEnvelope = { id: randomUUID(), type, createdAt: at.toISOString(), data };
  const deliveryIds = await insertWebhookDeliveries(deps.db, {
    userId,
    eventId: event.id,
    eventType: type,
    body: JSON.stringify(event),
    at,
    ...(options.endpointId ? { endpointId: options.endpointId } : {}),
  });
  for (const id of deliveryIds) await schedule(deps, id, 0);
  return { eventId: event.id, deliveryIds };
}

/** Emits, but never lets a webhook problem fail the work that caused the event. */
export async function emitWebhookEventSafely(
  deps: WebhookDeps,
  userId: string,
  type: string,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    await emitWebhookEvent(deps, userId, type, data);
  } catch (error) {
    deps.logger.error({ err: error, type }, 'webhook event not recorded');
  }
}

/** The signature headers of one attempt: HMAC-SHA256 over `<timestamp>.<body>` with the endpoint's secret. */
export function signWebhook(secret: string, timestamp: number, body: string) {
  const digest = createHmac('sha256', secret).update(webhookSignedPayload(timestamp, body)).digest('hex');
  return webhookSignatureHeader(timestamp, digest);
}

/** A failure in words that name no address and carry nothing secret. */
function failureText(error: unknown): string {
  if (error instanceof OutboundRefusedError) return `Refused: ${error.message}`;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ECONNRESET') return 'Connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name does not resolve';
  if (code && /CERT|SSL|TLS/i.test(code)) return 'The TLS certificate was not accepted';
  if ((error as Error | null)?.name === 'AbortError' || code === 'ETIMEDOUT' || /time/i.test(String(error)))
    return 'Timed out';
  return 'The request failed';
}

export type AttemptResult = 'skipped' | 'succeeded' | 'retry' | 'failed';

/**
 * One attempt at one delivery: claimed first (nothing happens when it is not due, already delivered or
 * being sent elsewhere), then posted, then recorded. A 2xx answer is success; anything else (or no
 * answer) is retried after the backoff until 24 hours after the event, and counts toward disabling the
 * endpoint.
 */
export async function attemptWebhookDelivery(deps: WebhookDeps, deliveryId: string): Promise<AttemptResult> {
  const now = deps.now();
  const claimed = await claimWebhookDelivery(deps.db, deliveryId, now, CLAIM_MS);
  if (!claimed) return 'skipped';
  const { delivery, endpoint } = claimed;
  const event = JSON.parse(delivery.body) as WebhookEnvelope;
  const timestamp = Math.floor(now.getTime() / 1000);
  let status: number | null = null;
  let error: string | null = null;
  const started = performance.now();
  if (endpoint.disabledAt) {
    error = 'The endpoint is disabled';
  } else {
    const secret = openSecret(
      { ciphertext: endpoint.secretCiphertext, keyId: endpoint.secretKeyId },
      deps.encryptionKey,
    );
    try {
      const response = await outboundRequest(
        endpoint.url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Lodestar-Webhooks/1',
            'lodestar-event-id': event.id,
            'lodestar-event-type': event.type,
            'lodestar-timestamp': String(timestamp),
            'lodestar-signature': signWebhook(secret, timestamp, delivery.body),
          },
          body: new TextEncoder().encode(delivery.body),
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          maxResponseBytes: 64 * 1024,
          maxRedirects: 0,
        },
        webhookPolicy(deps.allowPrivate),
      );
      status = response.status;
    } catch (caught) {
      error = failureText(caught);
    }
  }
  const ms = Math.round(performance.now() - started);
  const succeeded = status !== null && status >= 200 && status < 300;
  const attempts = delivery.attempts + 1;
  const next = succeeded || endpoint.disabledAt ? null : nextAttemptAt(delivery.createdAt, attempts, now);
  const outcome = succeeded ? 'succeeded' : next ? 'retry' : 'failed';
  const { consecutiveFailures } = await recordWebhookAttempt(deps.db, {
    deliveryId,
    endpointId: endpoint.id,
    attempt: { at: now.toISOString(), status, error, ms },
    outcome,
    nextAttemptAt: next,
    at: now,
  });
  if (!succeeded && !endpoint.disabledAt && consecutiveFailures >= WEBHOOK_DISABLE_AFTER_FAILURES) {
    const reason = `Disabled after ${consecutiveFailures} failed attempts in a row`;
    if (await disableFailingWebhookEndpoint(deps.db, endpoint.id, reason, now)) {
      await emailDisabled(deps, endpoint.userId, endpoint.url, consecutiveFailures);
      return 'failed';
    }
  }
  if (outcome === 'retry' && next) {
    await schedule(deps, deliveryId, Math.ceil((next.getTime() - now.getTime()) / 1000));
  }
  return outcome;
}

async function emailDisabled(deps: WebhookDeps, userId: string, url: string, failures: number) {
  const user = await findUserById(deps.db, userId);
  if (!user || !deps.mailer) return;
  const settingsUrl = `${deps.publicUrl}/settings/developer`;
  await deps.mailer.send({
    to: user.email,
    kind: 'webhook_disabled',
    userId,
    actionUrl: settingsUrl,
    ...webhookDisabledEmail({ name: user.name, endpoint: new URL(url).host, failures, url: settingsUrl }),
  });
}

/**
 * The `webhook-deliveries` sweep: deliveries whose attempt is due (a retry whose job was lost, one
 * recorded while no job queue ran, a claim that lapsed) are queued again, or attempted here without a
 * queue; and finished deliveries older than WEBHOOK_LOG_RETENTION_DAYS leave the delivery log (ADR 050).
 */
export async function sweepWebhookDeliveries(
  deps: WebhookDeps,
): Promise<{ successful: number; failed: number }> {
  const cutoff = new Date(deps.now().getTime() - WEBHOOK_LOG_RETENTION_DAYS * 24 * 60 * 60_000);
  const pruned = await pruneWebhookDeliveries(deps.db, cutoff, WEBHOOK_PRUNE_BATCH);
  if (pruned > 0) deps.logger.info({ pruned }, 'old webhook deliveries pruned');
  const due = await dueWebhookDeliveries(deps.db, deps.now(), 500);
  let successful = 0;
  let failed = 0;
  for (const id of due) {
    if (deps.queue) {
      await deps.queue(id, 0);
      successful += 1;
      continue;
    }
    const result = await attemptWebhookDelivery(deps, id);
    if (result === 'succeeded') successful += 1;
    else if (result !== 'skipped') failed += 1;
  }
  return { successful, failed };
}

/** The webhook dependencies from the server's configuration. */
export function webhookDepsFrom(input: {
  db: Database;
  logger: Logger;
  now: () => Date;
  config: { secrets: { encryptionKey: string }; webhooks: { allowPrivate: boolean }; publicUrl: string };
  mailer?: Mailer;
  queue?: WebhookDeps['queue'];
}): WebhookDeps {
  return {
    db: input.db,
    logger: input.logger,
    now: input.now,
    encryptionKey: input.config.secrets.encryptionKey,
    allowPrivate: input.config.webhooks.allowPrivate,
    publicUrl: input.config.publicUrl,
    ...(input.mailer ? { mailer: input.mailer } : {}),
    ...(input.queue ? { queue: input.queue } : {}),
  };
}

/**
 * The sync runner's `afterSync` (ADR 040, ADR 050), once every batch of the sync has committed:
 * `transactions.added` / `transactions.changed` / `transactions.removed` with the transaction ids
 * (`transactionIds`, at most WEBHOOK_MAX_IDS_PER_EVENT per event: more make several events, `part` and
 * `parts` say which) and `connection.status_changed` when the sync moved the connection to another
 * status. Never fails the sync.
 */
export function webhooksAfterSync(deps: WebhookDeps) {
  return async (input: {
    userId: string;
    connection: { id: string; displayName: string | null; status: string };
    outcome:
      | { ok: true; ids: { added: string[]; changed: string[]; removed: string[] } }
      | { ok: false; status: string; message: string };
  }): Promise<void> => {
    const { userId, connection, outcome } = input;
    const about = { connectionId: connection.id, connectionName: connection.displayName };
    if (outcome.ok) {
      const events = [
        ['transactions.added', outcome.ids.added],
        ['transactions.changed', outcome.ids.changed],
        ['transactions.removed', outcome.ids.removed],
      ] as const;
      for (const [type, ids] of events) {
        const parts = webhookIdParts(ids);
        for (const [index, transactionIds] of parts.entries())
          await emitWebhookEventSafely(deps, userId, type, {
            ...about,
            count: transactionIds.length,
            total: ids.length,
            part: index + 1,
            parts: parts.length,
            transactionIds,
          });
      }
    }
    const status = outcome.ok ? 'active' : outcome.status;
    if (status !== connection.status && connection.status !== 'syncing')
      await emitWebhookEventSafely(deps, userId, 'connection.status_changed', {
        ...about,
        from: connection.status,
        to: status,
        ...(outcome.ok ? {} : { message: outcome.message }),
      });
  };
}
