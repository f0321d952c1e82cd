import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
import type { PlaidApi } from 'plaid';

/**
 * Plaid webhook verification (plaid.com/docs/api/webhooks/webhook-verification, ADR 019): the
 * `Plaid-Verification` header is an ES256 JWT whose key Plaid serves by key id from
 * /webhook_verification_key/get; its payload's `request_body_sha256` must equal the SHA-256 of the raw
 * body, and its `iat` must be at most five minutes old. Keys are cached by key id; a key Plaid reports
 * expired is never used.
 */

export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;

export class WebhookRejectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejectedError';
  }
}

type CachedKey = { key: CryptoKey | Uint8Array; expiredAt: number | null };

export type WebhookVerifier = (rawBody: string, header: string | undefined) => Promise<void>;

export function createWebhookVerifier(options: { api: () => PlaidApi; now: () => Date }): WebhookVerifier {
  const keys = new Map<string, CachedKey>();

  async function keyFor(kid: string): Promise<CachedKey> {
    const cached = keys.get(kid);
    if (cached) return cached;
    let jwk: JWK & { expired_at?: number | null };
    try {
      jwk = (await options.api().webhookVerificationKeyGet({ key_id: kid })).data.key as JWK & {
        expired_at?: number | null;
      };
    } catch {
      throw new WebhookRejectedError('unknown key id');
    }
    const entry: CachedKey = {
      key: await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, 'ES256'),
      expiredAt: jwk.expired_at ?? null,
    };
    keys.set(kid, entry);
    return entry;
  }

  return async (rawBody, header) => {
    if (!header) throw new WebhookRejectedError('no Plaid-Verification header');
    let kid: string | undefined;
    try {
      const protectedHeader = decodeProtectedHeader(header);
      if (protectedHeader.alg !== 'ES256') throw new WebhookRejectedError('algorithm is not ES256');
      kid = protectedHeader.kid;
    } catch (error) {
      if (error instanceof WebhookRejectedError) throw error;
      throw new WebhookRejectedError('malformed token');
    }
    if (!kid) throw new WebhookRejectedError('no key id');
    const { key, expiredAt } = await keyFor(kid);
    const nowSeconds = Math.floor(options.now().getTime() / 1000);
    if (expiredAt !== null && expiredAt <= nowSeconds) throw new WebhookRejectedError('key expired');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(header, key, {
        algorithms: ['ES256'],
        maxTokenAge: WEBHOOK_MAX_AGE_SECONDS,
        currentDate: options.now(),
        clockTolerance: 0,
      }));
    } catch {
      throw new WebhookRejectedError('signature, issue time or age not accepted');
    }
    if (typeof payload.iat !== 'number') throw new WebhookRejectedError('no issue time');
    const claimed = typeof payload.request_body_sha256 === 'string' ? payload.request_body_sha256 : '';
    const actual = createHash('sha256').update(rawBody, 'utf8').digest('hex');
    const same =
      claimed.length === actual.length && timingSafeEqual(Buffer.from(claimed), Buffer.from(actual));
    if (!same) throw new WebhookRejectedError('body hash differs');
  };
}
