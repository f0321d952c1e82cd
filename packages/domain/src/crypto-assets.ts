import { STABLECOIN_DECIMALS, type StablecoinSymbol } from './catalog';

/**
 * Crypto assets Lodestar prices (docs/crypto.md): each with the id its price source (CoinGecko and
 * compatible APIs) knows it by, and for stablecoins the currency they are pegged to. Quantities and
 * prices are decimal strings end to end: an 18-decimal token never passes through a float.
 */

export type CryptoAsset = {
  symbol: string;
  name: string;
  /** The price source's id (CoinGecko `/coins/list` id), never the symbol: symbols are not unique. */
  priceId: string;
  /** The fiat currency a stablecoin is pegged to; absent for everything that floats. */
  peg?: 'USD' | 'EUR';
};

/** Native coins of the chains Lodestar reads, and the spec's stablecoin/token list (§3). */
export const CRYPTO_ASSETS: readonly CryptoAsset[] = [
  { symbol: 'BTC', name: 'Bitcoin', priceId: 'bitcoin' },
  { symbol: 'ETH', name: 'Ether', priceId: 'ethereum' },
  { symbol: 'SOL', name: 'Solana', priceId: 'solana' },
  { symbol: 'POL', name: 'Polygon', priceId: 'polygon-ecosystem-token' },
  { symbol: 'BNB', name: 'BNB', priceId: 'binancecoin' },
  { symbol: 'USDT', name: 'Tether', priceId: 'tether', peg: 'USD' },
  { symbol: 'USDC', name: 'USD Coin', priceId: 'usd-coin', peg: 'USD' },
  { symbol: 'BUSD', name: 'Binance USD', priceId: 'binance-usd', peg: 'USD' },
  { symbol: 'DAI', name: 'Dai', priceId: 'dai', peg: 'USD' },
  { symbol: 'FRAX', name: 'Frax', priceId: 'frax', peg: 'USD' },
  { symbol: 'TUSD', name: 'TrueUSD', priceId: 'true-usd', peg: 'USD' },
  { symbol: 'USDP', name: 'Pax Dollar', priceId: 'paxos-standard', peg: 'USD' },
  { symbol: 'USDD', name: 'USDD', priceId: 'usdd', peg: 'USD' },
  { symbol: 'GUSD', name: 'Gemini Dollar', priceId: 'gemini-dollar', peg: 'USD' },
  { symbol: 'LUSD', name: 'Liquity USD', priceId: 'liquity-usd', peg: 'USD' },
  { symbol: 'EURS', name: 'STASIS EURO', priceId: 'stasis-eurs', peg: 'EUR' },
  { symbol: 'EUROC', name: 'Euro Coin', priceId: 'euro-coin', peg: 'EUR' },
  // Gold-backed: its price follows gold, so it is priced at the market like any floating asset.
  { symbol: 'PAXG', name: 'PAX Gold', priceId: 'pax-gold' },
];

const BY_SYMBOL = new Map(CRYPTO_ASSETS.map((asset) => [asset.symbol, asset]));
const BY_PRICE_ID = new Map(CRYPTO_ASSETS.map((asset) => [asset.priceId, asset]));

/** The asset with this symbol (case-insensitive), if Lodestar knows it. */
export function cryptoAssetBySymbol(symbol: string): CryptoAsset | undefined {
  return BY_SYMBOL.get(symbol.trim().toUpperCase());
}

/** The asset with this price-source id, if Lodestar knows it. */
export function cryptoAssetByPriceId(priceId: string): CryptoAsset | undefined {
  return BY_PRICE_ID.get(priceId);
}

/** On-chain decimals of a listed stablecoin/token (spec §3), undefined for the others. */
export function tokenDecimals(symbol: string): number | undefined {
  const upper = symbol.trim().toUpperCase();
  return Object.hasOwn(STABLECOIN_DECIMALS, upper)
    ? STABLECOIN_DECIMALS[upper as StablecoinSymbol]
    : undefined;
}

/** A stablecoin whose market price is off its peg by more than this (percent) is flagged depegged. */
export const DEPEG_THRESHOLD_PERCENT = 2;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function scaled(value: string, scale: number): bigint {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`Not a non-negative decimal: ${value}`);
  const fraction = (match[2] ?? '').padEnd(scale, '0').slice(0, scale);
  return BigInt((match[1] ?? '0') + fraction);
}

