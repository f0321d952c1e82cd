import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';

/** API key management for the Developer section (docs/settings-api.md). */
export function apiKeysRoutes(_deps: RouteDeps) {
  return new OpenAPIHono<AppEnv>();
}
