import { describe, expect, it } from 'vitest';
import {
  isStablecoin,
  isTimePeriod,
  isUsState,
  STABLECOIN_DECIMALS,
  stablecoinDecimals,
  TIME_PERIOD_VALUES,
  TIME_PERIODS,
  US_STATES,
} from './catalog';

describe('time periods (spec §3)', () => {
  it('lists the options in order', () => {
    expect(Object.entries(TIME_PERIODS)).toEqual([
      ['1-month', 'Last 30 days'],
      ['3-months', 'Last 3 months'],
      ['6-months', 'Last 6 months'],
      ['1-year', 'Last 12 months'],
      ['all-time', 'All time'],
    ]);
    expect(TIME_PERIOD_VALUES).toEqual(['1-month', '3-months', '6-months', '1-year', 'all-time']);
  });

  it.each([
    ['3-months', true],
    ['all-time', true],
    ['2-months', false],
    ['constructor', false],
  ])('isTimePeriod(%j) is %s', (value, expected) => expect(isTimePeriod(value)).toBe(expected));
});

describe('stablecoins (spec §3)', () => {
  it('has exactly the spec list with decimals', () => {
    expect(STABLECOIN_DECIMALS).toEqual({
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
    });
  });

  it.each([
    ['USDT', 6],
    ['usdc', 6],
    [' Dai ', 18],
    ['gusd', 2],
    ['EURS', 2],
    ['euroc', 6],
    ['PAXG', 18],
    ['DOGE', undefined],
    ['', undefined],
    ['toString', undefined],
  ])('%j has decimals %j', (symbol, decimals) => {
    expect(stablecoinDecimals(symbol)).toBe(decimals);
    expect(isStablecoin(symbol)).toBe(decimals !== undefined);
  });
});

describe('US states (spec §3, §5)', () => {
  it('has the 50 state codes plus DC', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES).size).toBe(51);
    expect(US_STATES).toContain('DC');
    for (const code of US_STATES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it.each([
    ['CA', true],
    ['ca', true],
    ['Dc', true],
    [' ny ', true],
    ['wy', true],
    ['PR', false],
    ['GU', false],
    ['C', false],
    ['CAL', false],
    ['', false],
  ])('isUsState(%j) is %s', (value, expected) => expect(isUsState(value)).toBe(expected));
});
