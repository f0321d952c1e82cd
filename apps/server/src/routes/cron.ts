import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';

/** POST /cron/trigger-all (docs/settings-api.md). */
export function cronRoutes(_deps: RouteDeps) {
  return new OpenAPIHono<AppEnv>();
}
