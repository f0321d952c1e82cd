/**
 * The securities the market-data fakes know, with daily closes: the same data behind the Yahoo Finance
 * and Twelve Data fakes, so a test can switch providers and expect the same figures.
 */

export type FakeSecurity = {
  symbol: string;
  name: string;
  exchange: string;
  /** Yahoo's quoteType / instrumentType. */
  yahooType: 'EQUITY' | 'ETF' | 'MUTUALFUND' | 'INDEX';
  /** Twelve Data's instrument_type. */
  twelveDataType: string;
  /** As Yahoo writes it (London in pence: GBp). */
  currency: string;
  /** Daily closes, oldest first, ending on the last trading day; the last one is the current price. */
  closes: { date: string; close: string }[];
};

/** Weekdays from `start` to `end` inclusive (a trading calendar without holidays). */
export function weekdays(start: string, end: string): string[] {
  const days: string[] = [];
  for (
    let d = new Date(`${start}T00:00:00Z`);
    d <= new Date(`${end}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/** A deterministic price walk: `base` plus a small repeating pattern, two decimals. */
function walk(days: string[], base: number, step: number): { date: string; close: string }[] {
  return days.map((date, index) => ({
    date,
    close: (base + step * index + [0, 0.35, -0.2, 0.6, -0.45][index % 5]!).toFixed(2),
  }));
}

export function fakeSecurities(lastDay = '2026-11-25'): FakeSecurity[] {
  const year = weekdays(addDays(lastDay, -400), lastDay);
  return [
    {
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      yahooType: 'EQUITY',
      twelveDataType: 'Common Stock',
      currency: 'USD',
      closes: walk(year, 180, 0.12),
    },
    {
      symbol: 'VTI',
      name: 'Vanguard Total Stock Market Index Fund ETF Shares',
      exchange: 'NYSEArca',
      yahooType: 'ETF',
      twelveDataType: 'ETF',
      currency: 'USD',
      closes: walk(year, 240, 0.08),
    },
    {
      symbol: 'VFIAX',
      name: 'Vanguard 500 Index Fund Admiral Shares',
      exchange: 'Nasdaq',
      yahooType: 'MUTUALFUND',
      twelveDataType: 'Mutual Fund',
      currency: 'USD',
      closes: walk(year, 480, 0.2),
    },
    {
      symbol: 'VOD.L',
      name: 'Vodafone Group Public Limited Company',
      exchange: 'LSE',
      yahooType: 'EQUITY',
      twelveDataType: 'Common Stock',
      currency: 'GBp',
      closes: walk(year, 70, 0.01),
    },
  ];
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A fake's switch for failures: every request answers this status (and body) until cleared. */
export type FakeFailure = { status: number; body?: string; contentType?: string } | null;
