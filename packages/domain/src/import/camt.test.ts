import { describe, expect, it } from 'vitest';
import { parseCamt } from './camt';
import { CAMT053_CH, CAMT053_DE } from './fixtures/camt-exports';
import { ImportParseError } from './types';

/** The 1-based line of the nth (1-based) occurrence of `needle`. */
function lineOf(text: string, needle: string, nth = 1): number {
  let at = -1;
  for (let seen = 0; seen < nth; seen += 1) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`no ${needle}`);
  return text.slice(0, at).split('\n').length;
}

function refusal(read: () => unknown): ImportParseError {
  try {
    read();
  } catch (error) {
    if (error instanceof ImportParseError) return error;
    throw error;
  }
  throw new Error('expected an ImportParseError');
}

describe('parseCamt', () => {
  it('reads a German CAMT.053.001.02: batch split, multi-line remittance, pending skipped, balances', () => {
    const [statement, ...others] = parseCamt(CAMT053_DE);
    expect(others).toEqual([]);
    expect(statement?.account).toEqual({
      type: 'CAMT.053',
      externalId: 'DE02120300000000202051',
      currency: 'EUR',
      balance: { amountMinor: 371_375, currency: 'EUR', asOf: '2024-01-31' },
      openingBalance: { amountMinor: 152_030, currency: 'EUR', asOf: '2023-12-29' },
      institution: 'BYLADEM1001',
    });
    const rows = statement?.transactions.map(({ fingerprint: _f, ...row }) => row);
    expect(rows).toEqual([
      {
        line: lineOf(CAMT053_DE, '<Ntry>', 1),
        date: '2024-01-02',
        amountMinor: 285_000,
        currency: 'EUR',
        name: 'Müller & Söhne GmbH',
        payee: 'Müller & Söhne GmbH',
        memo: 'Lohn/Gehalt Januar 2024 Personalnummer 0815 · IBAN DE89370400440532013000',
        externalId: 'LOHN-2024-01-4711|2024-01-02|285000',
      },
      {
        line: lineOf(CAMT053_DE, '<TxDtls>', 2),
        date: '2024-01-15',
        amountMinor: -8_600,
        currency: 'EUR',
        name: 'Stadtwerke München',
        payee: 'Stadtwerke München',
        memo: 'Abschlag Strom Januar · IBAN DE44500105175407324931',
        externalId: 'STROM-2024-01|2024-01-15|-8600',
      },
      {
        line: lineOf(CAMT053_DE, '<TxDtls>', 3),
        date: '2024-01-15',
        amountMinor: -2_055,
        currency: 'EUR',
        name: 'Rundfunk ARD, ZDF, DRadio',
        payee: 'Rundfunk ARD, ZDF, DRadio',
        memo: 'Rundfunkbeitrag 01.2024',
        externalId: '2024011500456#2',
      },
      {
        line: lineOf(CAMT053_DE, '<Ntry>', 3),
        date: '2024-01-20',
        amountMinor: -55_000,
        currency: 'EUR',
        name: 'KARTENZAHLUNG REWE SAGT DANKE 44321',
        externalId: '2024012000789',
      },
    ]);
    expect(statement?.warnings).toEqual(['1 pending entry was skipped: only booked entries are imported.']);
    const sum = (statement?.transactions ?? []).reduce((total, row) => total + row.amountMinor, 0);
    expect(152_030 + sum).toBe(371_375);
  });

  it('reads a Swiss CAMT.053.001.08: prefixed namespace, <Pty> names, QR reference, date-time booking', () => {
    const [statement] = parseCamt(CAMT053_CH);
    expect(statement?.account).toMatchObject({
      externalId: 'CH9300762011623852957',
      currency: 'CHF',
      balance: { amountMinor: 918_000, currency: 'CHF', asOf: '2024-02-29' },
      openingBalance: { amountMinor: 1_000_000, currency: 'CHF', asOf: '2024-02-01' },
      institution: 'Zürcher Kantonalbank',
    });
    expect(statement?.transactions.map(({ fingerprint: _f, line: _l, ...row }) => row)).toEqual([
      {
        date: '2024-02-05',
        amountMinor: -182_000,
        currency: 'CHF',
        name: 'Immobilien Zürich AG',
        payee: 'Immobilien Zürich AG',
        memo: 'Ref 210000000003139471430009017 · Miete Februar Wohnung 3.2 · IBAN CH4431999123000889012',
        externalId: 'MIETE-FEB-2024|2024-02-05|-182000',
      },
      {
        date: '2024-02-12',
        amountMinor: 60_000,
        currency: 'CHF',
        name: 'Léa Favre',
        payee: 'Léa Favre',
        memo: 'Ref RF18539007547034',
        externalId: 'ZKB20240212B7-1',
      },
      {
        date: '2024-02-12',
        amountMinor: 40_000,
        currency: 'CHF',
        name: 'Marco Rossi',
        payee: 'Marco Rossi',
        memo: 'Rechnung 2024-017',
        externalId: 'ZKB20240212B7-2',
      },
    ]);
    expect(statement?.transactions.map((row) => row.line)).toEqual([
      lineOf(CAMT053_CH, '<ns2:Ntry>', 1),
      lineOf(CAMT053_CH, '<ns2:TxDtls>', 2),
      lineOf(CAMT053_CH, '<ns2:TxDtls>', 3),
    ]);
    expect(statement?.warnings).toEqual([]);
  });

  it('reads CAMT.052 reports and CAMT.054 notifications the same way', () => {
    const report = CAMT053_DE.replace(/camt\.053\.001\.02/, 'camt.052.001.02')
      .replace(/BkToCstmrStmt>/g, 'BkToCstmrAcctRpt>')
      .replace(/<(\/?)Stmt>/g, '<$1Rpt>');
    const [fromReport] = parseCamt(report);
    expect(fromReport?.account?.type).toBe('CAMT.052');
    expect(fromReport?.transactions).toHaveLength(4);
    const notification = CAMT053_CH.replace(/BkToCstmrStmt>/g, 'BkToCstmrDbtCdtNtfctn>').replace(
      /<(\/?)ns2:Stmt>/g,
      '<$1ns2:Ntfctn>',
    );
    expect(parseCamt(notification)[0]?.transactions.map((row) => row.amountMinor)).toEqual([
      -182_000, 60_000, 40_000,
    ]);
  });

  it('keeps a batch whole when its transactions do not add up, saying so', () => {
    const file = CAMT053_DE.replace('<Amt Ccy="EUR">20.55</Amt>', '<Amt Ccy="EUR">20.50</Amt>');
    const [statement] = parseCamt(file);
    const batch = statement?.transactions.find((row) => row.date === '2024-01-15');
    expect(statement?.transactions).toHaveLength(3);
    expect(batch).toMatchObject({
      amountMinor: -10_655,
      name: 'SAMMEL-LASTSCHRIFT',
      externalId: '2024011500456',
    });
    expect(statement?.warnings[0]).toBe(
      `Line ${lineOf(file, '<Ntry>', 2)}: a batch of 2 transactions is imported as one entry (its transactions do not state amounts that add up to it).`,
    );
  });

  it('refuses malformed XML with its line, and a bad entry with the line where it opens', () => {
    const broken = CAMT053_DE.replace(
      '</AcctSvcrRef>\n        <BkTxCd><Prtry><Cd>NDDT',
      '\n        <BkTxCd><Prtry><Cd>NDDT',
    );
    const xml = refusal(() => parseCamt(broken));
    expect(xml.message).toMatch(/^Line \d+: the XML is malformed: /);
    expect(xml.line).toBeGreaterThan(lineOf(broken, '2024011500456') - 1);

    const amount = refusal(() => parseCamt(CAMT053_DE.replace('>106.55<', '>106,55<')));
    expect(amount.message).toBe(
      `Line ${lineOf(CAMT053_DE, '<Ntry>', 2)}: CAMT.053 statement 1, entry 2: "106,55" is not a valid amount (expected digits like 12.50)`,
    );
    const indicator = refusal(() =>
      parseCamt(
        CAMT053_DE.replace(
          '<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>BOOK',
          '<CdtDbtInd>X</CdtDbtInd>\n        <Sts>BOOK',
        ),
      ),
    );
    expect(indicator.message).toContain('the credit/debit indicator is "X" (expected CRDT or DBIT)');
    const date = refusal(() =>
      parseCamt(
        CAMT053_DE.replace(
          '<Dt>2024-01-20</Dt></BookgDt>\n        <ValDt><Dt>2024-01-19</Dt>',
          '<Dt>2024-01-32</Dt></BookgDt>\n        <ValDt><Dt>2024-13-19</Dt>',
        ),
      ),
    );
    expect(date.line).toBe(lineOf(CAMT053_DE, '<Ntry>', 3));
    expect(
      refusal(() => parseCamt('<?xml version="1.0"?><Document><pain.001/></Document>')).message,
    ).toContain('not a CAMT.052, CAMT.053 or CAMT.054 message');
  });
});
