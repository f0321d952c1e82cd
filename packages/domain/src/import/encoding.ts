import { analyse } from 'chardet';
import iconv from 'iconv-lite';
import { IMPORT_ENCODINGS, type ImportEncoding } from './encoding-names';

export { ENCODING_LABELS, IMPORT_ENCODINGS, type ImportEncoding } from './encoding-names';

/**
 * How the encoding was settled: a byte-order mark; the bytes being valid UTF-8 (or plain ASCII); the
 * UTF-16 pattern of zero bytes; the file's own declaration (XML prolog, OFX CHARSET/ENCODING header);
 * the statistical detector; or the user's choice.
 */
export type EncodingSource = 'bom' | 'utf-8' | 'utf-16-pattern' | 'declared' | 'detected' | 'chosen';

export type DecodedStatementFile = {
  text: string;
  encoding: ImportEncoding;
  source: EncodingSource;
  /** NUL characters removed (stray ones, or padding at the end); the text is otherwise untouched. */
  nulRemoved: number;
};

const isImportEncoding = (name: string): name is ImportEncoding =>
  (IMPORT_ENCODINGS as readonly string[]).includes(name);

// chardet's names (and the names files declare) as the encodings above.
const ALIASES: Record<string, ImportEncoding> = {
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  usascii: 'utf-8',
  ascii: 'utf-8',
  'utf-16': 'utf-16le',
  utf16: 'utf-16le',
  unicode: 'utf-16le',
  '1252': 'windows-1252',
  cp1252: 'windows-1252',
  'win-1252': 'windows-1252',
  latin1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  'iso_8859-1': 'iso-8859-1',
  '8859-1': 'iso-8859-1',
  '8859-15': 'iso-8859-15',
  'latin-9': 'iso-8859-15',
  '1250': 'windows-1250',
  '1251': 'windows-1251',
  gb2312: 'gb18030',
  gbk: 'gb18030',
  'euc-cn': 'gb18030',
  sjis: 'shift_jis',
  'shift-jis': 'shift_jis',
  'windows-31j': 'shift_jis',
  'big-5': 'big5',
  eucjp: 'euc-jp',
  euckr: 'euc-kr',
  'ks_c_5601-1987': 'euc-kr',
};

/** An encoding name as a file or the detector writes it, as one of IMPORT_ENCODINGS, or undefined. */
export function importEncodingNamed(name: string): ImportEncoding | undefined {
  const key = name.trim().toLowerCase();
  if (isImportEncoding(key)) return key;
  return ALIASES[key];
}

function decode(bytes: Uint8Array, encoding: ImportEncoding): string {
  // stripBOM off: the mark is dropped below only when it matches the encoding in use.
  return iconv.decode(bytes as Parameters<typeof iconv.decode>[0], encoding, { stripBOM: false });
}

/**
 * The bytes as UTF-8 text when they are well-formed UTF-8 (plain ASCII included: no overlong forms,
 * surrogates or code points past U+10FFFF), else undefined. The platform's decoder checks and decodes in
 * one native pass (a byte loop here took 0.4 s over a 41 MB statement); a byte-order mark is kept, as
 * `decode` keeps it.
 */
// The platform's decoder (Node and browsers alike); declared here, as the domain's types are plain ECMAScript.
declare const TextDecoder: new (
  label: 'utf-8',
  options: { fatal: boolean; ignoreBOM: boolean },
) => { decode(input: Uint8Array): string };

function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function bomOf(bytes: Uint8Array): { encoding: ImportEncoding; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/**
 * UTF-16 without a byte-order mark: statement files are mostly ASCII (digits, separators, line
 * breaks), which UTF-16 writes with a zero byte beside each one, always on the same side. Padding at
 * the end and a few stray NULs put zeros on both sides and do not count.
 */
function utf16Pattern(bytes: Uint8Array): ImportEncoding | undefined {
  let end = Math.min(bytes.length, 65_536);
  while (end > 0 && bytes[end - 1] === 0) end -= 1;
  const pairs = Math.floor(end / 2);
  if (pairs < 2) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index + 1 < end; index += 2) {
    if (bytes[index] === 0) evenZeros += 1;
    if (bytes[index + 1] === 0) oddZeros += 1;
  }
  if (oddZeros >= pairs * 0.3 && evenZeros <= pairs * 0.02) return 'utf-16le';
  if (evenZeros >= pairs * 0.3 && oddZeros <= pairs * 0.02) return 'utf-16be';
  return undefined;
}

