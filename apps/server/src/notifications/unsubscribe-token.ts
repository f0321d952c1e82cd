import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUnsubscribableKind, type UnsubscribableKind } from '@lodestar/domain';

/**
 * Unsubscribe links (docs/settings-api.md "Notifications"): the token names the user and the kind and
 * carries an HMAC-SHA256 of both under the auth secret, so a link works without a session and cannot be
 * changed to another user or kind. It never expires: an unsubscribe link must keep working.
 */

const PURPOSE = 'lodestar-unsubscribe-v1';

function signature(secret: string, userId: string, kind: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${userId}\n${kind}`).digest();
}

/** `<user id, base64url>.<kind>.<signature, base64url>` */
export function unsubscribeToken(secret: string, userId: string, kind: UnsubscribableKind): string {
  const user = Buffer.from(userId, 'utf8').toString('base64url');
  return `${user}.${kind}.${signature(secret, userId, kind).toString('base64url')}`;
}

/** The user and kind of a genuine token, or null (malformed, unknown kind or wrong signature). */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: UnsubscribableKind } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [user = '', kind = '', mac = ''] = parts;
  if (!isUnsubscribableKind(kind) || !/^[\w-]+$/.test(user) || !/^[\w-]{43}$/.test(mac)) return null;
  const userId = Buffer.from(user, 'base64url').toString('utf8');
  const expected = signature(secret, userId, kind);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind };
}
