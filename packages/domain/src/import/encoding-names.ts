/**
 * The text encodings a statement file may be read in (WHATWG names, which browsers' TextDecoder takes too).
 * No dependencies here, so the web app can list them; reading bytes is in ./encoding.
 */
export const IMPORT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'iso-8859-1',
  'iso-8859-15',
  'iso-8859-2',
  'windows-1250',
  'windows-1251',
  'gb18030',
  'big5',
  'shift_jis',
  'euc-jp',
  'euc-kr',
] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** How the import dialog names each encoding. */
export const ENCODING_LABELS: Record<ImportEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252 (Western European)',
  'iso-8859-1': 'ISO-8859-1 (Latin-1)',
  'iso-8859-15': 'ISO-8859-15 (Latin-9, with €)',
  'iso-8859-2': 'ISO-8859-2 (Central European)',
  'windows-1250': 'Windows-1250 (Central European)',
  'windows-1251': 'Windows-1251 (Cyrillic)',
  gb18030: 'GB18030 (Chinese, simplified)',
  big5: 'Big5 (Chinese, traditional)',
  shift_jis: 'Shift_JIS (Japanese)',
  'euc-jp': 'EUC-JP (Japanese)',
  'euc-kr': 'EUC-KR (Korean)',
};
