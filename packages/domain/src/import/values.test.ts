import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, parseAmountCell, parseLooseAmount } from './amounts';
import { normaliseTransactionName, withFingerprints } from './fingerprint';
import { dateFormatsMatching, parseDateAs } from './statement-dates';

describe('parseAmountCell (minor units, positive = money in)', () => {
  it.each([
    ['-12.50', '.', 'USD', -1250],
    ['1,234.56', '.', 'USD', 123456],
    ['1.234,56', ',', 'EUR', 123456],
    ['-12,50', ',', 'EUR', -1250],
    ['12,50-', ',', 'EUR', -1250],
    ['(45.00)', '.', 'USD', -4500],
    ['-$1,000.00', '.', 'USD', -100000],
    ['$-5.00', '.', 'USD', -500],
    ['£23.45', '.', 'GBP', 2345],
    ['1 234,56 €', ',', 'EUR', 123456],
    ['1\u202f234,56', ',', 'EUR', 123456],
    ["1'234.50", '.', 'CHF', 123450],
    ['EUR 12,00', ',', 'EUR', 1200],
    ['12.50 CR', '.', 'USD', 1250],
    ['12.50DR', '.', 'USD', -1250],
    ['\u221212.50', '.', 'USD', -1250],
    ['+7', '.', 'USD', 700],
    ['.5', '.', 'USD', 50],
    ['1,23,456.78', '.', 'INR', 12345678],
    ['1234.5', '.', 'JPY', 1235],
    ['-0.00', '.', 'USD', 0],
    ['1.2345', '.', 'KWD', 1235],
  ] as const)('%j with %j in %s → %i', (raw, decimal, currency, minor) => {
    expect(parseAmountCell(raw, decimal, currency)).toBe(minor);
  });

  it.each([
    ['', '.'],
    ['abc', '.'],
    ['12,50', '.'],
    ['1.234,56', '.'],
    ['12.34.56', '.'],
    ['1,2345.00', '.'],
    ['--5', '.'],
    ['-5-', '.'],
    ['1e5', '.'],
    ['99999999999999999999', '.'],
  ] as const)('rejects %j with decimal %j', (raw, decimal) =>
    expect(parseAmountCell(raw, decimal, 'USD')).toBeUndefined(),
  );

  it('reads the separator from the value when the file does not declare one', () => {
    expect([
      decimalSeparatorOf('1.234,56'),
      decimalSeparatorOf('1,234.56'),
      decimalSeparatorOf('-12,50'),
    ]).toEqual([',', '.', ',']);
    expect([decimalSeparatorOf('1,234'), decimalSeparatorOf('1.234'), decimalSeparatorOf('12')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(decimalSeparatorOf('1.234.567')).toBe(',');
    expect(parseLooseAmount('1,234', 'USD')).toBe(123400);
    expect(parseLooseAmount('-45,5', 'EUR')).toBe(-4550);
  });
});

describe('parseDateAs', () => {
  it.each([
    ['2024-01-15', 'YYYY-MM-DD', '2024-01-15'],
    ['2024-01-15T23:59:59Z', 'YYYY-MM-DD', '2024-01-15'],
    ['01/15/2024', 'MM/DD/YYYY', '2024-01-15'],
    ['1/5/24', 'MM/DD/YYYY', '2024-01-05'],
    ['01/15/2024 3:04 PM', 'MM/DD/YYYY', '2024-01-15'],
    ['15/01/2024', 'DD/MM/YYYY', '2024-01-15'],
    ['15.01.2024', 'DD.MM.YYYY', '2024-01-15'],
    ['15.01.24', 'DD.MM.YYYY', '2024-01-15'],
    ['31.12.99', 'DD.MM.YYYY', '1999-12-31'],
    ['2024/01/15', 'YYYY/MM/DD', '2024-01-15'],
    ['15-01-2024', 'DD-MM-YYYY', '2024-01-15'],
    ['01-15-2024', 'MM-DD-YYYY', '2024-01-15'],
    ['5 Jan 2024', 'D MMM YYYY', '2024-01-05'],
    ['05-Jan-24', 'D MMM YYYY', '2024-01-05'],
    ['5. Mär 2024', 'D MMM YYYY', '2024-03-05'],
    ['12 déc. 2024', 'D MMM YYYY', '2024-12-12'],
    ['3 mei 2024', 'D MMM YYYY', '2024-05-03'],
    ['20240115', 'YYYYMMDD', '2024-01-15'],
  ] as const)('%j as %s → %s', (raw, format, iso) => expect(parseDateAs(raw, format)).toBe(iso));

  it.each([
    ['31/02/2024', 'DD/MM/YYYY'],
    ['29/02/2023', 'DD/MM/YYYY'],
    ['13/01/2024', 'MM/DD/YYYY'],
    ['2024-1-155', 'YYYY-MM-DD'],
    ['15/01/024', 'DD/MM/YYYY'],
    ['5 Foo 2024', 'D MMM YYYY'],
    ['15.01.2024', 'DD/MM/YYYY'],
  ] as const)('rejects %j as %s', (raw, format) => expect(parseDateAs(raw, format)).toBeUndefined());

  it('lists every format all values fit: a day above 12 settles the order', () => {
    expect(dateFormatsMatching(['01/02/2024', '03/04/2024'])).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY']);
    expect(dateFormatsMatching(['01/02/2024', '25/04/2024'])).toEqual(['DD/MM/YYYY']);
    expect(dateFormatsMatching(['', '2024-01-02'])).toEqual(['YYYY-MM-DD']);
  });
});

describe('fingerprints', () => {
  const row = (name: string, amountMinor = -350, date = '2024-01-03') => ({
    line: 1,
    date,
    amountMinor,
    currency: 'USD',
    name,
  });

  it('normalise names so re-exports with other spacing or case still match', () => {
    expect(normaliseTransactionName('  STARBUCKS   Store\t#12 | Seattle ')).toBe(
      'starbucks store #12 seattle',
    );
    expect(normaliseTransactionName('ｃａｆé')).toBe(normaliseTransactionName('CAFÉ'));
  });

  it('number identical rows in file order, so two identical coffees on one day stay two', () => {
    const keys = withFingerprints([
      row('Coffee'),
      row('Tea'),
      row(' coffee '),
      row('Coffee', -350, '2024-01-04'),
    ]).map((transaction) => transaction.fingerprint);
    expect(keys).toEqual([
      '2024-01-03|-350|coffee|0',
      '2024-01-03|-350|tea|0',
      '2024-01-03|-350|coffee|1',
      '2024-01-04|-350|coffee|0',
    ]);
  });

  it('are stable: the same rows give the same keys, and an extra row elsewhere does not shift them', () => {
    const first = withFingerprints([row('Coffee'), row('Coffee')]).map(
      (transaction) => transaction.fingerprint,
    );
    const again = withFingerprints([row('Rent', -90000), row('Coffee'), row('Coffee')])
      .slice(1)
      .map((transaction) => transaction.fingerprint);
    expect(again).toEqual(first);
  });
});
