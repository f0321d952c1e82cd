import {
  CRYPTO_QUOTE_CURRENCY,
  checkedPriceHistory,
  cryptoQuotes,
  daysWithoutClose,
  recordCheckedPriceHistory,
  ensureCryptoSecurities,
  upsertCryptoQuotes,
  upsertSecurityPrices,
  type CryptoQuoteRow,
  type Executor,
} from '@lodestar/db';
import {
  addDays,
  cryptoAssetByPriceId,
  HTTP_TIMEOUT_MS,
  divideDecimals,
  isDepegged,
  retry,
  RETRY,
  type CryptoAsset,
  type IsoDate,
} from '@lodestar/domain';
import { ProviderError } from '../connectors/provider-error';
import { guardedFetch } from '../outbound/guarded-fetch';
import type { EvmChainId, ExtraEvmToken } from '../connectors/blockchain/evm/chains';
import type { Logger } from '../logger';
import {
  fetchContractCoin,
  fetchDailyCloses,
  fetchSimplePrices,
  fetchTokenPrices,
  type SimplePrice,
} from './coingecko-client';

/**
 * The one price service for crypto assets (docs/crypto.md). Prices are US dollars. A stablecoin is
 * valued at its peg (1 USD, or the dollar value of 1 EUR for a euro coin) while its market price stays
 * within 2 % of it, and at the market price with a "depegged" flag when it does not. When the source is
 * down, the last known price is used with its age; an asset never priced has no price (never a made-up
 * one). Daily closes go into the shared `security_price` table, the newest quote into `crypto_quote`.
 */

/** Crypto prices are quoted in this currency. */
export { CRYPTO_QUOTE_CURRENCY };

export type CryptoPrice = {
  securityId: string;
  /** What one unit is valued at (USD), or null when the asset has never been priced. */
  price: string | null;
  /** The market price as the source gave it (a stablecoin's in its peg currency). */
  marketPrice: string | null;
  change24hPercent: string | null;
  depegged: boolean;
  /** When the source last updated the price. */
  priceAt: Date | null;
  /** The source did not answer this time: the price is the last known one. */
  stale: boolean;
};

export type CryptoPriceServiceOptions = {
  db: Executor;
  baseUrl: string;
  logger: Logger;
  now?: () => Date;
  fetchImpl?: typeof fetch;
  retryDelayMs?: number;
};

const DAY_MS = 86_400_000;
/** New contract tokens named per call (one request each); the others are named by a later sync. */
export const MAX_CONTRACT_LOOKUPS = 20;
/** Contract tokens whose names are kept in memory (per server process). */
const MAX_CACHED_CONTRACTS = 5000;
/** The public API serves daily history for the last 365 days. */
const MAX_HISTORY_DAYS = 365;
/**
 * How many days before today the source may not have closed yet: a day without a close is asked for again
 * while it is this recent, and taken as one the source has none for once older.
 */
const RECENT_DAYS = 2;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Valuation of a source's answer for one asset, or undefined when it lacks the needed currencies. */
function value(asset: CryptoAsset, answer: SimplePrice) {
  const usd = answer.prices.usd;
  if (asset.peg === 'EUR') {
    const eur = answer.prices.eur;
    if (usd === undefined || eur === undefined || /^0*\.?0*$/.test(eur)) return undefined;
    const depegged = isDepegged(eur);
    return { price: depegged ? usd : divideDecimals(usd, eur), marketPrice: eur, depegged };
  }
  if (usd === undefined) return undefined;
  if (asset.peg === 'USD') {
    const depegged = isDepegged(usd);
    return { price: depegged ? usd : '1', marketPrice: usd, depegged };
  }
  return { price: usd, marketPrice: usd, depegged: false };
}

