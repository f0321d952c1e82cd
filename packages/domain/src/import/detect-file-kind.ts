import { looksLikeCamt } from './camt';
import { CSV_DELIMITERS } from './csv-layout';
import { isBlankRecord, tokenizeCsv } from './csv-tokenizer';
import { looksLikeMt940 } from './mt940';
import { offsetAfterLines, stripBom } from './text';
import type { ImportFileKind } from './types';

const BY_EXTENSION: Record<string, ImportFileKind> = {
  ofx: 'ofx',
  qfx: 'ofx',
  qbo: 'ofx',
  qif: 'qif',
  csv: 'csv',
  tsv: 'csv',
  sta: 'mt940',
  mt940: 'mt940',
  '940': 'mt940',
  '942': 'mt940',
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
 * !Type/!Account/!Option line → 'qif'; an ISO 20022 camt.052/053/054 document → 'camt'; SWIFT :20:,
 * :25: and :61:/:60F: fields → 'mt940'), then the extension (.ofx/.qfx/.qbo, .qif, .sta/.mt940/.940/
 * .942, .csv/.tsv), then whether the text is delimited into columns ('csv'). undefined when none fits.
 */
export function detectFileKind(fileName: string, input: string): ImportFileKind | undefined {
  const text = stripBom(input);
  const head = text.slice(0, 4096).trimStart();
  if (/^OFXHEADER\s*:/i.test(head) || /<\?OFX\s/i.test(head) || /<OFX>/i.test(head)) return 'ofx';
  if (/^!(Type|Account|Option)\b/i.test(head)) return 'qif';
  if (head.startsWith('<') && looksLikeCamt(head)) return 'camt';
  if (looksLikeMt940(head)) return 'mt940';
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  const byName = BY_EXTENSION[extension];
  if (byName === 'mt940') return 'mt940';
  if (byName === 'csv' || (byName === undefined && looksDelimited(text))) return 'csv';
  return undefined;
}
