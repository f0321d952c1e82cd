import { describe, expect, it } from 'vitest';
import {
  cryptoAssetBySymbol,
  decimalFromJsonNumber,
  divideDecimals,
  formatUnits,
  addQuantities,
  isCryptoPriceStale,
  isDepegged,
  priceBefore24hChange,
  STABLECOIN_DECIMALS,
  tokenDecimals,
} from './index';

describe('crypto assets', () => {
  it('prices every listed stablecoin/token by its source id, pegs on the fiat ones only', () => {
    for (const symbol of Object.keys(STABLECOIN_DECIMALS)) {
      expect(cryptoAssetBySymbol(symbol)?.priceId, symbol).toBeTruthy();
    }
    expect(cryptoAssetBySymbol('usdc')?.peg).toBe('USD');
    expect(cryptoAssetBySymbol('EUROC')?.peg).toBe('EUR');
    expect(cryptoAssetBySymbol('PAXG')?.peg).toBeUndefined();
    expect(tokenDecimals('gusd')).toBe(2);
    expect(tokenDecimals('BTC')).toBeUndefined();
  });

  it.each([
    ['1', false],
    ['0.98', false],
    ['1.02', false],
    ['0.979999', true],
    ['1.020001', true],
    ['0.5', true],
  ])('a stablecoin at %s is depegged: %s', (market, expected) => {
    expect(isDepegged(market)).toBe(expected);
  });

  it.each([
    [67187.33, '67187.33'],
    [1e-7, '0.0000001'],
    [1.5e-8, '0.000000015'],
    [1e21, '1000000000000000000000'],
    [0, '0'],
  ])('reads the JSON number %s as %s', (value, text) => {
    expect(decimalFromJsonNumber(value)).toBe(text);
  });

  it('formats token units exactly, 18 decimals included', () => {
    expect(formatUnits(1234500n, 6)).toBe('1.2345');
    expect(formatUnits(123456789012345678901234567n, 18)).toBe('123456789.012345678901234567');
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001');
    expect(formatUnits(0n, 8)).toBe('0');
    expect(addQuantities('100.5', '0.000000001')).toBe('100.500000001');
    expect(addQuantities('123456789.012345678901234567', '0.000000000000000001')).toBe(
      '123456789.012345678901234568',
    );
    expect(addQuantities('5', '7')).toBe('12');
    expect(divideDecimals('1.08', '1')).toBe('1.08');
    expect(divideDecimals('2', '3')).toBe('0.666666666666666667');
  });
});

describe('a crypto price 24 hours earlier', () => {
  it("follows from the price and the source's 24-hour change, exactly", () => {
    expect(priceBefore24hChange('60000', '20')).toBe('50000');
    expect(priceBefore24hChange('60000', '-25')).toBe('80000');
    expect(priceBefore24hChange('67187.33', '3.63')).toBe('64833.8608511');
    expect(priceBefore24hChange('0.000012345678901', '0')).toBe('0.000012345678901');
    expect(priceBefore24hChange('10', '-100')).toBeUndefined();
  });

  it('is stale once the source last updated it more than two hours ago', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(isCryptoPriceStale(new Date('2025-03-10T10:00:00Z'), now)).toBe(false);
    expect(isCryptoPriceStale(new Date('2025-03-10T09:59:59Z'), now)).toBe(true);
  });
});