export function createCryptoPriceService(options: CryptoPriceServiceOptions) {
  const { db, baseUrl, logger } = options;
  const now = options.now ?? (() => new Date());
  const fetchImpl = options.fetchImpl ?? fetch;
  const log = logger.child({ component: 'crypto-prices' });
  const withRetry = <T>(task: () => Promise<T>) =>
    retry(task, {
      attempts: RETRY.attempts,
      delayMs: options.retryDelayMs ?? RETRY.delayMs,
      backoff: true,
      shouldRetry: (error) => error instanceof ProviderError && error.retryable,
    });

  /** `platform:address` → the asset the source prices that contract as (its id, symbol and name). */
  const contracts = new Map<string, CryptoAsset>();

  async function securities(assets: readonly CryptoAsset[]) {
    return ensureCryptoSecurities(
      db,
      assets.map((asset) => ({ ...asset, currency: CRYPTO_QUOTE_CURRENCY })),
    );
  }

  return {
    /**
     * The assets the source knows the contracts `addresses` on `platform` (a Solana mint on `solana`) as,
     * by address; addresses it does not know are left out. One /simple/token_price request per batch of
     * addresses tells which are known; each known one not yet named is named once through
     * /coins/{platform}/contract/{address} (at most MAX_CONTRACT_LOOKUPS per call; the rest are left out
     * this time). Names are kept in memory. The source failing throws: the caller must not take its
     * tokens for unknown ones.
     */
    async contractAssets(platform: string, addresses: readonly string[]): Promise<Map<string, CryptoAsset>> {
      const found = new Map<string, CryptoAsset>();
      if (addresses.length === 0) return found;
      const priced = await withRetry(() => fetchTokenPrices(baseUrl, platform, addresses, fetchImpl));
      let lookups = 0;
      for (const address of addresses) {
        if (!priced.has(address)) continue;
        const key = `${platform}:${address}`;
        let asset = contracts.get(key);
        if (!asset) {
          if (lookups >= MAX_CONTRACT_LOOKUPS) continue;
          lookups += 1;
          const coin = await withRetry(() => fetchContractCoin(baseUrl, platform, address, fetchImpl));
          if (!coin) continue;
          // A listed coin (a stablecoin) keeps its own name and peg.
          asset = cryptoAssetByPriceId(coin.id) ?? {
            symbol: coin.symbol.toUpperCase(),
            name: coin.name,
            priceId: coin.id,
          };
          if (contracts.size >= MAX_CACHED_CONTRACTS) contracts.clear();
          contracts.set(key, asset);
        }
        found.set(address, asset);
      }
      return found;
    },

    /**
     * Prices of `assets` by price id: fresh from the source (stored as today's close and the newest
     * quote), else the last known ones marked stale.
     */
    async prices(assets: readonly CryptoAsset[], today: IsoDate): Promise<Map<string, CryptoPrice>> {
      const ids = await securities(assets);
      const result = new Map<string, CryptoPrice>();
      let answers = new Map<string, SimplePrice>();
      try {
        answers = await withRetry(() =>
          fetchSimplePrices(
            baseUrl,
            assets.map((asset) => asset.priceId),
            ['usd', 'eur'],
            fetchImpl,
          ),
        );
      } catch (error) {
        log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'prices unavailable');
      }
      const fetchedAt = now();
      const fresh: CryptoQuoteRow[] = [];
      for (const asset of assets) {
        const securityId = ids.get(asset.priceId);
        const answer = answers.get(asset.priceId);
        const valued = answer && value(asset, answer);
        if (!securityId || !answer || !valued) continue;
        const row: CryptoQuoteRow = {
          securityId,
          ...valued,
          change24hPercent: answer.change24hPercent,
          priceAt: answer.lastUpdatedAt ?? fetchedAt,
          fetchedAt,
        };
        fresh.push(row);
        result.set(asset.priceId, { ...row, stale: false });
      }
      await upsertCryptoQuotes(db, fresh);
      await upsertSecurityPrices(
        db,
        fresh.map((row) => ({ securityId: row.securityId, date: today, close: row.price })),
      );
      const known = new Map(
        (
          await cryptoQuotes(
            db,
            assets.flatMap((asset) => {
              const id = ids.get(asset.priceId);
              return id && !result.has(asset.priceId) ? [id] : [];
            }),
          )
        ).map((row) => [row.securityId, row]),
      );
      for (const asset of assets) {
        const securityId = ids.get(asset.priceId);
        if (!securityId || result.has(asset.priceId)) continue;
        const last = known.get(securityId);
        result.set(asset.priceId, {
          securityId,
          price: last?.price ?? null,
          marketPrice: last?.marketPrice ?? null,
          change24hPercent: last?.change24hPercent ?? null,
          depegged: last?.depegged ?? false,
          priceAt: last?.priceAt ?? null,
          stale: true,
        });
      }
      return result;
    },

    /**
     * Fills the daily closes missing between each asset's `from` and yesterday (at most the last 365
     * days), so every day of its holders' history has a price (ADR 076): one request per asset, from the
     * earliest day any holder needs. Days the source was already asked for and had no close for (before
     * the coin was listed, a gap in its history) are not asked again; only days after the newest close it
     * gave, while they are recent, are. A day whose close is a sync's quote (the price at that moment) is
     * asked for again once the day is over, and its close replaced by the day's. A source failure leaves the gaps for the next sync. Answers, per
     * security id, the oldest day whose close was written.
     */
    async backfill(
      wanted: readonly { asset: CryptoAsset; from: IsoDate }[],
      today: IsoDate,
    ): Promise<Map<string, string>> {
      const written = new Map<string, string>();
      const earliest = addDays(today, -MAX_HISTORY_DAYS);
      const yesterday = addDays(today, -1);
      const byId = new Map<string, { asset: CryptoAsset; start: IsoDate }>();
      for (const { asset, from } of wanted) {
        const start = from < earliest ? earliest : from;
        const current = byId.get(asset.priceId);
        if (start <= yesterday && (!current || start < current.start))
          byId.set(asset.priceId, { asset, start });
      }
      if (byId.size === 0) return written;
      const ids = await securities([...byId.values()].map((item) => item.asset));
      for (const { asset, start } of byId.values()) {
        const securityId = ids.get(asset.priceId);
        if (!securityId) continue;
        const checked = await checkedPriceHistory(db, securityId);
        // A close stored from a quote on a sync's day is the price at that time, not the day's close: it
        // is asked for again, like a day without one.
        const without = await daysWithoutClose(db, securityId, {
          from: start,
          to: yesterday,
          closedThrough: checked?.through,
        });
        const first = without.find((day) => !checked || day < checked.from || day > checked.through);
        if (!first) continue;
        const open = new Set(without.filter((day) => day >= first));
        const days = Math.min(MAX_HISTORY_DAYS, daysBetween(first, today) + 1);
        try {
          const usd = await withRetry(() => fetchDailyCloses(baseUrl, asset.priceId, 'usd', days, fetchImpl));
          const eur =
            asset.peg === 'EUR'
              ? new Map(
                  (
                    await withRetry(() => fetchDailyCloses(baseUrl, asset.priceId, 'eur', days, fetchImpl))
                  ).map((point) => [point.date, point.close]),
                )
              : undefined;
          const rows = usd.flatMap((point) => {
            if (!open.has(point.date)) return [];
            const valued = value(asset, {
              prices: {
                usd: point.close,
                ...(eur?.has(point.date) ? { eur: eur.get(point.date) as string } : {}),
              },
              change24hPercent: null,
              lastUpdatedAt: null,
            });
            return valued ? [{ securityId, date: point.date, close: valued.price }] : [];
          });
          const oldest = (await upsertSecurityPrices(db, rows)).get(securityId);
          if (oldest) written.set(securityId, oldest);
          // The source has answered for every day from `first` to its newest close; the days after that
          // are asked for again only while they are recent (the source may not have closed them yet).
          const newest = usd.reduce<string | undefined>(
            (max, point) => (point.date <= yesterday && (!max || point.date > max) ? point.date : max),
            undefined,
          );
          const recent = addDays(today, -RECENT_DAYS - 1);
          const through = newest && newest > recent ? newest : recent;
          if (through >= first) {
            const joins =
              checked && checked.through >= addDays(first, -1) && checked.from <= addDays(through, 1);
            await recordCheckedPriceHistory(
              db,
              securityId,
              {
                from: joins && checked.from < first ? checked.from : first,
                through: joins && checked.through > through ? checked.through : through,
              },
              now(),
            );
          }
        } catch (error) {
          log.warn(
            { asset: asset.priceId, reason: error instanceof Error ? error.message : String(error) },
            'price history unavailable',
          );
        }
      }
      return written;
    },
  };
}

