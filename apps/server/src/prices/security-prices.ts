import {
  allWatchedSymbols,
  closesFrom,
  type Executor,
  heldSecuritiesToPrice,
  MARKET_SECURITY_PROVIDER,
  marketSecurities,
  type PricedSecurity,
  revalueHoldersOf,
  upsertSecurities,
  upsertSecurityPrices,
} from '@lodestar/db';
import { addDays, type IsoDate } from '@lodestar/domain';
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import { createProvider } from '../market-data/service';
import { type HistoryRange, MarketDataError, type MarketDataProvider } from '../market-data/types';

/**
 * Daily closes of held and watched securities (docs/domain.md "Securities' daily closes", ADR 065), from
 * the market-data provider into the shared `security_price` table that crypto closes and the closes
 * connectors send also live in. Per symbol one history request covers what is missing: from the first
 * day wanted when the stored closes start later, else from the newest stored close (read again: it may
 * have been taken before the close) to today. Only days not stored yet (and that newest one) are written.
 * A provider failure writes nothing for the symbol: its last known closes stay, the next run tries again.
 * Crypto assets are left to the crypto price service, and securities whose connector sends their closes
 * (the demo bank) to that connector.
 */

/**
 * Pacing (ADR 075): a provider with a documented per-minute limit (Twelve Data's API credits, one per
 * history request) is asked at most that many times in any minute, and at most RUN_MINUTES minutes of
 * requests a run (the job expires after 30): the symbols past that are left for the next run, which
 * asks only for what is still missing. A refusal for too many requests waits a minute and asks once
 * more; refused again, the credits are spent (the plan's daily ones, say) and the run stops asking.
 */
export const RUN_MINUTES = 25;
const MINUTE_MS = 60_000;

/** Time for the pacing: the real clock, or a test's. */
export type PacingClock = { now(): number; sleep(ms: number): Promise<void> };
const REAL_CLOCK: PacingClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** At most `perMinute` requests started in any minute (none when null): waits for the oldest to age. */
function createPacer(perMinute: number | null, clock: PacingClock) {
  const started: number[] = [];
  return {
    async take() {
      if (perMinute === null) return;
      const oldest = started.length >= perMinute ? started[started.length - perMinute] : undefined;
      if (oldest !== undefined) {
        const wait = oldest + MINUTE_MS - clock.now();
        if (wait > 0) await clock.sleep(wait);
      }
      started.push(clock.now());
      if (started.length > perMinute) started.splice(0, started.length - perMinute);
    },
    /** Refused for too many requests: a whole minute before the next. */
    async coolDown() {
      await clock.sleep(MINUTE_MS);
      started.length = 0;
    },
  };
}

/** A watched symbol has no date it was added: its closes are kept for the last year. */
export const WATCHED_HISTORY_DAYS = 365;
/** Stored closes starting this many days after the first day wanted still cover it (weekends, holidays). */
const START_SLACK_DAYS = 7;

const RANGE_DAYS: [HistoryRange, number][] = [
  ['1m', 28],
  ['3m', 89],
  ['6m', 180],
  ['1y', 364],
  ['5y', 5 * 365],
  ['10y', 10 * 365],
];

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The shortest provider range reaching back to `start`. */
export function rangeCovering(start: IsoDate, today: IsoDate): HistoryRange {
  const days = daysBetween(start, today);
  return RANGE_DAYS.find(([, span]) => days <= span)?.[0] ?? 'max';
}

type Target = Omit<PricedSecurity, 'securityId'> & { securityId: string | null };

/** The first day to fetch for a target, or null when its closes are complete through today. */
export function fetchStart(
  target: Pick<Target, 'from' | 'oldest' | 'newest'>,
  today: IsoDate,
): IsoDate | null {
  if (target.from > today) return null;
  if (target.oldest === null || target.newest === null) return target.from;
  if (target.oldest > addDays(target.from, START_SLACK_DAYS)) return target.from;
  if (target.newest >= today) return null;
  return target.newest < target.from ? target.from : target.newest;
}

export type SecurityPriceRun = {
  /** Symbols whose history was asked for, and how many of those the provider could not answer. */
  symbols: number;
  failed: number;
  /** Closes written. */
  written: number;
  /** Brokerage accounts whose daily balances were valued again with the new closes. */
  revalued: number;
  /** Symbols left for the next run: past the run's share of the provider's limit, or its credits spent. */
  deferred: number;
};

