import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, AppDeps } from '../app-types';
import { ok } from '../http/envelope';
import { AppError } from '../http/app-error';

const HealthSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    installedAt: z.string().openapi({ format: 'date-time' }),
    uptimeSeconds: z.number().int(),
  })
  .openapi('Health');

const ReadySchema = z
  .object({
    status: z.literal('ready'),
    database: z.literal('ok'),
    migrations: z.literal('ok'),
  })
  .openapi('Ready');

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  security: [],
  tags: ['System'],
  summary: 'Liveness: the process is up',
  responses: {
    200: { description: 'Alive', content: { 'application/json': { schema: envelope(HealthSchema) } } },
  },
});

const readyRoute = createRoute({
  method: 'get',
  path: '/ready',
  security: [],
  tags: ['System'],
  summary: 'Readiness: the database answers and every migration is applied',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: envelope(ReadySchema) } } },
    503: { description: 'Database unreachable or migrations pending' },
  },
});

export function systemRoutes(deps: AppDeps) {
  const startedAt = Date.now();
  return new OpenAPIHono<AppEnv>()
    .openapi(healthRoute, (c) =>
      ok(c, {
        status: 'ok' as const,
        version: deps.version,
        installedAt: deps.installedAt.toISOString(),
        uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
      }),
    )
    .openapi(readyRoute, async (c) => {
      const state = await deps.readiness();
      if (state !== 'ready') throw new AppError('SERVICE_UNAVAILABLE', `Not ready: ${state}`);
      return ok(c, { status: 'ready' as const, database: 'ok' as const, migrations: 'ok' as const });
    });
}
