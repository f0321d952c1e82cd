/** Small fixed lists of spec §3: time periods, stablecoins, US states. */

/**
 * Period options for summaries (spec §3), value → label. The values are the spec's; the labels say what
 * each period covers (docs/analytics-api.md): '1-month' is the 30 days ending today, not the last
 * calendar month, and '1-year' the 365 days ending today, not last calendar year.
 */
export const TIME_PERIODS = {
  '1-month': 'Last 30 days',
  '3-months': 'Last 3 months',
  '6-months': 'Last 6 months',
  '1-year': 'Last 12 months',
  'all-time': 'All time',
} as const;
export type TimePeriod = keyof typeof TIME_PERIODS;
export const TIME_PERIOD_VALUES = Object.keys(TIME_PERIODS) as TimePeriod[];

/** Whether `value` is one of the five period option values. */
export function isTimePeriod(value: string): value is TimePeriod {
  return Object.hasOwn(TIME_PERIODS, value);
}

/** Stablecoins and tokens with their on-chain decimals (spec §3). */
export const STABLECOIN_DECIMALS = {
  USDT: 6,
  USDC: 6,
  BUSD: 18,
  DAI: 18,
  FRAX: 18,
  TUSD: 18,
  USDP: 18,
  USDD: 18,
  GUSD: 2,
  LUSD: 18,
  EURS: 2,
  EUROC: 6,
  PAXG: 18,
} as const;
export type StablecoinSymbol = keyof typeof STABLECOIN_DECIMALS;

/** Decimals of a listed stablecoin (case-insensitive symbol), or undefined if not listed. */
export function stablecoinDecimals(symbol: string): number | undefined {
  const upper = symbol.trim().toUpperCase();
  return Object.hasOwn(STABLECOIN_DECIMALS, upper)
    ? STABLECOIN_DECIMALS[upper as StablecoinSymbol]
    : undefined;
}

/** Whether `symbol` (case-insensitive) is on the stablecoin/token list. */
export function isStablecoin(symbol: string): boolean {
  return stablecoinDecimals(symbol) !== undefined;
}

/** The 50 US state codes plus DC. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND',
  'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'DC',
] as const; // prettier-ignore
export type UsState = (typeof US_STATES)[number];
const US_STATE_SET: ReadonlySet<string> = new Set(US_STATES);

/** Spec §5: the upper-cased value is one of the 50 state codes or DC. */
export function isUsState(value: string): boolean {
  return US_STATE_SET.has(value.trim().toUpperCase());
}
