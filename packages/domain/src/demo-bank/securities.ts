/**
 * The securities the demo brokerage account holds (fictional tickers and funds) and their daily closes:
 * a geometric random walk with drift, one step per NYSE trading day, keyed by (seed, security, day).
 */
import { daysFromCivil, isTradingDay } from './calendar';
import { Rng } from './random';
import type { DemoBankSecurity } from './types';

/** A security with the parameters of its price walk, dividends and share of monthly contributions. */
export type SecuritySpec = DemoBankSecurity & {
  /** Close on the anchor day (2019-12-31), in cents. */
  anchorCloseMinor: number;
  /** Expected yearly log return and yearly volatility of the walk (0 for the money-market fund). */
  drift: number;
  volatility: number;
  /** Months (1–12) in which a dividend is paid, and the nominal pay day (moved to a bank day before). */
  dividendMonths: readonly number[];
  dividendDay: number;
  /** Yearly dividend yield as a fraction of the price; the money-market fund's yield follows rates. */
  dividendYield: (year: number) => number;
  /** Share of each monthly contribution invested in it (shares add up to 100). */
  allocation: number;
  /** Opening position on the history start: [min, max] units, drawn per seed. */
  openingUnits: readonly [number, number];
};

const QUARTERLY_MAR = [3, 6, 9, 12] as const;
const MONTHLY = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** Yearly money-market yield (fraction) by year: near zero in 2020–21, about 5% in 2023–24. */
function moneyMarketYield(year: number): number {
  const byYear: Record<number, number> = {
    2020: 0.0035,
    2021: 0.0002,
    2022: 0.015,
    2023: 0.048,
    2024: 0.05,
    2025: 0.042,
    2026: 0.037,
  };
  return byYear[year] ?? (year < 2020 ? 0.015 : 0.035);
}

/** The six holdings of the demo brokerage account. */
export const SECURITY_SPECS: readonly SecuritySpec[] = [
  {
    securityId: 'demo-sec-ltot',
    ticker: 'LTOT',
    name: 'Lodestar Total US Market ETF',
    type: 'etf',
    currency: 'USD',
    anchorCloseMinor: 16_092,
    drift: 0.09,
    volatility: 0.17,
    dividendMonths: QUARTERLY_MAR,
    dividendDay: 27,
    dividendYield: () => 0.014,
    allocation: 45,
    openingUnits: [170, 260],
  },
  {
    securityId: 'demo-sec-lint',
    ticker: 'LINT',
    name: 'Lodestar International Equity ETF',
    type: 'etf',
    currency: 'USD',
    anchorCloseMinor: 5_611,
    drift: 0.05,
    volatility: 0.16,
    dividendMonths: QUARTERLY_MAR,
    dividendDay: 24,
    dividendYield: () => 0.03,
    allocation: 20,
    openingUnits: [280, 460],
  },
  {
    securityId: 'demo-sec-lbnd',
    ticker: 'LBND',
    name: 'Lodestar Aggregate Bond ETF',
    type: 'etf',
    currency: 'USD',
    anchorCloseMinor: 8_403,
    drift: 0.005,
    volatility: 0.05,
    dividendMonths: MONTHLY,
    dividendDay: 5,
    dividendYield: (year) => (year <= 2022 ? 0.022 : 0.034),
    allocation: 15,
    openingUnits: [140, 260],
  },
  {
    securityId: 'demo-sec-nwnd',
    ticker: 'NWND',
    name: 'Northwind Technologies Inc.',
    type: 'equity',
    currency: 'USD',
    anchorCloseMinor: 7_548,
    drift: 0.16,
    volatility: 0.3,
    dividendMonths: [2, 5, 8, 11],
    dividendDay: 14,
    dividendYield: () => 0.006,
    allocation: 5,
    openingUnits: [40, 85],
  },
  {
    securityId: 'demo-sec-cnts',
    ticker: 'CNTS',
    name: 'Contoso Health Corp.',
    type: 'equity',
    currency: 'USD',
    anchorCloseMinor: 12_037,
    drift: 0.06,
    volatility: 0.22,
    dividendMonths: [1, 4, 7, 10],
    dividendDay: 10,
    dividendYield: () => 0.018,
    allocation: 5,
    openingUnits: [20, 45],
  },
  {
    securityId: 'demo-sec-ldmxx',
    ticker: 'LDMXX',
    name: 'Lodestar Treasury Money Market Fund',
    type: 'money_market',
    currency: 'USD',
    anchorCloseMinor: 100,
    drift: 0,
    volatility: 0,
    dividendMonths: MONTHLY,
    dividendDay: 31,
    dividendYield: moneyMarketYield,
    allocation: 10,
    openingUnits: [3_000, 8_000],
  },
];

/** The security with this id, or a RangeError. */
export function securitySpec(securityId: string): SecuritySpec {
  const spec = SECURITY_SPECS.find((candidate) => candidate.securityId === securityId);
  if (!spec) throw new RangeError(`Unknown demo security: ${securityId}`);
  return spec;
}

/** The day the price walks start from (a trading day; history starts the next day). */
export const PRICE_ANCHOR_DAY = daysFromCivil(2019, 12, 31);

const TRADING_DAYS_PER_YEAR = 252;

/** Pull back towards the drift line per trading day: deviations fade with a half-life of about 8 months. */
const REVERSION = 1 / 250;

/**
 * Daily closes of one security, in cents, indexed by (day − PRICE_ANCHOR_DAY), extended on demand.
 * Each trading day the log price moves by the drift plus a normal shock; the accumulated deviation from
 * the drift line slowly reverts (so a demo portfolio wanders ±10–25% around its trend rather than
 * halving by bad luck). Non-trading days carry the previous close. A pure function of (seed, security,
 * day): day d's shock comes from its own random stream, so extending the series never changes a close.
 */
export class PriceSeries {
  private readonly closes: number[];
  private trend = 0;
  private deviation = 0;

  constructor(
    private readonly seed: string,
    private readonly spec: SecuritySpec,
  ) {
    this.closes = [spec.anchorCloseMinor];
  }

  /** The close (cents) of the last trading day on or before `day`; the anchor close before it. */
  closeOn(day: number): number {
    const index = day - PRICE_ANCHOR_DAY;
    if (index <= 0) return this.spec.anchorCloseMinor;
    const { drift, volatility } = this.spec;
    const mean = (drift - (volatility * volatility) / 2) / TRADING_DAYS_PER_YEAR;
    const deviation = volatility / Math.sqrt(TRADING_DAYS_PER_YEAR);
    while (this.closes.length <= index) {
      const current = PRICE_ANCHOR_DAY + this.closes.length;
      if (isTradingDay(current) && volatility > 0) {
        const z = new Rng(`${this.seed}|price|${this.spec.securityId}|${current}`).normal();
        this.trend += mean;
        this.deviation = this.deviation * (1 - REVERSION) + deviation * z;
        const logPrice = this.trend + this.deviation;
        this.closes.push(Math.max(1, Math.round(this.spec.anchorCloseMinor * Math.exp(logPrice))));
      } else {
        this.closes.push(this.closes[this.closes.length - 1] ?? this.spec.anchorCloseMinor);
      }
    }
    return this.closes[index] ?? this.spec.anchorCloseMinor;
  }
}
