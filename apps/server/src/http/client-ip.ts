import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address: the socket's peer, or, only when TRUST_PROXY is on, the first address of
 * X-Forwarded-For set by the reverse proxy in front of us. A client-supplied header is never trusted
 * otherwise, so nobody escapes rate limits by inventing addresses.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'local';
  }
}
