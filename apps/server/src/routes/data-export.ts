import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';

/** Export, restore and disconnect-all (docs/settings-api.md). */
export function dataExportRoutes(_deps: RouteDeps) {
  return new OpenAPIHono<AppEnv>();
}
