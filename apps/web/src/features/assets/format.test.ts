import { describe, expect, it } from 'vitest';
import {
  boughtAtText,
  formatPrice,
  formatQuantity,
  gainPercentText,
  gainUnknownText,
  parseHoldingFilter,
  parsePage,
} from './format';
import { SYMBOL_STATUS_NOTES } from './manual-holdings';

describe('Assets URL', () => {
  it('reads a known type, else all', () => {
    expect(parseHoldingFilter('crypto')).toBe('crypto');
    expect(parseHoldingFilter('mutual_fund')).toBe('mutual_fund');
    expect(parseHoldingFilter('bonds')).toBe('all');
    expect(parseHoldingFilter(null)).toBe('all');
  });

  it('reads a page from 1, else 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage(null)).toBe(1);
  });
});

describe('Assets figures', () => {
  it('shows a quantity with the decimals the server chose', () => {
    expect(formatQuantity('0.12345678', 8, 'en-US')).toBe('0.12345678');
    expect(formatQuantity('12.5', 4, 'en-US')).toBe('12.5000');
    expect(formatQuantity('1500', 2, 'de-DE')).toBe('1.500,00');
  });

  it('shows a price with the currency’s decimals, or more when it has them (up to 8)', () => {
    expect(formatPrice({ amount: '243.1', currency: 'USD' }, 'en-US')).toBe('$243.10');
    expect(formatPrice({ amount: '0.000123', currency: 'USD' }, 'en-US')).toBe('$0.000123');
    expect(formatPrice({ amount: '0.123456789', currency: 'USD' }, 'en-US')).toBe('$0.12345679');
    expect(formatPrice({ amount: '1200', currency: 'JPY' }, 'en-US')).toBe('¥1,200');
  });

  it('puts the sign of a gain in the text', () => {
    expect(gainPercentText(12.3, 'en-US')).toBe('+12.30%');
    expect(gainPercentText(-3.2, 'en-US')).toBe('(3.20%)');
    expect(gainPercentText(0, 'en-US')).toBe('—');
    expect(gainPercentText(null, 'en-US')).toBe('Not known');
  });
});

describe('buy price texts', () => {
  it('names the buy price, and why a gain is not known', () => {
    expect(boughtAtText({ amount: '150.25', currency: 'USD', buys: 1 }, 'en-US')).toBe('Bought at $150.25');
    expect(boughtAtText({ amount: '150.125', currency: 'USD', buys: 1 }, 'en-US')).toBe('Bought at $150.125');
    // One buy is its own price as entered, every decimal kept, and no average.
    expect(boughtAtText({ amount: '1.23456', currency: 'USD', buys: 1 }, 'en-US')).toBe('Bought at $1.23456');
    // The average of several buys says so, to the cent when its decimals run on.
    expect(boughtAtText({ amount: '152.941176470588235294', currency: 'USD', buys: 2 }, 'en-US')).toBe(
      'Bought at $152.94 on average',
    );
    expect(boughtAtText({ amount: '12', currency: 'USD', buys: 2 }, 'en-US')).toBe(
      'Bought at $12.00 on average',
    );
    expect(boughtAtText({ amount: '0.00012345', currency: 'USD', buys: 1 }, 'en-US')).toBe(
      'Bought at $0.00012345',
    );
    expect(gainUnknownText({ valuedAtBuyPrice: true })).toBe('Not known (no market price)');
    expect(gainUnknownText({ valuedAtBuyPrice: false })).toBe('Not known (no cost basis)');
    for (const status of ['other_currency', 'unknown', 'unavailable'] as const) {
      expect(SYMBOL_STATUS_NOTES[status]).toContain('valued at your buy price');
    }
    expect(SYMBOL_STATUS_NOTES.known).toBeNull();
  });
});
