import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';

/** Unsubscribe links and Web Push subscriptions (docs/settings-api.md). */
export function notificationsRoutes(_deps: RouteDeps) {
  return new OpenAPIHono<AppEnv>();
}
