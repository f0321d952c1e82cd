import type { Database } from '@lodestar/db';
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import { FxFeedError, fxRatesDue, refreshFxRates, type RefreshResult } from './ecb-client';
import { loadFxSnapshot } from './snapshot';

/** How often the ECB rates are fetched (the ECB publishes once per working day around 16:00 CET). */
export const FX_REFRESH_INTERVAL_MS = 12 * 60 * 60 * 1000;

type RefreshDeps = {
  db: Database;
  logger: Logger;
  config: Pick<Config, 'fx' | 'outbound'>;
  now?: () => Date;
  retryDelayMs?: number;
};

/** One fetch at a time per database: a button press during the job's fetch waits for that one. */
const inFlight = new WeakMap<Database, Promise<RefreshResult>>();

/**
 * Fetches and stores the ECB rates now (single-flight). On failure logs one line (the reason, never a
 * URL or body), keeps the last known rates and rethrows.
 */
export function refreshFxNow(deps: RefreshDeps): Promise<RefreshResult> {
  const running = inFlight.get(deps.db);
  if (running) return running;
  const started = refreshFxRates({
    db: deps.db,
    baseUrl: deps.config.fx.ratesUrl,
    allowPrivate: deps.config.outbound.allowPrivate,
    now: (deps.now ?? (() => new Date()))(),
    ...(deps.retryDelayMs === undefined ? {} : { retryDelayMs: deps.retryDelayMs }),
  })
    .catch((error: unknown) => {
      const reason = error instanceof FxFeedError ? error.message : 'could not store them';
      deps.logger.warn(
        { component: 'fx' },
        `Exchange rates not updated (${reason}); keeping the last known rates`,
      );
      throw error;
    })
    .finally(() => inFlight.delete(deps.db));
  inFlight.set(deps.db, started);
  return started;
}

/**
 * The scheduled exchange-rate job (pg-boss queue `fx-rates`, jobs/boss.ts; one run per tick across every
 * instance, and one queued at each start): stores the shipped ECB history when the table lacks it
 * (fx/snapshot.ts), then fetches the feed when the last fetch is 12 hours old or there was none.
 * FX_REFRESH=off skips the fetch (POST /fx/refresh still works); the snapshot is loaded either way, as it
 * needs no network. A failed fetch is logged by refreshFxNow and counted, never thrown: the job is done
 * and the next tick tries again.
 */
export async function runFxJob(
  deps: RefreshDeps & { snapshotFile?: string },
): Promise<{ successful: number; failed: number }> {
  await loadFxSnapshot({
    db: deps.db,
    logger: deps.logger,
    ...(deps.snapshotFile === undefined ? {} : { file: deps.snapshotFile }),
  });
  if (!deps.config.fx.refresh) return { successful: 0, failed: 0 };
  if (!(await fxRatesDue(deps.db, (deps.now ?? (() => new Date()))(), FX_REFRESH_INTERVAL_MS))) {
    return { successful: 0, failed: 0 };
  }
  try {
    await refreshFxNow(deps);
    return { successful: 1, failed: 0 };
  } catch {
    return { successful: 0, failed: 1 };
  }
}
