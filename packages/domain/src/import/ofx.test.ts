import { describe, expect, it } from 'vitest';
import { OFX1_BANK, OFX2_CARD, QFX_CARD } from './fixtures/ofx-exports';
import { parseOfx, parseOfxDate } from './ofx';
import { ImportParseError } from './types';

const brief = (text: string) =>
  parseOfx(text).map((statement) =>
    statement.transactions.map(({ line, date, amountMinor, name, externalId }) => [
      line,
      date,
      amountMinor,
      name,
      externalId,
    ]),
  );

function parseError(run: () => unknown): ImportParseError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ImportParseError);
    return error as ImportParseError;
  }
  throw new Error('expected an ImportParseError');
}

describe('parseOfx', () => {
  it('OFX 1.x SGML: both statements of the file, unclosed leaves, entities, FITID as externalId', () => {
    const [checking, savings] = parseOfx(OFX1_BANK);
    expect(checking?.account).toEqual({
      externalId: '000123456789',
      type: 'CHECKING',
      currency: 'USD',
      institution: 'First Example Bank',
      balance: { amountMinor: 332858, currency: 'USD', asOf: '2024-01-31' },
    });
    expect(brief(OFX1_BANK)).toEqual([
      [
        [43, '2024-01-03', -4567, 'AT&T MOBILITY', '2024010301'],
        [51, '2024-01-05', -12000, 'CHECK 1042', '2024010502'],
        [60, '2024-01-15', 250000, 'ACME CORP PAYROLL', '2024011503'],
        // 23:59 in New York stays on the 31st: the bank's calendar date is kept, not converted.
        [67, '2024-01-31', -575, 'STARBUCKS #12345', '2024013104'],
      ],
      [[101, '2024-01-31', 123, 'INTEREST PAYMENT', 'S2024013101']],
    ]);
    expect(checking?.transactions[0]?.memo).toBe('ONLINE PMT');
    expect(checking?.transactions[1]).toMatchObject({ checkNumber: '1042' });
    expect(checking?.transactions[1]?.memo).toBeUndefined();
    expect(savings?.account).toMatchObject({ externalId: '000987654321', type: 'SAVINGS' });
    expect(checking?.warnings).toEqual([]);
  });

  it('OFX 2.x XML credit card: purchases negative, balance owed negative, PAYEE and CURRENCY aggregates', () => {
    const [card] = parseOfx(OFX2_CARD);
    expect(card?.account).toEqual({
      externalId: '4111111111111111',
      type: 'CREDITCARD',
      currency: 'EUR',
      institution: 'Example Card Services',
      balance: { amountMinor: -76450, currency: 'EUR', asOf: '2024-01-31' },
    });
    expect(
      card?.transactions.map(({ amountMinor, currency, name, payee }) => [
        amountMinor,
        currency,
        name,
        payee,
      ]),
    ).toEqual([
      [-123450, 'EUR', 'Hôtel de la Gare <Lyon>', undefined],
      [-3000, 'USD', 'Amazon EU', 'Amazon EU'],
      [50000, 'EUR', 'PAYMENT - THANK YOU', undefined],
    ]);
  });

  it('QFX (Quicken Web Connect) on one line: two identical charges keep both FITIDs and get occurrence 0 and 1', () => {
    const [card] = parseOfx(QFX_CARD);
    expect(card?.account).toMatchObject({
      externalId: '4147202012345678',
      type: 'CREDITCARD',
      institution: 'B1',
    });
    expect(card?.transactions.map((row) => [row.externalId, row.fingerprint])).toEqual([
      ['202401121234567890', '2024-01-12|-999|netflix.com|0'],
      ['202401121234567891', '2024-01-12|-999|netflix.com|1'],
      ['202401201111111111', '2024-01-20|25000|payment thank you-mobile|0'],
    ]);
    expect(card?.account?.balance).toEqual({ amountMinor: -152033, currency: 'USD', asOf: '2024-01-31' });
  });

  it('invertSign for a bank that reports card purchases as positive', () => {
    const [card] = parseOfx(QFX_CARD, { invertSign: true });
    expect(card?.transactions.map((row) => row.amountMinor)).toEqual([999, 999, -25000]);
  });

  it('drops FITIDs a statement repeats, with a warning', () => {
    const [card] = parseOfx(QFX_CARD.replace('202401121234567891', '202401121234567890'));
    expect(card?.transactions.map((row) => row.externalId)).toEqual([
      undefined,
      undefined,
      '202401201111111111',
    ]);
    expect(card?.warnings).toEqual([
      '1 transaction id(s) (FITID) repeat in this statement, such as "202401121234567890"; those rows are matched by date, amount and name instead.',
    ]);
  });

  it('uses the caller currency only when CURDEF is missing', () => {
    const text = OFX2_CARD.replace('<CURDEF>EUR</CURDEF>', '');
    expect(parseError(() => parseOfx(text)).message).toBe(
      'Line 16: the statement has no currency (<CURDEF>)',
    );
    expect(parseOfx(text, { currency: 'GBP' })[0]?.account?.currency).toBe('GBP');
  });

  it.each([
    [
      'a bad DTPOSTED',
      OFX1_BANK.replace('<DTPOSTED>20240105', '<DTPOSTED>20240231'),
      'Line 53: "20240231" is not a valid OFX date (expected YYYYMMDD, optionally followed by HHMMSS and a time zone)',
    ],
    [
      'a bad TRNAMT',
      OFX2_CARD.replace('-30.00', '-30.0O'),
      'Line 34: "-30.0O" is not a valid amount (expected a number like -12.50)',
    ],
    [
      'a missing TRNAMT',
      OFX1_BANK.replace('<TRNAMT>2500.00\r\n', ''),
      'Line 60: <STMTTRN> has no <TRNAMT> amount',
    ],
    [
      'an unknown CURDEF',
      OFX1_BANK.replace('<CURDEF>USD', '<CURDEF>US$'),
      'Line 34: "US$" is not a currency code (expected one like USD)',
    ],
    [
      'no <OFX> element',
      'Date,Amount\n2024-01-01,1.00\n',
      'Line 1: this is not an OFX file (there is no <OFX> element)',
    ],
  ])('throws for %s, importing nothing', (_, text, message) => {
    expect(parseError(() => parseOfx(text)).message).toBe(message);
  });

  it('explains a file without statements (the bank reported an error)', () => {
    const failed = `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>2000<SEVERITY>ERROR<MESSAGE>Account closed</STATUS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(parseError(() => parseOfx(failed)).message).toBe(
      'Line 4: the file holds no bank, credit-card or investment statement (the bank reported: Account closed)',
    );
    const investments =
      '<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>USD</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>';
    expect(parseOfx(investments)[0]).toMatchObject({ transactions: [], positions: [] });
  });
});

describe('parseOfxDate', () => {
  it.each([
    ['20240115', '2024-01-15'],
    ['202401151230', '2024-01-15'],
    ['20240115123045', '2024-01-15'],
    ['20240115123045.123', '2024-01-15'],
    ['20240115123045.123[-5:EST]', '2024-01-15'],
    ['20240115000000[+5.75:NPT]', '2024-01-15'],
    ['20240115[0]', '2024-01-15'],
    ['20240229', '2024-02-29'],
  ])('%s → %s', (raw, iso) => expect(parseOfxDate(raw)).toBe(iso));

  it.each(['20230229', '2024011', '2024-01-15', '20240115256000', ''])('rejects %j', (raw) =>
    expect(parseOfxDate(raw)).toBeUndefined(),
  );
});
