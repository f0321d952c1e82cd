import {
  CRYPTO_QUOTE_CURRENCY,
  cryptoQuotesByPriceId,
  heldCryptoAssets,
  type CryptoQuoteRow,
  type Database,
} from '@lodestar/db';
import {
  cryptoAssetByPriceId,
  cryptoAssetBySymbol,
  priceBefore24hChange,
  type CryptoAsset,
} from '@lodestar/domain';
import { decimalSubtract } from '../../market-data/decimal';
import { CACHE_TTL_MS, type Quote } from '../../market-data/service';
import type { CryptoPriceService } from '../../prices/crypto-prices';
import { normalizeDecimal } from '../holdings/decimal';

/**
 * Quotes of crypto assets from the crypto price service (docs/markets-api.md "Crypto symbols", ADR 082),
 * in the market quotes' shape: a symbol the user holds as a crypto asset, or one of the coins Lodestar
 * knows (`CRYPTO_ASSETS`), is answered from the service rather than the market-data provider. The
 * service's stored quote is reused for a minute like any market quote; after that the source is asked
 * (which stores the new quote and today's close), and when it fails the last known quote is given with
 * `stale: true`. An asset never priced has no quote (never a made-up price).
 */

/** The `provider` crypto quotes name: the CoinGecko-compatible price API (CRYPTO_PRICES_URL). */
export const CRYPTO_QUOTE_PROVIDER = 'coingecko';

/** A stored crypto quote's change over 24 hours as a quote's change since its previous close. */
export type CryptoChange = {
  /** The price 24 hours earlier that the source's 24-hour change implies; null when there is none. */
  previousClose: string | null;
  change: string | null;
  changePercent: number | null;
  /** A stablecoin valued at its peg: its value does not follow the market price, so it has no change. */
  valuedAtPeg: boolean;
};

export function cryptoChangeOf(quote: {
  priceId: string;
  price: string;
  change24hPercent: string | null;
  depegged: boolean;
}): CryptoChange {
  const valuedAtPeg = cryptoAssetByPriceId(quote.priceId)?.peg !== undefined && !quote.depegged;
  const price = normalizeDecimal(quote.price);
  const previousClose =
    valuedAtPeg || quote.change24hPercent === null
      ? undefined
      : priceBefore24hChange(price, normalizeDecimal(quote.change24hPercent));
  if (previousClose === undefined)
    return { previousClose: null, change: null, changePercent: null, valuedAtPeg };
  return {
    previousClose,
    change: decimalSubtract(price, previousClose),
    // The source's own percentage, to two decimals like the market quotes' changePercent.
    changePercent: Math.round(Number(quote.change24hPercent) * 100) / 100,
    valuedAtPeg,
  };
}

/**
 * The crypto asset a symbol names for this user: a crypto asset they hold under that ticker (the listed
 * coin of that symbol when they hold several, else the first by price id), else the listed coin.
 */
function assetsFor(
  symbols: readonly string[],
  held: readonly { symbol: string; name: string; priceId: string }[],
): Map<string, CryptoAsset> {
  const assets = new Map<string, CryptoAsset>();
  for (const symbol of symbols) {
    const listed = cryptoAssetBySymbol(symbol);
    const mine = held.filter((asset) => asset.symbol.toUpperCase() === symbol);
    const chosen = mine.find((asset) => asset.priceId === listed?.priceId) ?? mine[0];
    if (chosen) {
      const peg = cryptoAssetByPriceId(chosen.priceId)?.peg;
      assets.set(symbol, {
        symbol,
        name: chosen.name,
        priceId: chosen.priceId,
        ...(peg ? { peg } : {}),
      });
    } else if (listed) assets.set(symbol, listed);
  }
  return assets;
}

export type CryptoQuotes = {
  /** The symbols answered here (every crypto symbol asked), the others being for the market provider. */
  symbols: Set<string>;
  quotes: Map<string, Quote>;
  /** Crypto symbols with no price now and none known before. */
  unavailable: string[];
};

function quoteOf(
  asset: CryptoAsset,
  row: Pick<CryptoQuoteRow, 'price' | 'change24hPercent' | 'depegged' | 'priceAt'>,
  fetchedAt: Date,
  stale: boolean,
  now: Date,
): Quote {
  const change = cryptoChangeOf({ ...row, priceId: asset.priceId });
  return {
    symbol: asset.symbol,
    name: asset.name,
    exchange: null,
    type: 'crypto',
    currency: CRYPTO_QUOTE_CURRENCY,
    price: normalizeDecimal(row.price),
    previousClose: change.previousClose,
    change: change.change,
    changePercent: change.changePercent,
    priceTime: row.priceAt.toISOString(),
    provider: CRYPTO_QUOTE_PROVIDER,
    fetchedAt: fetchedAt.toISOString(),
    ageSeconds: Math.max(0, Math.floor((now.getTime() - fetchedAt.getTime()) / 1000)),
    stale,
  };
}

/** Quotes of the symbols that name crypto assets for this user; the others are left to the market provider. */
export async function cryptoQuotes(
  db: Database,
  prices: CryptoPriceService,
  userId: string,
  symbols: readonly string[],
  now: Date,
): Promise<CryptoQuotes> {
  const result: CryptoQuotes = { symbols: new Set(), quotes: new Map(), unavailable: [] };
  if (symbols.length === 0) return result;
  const assets = assetsFor(symbols, await heldCryptoAssets(db, userId));
  if (assets.size === 0) return result;
  for (const symbol of assets.keys()) result.symbols.add(symbol);

  const stored = await cryptoQuotesByPriceId(
    db,
    [...assets.values()].map((asset) => asset.priceId),
  );
  const due = [...assets.values()].filter((asset) => {
    const row = stored.get(asset.priceId);
    return !row || now.getTime() - row.fetchedAt.getTime() >= CACHE_TTL_MS.quote;
  });
  // One request for every asset whose stored quote is older than a minute (or missing).
  const fresh = due.length
    ? await prices.prices(
        [...new Map(due.map((asset) => [asset.priceId, asset])).values()],
        now.toISOString().slice(0, 10),
      )
    : new Map();
  for (const [symbol, asset] of assets) {
    const answer = fresh.get(asset.priceId);
    const row = stored.get(asset.priceId);
    if (answer && !answer.stale && answer.price !== null && answer.priceAt !== null) {
      result.quotes.set(symbol, quoteOf(asset, { ...answer, price: answer.price }, now, false, now));
    } else if (row) {
      // Fresh enough when not asked again; the last known quote when the source failed.
      result.quotes.set(symbol, quoteOf(asset, row, row.fetchedAt, answer !== undefined, now));
    } else result.unavailable.push(symbol);
  }
  return result;
}
