import { describe, expect, it } from 'vitest';
import { QIF_BANK, QIF_CARD } from './fixtures/qif-exports';
import { parseQif } from './qif';
import { ImportParseError } from './types';

function parseError(run: () => unknown): ImportParseError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ImportParseError);
    return error as ImportParseError;
  }
  throw new Error('expected an ImportParseError');
}

describe('parseQif', () => {
  it("bank: 1/ 2'24 dates, thousands commas, check numbers, categories, a split kept as one transaction", () => {
    const statement = parseQif(QIF_BANK, { currency: 'USD' });
    expect(statement.account).toEqual({ currency: 'USD', type: 'Bank' });
    expect(
      statement.transactions.map(({ line, date, amountMinor, name }) => [line, date, amountMinor, name]),
    ).toEqual([
      [2, '2024-01-02', -123456, 'Landlord Properties LLC'],
      [10, '2024-01-05', 250000, 'ACME CORP PAYROLL'],
      [16, '2024-01-15', -15000, 'Costco'],
      [26, '2024-01-15', -450, 'Blue Bottle Coffee'],
      [30, '2024-01-15', -450, 'Blue Bottle Coffee'],
    ]);
    expect(statement.transactions[0]).toMatchObject({
      payee: 'Landlord Properties LLC',
      memo: 'January rent',
      checkNumber: '1043',
      providerCategory: 'Housing:Rent',
    });
    expect(statement.transactions[2]?.providerCategory).toBeUndefined();
    expect(statement.transactions.slice(3).map((row) => row.fingerprint)).toEqual([
      '2024-01-15|-450|blue bottle coffee|0',
      '2024-01-15|-450|blue bottle coffee|1',
    ]);
    expect(statement.warnings).toEqual([
      'Line 16: a split transaction (2 parts: Groceries, Household) was imported as one transaction for the whole amount.',
    ]);
  });

  it('credit card: day-first dates detected (15/01), charges negative, a split without T summed', () => {
    const statement = parseQif(QIF_CARD, { currency: 'GBP' });
    expect(statement.account).toEqual({ currency: 'GBP', type: 'CCard' });
    expect(statement.transactions.map(({ date, amountMinor, name }) => [date, amountMinor, name])).toEqual([
      ['2024-01-03', -2345, 'TESCO STORES 3217'],
      ['2024-01-15', -7199, 'AMAZON.CO.UK'],
      ['2024-01-28', 50000, 'PAYMENT RECEIVED - THANK YOU'],
    ]);
    expect(statement.warnings).toEqual([
      'Line 8: a split transaction (2 parts: Electronics, Books) was imported as one transaction for the whole amount.',
    ]);
  });

  it('follows an explicit date format and warns when the file cannot settle the order itself', () => {
    const text = '!Type:Cash\nD02/03/2024\nT-5.00\nPMarket\n^\n';
    expect(parseQif(text, { currency: 'EUR', dateFormat: 'DD/MM/YYYY' }).transactions[0]?.date).toBe(
      '2024-03-02',
    );
    const guessed = parseQif(text, { currency: 'USD' });
    expect(guessed.transactions[0]?.date).toBe('2024-02-03');
    expect(guessed.warnings).toEqual([
      `Dates such as "02/03/2024" could be month/day or day/month: no day above 12 settles it, so MM/DD/YYYY (Quicken's default) was chosen.`,
    ]);
  });

  it('keeps the total when split parts do not add up, and says so', () => {
    const text = '!Type:Bank\nD2024-01-05\nT-100.00\nPStore\nSA\n$-60.00\nSB\n$-30.00\n^\n';
    const statement = parseQif(text, { currency: 'USD' });
    expect(statement.transactions[0]?.amountMinor).toBe(-10000);
    expect(statement.warnings[0]).toBe(
      'Line 2: a split transaction (2 parts: A, B) was imported as one transaction for the whole amount (its parts do not add up to the total; the total was kept).',
    );
  });

  it("reads an account list, Oth L accounts, a missing final ^ and Quicken's apostrophe years", () => {
    const text = [
      '!Option:AutoSwitch',
      '!Account',
      'NMortgage',
      'TOth L',
      '^',
      '!Clear:AutoSwitch',
      '!Type:Oth L',
      "D12/31'99",
      'T1,500.00',
      'PPayment',
      '^',
      "D1/ 1' 0",
      'T1,500.00',
      'PPayment',
    ].join('\r\n');
    const statement = parseQif(text, { currency: 'USD', invertSign: true });
    expect(statement.account?.type).toBe('Oth L');
    expect(statement.transactions.map((row) => [row.date, row.amountMinor])).toEqual([
      ['2099-12-31', -150000],
      ['2000-01-01', -150000],
    ]);
    expect(statement.warnings).toEqual(['The last transaction has no closing ^ line; it was imported.']);
  });

  it('skips category lists, and refuses investment and bank records of two accounts in one file', () => {
    const text = '!Type:Cat\nNGroceries\nD13/31 food\n^\n!Type:Bank\nD1/13/24\nT-1.00\nPFee\n^\n';
    const statement = parseQif(text, { currency: 'USD' });
    expect(statement.transactions).toHaveLength(1);
    expect(statement.warnings).toEqual(['1 list record(s) were skipped.']);
    const both = '!Type:Invst\nD1/2/24\nNBuy\nYACME\nT10\n^\n!Type:Bank\nD1/13/24\nT-1.00\nPFee\n^\n';
    expect(() => parseQif(both, { currency: 'USD' })).toThrow(
      'Line 8: the file holds transactions of more than one account: export one account at a time',
    );
  });

  it.each([
    [
      'a bad date',
      '!Type:Bank\nD1/2/24\nT-1.00\n^\nD2/30/24\nT-2.00\n^\n',
      'Line 5: "2/30/24" is not a valid date (expected MM/DD/YYYY)',
    ],
    [
      'a bad amount',
      '!Type:Bank\nD1/2/24\nT-1.OO\n^\n',
      'Line 3: "-1.OO" is not a valid amount (expected a number like -1,234.56)',
    ],
    [
      'a bad split amount',
      '!Type:Bank\nD1/2/24\nSFood\n$abc\n^\n',
      'Line 4: "abc" is not a valid amount (expected a number like -1,234.56)',
    ],
    [
      'a record without a date',
      '!Type:Bank\nD1/2/24\nT-1.00\n^\nT-2.00\nPShop\n^\n',
      'Line 5: the transaction has no date (a D line)',
    ],
    [
      'a record without an amount',
      '!Type:Bank\nD1/2/24\nPShop\n^\n',
      'Line 2: the transaction has no amount (a T line)',
    ],
    [
      'no header',
      'D1/2/24\nT-1.00\n^\n',
      'Line 1: the file does not start with a QIF header such as !Type:Bank',
    ],
    [
      'an unknown header',
      '!Type:Foo\nD1/2/24\n',
      'Line 1: "!Type:Foo" is not a QIF header (expected one like !Type:Bank)',
    ],
    [
      'two accounts with transactions',
      '!Account\nNChecking\n^\n!Type:Bank\nD1/2/24\nT-1.00\n^\n!Account\nNCard\n^\n!Type:CCard\nD1/3/24\nT-2.00\n^\n',
      'Line 12: the file holds transactions of more than one account: export one account at a time',
    ],
  ])('throws for %s, importing nothing', (_, text, message) => {
    expect(parseError(() => parseQif(text, { currency: 'USD' })).message).toBe(message);
  });
});
