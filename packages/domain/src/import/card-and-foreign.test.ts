import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { detectCsvLayout } from './csv-layout';
import {
  AMEX_CARD,
  AMEX_UK_CARD,
  APPLE_CARD,
  CHASE_CARD,
  CREDIT_UNION_CARD,
  DISCOVER_CARD,
  N26_2024_EXPORT,
  N26_EXPORT,
  US_CHECKING,
} from './fixtures/csv-exports';

describe('card statements that list purchases as positive', () => {
  it.each([
    ['American Express (US)', AMEX_CARD],
    ['American Express (UK)', AMEX_UK_CARD],
    ['Discover', DISCOVER_CARD],
    ['Apple Card', APPLE_CARD],
  ])('knows the %s layout', (_, file) => {
    const layout = detectCsvLayout(file);
    expect(layout.cardStatement?.reason).toBe('layout');
    // Detection only says so; whether to invert is the import's call, for a credit account.
    expect(layout.invertSign).toBe(false);
  });

  it('names the layout it knows', () => {
    expect(detectCsvLayout(AMEX_UK_CARD).cardStatement).toEqual({
      reason: 'layout',
      layout: 'American Express',
    });
    expect(detectCsvLayout(APPLE_CARD).cardStatement).toEqual({ reason: 'layout', layout: 'Apple Card' });
  });

  it('reads an unknown layout from its amounts: mostly positive, the negatives payments and refunds', () => {
    expect(detectCsvLayout(CREDIT_UNION_CARD).cardStatement).toEqual({ reason: 'amounts' });
  });

  it.each([
    ['a card whose purchases are already negative (Chase)', CHASE_CARD],
    ['a checking account', US_CHECKING],
  ])('leaves %s alone', (_, file) => {
    expect(detectCsvLayout(file).cardStatement).toBeUndefined();
  });

  it('does not call a file a card statement when a negative amount is not a payment', () => {
    const file = `Date,Description,Amount\n2024-04-02,BAKERY,12.40\n2024-04-03,PARKING,18.00\n2024-04-05,HARDWARE,64.99\n2024-04-06,GROCER,-20.00\n`;
    expect(detectCsvLayout(file).cardStatement).toBeUndefined();
  });

  it('inverted, purchases are money out and the payment money in', () => {
    const { warnings, cardStatement, ...mapping } = detectCsvLayout(DISCOVER_CARD);
    void warnings;
    void cardStatement;
    const rows = parseCsv(DISCOVER_CARD, { ...mapping, invertSign: true }, { currency: 'USD' }).transactions;
    expect(rows.map((row) => [row.name, row.amountMinor])).toEqual([
      ['STARBUCKS STORE 12345 SEATTLE WA', -575],
      ['SHELL OIL 57442118500 SEATTLE WA', -4820],
      ['INTERNET PAYMENT - THANK YOU', 15000],
    ]);
  });
});

describe('exports with a foreign-currency column (N26)', () => {
  it('takes the column named for the account’s currency as the amount, and the foreign columns as details', () => {
    const layout = detectCsvLayout(N26_EXPORT, { currency: 'EUR' });
    expect(layout.columns).toMatchObject({
      date: 0,
      payee: 1,
      amount: 5,
      foreignAmount: 6,
      foreignCurrency: 7,
      exchangeRate: 8,
    });
    expect(layout.columns.currency).toBeUndefined();
    const { transactions } = parseCsv(N26_EXPORT, layout, { currency: 'EUR' });
    expect(transactions.every((row) => row.currency === 'EUR')).toBe(true);
    expect(transactions.map((row) => [row.line, row.amountMinor, row.foreign])).toEqual([
      [2, -999, undefined],
      [3, 45000, undefined],
      [4, -705, { amountMinor: -600, currency: 'GBP', rate: '0.8510638' }],
      [5, -2341, { amountMinor: -1995, currency: 'GBP', rate: '0.8521999' }],
      [6, -3180, undefined],
    ]);
  });

  it('reads the 2024 layout: Original Amount, Original Currency, Exchange Rate', () => {
    const layout = detectCsvLayout(N26_2024_EXPORT, { currency: 'EUR' });
    expect(layout.columns).toMatchObject({
      date: 0,
      amount: 7,
      foreignAmount: 8,
      foreignCurrency: 9,
      exchangeRate: 10,
    });
    const { transactions } = parseCsv(N26_2024_EXPORT, layout, { currency: 'EUR' });
    expect(transactions.map((row) => [row.name, row.amountMinor, row.currency, row.foreign])).toEqual([
      ['Uber BV', -1423, 'EUR', { amountMinor: -1550, currency: 'USD', rate: '1.0892' }],
      ['ACME GmbH', 245000, 'EUR', undefined],
      ['Migros', -2137, 'EUR', { amountMinor: -2085, currency: 'CHF', rate: '0.9757' }],
    ]);
  });

  it('of two amount columns named for currencies, the account’s is the amount', () => {
    const file = `Date,Description,Amount (USD),Amount (EUR)\n2024-06-01,Hotel Lisboa,-130.20,-120.00\n2024-06-02,Salary,1085.00,1000.00\n`;
    const layout = detectCsvLayout(file, { currency: 'EUR' });
    expect(layout.columns).toMatchObject({ amount: 3, foreignAmount: 2 });
    const { transactions } = parseCsv(file, layout, { currency: 'EUR' });
    expect(transactions.map((row) => row.amountMinor)).toEqual([-12000, 100000]);
  });

  it('a foreign cell that does not read is left out, never a reason to refuse the row', () => {
    const broken = N26_EXPORT.replace('"-6.0","GBP"', '"n/a","GBP"').replace(
      '"-19.95","GBP"',
      '"-19.95","XX1"',
    );
    const layout = detectCsvLayout(broken, { currency: 'EUR' });
    const { transactions } = parseCsv(broken, layout, { currency: 'EUR' });
    expect(transactions).toHaveLength(5);
    expect(transactions.filter((row) => row.foreign)).toHaveLength(0);
  });
});
