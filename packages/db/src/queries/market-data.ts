import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { marketDataCache, userPreferences } from '../schema/index';

export type MarketDataCacheKey = { provider: string; kind: string; key: string };
export type MarketDataCacheRow = { payload: unknown; fetchedAt: Date };

/** The cached answer for a request, of any age (the caller judges freshness); null when none. */
export async function readMarketDataCache(
  db: Database,
  id: MarketDataCacheKey,
): Promise<MarketDataCacheRow | null> {
  const [row] = await db
    .select({ payload: marketDataCache.payload, fetchedAt: marketDataCache.fetchedAt })
    .from(marketDataCache)
    .where(
      and(
        eq(marketDataCache.provider, id.provider),
        eq(marketDataCache.kind, id.kind),
        eq(marketDataCache.key, id.key),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The cached answers for several keys of one kind, by key. */
export async function readMarketDataCacheMany(
  db: Database,
  provider: string,
  kind: string,
  keys: readonly string[],
): Promise<Map<string, MarketDataCacheRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      key: marketDataCache.key,
      payload: marketDataCache.payload,
      fetchedAt: marketDataCache.fetchedAt,
    })
    .from(marketDataCache)
    .where(
      and(
        eq(marketDataCache.provider, provider),
        eq(marketDataCache.kind, kind),
        inArray(marketDataCache.key, [...keys]),
      ),
    );
  return new Map(rows.map((row) => [row.key, { payload: row.payload, fetchedAt: row.fetchedAt }]));
}

/** Stores (or replaces) the answer for a request. */
export async function writeMarketDataCache(
  db: Database,
  id: MarketDataCacheKey,
  payload: unknown,
  fetchedAt: Date,
): Promise<void> {
  await db
    .insert(marketDataCache)
    .values({ ...id, payload, fetchedAt })
    .onConflictDoUpdate({
      target: [marketDataCache.provider, marketDataCache.kind, marketDataCache.key],
      set: { payload, fetchedAt },
    });
}

/** The user's watchlist (the `watchlist_symbols` preference), in the user's order. */
export async function readWatchlist(db: Database, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ symbols: sql<unknown>`${userPreferences.preferences} -> 'watchlist_symbols'` })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return Array.isArray(row?.symbols) ? row.symbols.filter((s): s is string => typeof s === 'string') : [];
}

/**
 * Changes the watchlist under a row lock, so two concurrent changes never lose one another: `change`
 * gets the current list and returns the new one (or throws, and nothing is written).
 */
export async function updateWatchlist(
  db: Database,
  userId: string,
  change: (symbols: string[]) => string[],
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.insert(userPreferences).values({ userId, preferences: {} }).onConflictDoNothing();
    const [row] = await tx
      .select({ symbols: sql<unknown>`${userPreferences.preferences} -> 'watchlist_symbols'` })
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId))
      .for('update');
    const current = Array.isArray(row?.symbols)
      ? row.symbols.filter((s): s is string => typeof s === 'string')
      : [];
    const next = change(current);
    await tx
      .update(userPreferences)
      .set({
        preferences: sql`${userPreferences.preferences} || jsonb_build_object('watchlist_symbols', ${JSON.stringify(next)}::jsonb)`,
        updatedAt: sql`now()`,
      })
      .where(eq(userPreferences.userId, userId));
    return next;
  });
}
