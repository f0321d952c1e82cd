import { timingSafeEqual, createHash } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { listUserIds } from '@lodestar/db';
import type { Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import type { Mailer } from '../email/mailer';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { addCounts, runUserJobs, type JobCounts } from '../jobs/user-jobs';
import { createNotifier } from '../notifications/notifier';
import { createPushSender } from '../notifications/push';
import type { SyncRunner } from '../sync/runner';

export const CRON_TRIGGERED = 'Cron jobs triggered';
/** Said for a wrong cron Bearer value (error texts naming a secret are redacted, so it says "key"). */
export const INVALID_CRON_KEY = 'This cron key is not valid';

const route = createRoute({
  method: 'post',
  path: '/cron/trigger-all',
  tags: ['Cron'],
  security: [{ cookieAuth: [] }, { cronSecret: [] }],
  summary: 'Runs the signed-in user’s jobs now, or every user’s with Authorization: Bearer $CRON_SECRET',
  responses: {
    200: {
      description: 'Jobs run: each connection sync and each notification check counts once',
      content: {
        'application/json': {
          schema: z.object({
            success: z.literal(true),
            data: z.object({ successful: z.number(), failed: z.number(), message: z.string() }),
          }),
        },
      },
    },
    401: { description: 'Not signed in, or a wrong cron secret' },
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

/** POST /cron/trigger-all (docs/settings-api.md "Jobs and cron"). */
export function cronRoutes(deps: RouteDeps & { mailer: Mailer; syncRunner: SyncRunner }) {
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
  const jobDeps = { db: deps.db, logger: deps.logger, syncRunner: deps.syncRunner, notifier };

  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const bearer = cronBearer(c, deps.config.secrets.cronSecret);
    if (bearer === false) throw AppError.unauthorized(INVALID_CRON_KEY);
    let counts: JobCounts = { successful: 0, failed: 0 };
    if (bearer) {
      for (const userId of await listUserIds(deps.db))
        counts = addCounts(counts, await runUserJobs(jobDeps, userId));
    } else {
      const { userId } = await requireUser(c, deps.auth);
      counts = await runUserJobs(jobDeps, userId);
    }
    return ok(c, { ...counts, message: CRON_TRIGGERED });
  });
}
