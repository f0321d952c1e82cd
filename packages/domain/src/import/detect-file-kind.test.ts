import { describe, expect, it } from 'vitest';
import { detectFileKind } from './detect-file-kind';
import { DE_ING, US_CHECKING } from './fixtures/csv-exports';
import { CAMT053_CH, CAMT053_DE } from './fixtures/camt-exports';
import { MT940_DE, MT940_FREE, MT940_NL, MT942 } from './fixtures/mt940-exports';
import { OFX1_BANK, OFX2_CARD, QFX_CARD } from './fixtures/ofx-exports';
import { QIF_BANK } from './fixtures/qif-exports';

describe('detectFileKind', () => {
  it.each([
    ['statement.ofx', OFX1_BANK, 'ofx'],
    ['Export.QFX', QFX_CARD, 'ofx'],
    ['download.xml', OFX2_CARD, 'ofx'],
    ['statement.txt', OFX1_BANK, 'ofx'],
    ['checking.qif', QIF_BANK, 'qif'],
    ['export.dat', '\uFEFF' + QIF_BANK, 'qif'],
    ['Chase1234_Activity.CSV', US_CHECKING, 'csv'],
    ['Umsatzanzeige.csv', DE_ING, 'csv'],
    ['transactions.txt', 'Date\tDescription\tAmount\n2024-01-03\tCoffee\t-3.50\n', 'csv'],
    ['empty.csv', '', 'csv'],
    ['camt053.xml', CAMT053_DE, 'camt'],
    ['Kontoauszug.XML', '\uFEFF' + CAMT053_CH, 'camt'],
    ['umsaetze.sta', MT940_DE, 'mt940'],
    ['export.txt', MT940_NL, 'mt940'],
    ['940.txt', MT940_FREE, 'mt940'],
    ['intraday.942', MT942, 'mt940'],
    ['empty.sta', '', 'mt940'],
  ] as const)('%s → %s', (fileName, text, kind) => expect(detectFileKind(fileName, text)).toBe(kind));

  it('trusts the content over a misleading extension', () => {
    expect(detectFileKind('statement.csv', OFX1_BANK)).toBe('ofx');
    expect(detectFileKind('statement.ofx', QIF_BANK)).toBe('qif');
  });

  it('gives up on anything else', () => {
    expect(detectFileKind('notes.txt', 'Dear bank,\nplease send my statement.\n')).toBeUndefined();
    expect(detectFileKind('photo.jpg', '\u0089PNG\r\n')).toBeUndefined();
    expect(detectFileKind('statement.ofx', 'not really an OFX file')).toBeUndefined();
  });
});
