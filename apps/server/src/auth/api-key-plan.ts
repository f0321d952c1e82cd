import type { MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../app-types';
import { countApiCall } from '../use-cases/limits/api-calls';
import { GATED_FEATURES, userTier } from '../use-cases/limits/user-limits';
import { AppError } from '../http/app-error';

/**
 * After `apiKeyAuth`: a request signed with an API key needs a plan with API access (403
 * UPGRADE_REQUIRED otherwise) and counts against the plan's API calls per day (429 with reset).
 * Self-hosted servers (no billing) neither refuse nor count.
 */
export function apiKeyPlanLimit(
  deps: Pick<RouteDeps, 'db' | 'config' | 'now' | 'rateLimitStore'>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const signedIn = c.get('signedIn');
    if (!signedIn?.sessionId.startsWith('api-key:')) return next();
    const tier = await userTier(deps, signedIn.userId);
    if (tier) {
      if (!tier.features.apiAccess) throw new AppError('UPGRADE_REQUIRED', GATED_FEATURES.apiAccess);
      await countApiCall(deps.rateLimitStore, signedIn.userId, tier, deps.now());
    }
    return next();
  };
}