/**
 * The bytes without NUL bytes, and how many there were. Found with the typed array's native indexOf (a
 * byte-by-byte iterator took seconds over a 41 MB statement); the bytes are copied only when one is found.
 */
function withoutNul(bytes: Uint8Array): { bytes: Uint8Array; removed: number } {
  let next = bytes.indexOf(0);
  if (next === -1) return { bytes, removed: 0 };
  const kept = new Uint8Array(bytes.length);
  let at = 0;
  let from = 0;
  while (next !== -1) {
    kept.set(bytes.subarray(from, next), at);
    at += next - from;
    from = next + 1;
    next = bytes.indexOf(0, from);
  }
  kept.set(bytes.subarray(from), at);
  at += bytes.length - from;
  return { bytes: kept.subarray(0, at), removed: bytes.length - at };
}

/**
 * What the file says about itself in its first bytes (ASCII either way): the XML prolog's
 * `encoding="…"`, or an OFX 1.x header's CHARSET (1252, ISO-8859-1…) and ENCODING (UTF-8).
 */
export function declaredEncoding(bytes: Uint8Array): ImportEncoding | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  const prolog = /<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (prolog?.[1]) return importEncodingNamed(prolog[1]);
  if (/^\s*OFXHEADER\s*:/i.test(head)) {
    const encoding = /^ENCODING\s*:\s*(\S+)/im.exec(head)?.[1];
    if (encoding && /^utf-?8$/i.test(encoding)) return 'utf-8';
    const charset = /^CHARSET\s*:\s*(\S+)/im.exec(head)?.[1];
    if (charset && !/^none$/i.test(charset)) return importEncodingNamed(charset);
    if (encoding) return importEncodingNamed(encoding);
  }
  return undefined;
}

/** The detector's best guess among the encodings above, or undefined when it has none. */
function detectedEncoding(bytes: Uint8Array): ImportEncoding | undefined {
  for (const match of analyse(bytes.subarray(0, 262_144))) {
    const encoding = importEncodingNamed(match.name);
    if (encoding) return encoding;
  }
  return undefined;
}

/**
 * Reads a statement file's bytes as text. The encoding is `chosen` when given; else a byte-order mark
 * decides, then the UTF-16 pattern of zero bytes, then valid UTF-8 (plain ASCII included), then the
 * file's own declaration, then the detector (chardet), then Windows-1252, which reads any byte.
 * NUL characters (stray, or padding) are removed and counted. A chosen encoding that does not fit
 * still reads: undecodable bytes become U+FFFD, which the preview shows.
 */
export function decodeStatementBytes(
  bytes: Uint8Array,
  options: { chosen?: ImportEncoding } = {},
): DecodedStatementFile {
  const bom = bomOf(bytes);
  const read = (encoding: ImportEncoding, source: EncodingSource): DecodedStatementFile => {
    const body = bom && bom.encoding === encoding ? bytes.subarray(bom.length) : bytes;
    if (encoding === 'utf-16le' || encoding === 'utf-16be') {
      const decoded = decode(body, encoding);
      const text = decoded.replace(/\0/g, '');
      return { text, encoding, source, nulRemoved: decoded.length - text.length };
    }
    const cleaned = withoutNul(body);
    return { text: decode(cleaned.bytes, encoding), encoding, source, nulRemoved: cleaned.removed };
  };

  if (options.chosen) return read(options.chosen, 'chosen');
  if (bom) return read(bom.encoding, 'bom');
  const wide = utf16Pattern(bytes);
  if (wide) return read(wide, 'utf-16-pattern');
  const { bytes: cleaned, removed } = withoutNul(bytes);
  const text = utf8Text(cleaned);
  if (text !== undefined) return { text, encoding: 'utf-8', source: 'utf-8', nulRemoved: removed };
  const declared = declaredEncoding(cleaned);
  if (declared && declared !== 'utf-8') return read(declared, 'declared');
  const detected = detectedEncoding(cleaned);
  if (detected && detected !== 'utf-8') return read(detected, 'detected');
  return read('windows-1252', 'detected');
}
