import type { Database, DbHandle } from './client';

/**
 * How far behind the primary a replica is, in seconds: the age of the last transaction it replayed.
 * NULL on a server that is not replaying (a primary) counts as no lag. On an idle primary the age keeps
 * growing although nothing is missing; the app's own heartbeat (every 10 s) bounds that.
 */
export const REPLICA_LAG_SQL =
  'select coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)::float8 as lag';

/** Which handle served a read, and why the replica did not. */
export type ReadChoice = {
  handle: 'replica' | 'primary';
  db: Database;
  /** The replica's lag in seconds when it answered the check; undefined when it did not. */
  lagSeconds: number | undefined;
};

export type ReadRouterOptions = {
  primary: Database;
  replica: Pick<DbHandle, 'db' | 'pool'>;
  /** The largest lag (seconds) at which reads still go to the replica. */
  maxLagSeconds: number;
  /** The query that tells the lag: one row, one numeric column named `lag` (seconds; NULL = 0). */
  lagSql?: string;
  /** How long one check's answer is used (ms): the check is not one extra query per request. */
  checkEveryMs?: number;
  /** The longest a check may take (ms) before the replica counts as not usable. */
  checkTimeoutMs?: number;
  /**
   * How long a failed or timed-out check keeps the replica unused before the next try (ms): a replica
   * that does not answer delays the requests that wait for a check, so it is not tried every second.
   */
  retryAfterErrorMs?: number;
  /** Each check that finds the replica not usable (unreachable, failing, or too far behind). */
  onUnusable?: (reason: { lagSeconds?: number; error?: unknown }) => void;
  now?: () => number;
};

export type ReadRouter = {
  /** The replica's handle when its last check (at most `checkEveryMs` old) found it close enough. */
  choose(): Promise<ReadChoice>;
  /** How long after a write its author's reads stay on the primary (the lag limit plus one check). */
  readonly stickySeconds: number;
};

/**
 * Routes read-only queries to a replica while it is within `maxLagSeconds` of the primary, else to the
 * primary. The check runs at most once per `checkEveryMs` (concurrent callers share it); an error or a
 * timeout makes the replica not usable for `retryAfterErrorMs`.
 */
export function createReadRouter(options: ReadRouterOptions): ReadRouter {
  const checkEveryMs = options.checkEveryMs ?? 1_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 1_000;
  const retryAfterErrorMs = Math.max(options.retryAfterErrorMs ?? 5_000, checkEveryMs);
  const lagSql = options.lagSql ?? REPLICA_LAG_SQL;
  const now = options.now ?? Date.now;
  let last: { at: number; lagSeconds: number | undefined } | undefined;
  let inFlight: Promise<number | undefined> | undefined;

  async function measure(): Promise<number | undefined> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('replica lag check timed out')), checkTimeoutMs);
        timer.unref();
      });
      const result = await Promise.race([options.replica.pool.query<{ lag: unknown }>(lagSql), timeout]);
      const raw = result.rows[0]?.lag;
      const lag = raw === null || raw === undefined ? 0 : Number(raw);
      if (!Number.isFinite(lag)) throw new Error('replica lag check returned no number');
      if (lag > options.maxLagSeconds) options.onUnusable?.({ lagSeconds: lag });
      return lag;
    } catch (error) {
      options.onUnusable?.({ error });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  async function lagSeconds(): Promise<number | undefined> {
    const at = now();
    const keep = last?.lagSeconds === undefined ? retryAfterErrorMs : checkEveryMs;
    if (last && at - last.at < keep) return last.lagSeconds;
    inFlight ??= measure().then((lag) => {
      last = { at, lagSeconds: lag };
      inFlight = undefined;
      return lag;
    });
    return inFlight;
  }

  return {
    stickySeconds: options.maxLagSeconds + checkEveryMs / 1000,
    async choose() {
      const lag = await lagSeconds();
      return lag !== undefined && lag <= options.maxLagSeconds
        ? { handle: 'replica', db: options.replica.db, lagSeconds: lag }
        : { handle: 'primary', db: options.primary, lagSeconds: lag };
    },
  };
}
