import { timingSafeEqual, createHash } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import type { Mailer } from '../email/mailer';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import {
  CRON_ANSWER_WAIT_MS,
  CRON_RUN_LOST,
  cronRunOf,
  cronRunWhenEnded,
  queueCronRun,
} from '../jobs/cron-runs';
import { createNotifier } from '../notifications/notifier';
import { createPushSender } from '../notifications/push';
import type { SyncRunner } from '../sync/runner';

export const CRON_TRIGGERED = 'Cron jobs triggered';
/** The answer's message when the run is still going (follow it with GET /cron/runs/{id}). */
export const CRON_QUEUED = 'Cron jobs queued';
/** Said for a wrong cron Bearer value (error texts naming a secret are redacted, so it says "key"). */
export const INVALID_CRON_KEY = 'This cron key is not valid';

/** A session, or the cron secret as Bearer (typed once: a literal of two shapes defeats param typing). */
const CRON_AUTH: Record<string, string[]>[] = [{ cookieAuth: [] }, { cronSecret: [] }];

const CronRunSchema = z
  .object({
    id: z.uuid(),
    scope: z.enum(['user', 'all']),
    state: z.enum(['queued', 'running', 'done', 'failed']),
    usersTotal: z.number().int().nullable(),
    usersDone: z.number().int(),
    successful: z.number().int(),
    failed: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('CronRun');

const route = createRoute({
  method: 'post',
  path: '/cron/trigger-all',
  tags: ['Cron'],
  security: CRON_AUTH,
  summary: 'Queues the signed-in user’s jobs, or every user’s with Authorization: Bearer $CRON_SECRET',
  description:
    'The jobs run as a background job on whichever instance takes it. The answer waits up to 20 seconds for the run: 200 with its `successful` and `failed` counts when it has ended, else 202 with the counts so far and `run` to follow with GET /cron/runs/{id}, on any instance. A run that fails answers 500.',
  responses: {
    200: {
      description: 'The run ended: each connection sync and each notification check counted once',
      content: {
        'application/json': {
          schema: z.object({
            success: z.literal(true),
            data: z.object({
              successful: z.number(),
              failed: z.number(),
              message: z.string(),
              run: CronRunSchema,
            }),
          }),
        },
      },
    },
    202: {
      description:
        'Still running: the counts so far; each connection sync and each notification check will count once',
      content: {
        'application/json': {
          schema: z.object({
            success: z.literal(true),
            data: z.object({
              successful: z.number(),
              failed: z.number(),
              message: z.string(),
              run: CronRunSchema,
            }),
          }),
        },
      },
    },
    401: { description: 'Not signed in, or a wrong cron secret' },
    500: { description: 'The run could not be finished' },
  },
});

const runRoute = createRoute({
  method: 'get',
  path: '/cron/runs/{id}',
  tags: ['Cron'],
  security: CRON_AUTH,
  summary: 'How far a cron run has got: users done of the total, and the successful and failed counts',
  request: { params: z.object({ id: z.uuid({ message: 'No such cron run' }) }) },
  responses: {
    200: {
      description: 'The run (the signed-in user’s, or with the cron secret one for every user)',
      content: {
        'application/json': {
          schema: z.object({ success: z.literal(true), data: z.object({ run: CronRunSchema }) }),
        },
      },
    },
    400: { description: 'Not a cron run id' },
    401: { description: 'Not signed in, or a wrong cron secret' },
    404: { description: 'No such cron run' },
  },
});
/** Equal texts in constant time (hashing first makes the lengths equal). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Whether the request carries the cron secret: true, false for a wrong one, undefined when it has no
 * Bearer token meant for this (none, or an API key, which the API-key middleware signs in).
 */
function cronBearer(c: Context<AppEnv>, cronSecret: string): boolean | undefined {
  const header = c.req.header('authorization');
  if (!header?.toLowerCase().startsWith('bearer ')) return undefined;
  const token = header.slice('bearer '.length).trim();
  if (token.startsWith('lsk_')) return undefined;
  return sameSecret(token, cronSecret);
}

/** POST /cron/trigger-all and GET /cron/runs/{id} (docs/settings-api.md "Jobs and cron"). */
export function cronRoutes(
  deps: RouteDeps & {
    mailer: Mailer;
    syncRunner: SyncRunner;
    queueCronRun?: ((runId: string) => Promise<void>) | undefined;
  },
) {
  const push = createPushSender({
    db: deps.db,
    logger: deps.logger,
    push: deps.config.push,
    outbound: deps.config.outbound,
    now: deps.now,
  });
  const notifier = createNotifier({
    db: deps.db,
    mailer: deps.mailer,
    config: deps.config,
    logger: deps.logger,
    now: deps.now,
    push,
  });
  const runDeps = {
    db: deps.db,
    logger: deps.logger,
    syncRunner: deps.syncRunner,
    notifier,
    now: deps.now,
    queueCronRun: deps.queueCronRun,
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(route, async (c) => {
      const bearer = cronBearer(c, deps.config.secrets.cronSecret);
      if (bearer === false) throw AppError.unauthorized(INVALID_CRON_KEY);
      const userId = bearer ? null : (await requireUser(c, deps.auth)).userId;
      const queued = await queueCronRun({ ...runDeps, logger: c.get('logger') }, userId);
      // Wait for the end (spec §7: the answer has the counts), well inside the request timeout.
      const waitMs = Math.max(0, Math.min(CRON_ANSWER_WAIT_MS, deps.config.apiTimeoutMs - 5_000));
      const run =
        (await cronRunWhenEnded(deps.db, queued.id, userId ? { userId } : { everyUser: true }, waitMs)) ??
        queued;
      if (run.state === 'failed') throw new AppError('INTERNAL', run.error ?? CRON_RUN_LOST);
      const { successful, failed } = run;
      return run.state === 'done'
        ? ok(c, { successful, failed, message: CRON_TRIGGERED, run }, 200)
        : ok(c, { successful, failed, message: CRON_QUEUED, run }, 202);
    })
    .openapi(runRoute, async (c) => {
      const { id } = c.req.valid('param');
      const bearer = cronBearer(c, deps.config.secrets.cronSecret);
      if (bearer === false) throw AppError.unauthorized(INVALID_CRON_KEY);
      const who = bearer
        ? { everyUser: true as const }
        : { userId: (await requireUser(c, deps.auth)).userId };
      const run = await cronRunOf(deps.db, id, who);
      if (!run) throw AppError.notFound('No such cron run');
      return ok(c, { run }, 200);
    });
}
