import { type AccountType, type AssetClass, assetClassOf } from '../accounts';
import { AGGREGATION } from '../constants';

/** The label each asset class shows in summaries, allocation and history legends. */
export const ASSET_CLASS_LABELS: Record<AssetClass, string> = {
  cash: 'Cash',
  investment: 'Investments',
  crypto: 'Crypto',
  real_estate: 'Real estate',
  liability: 'Liabilities',
  other: 'Other',
};

/** Asset classes in display order, liabilities last. */
export const ASSET_CLASSES: readonly AssetClass[] = [
  'cash',
  'investment',
  'crypto',
  'real_estate',
  'other',
  'liability',
];

/** Integer division rounded half away from zero, exactly. */
function divideRounded(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** `value` rounded to 2 decimals, half away from zero (a tiny relative nudge absorbs binary drift). */
function roundTo2(value: number): number {
  const scaled = Math.abs(value) * 100;
  const rounded = Math.floor(scaled + 0.5 + scaled * 1e-12) / 100;
  return value < 0 ? -rounded : rounded;
}

/**
 * `part / whole × 100` rounded to 2 decimals, half away from zero; exact for integers (minor units,
 * counts). Throws RangeError when `whole` is 0.
 */
export function percentOf(part: number, whole: number): number {
  if (whole === 0) throw new RangeError('percentOf needs a non-zero whole');
  if (Number.isSafeInteger(part) && Number.isSafeInteger(whole)) {
    const hundredths = Number(divideRounded(BigInt(part) * 10_000n, BigInt(whole)));
    return hundredths === 0 ? 0 : hundredths / 100;
  }
  const result = roundTo2((part / whole) * 100);
  return result === 0 ? 0 : result;
}

/**
 * Relative change from `previous` to `current` in percent: (current − previous) / |previous| × 100,
 * rounded to 2 decimals half away from zero, so a debt shrinking from −100 to −50 is +50 %. Null when
 * `previous` is 0 (no base to compare with).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return percentOf(current - previous, Math.abs(previous));
}

/**
 * Splits 100 % over non-negative `amounts` in proportion, to 2 decimals, by the largest-remainder
 * method: the shares always add up to exactly 100 (ties go to the earlier amount). All zero → all 0.
 */
export function allocatePercents(amounts: readonly number[]): number[] {
  if (amounts.some((amount) => !Number.isSafeInteger(amount) || amount < 0)) {
    throw new RangeError('allocatePercents takes non-negative integer amounts');
  }
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total === 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => BigInt(amount) * 10_000n);
  const parts = exact.map((value) => value / BigInt(total));
  let left = 10_000n - parts.reduce((a, b) => a + b, 0n);
  const order = exact
    .map((value, index) => ({ index, remainder: value % BigInt(total) }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index));
  for (const { index } of order) {
    if (left <= 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part) / 100);
}

/**
 * Splits the integer `total` over parts in proportion to integer `weights`, by the largest-remainder
 * method, so the parts always add up to `total` exactly (ties go to the earlier part). Weights may have
 * either sign but must not add up to 0 (RangeError). Used to round a converted sum once and share it
 * out: each currency's sum is converted once, then split over its classes or categories.
 */
