import type { Database } from '@lodestar/db';
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import { FxFeedError, fxRatesDue, refreshFxRates, type RefreshResult } from './ecb-client';

/** How often the ECB rates are fetched (the ECB publishes once per working day around 16:00 CET). */
export const FX_REFRESH_INTERVAL_MS = 12 * 60 * 60 * 1000;

type RefreshDeps = {
  db: Database;
  logger: Logger;
  config: Pick<Config, 'fx'>;
  now?: () => Date;
  retryDelayMs?: number;
};

/** One fetch at a time per database: a button press during the timer's fetch waits for that one. */
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

export type FxRefresher = {
  stop(): void;
  /** Settles when the check made on start is done. */ started: Promise<void>;
};

/**
 * Keeps the ECB rates current: on start (when the last fetch is older than 12 h, or there was none) and
 * every 12 hours after. The timer is unref()'d, so it never holds the process open. FX_REFRESH=off
 * turns it into a no-op (POST /fx/refresh still works).
 */
export function startFxRefresher(deps: RefreshDeps & { intervalMs?: number }): FxRefresher {
  if (!deps.config.fx.refresh) return { stop() {}, started: Promise.resolve() };
  const intervalMs = deps.intervalMs ?? FX_REFRESH_INTERVAL_MS;
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      if (await fxRatesDue(deps.db, (deps.now ?? (() => new Date()))(), intervalMs)) await refreshFxNow(deps);
    } catch {
      // Logged by refreshFxNow (or the database is briefly unreachable); the next tick tries again.
    }
  };
  const started = tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    started,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