export type CryptoPriceService = ReturnType<typeof createCryptoPriceService>;

/** What wallet connectors read chains and prices with, from the configuration. */
export function cryptoServices(deps: {
  db: Executor;
  config: {
    crypto: {
      pricesUrl: string;
      esploraUrl: string;
      solanaRpcUrl: string;
      evmRpcUrls?: Partial<Record<EvmChainId, string>>;
      evmExtraTokens?: readonly ExtraEvmToken[];
      exchangeApiUrls?: Record<string, string>;
    };
    outbound: { allowPrivate: boolean | readonly string[] };
  };
  logger: Logger;
  now: () => Date;
}) {
  return {
    esploraUrl: deps.config.crypto.esploraUrl,
    solanaRpcUrl: deps.config.crypto.solanaRpcUrl,
    evmRpcUrls: deps.config.crypto.evmRpcUrls ?? {},
    evmExtraTokens: deps.config.crypto.evmExtraTokens ?? [],
    exchanges: { apiUrls: deps.config.crypto.exchangeApiUrls ?? {} },
    prices: createCryptoPriceService({
      db: deps.db,
      baseUrl: deps.config.crypto.pricesUrl,
      logger: deps.logger,
      now: deps.now,
      // The price source is reached through the outbound-request guard, like every provider.
      fetchImpl: guardedFetch(
        { allowPrivate: deps.config.outbound.allowPrivate },
        { timeoutMs: HTTP_TIMEOUT_MS, maxResponseBytes: 8 * 1024 * 1024 },
      ),
    }),
  };
}
