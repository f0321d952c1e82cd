import type { Config } from './config/env';
import type { Logger } from './logger';
import type { RateLimitStore } from './http/rate-limit';
import type { Mailer } from './email/mailer';
import type { Auth } from './auth/auth';
import type { PasswordHashing } from './auth/password-hashing';
import type { Database, ReadRouter } from '@lodestar/db';

/** Why the server is not ready, or 'ready'. */
export type Readiness = 'ready' | 'database unreachable' | 'migrations pending';

/** Everything the HTTP app needs from the outside world, passed in so tests use real parts. */
export type AppDeps = {
  config: Config;
  db: Database;
  /**
   * Chooses between a read replica and the primary for read-only listings and analytics (ADR 060,
   * http/read-routing.ts); without it every read uses `db`.
   */
  readRouter?: ReadRouter;
  logger: Logger;
  version: string;
  /** When this installation's database was first initialised (survives restarts and crashes). */
  installedAt: Date;
  rateLimitStore: RateLimitStore;
  /** This process's registration (sync/instance.ts): the syncs it starts hold their leases in its name. */
  instanceId: string;
  readiness: () => Promise<Readiness>;
  /** Built web app (index.html + assets); undefined when it has not been built. */
  webDistDir: string | undefined;
  now?: () => Date;
  /** How passwords are hashed; better-auth's scrypt when not given (auth/password-hashing.ts). */
  passwordHashing?: PasswordHashing | undefined;
  /** Email delivery; built from the configuration when not given. */
  mailer?: Mailer;
  /**
   * Queues a sync of one connection on the job queue (one waiting per connection); false when one is
   * already waiting. Without it (no job queue) the sync starts in this process at once.
   */
  queueConnectionSync?: (userId: string, connectionId: string, requestId?: string) => Promise<boolean>;
  /** Queues one attempt at a webhook delivery on the job queue (ADR 040); without it attempts run in-process. */
  queueWebhookDelivery?: (deliveryId: string, startAfterSeconds: number) => Promise<void>;
  /**
   * Queues a background file import (ADR 063) on the job queue; without it the import job runs in this
   * process.
   */
  queueImport?: (jobId: string) => Promise<void>;
  /** Queues a data export into the database (ADR 063); without it the export job runs in this process. */
  queueExport?: (jobId: string) => Promise<void>;
  /** Queues a `POST /cron/trigger-all` run on the job queue; without it the run happens in this process. */
  queueCronRun?: (runId: string) => Promise<void>;
};

/** The signed-in user of a request, resolved once from the session cookie. */
export type SignedIn = {
  userId: string;
  sessionId: string;
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    createdAt: Date;
    twoFactorEnabled?: boolean | null;
  };
  /**
   * Set when a member acts in someone else's household (auth/household-access.ts): `userId` is then the
   * owner's, whose data the request reads and changes, and this is the person actually signed in.
   */
  actingMember?: { userId: string; email: string; membershipId: string };
};

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    signedIn?: SignedIn;
    /** The handle chosen for this request's read-only queries (http/read-routing.ts); unset = primary. */
    readDb?: Database;
  };
};

/** What the feature routers get: the request-independent parts of the app. */
export type RouteDeps = {
  auth: Auth;
  db: Database;
  config: Config;
  logger: Logger;
  rateLimitStore: RateLimitStore;
  now: () => Date;
};
