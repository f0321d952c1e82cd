import { detectCsvLayout } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { storedExternalId } from './mark-duplicates';
import { readImportFile } from './read-import-file';

const usd = { currency: 'USD', mask: null, type: 'depository' };
const TODAY = '2026-11-25';

function refusal(read: () => unknown): { message: string; field: string | undefined } {
  try {
    read();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe('VALIDATION_FAILED');
    return { message: error.message, field: error.extra.items?.[0]?.field };
  }
  throw new Error('expected a refusal');
}

const statement = (
  acctid: string,
  fitid: string,
) => `<STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>${acctid}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20240101<DTEND>20240131
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-10.00<FITID>${fitid}<NAME>SHOP</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS>`;

const TWO_ACCOUNTS = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1>
${statement('000123456789', 'A1')}
${statement('000987654321', 'B1')}
</BANKMSGSRSV1></OFX>
`;

describe('readImportFile', () => {
  it('picks the statement of a multi-account OFX file whose number ends in the account mask', () => {
    const file = readImportFile({
      fileName: 'both.ofx',
      content: TWO_ACCOUNTS,
      account: { currency: 'USD', mask: '4321', type: 'depository' },
      today: TODAY,
    });
    expect(file.kind).toBe('ofx');
    expect(file.transactions.map((row) => row.externalId)).toEqual(['B1']);
  });

  it('lists the statements of a multi-account OFX file, and reads the one chosen', () => {
    const unsure = readImportFile({
      fileName: 'both.ofx',
      content: TWO_ACCOUNTS,
      account: usd,
      today: TODAY,
    });
    expect(unsure).toMatchObject({ statementIndex: 0, needsStatementChoice: true });
    expect(unsure.statements).toEqual([
      { account: '…6789', type: 'CHECKING', currency: 'USD', transactionCount: 1 },
      { account: '…4321', type: 'CHECKING', currency: 'USD', transactionCount: 1 },
    ]);
    expect(unsure.warnings[0]).toBe(
      'The file holds statements of 2 accounts (…6789, …4321); the first is shown. Choose the statement for this account before importing.',
    );
    const chosen = readImportFile({
      fileName: 'both.ofx',
      content: TWO_ACCOUNTS,
      account: usd,
      statement: 1,
      today: TODAY,
    });
    expect(chosen).toMatchObject({ statementIndex: 1, needsStatementChoice: false });
    expect(chosen.transactions.map((row) => row.externalId)).toEqual(['B1']);
    const { field } = refusal(() =>
      readImportFile({
        fileName: 'both.ofx',
        content: TWO_ACCOUNTS,
        account: usd,
        statement: 2,
        today: TODAY,
      }),
    );
    expect(field).toBe('statement');
  });

  it('refuses a CSV row in another currency, naming its line', () => {
    const content =
      'Date,Description,Amount,Currency\n01/05/2024,SHOP,-1.00,USD\n01/06/2024,CAFE,-2.00,EUR\n';
    const { message } = refusal(() =>
      readImportFile({ fileName: 'fx.csv', content, account: usd, today: TODAY }),
    );
    expect(message).toBe('Line 3: the amount is in EUR, but this account is in USD');
  });

  it('detects the columns again, with a note, when the saved mapping no longer fits the file', () => {
    const old = 'Date,Description,Amount\n01/05/2024,SHOP,-1.00\n';
    const saved = detectCsvLayout(old);
    const changed = 'Booking date;Amount;Description\n05.01.2024;-1,00;SHOP\n';
    const file = readImportFile({
      fileName: 'new.csv',
      content: changed,
      account: usd,
      today: TODAY,
      savedMapping: saved,
    });
    expect(file.mapping).toMatchObject({ delimiter: ';', decimal: ',' });
    expect(file.warnings[0]).toMatch(/saved column mapping did not fit/);
    expect(file.transactions[0]).toMatchObject({ date: '2024-01-05', amountMinor: -100 });
  });

  it.each([
    ['0001-01-01', 'Line 3: the date must be on or after 1900-01-01; this line says 0001-01-01'],
    [
      '2027-11-26',
      'Line 3: the date must be on or before 2027-11-25 (a year from today); this line says 2027-11-26',
    ],
  ])('refuses a file date of %s, naming its line', (date, message) => {
    const content = `Date,Description,Amount\n2026-01-02,Coffee,-3.00\n${date},Tea,-2.00\n`;
    expect(
      refusal(() => readImportFile({ fileName: 'old.csv', content, account: usd, today: TODAY })),
    ).toEqual({
      message,
      field: 'content',
    });
  });

  it('reports a file of no known kind', () => {
    const { field } = refusal(() =>
      readImportFile({ fileName: 'notes.txt', content: 'hello', account: usd, today: TODAY }),
    );
    expect(field).toBe('content');
  });
});

describe('storedExternalId', () => {
  it("keeps the bank's id, else derives a stable one from the fingerprint", () => {
    expect(storedExternalId('qfx', { externalId: 'F1', fingerprint: 'x' })).toBe('ofx:F1');
    const first = storedExternalId('csv', { fingerprint: '2024-01-05|-450|starbucks|0' });
    expect(first).toMatch(/^fp:[0-9a-f]{32}$/);
    expect(storedExternalId('csv', { fingerprint: '2024-01-05|-450|starbucks|0' })).toBe(first);
    expect(storedExternalId('csv', { fingerprint: '2024-01-05|-450|starbucks|1' })).not.toBe(first);
  });
});
