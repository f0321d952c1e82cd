import { CSV_DELIMITERS } from './csv-layout';
import { isBlankRecord, tokenizeCsv } from './csv-tokenizer';
import { offsetAfterLines, stripBom } from './text';
import type { ImportFileKind } from './types';

const BY_EXTENSION: Record<string, ImportFileKind> = {
  ofx: 'ofx',
  qfx: 'ofx',
  qbo: 'ofx',
  qif: 'qif',
  csv: 'csv',
  tsv: 'csv',
};

function looksDelimited(text: string): boolean {
  const sample = text.slice(0, offsetAfterLines(text, 30));
  return CSV_DELIMITERS.some((delimiter) => {
    const records = tokenizeCsv(sample, delimiter, { lenientEnd: true }).filter(
      (record) => !isBlankRecord(record),
    );
    const wide = records.filter((record) => record.fields.length >= 2);
    return wide.length >= 2 && wide.length >= records.length / 2;
  });
}

/**
 * Which parser reads a file: the content decides first (an OFX header or <OFX> element → 'ofx'; a
 * !Type/!Account/!Option line → 'qif'), then the extension (.ofx/.qfx/.qbo, .qif, .csv/.tsv), then
 * whether the text is delimited into columns ('csv'). undefined when none fits.
 */
export function detectFileKind(fileName: string, input: string): ImportFileKind | undefined {
  const text = stripBom(input);
  const head = text.slice(0, 4096).trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<\?OFX\s/i.test(head) || /<OFX>/i.test(head)) return 'ofx';
  if (/^!(Type|Account|Option)\b/i.test(head)) return 'qif';
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  const byName = BY_EXTENSION[extension];
  if (byName === 'csv' || (byName === undefined && looksDelimited(text))) return 'csv';
  return undefined;
}