/**
 * Whether a stablecoin's market price (decimal string, in its peg currency) is more than
 * DEPEG_THRESHOLD_PERCENT away from 1: |market − 1| > 0.02, compared exactly.
 */
export function isDepegged(market: string): boolean {
  const scale = 18;
  const one = 10n ** BigInt(scale);
  const value = scaled(market, scale);
  const distance = value > one ? value - one : one - value;
  return distance * 100n > one * BigInt(DEPEG_THRESHOLD_PERCENT);
}

/**
 * A JSON number from a price feed as a plain decimal string (no exponent): 1e-7 → '0.0000001',
 * 67187.33 → '67187.33'. The digits are the shortest that read back as the same number, as the
 * feed's own JSON text had them; throws RangeError for negatives, NaN and infinities.
 */
export function decimalFromJsonNumber(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Not a price: ${value}`);
  const text = String(value);
  const match = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const digits = (match[1] ?? '') + (match[2] ?? '');
  const exponent = Number(match[3]);
  if (exponent < 0) return `0.${'0'.repeat(-exponent - 1)}${digits}`.replace(/\.?0+$/, '') || '0';
  const whole = digits.padEnd(exponent + 1, '0');
  return whole.length > exponent + 1 ? `${whole.slice(0, exponent + 1)}.${whole.slice(exponent + 1)}` : whole;
}

/**
 * An integer amount in a token's smallest units as a decimal string of whole tokens: (1234500n, 6) →
 * '1.2345', (10n ** 18n, 18) → '1'. Exact for any size (wei overflow every float).
 */
export function formatUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The exact sum of two non-negative decimal quantities ('100.5', '0.000000001' → '100.500000001'). */
export function addQuantities(a: string, b: string): string {
  const [aWhole = '0', aFraction = ''] = a.split('.');
  const [bWhole = '0', bFraction = ''] = b.split('.');
  const decimals = Math.max(aFraction.length, bFraction.length);
  const units = (whole: string, fraction: string) => BigInt(`${whole}${fraction.padEnd(decimals, '0')}`);
  return formatUnits(units(aWhole, aFraction) + units(bWhole, bFraction), decimals);
}

/**
 * The exact quotient of two positive decimal strings to 18 decimals, rounded half up: the US-dollar
 * value of one euro from a coin's USD and EUR prices ('1.08', '1') → '1.08'.
 */
export function divideDecimals(numerator: string, denominator: string): string {
  const scale = 18;
  const top = scaled(numerator, scale) * 10n ** BigInt(scale);
  const bottom = scaled(denominator, scale);
  if (bottom === 0n) throw new RangeError('Division by zero');
  let quotient = top / bottom;
  if ((top % bottom) * 2n >= bottom) quotient += 1n;
  return formatUnits(quotient, scale);
}

/** A crypto price the source last updated longer ago than this is shown with its age (stale). */
export const CRYPTO_PRICE_STALE_AFTER_MS = 2 * 60 * 60 * 1000;

/** Whether a crypto price last updated at `priceAt` is stale at `now` (older than two hours). */
export function isCryptoPriceStale(priceAt: Date, now: Date): boolean {
  return now.getTime() - priceAt.getTime() > CRYPTO_PRICE_STALE_AFTER_MS;
}

const SIGNED_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function signedScaled(value: string, scale: number): bigint {
  const match = SIGNED_DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const digits = BigInt((match[2] ?? '0') + (match[3] ?? '').padEnd(scale, '0').slice(0, scale));
  return match[1] ? -digits : digits;
}

/**
 * The price 24 hours earlier that a price and the source's 24-hour change (percent, decimal strings)
 * imply: price × 100 ÷ (100 + change), rounded half up to the price's decimals and at least 8, so the
 * change is told from the price exactly as the source gave it rather than estimated ('60000', '20' →
 * '50000'). Undefined when the change is −100 % or less (no earlier price follows from it).
 */
export function priceBefore24hChange(price: string, changePercent: string): string | undefined {
  const decimals = Math.max(8, price.split('.')[1]?.length ?? 0);
  const scale = 18;
  const divisor = 100n * 10n ** BigInt(scale) + signedScaled(changePercent, scale);
  if (divisor <= 0n) return undefined;
  const top = signedScaled(price, scale) * 100n * 10n ** BigInt(decimals);
  if (top < 0n) return undefined;
  let quotient = top / divisor;
  if ((top % divisor) * 2n >= divisor) quotient += 1n;
  return formatUnits(quotient, decimals);
}
