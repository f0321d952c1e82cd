import { describe, expect, it } from 'vitest';
import { addDays, parseIsoDate } from '../dates';
import { DEMO_BANK_SECURITIES, demoBankHoldings, demoBankPrices, demoBankTransactions } from './index';

const SEED = 'holdings-seed';
const DECIMAL = /^\d+(\.\d+)?$/;
const micro = (decimal: string): number => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
};
const weekdayOf = (date: string): number => {
  const { year, month, day } = parseIsoDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
};

describe('demoBankHoldings', () => {
  const holdings = demoBankHoldings({ seed: SEED, asOf: '2026-11-22' });

  it('holds ETFs, a few stocks and one money-market fund, all in USD', () => {
    expect(holdings.map((holding) => holding.type).sort()).toEqual(
      ['equity', 'equity', 'etf', 'etf', 'etf', 'money_market'].sort(),
    );
    expect(holdings.every((holding) => holding.currency === 'USD')).toBe(true);
    expect(holdings.map((holding) => holding.securityId)).toEqual(
      DEMO_BANK_SECURITIES.map((security) => security.securityId),
    );
  });

  it('reports decimal-string quantity, price and cost basis with a consistent market value', () => {
    for (const holding of holdings) {
      expect(holding.quantity).toMatch(DECIMAL);
      expect(holding.price).toMatch(/^\d+\.\d{2}$/);
      expect(holding.costBasis).toMatch(/^\d+\.\d{2}$/);
      expect(holding.priceDate).toBe('2026-11-20');
      const value = Math.round(
        (micro(holding.quantity) * Math.round(Number(holding.price) * 100)) / 1_000_000,
      );
      expect(holding.marketValueMinor).toBe(value);
      const [close] = demoBankPrices({
        seed: SEED,
        securityId: holding.securityId,
        from: '2026-11-20',
        to: '2026-11-20',
      });
      expect(close?.close).toBe(holding.price);
    }
    expect(holdings.find((holding) => holding.type === 'money_market')?.price).toBe('1.00');
  });

  it('grows each position by exactly the units bought in between', () => {
    const before = demoBankHoldings({ seed: SEED, asOf: '2025-11-22' });
    const buys = demoBankTransactions({
      seed: SEED,
      from: '2025-11-23',
      to: '2026-11-22',
      today: '2026-11-22',
    }).filter((row) => row.investment !== undefined);
    for (const holding of holdings) {
      const earlier = before.find((candidate) => candidate.securityId === holding.securityId);
      const bought = buys
        .filter((row) => row.investment?.securityId === holding.securityId)
        .reduce((total, row) => total + micro(row.investment?.quantity ?? '0'), 0);
      expect(micro(holding.quantity) - micro(earlier?.quantity ?? '0')).toBe(bought);
      const paid = buys
        .filter((row) => row.investment?.securityId === holding.securityId)
        .reduce((total, row) => total - row.amountMinor, 0);
      expect(
        Math.round(Number(holding.costBasis) * 100) - Math.round(Number(earlier?.costBasis ?? 0) * 100),
      ).toBe(paid);
    }
  });
});

describe('demoBankPrices', () => {
  const id = 'demo-sec-ltot';
  const year = demoBankPrices({ seed: SEED, securityId: id, from: '2025-01-01', to: '2025-12-31' });

  it('has a close for each NYSE trading day and none at weekends', () => {
    expect(year.length).toBeGreaterThanOrEqual(248);
    expect(year.length).toBeLessThanOrEqual(252);
    for (const price of year) {
      expect([0, 6]).not.toContain(weekdayOf(price.date));
      expect(price.close).toMatch(/^\d+\.\d{2}$/);
      expect(Number(price.close)).toBeGreaterThan(0);
    }
    expect(year.some((price) => price.date === '2025-04-18')).toBe(false); // Good Friday
  });

  it('is a pure function of (seed, security, day): split ranges join exactly', () => {
    const first = demoBankPrices({ seed: SEED, securityId: id, from: '2025-01-01', to: '2025-06-30' });
    const second = demoBankPrices({ seed: SEED, securityId: id, from: '2025-07-01', to: '2025-12-31' });
    expect([...first, ...second]).toEqual(year);
    expect(
      demoBankPrices({ seed: 'another', securityId: id, from: '2025-01-01', to: '2025-12-31' }),
    ).not.toEqual(year);
  });

  it('moves like a market: daily moves mostly small, a yearly range that is plausible', () => {
    const closes = year.map((price) => Number(price.close));
    const moves = closes.slice(1).map((close, i) => Math.abs(Math.log(close / (closes[i] ?? close))));
    expect(Math.max(...moves)).toBeLessThan(0.08);
    expect(Math.max(...closes) / Math.min(...closes)).toBeLessThan(2);
  });

  it('keeps the money-market fund at 1.00 and refuses unknown securities', () => {
    const mmf = demoBankPrices({
      seed: SEED,
      securityId: 'demo-sec-ldmxx',
      from: '2024-01-01',
      to: '2024-03-01',
    });
    expect(new Set(mmf.map((price) => price.close))).toEqual(new Set(['1.00']));
    expect(() =>
      demoBankPrices({ seed: SEED, securityId: 'nope', from: '2024-01-01', to: '2024-01-02' }),
    ).toThrow(RangeError);
  });

  it('starts at the 2019-12-31 anchor', () => {
    const early = demoBankPrices({
      seed: SEED,
      securityId: id,
      from: '2019-06-01',
      to: addDays('2019-12-31', 3),
    });
    expect(early[0]?.date).toBe('2019-12-31');
  });
});