export async function refreshSecurityPrices(deps: {
  db: Executor;
  provider: MarketDataProvider;
  logger: Logger;
  today: IsoDate;
  clock?: PacingClock;
}): Promise<SecurityPriceRun> {
  const { db, provider, today } = deps;
  const log = deps.logger.child({ component: 'security-prices', provider: provider.id });
  const targets: Target[] = await heldSecuritiesToPrice(db);
  const watched = await allWatchedSymbols(db);
  const known = await marketSecurities(db, watched);
  const yearAgo = addDays(today, -WATCHED_HISTORY_DAYS);
  for (const symbol of watched) {
    const security = known.get(symbol);
    targets.push(
      security
        ? { ...security, from: yearAgo }
        : { securityId: null, symbol, currency: '', from: yearAgo, oldest: null, newest: null },
    );
  }

  const bySymbol = new Map<string, { target: Target; start: IsoDate }[]>();
  for (const target of targets) {
    const start = fetchStart(target, today);
    if (start) bySymbol.set(target.symbol, [...(bySymbol.get(target.symbol) ?? []), { target, start }]);
  }

  const run: SecurityPriceRun = { symbols: 0, failed: 0, written: 0, revalued: 0, deferred: 0 };
  const pacer = createPacer(provider.requestsPerMinute, deps.clock ?? REAL_CLOCK);
  const budget =
    provider.requestsPerMinute === null ? Number.POSITIVE_INFINITY : provider.requestsPerMinute * RUN_MINUTES;
  let creditsSpent = false;
  const history = async (symbol: string, range: HistoryRange) => {
    const ask = async () => {
      await pacer.take();
      return provider.history(symbol, range, today);
    };
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof MarketDataError) || error.kind !== 'rate_limited') throw error;
      log.warn({ symbol }, 'too many requests: asking again in a minute');
      await pacer.coolDown();
      return await ask();
    }
  };
  const stored = await closesFrom(
    db,
    [...bySymbol.values()].flatMap((wanted) =>
      wanted.flatMap(({ target, start }) =>
        target.securityId === null ? [] : [{ securityId: target.securityId, from: start }],
      ),
    ),
  );
  const rows: { securityId: string; date: IsoDate; close: string }[] = [];
  for (const [symbol, wanted] of bySymbol) {
    if (creditsSpent || run.symbols >= budget) {
      run.deferred += 1;
      continue;
    }
    const start = wanted.reduce((min, item) => (item.start < min ? item.start : min), today);
    run.symbols += 1;
    let closes;
    try {
      closes = await history(symbol, rangeCovering(start, today));
    } catch (error) {
      if (!(error instanceof MarketDataError)) throw error;
      run.failed += 1;
      creditsSpent = error.kind === 'rate_limited';
      log.warn({ symbol, kind: error.kind }, 'price history unavailable');
      continue;
    }
    if (!closes) {
      log.info({ symbol }, 'the provider knows no such symbol');
      continue;
    }
    for (const { target, start: from } of wanted) {
      let securityId = target.securityId;
      if (securityId === null) {
        const ids = await upsertSecurities(db, [
          {
            provider: MARKET_SECURITY_PROVIDER,
            externalId: symbol,
            ticker: symbol,
            name: symbol,
            type: 'other',
            currency: closes.currency,
          },
        ]);
        securityId = ids.get(symbol) ?? null;
        if (securityId === null) continue;
      } else if (target.currency.toUpperCase() !== closes.currency.toUpperCase()) {
        // Closes in another currency than the holding's would value it wrong: none is better.
        log.warn({ symbol, currency: target.currency, quoted: closes.currency }, 'currency differs');
        continue;
      }
      const storedDays = stored.get(securityId);
      for (const point of closes.points) {
        if (point.date < from || point.date > today) continue;
        if (storedDays?.has(point.date) && point.date !== target.newest) continue;
        rows.push({ securityId, date: point.date, close: point.close });
      }
    }
  }
  run.written = rows.length;
  /** The oldest new or changed close per security: its holders' history changes from there. */
  const changedFrom = await upsertSecurityPrices(db, rows);
  // Each account holding a security with new closes: its days from the oldest new close on.
  run.revalued = await revalueHoldersOf(db, changedFrom, today);
  if (run.deferred) log.warn({ deferred: run.deferred }, 'symbols left for the next run: the provider limit');
  log.info(run, 'security prices refreshed');
  return run;
}

/**
 * The scheduled job (`security-prices`): today is the UTC day (it runs after the US close); a symbol the
 * provider could not answer counts as failed.
 */
export async function runSecurityPriceJob(deps: {
  db: Executor;
  config: Pick<Config, 'marketData' | 'outbound'>;
  logger: Logger;
  now: () => Date;
  provider?: MarketDataProvider;
}): Promise<{ successful: number; failed: number }> {
  const run = await refreshSecurityPrices({
    db: deps.db,
    provider: deps.provider ?? createProvider(deps.config),
    logger: deps.logger,
    today: deps.now().toISOString().slice(0, 10),
  });
  return { successful: run.symbols - run.failed, failed: run.failed };
}