export function splitMinor(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || weights.some((weight) => !Number.isSafeInteger(weight))) {
    throw new RangeError('splitMinor takes integer amounts');
  }
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole === 0) {
    if (weights.every((weight) => weight === 0) && total === 0) return weights.map(() => 0);
    throw new RangeError('splitMinor needs weights that do not add up to 0');
  }
  // Work with a positive denominator: share_i = total × w_i / W = (total × w_i × sign) / |W|.
  const sign = whole < 0 ? -1n : 1n;
  const den = BigInt(Math.abs(whole));
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight) * sign);
  const floors = exact.map((value) => {
    const quotient = value / den;
    return value % den !== 0n && value < 0n ? quotient - 1n : quotient;
  });
  let left = BigInt(total) - floors.reduce((a, b) => a + b, 0n);
  const order = exact
    .map((value, index) => ({ index, remainder: value - (floors[index] ?? 0n) * den }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index));
  for (const { index } of order) {
    if (left <= 0n) break;
    floors[index] = (floors[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return floors.map((part) => {
    const value = Number(part);
    return value === 0 ? 0 : value;
  });
}

export type AllocationSlice = { class: AssetClass; label: string; amountMinor: number; percent: number };

export type BalanceSummary = {
  /** Σ of every balance (assets plus liabilities, which are negative when owed). */
  netWorthMinor: number;
  /** Σ of the balances of every non-liability account (an overdrawn account lowers it). */
  assetsMinor: number;
  /**
   * Σ of the balances of liability accounts (credit, loan): negative when money is owed. A credit
   * balance on a card (overpaid) stays in this class and offsets the debt.
   */
  liabilitiesMinor: number;
  byClass: Record<AssetClass, number>;
  /** Asset classes with a positive total, largest first; percents of their sum, adding up to 100. */
  allocation: AllocationSlice[];
  /** Crypto's share of assets in percent (2 decimals); 0 when assets are not positive. */
  cryptoSharePercent: number;
  /** Whether the crypto share is strictly above AGGREGATION.cryptoShareThresholdPercent. */
  cryptoAboveThreshold: boolean;
};

/**
 * Net worth, assets, liabilities, per-class totals and the asset allocation of already converted
 * balances (integer minor units of one currency; liabilities negative when owed, docs/domain.md).
 */
export function summarizeBalances(
  accounts: readonly { type: AccountType; amountMinor: number }[],
): BalanceSummary {
  const byClass = emptyClassTotals();
  for (const account of accounts) {
    if (!Number.isSafeInteger(account.amountMinor)) {
      throw new RangeError(`Minor-unit amount must be a safe integer, got ${account.amountMinor}`);
    }
    byClass[assetClassOf(account.type)] += account.amountMinor;
  }
  return summarizeClassTotals(byClass);
}

/** Every asset class at 0. */
export function emptyClassTotals(): Record<AssetClass, number> {
  return { cash: 0, investment: 0, crypto: 0, real_estate: 0, other: 0, liability: 0 };
}

/**
 * The summary of per-class totals already in one currency (each class converted once from its
 * per-currency sums, so the summary and the net-worth history's points are built the same way).
 */
export function summarizeClassTotals(totals: Readonly<Record<AssetClass, number>>): BalanceSummary {
  const byClass = { ...totals };
  for (const value of Object.values(byClass)) {
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(`Minor-unit amount must be a safe integer, got ${value}`);
    }
  }
  const liabilitiesMinor = byClass.liability;
  const assetsMinor = ASSET_CLASSES.filter((assetClass) => assetClass !== 'liability').reduce(
    (total, assetClass) => total + byClass[assetClass],
    0,
  );

  const positive = ASSET_CLASSES.filter(
    (assetClass) => assetClass !== 'liability' && byClass[assetClass] > 0,
  ).sort((a, b) => byClass[b] - byClass[a] || ASSET_CLASSES.indexOf(a) - ASSET_CLASSES.indexOf(b));
  const percents = allocatePercents(positive.map((assetClass) => byClass[assetClass]));
  const allocation = positive.map((assetClass, index) => ({
    class: assetClass,
    label: ASSET_CLASS_LABELS[assetClass],
    amountMinor: byClass[assetClass],
    percent: percents[index] ?? 0,
  }));

  const cryptoSharePercent = assetsMinor > 0 ? percentOf(byClass.crypto, assetsMinor) : 0;
  return {
    netWorthMinor: assetsMinor + liabilitiesMinor,
    assetsMinor,
    liabilitiesMinor,
    byClass,
    allocation,
    cryptoSharePercent,
    cryptoAboveThreshold: cryptoSharePercent > AGGREGATION.cryptoShareThresholdPercent,
  };
}
