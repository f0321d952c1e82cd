import type { Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-types';
import { clientIp } from '../http/client-ip';
import { presentedApiKeyId } from './api-key-auth';
import { currentUser } from './current-user';

/**
 * Whom a request counts against in the general rate limit: a live API key its own bucket, a signed-in
 * user theirs (whatever address they come from, so people behind one NAT or proxy do not share a
 * limit), and anyone else the client address. A request whose key or session is not valid counts
 * against its address, so guessing cannot dodge the limit.
 */
export function rateLimitSubject(
  deps: Pick<RouteDeps, 'auth' | 'db' | 'config' | 'now'>,
): (c: Context<AppEnv>) => Promise<string> {
  return async (c) => {
    const keyId = await presentedApiKeyId(deps, c.req.header('authorization'));
    if (keyId) return `key:${keyId}`;
    const signedIn = await currentUser(c, deps.auth);
    if (signedIn) return `user:${signedIn.userId}`;
    return `ip:${clientIp(c, deps.config.trustProxy)}`;
  };
}
