import { metrics } from '../observability/metrics';
import {
  deletePushSubscription,
  listPushSubscriptions,
  markPushDelivered,
  type Database,
  type PushSubscriptionRow,
} from '@lodestar/db';
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import { OutboundRefusedError, outboundRequest, type OutboundPolicy } from '../outbound/guard';
import { isPushServiceHost } from '../outbound/push-services';

/**
 * Where push endpoints may point: a known push service's host over https, or any public https host with
 * PUSH_ALLOW_ANY_HOST; private addresses only as OUTBOUND_ALLOW_PRIVATE allows (outbound/guard.ts).
 */
export function pushPolicy(outbound: Config['outbound']): OutboundPolicy {
  return {
    allowPrivate: outbound.allowPrivate,
    ...(outbound.pushAnyHost
      ? {}
      : {
          allowHost: isPushServiceHost,
          hostRule: 'a known push service (set PUSH_ALLOW_ANY_HOST to allow others)',
        }),
  };
}

/** What a push notification carries (the service worker shows `title` and `body`, opens `url`). */
export type PushPayload = { title: string; body: string; url: string };

export type PushResult = { sent: number; removed: number; failed: number };

export type PushSender = {
  /** Whether VAPID keys are configured (push is off without them). */
  readonly enabled: boolean;
  readonly publicKey: string | undefined;
  /** Sends `payload` to every subscription of the user; subscriptions the service has dropped are deleted. */
  send(userId: string, payload: PushPayload): Promise<PushResult>;
};

const TIMEOUT_MS = 10_000;
/** Seconds a push service keeps an undelivered message (a day: notifications are about periods). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web Push (RFC 8030/8291/8292) with `web-push`: it encrypts the payload (aes128gcm) and signs the
 * VAPID header; the request itself goes out through the outbound-request guard, with a timeout.
 */
export function createPushSender(deps: {
  db: Database;
  logger: Logger;
  push: Config['push'];
  outbound: Config['outbound'];
  now: () => Date;
}): PushSender {
  const log = deps.logger.child({ component: 'push' });
  const vapid = deps.push;
  const policy = pushPolicy(deps.outbound);

  async function deliver(
    subscription: PushSubscriptionRow,
    body: string,
  ): Promise<'sent' | 'gone' | 'failed'> {
    if (!vapid) return 'failed';
    // Loaded with the first notification pushed, not at start.
    const { default: webPush } = await import('web-push');
    const request = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      body,
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: TTL_SECONDS,
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    try {
      // Push services answer with nothing worth reading, and never redirect.
      const response = await outboundRequest(
        request.endpoint,
        {
          method: request.method,
          headers,
          body: new Uint8Array(request.body),
          timeoutMs: TIMEOUT_MS,
          maxResponseBytes: 64 * 1024,
          maxRedirects: 0,
        },
        policy,
      );
      if (response.status === 404 || response.status === 410) return 'gone';
      if (response.status >= 200 && response.status < 300) return 'sent';
      log.warn({ status: response.status }, 'Push service refused a notification');
      return 'failed';
    } catch (error) {
      if (error instanceof OutboundRefusedError) {
        // The endpoint is a capability URL: it is not logged.
        log.warn({ reason: error.message }, 'Push endpoint refused by the outbound-request guard');
        return 'failed';
      }
      log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'Push delivery failed');
      return 'failed';
    }
  }

  return {
    enabled: Boolean(vapid),
    publicKey: vapid?.publicKey,
    async send(userId, payload) {
      const result: PushResult = { sent: 0, removed: 0, failed: 0 };
      if (!vapid) return result;
      const body = JSON.stringify(payload);
      for (const subscription of await listPushSubscriptions(deps.db, userId)) {
        const outcome = await deliver(subscription, body);
        metrics.push(outcome);
        if (outcome === 'sent') {
          result.sent += 1;
          await markPushDelivered(deps.db, userId, subscription.id, deps.now());
        } else if (outcome === 'gone') {
          // The browser unsubscribed or the subscription expired: it will never work again.
          result.removed += 1;
          await deletePushSubscription(deps.db, userId, subscription.endpoint);
        } else result.failed += 1;
      }
      return result;
    },
  };
}
