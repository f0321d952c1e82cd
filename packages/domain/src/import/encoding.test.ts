import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { declaredEncoding, decodeStatementBytes, importEncodingNamed } from './encoding';

const FRENCH =
  'Date;Libellé;Montant\n03/01/2024;Café Crème Élysée;-12,50 €\n04/01/2024;Salaire Noël;2500,00\n';
const CHINESE =
  '日期,摘要,金额\n2024-01-03,星巴克咖啡 北京朝阳门店,-38.50\n2024-01-04,工资 上海浦东发展银行,12500.00\n2024-01-05,超市购物 家乐福,-256.80\n';
const JAPANESE =
  '日付,摘要,金額\n2024-01-03,スターバックス 渋谷店,-580\n2024-01-04,給与 株式会社サンプル,320000\n2024-01-05,コンビニ ローソン,-1280\n';
const KOREAN =
  '거래일자,적요,금액\n2024-01-03,스타벅스 강남점,-5800\n2024-01-04,급여 주식회사 샘플,3200000\n2024-01-05,편의점 씨유,-12800\n';
const MIXED = 'Date,Description,Amount\n2024-01-03,Café Zürich 東京 서울,-4.50\n';

const bytes = (text: string, encoding: string, bom = false) =>
  new Uint8Array(iconv.encode(text, encoding, { addBOM: bom }));

describe('decodeStatementBytes', () => {
  it.each([
    ['windows-1252', FRENCH, 'windows-1252'],
    ['iso-8859-1', FRENCH.replace(' €', ''), 'iso-8859-1'],
    ['gb18030', CHINESE, 'gb18030'],
    ['euc-jp', JAPANESE, 'euc-jp'],
    ['shift_jis', JAPANESE, 'shift_jis'],
    ['euc-kr', KOREAN, 'euc-kr'],
  ] as const)('detects %s and round-trips the text exactly', (encoding, text, expected) => {
    const decoded = decodeStatementBytes(bytes(text, encoding));
    expect(decoded).toEqual({ text, encoding: expected, source: 'detected', nulRemoved: 0 });
  });

  it.each(['utf-16le', 'utf-16be'] as const)('reads %s with and without a byte-order mark', (encoding) => {
    for (const text of [MIXED, FRENCH, CHINESE]) {
      expect(decodeStatementBytes(bytes(text, encoding, true))).toEqual({
        text,
        encoding,
        source: 'bom',
        nulRemoved: 0,
      });
      expect(decodeStatementBytes(bytes(text, encoding))).toEqual({
        text,
        encoding,
        source: 'utf-16-pattern',
        nulRemoved: 0,
      });
    }
  });

  it('reads UTF-8 with and without a byte-order mark, and plain ASCII as UTF-8', () => {
    expect(decodeStatementBytes(bytes(MIXED, 'utf-8', true))).toMatchObject({ text: MIXED, source: 'bom' });
    expect(decodeStatementBytes(bytes(MIXED, 'utf-8'))).toMatchObject({ text: MIXED, encoding: 'utf-8' });
    expect(decodeStatementBytes(bytes('a,b\n1,2\n', 'utf-8'))).toMatchObject({ encoding: 'utf-8' });
  });

  it('does not take malformed UTF-8 (overlong forms, surrogates, past U+10FFFF, cut short) for UTF-8', () => {
    const ascii = [...bytes('Date,Name,Amount\n2024-01-03,Shop ', 'utf-8')];
    for (const bad of [
      [0xc0, 0xaf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
    ]) {
      const decoded = decodeStatementBytes(new Uint8Array([...ascii, ...bad, 0x2c, 0x31, 0x0a]));
      expect(decoded.encoding, bad.map((byte) => byte.toString(16)).join(' ')).not.toBe('utf-8');
    }
    expect(decodeStatementBytes(new Uint8Array([...ascii, 0xe2, 0x82, 0xac, 0x0a]))).toMatchObject({
      text: 'Date,Name,Amount\n2024-01-03,Shop €\n',
      encoding: 'utf-8',
    });
  });

  it('removes stray NUL bytes and NUL padding instead of refusing the file', () => {
    const padded = new Uint8Array([...bytes(FRENCH, 'windows-1252'), ...new Uint8Array(700)]);
    expect(decodeStatementBytes(padded)).toMatchObject({
      text: FRENCH,
      encoding: 'windows-1252',
      nulRemoved: 700,
    });
    const stray = bytes('Date,Name,Amount\n2024-01-03,Caf\u00e9\0,-4.50\n\0', 'utf-8');
    expect(decodeStatementBytes(stray)).toMatchObject({
      text: 'Date,Name,Amount\n2024-01-03,Café,-4.50\n',
      encoding: 'utf-8',
      nulRemoved: 2,
    });
    const wide = new Uint8Array([...bytes(MIXED, 'utf-16le', true), 0, 0, 0, 0]);
    expect(decodeStatementBytes(wide)).toMatchObject({ text: MIXED, nulRemoved: 2 });
  });

  it("uses the file's own declaration when the bytes are not UTF-8", () => {
    const ofx =
      'OFXHEADER:100\nDATA:OFXSGML\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><NAME>Caf\u00e9 M\u00fcller\n</OFX>';
    expect(decodeStatementBytes(bytes(ofx, 'windows-1252'))).toMatchObject({ text: ofx, source: 'declared' });
    const xml =
      '<?xml version="1.0" encoding="ISO-8859-15"?><Document><Nm>Gro\u00dfmarkt \u20ac</Nm></Document>';
    expect(decodeStatementBytes(bytes(xml, 'iso-8859-15'))).toMatchObject({
      text: xml,
      encoding: 'iso-8859-15',
      source: 'declared',
    });
    // A UTF-8 file that declares Windows-1252 (a common OFX header) is still read as UTF-8.
    expect(decodeStatementBytes(bytes(ofx, 'utf-8'))).toMatchObject({ text: ofx, encoding: 'utf-8' });
  });

  it('reads the encoding the user chose, dropping only a byte-order mark of that encoding', () => {
    const file = bytes(FRENCH, 'windows-1252');
    expect(decodeStatementBytes(file, { chosen: 'utf-8' }).text).toContain('Caf\ufffd');
    expect(decodeStatementBytes(file, { chosen: 'windows-1252' })).toEqual({
      text: FRENCH,
      encoding: 'windows-1252',
      source: 'chosen',
      nulRemoved: 0,
    });
    expect(decodeStatementBytes(bytes(MIXED, 'utf-8', true), { chosen: 'utf-8' }).text).toBe(MIXED);
  });
});

describe('declaredEncoding and importEncodingNamed', () => {
  it('reads OFX headers and XML prologs', () => {
    const ascii = (text: string) => bytes(text, 'utf-8');
    expect(declaredEncoding(ascii('OFXHEADER:100\nENCODING:UTF-8\nCHARSET:NONE\n'))).toBe('utf-8');
    expect(declaredEncoding(ascii('OFXHEADER:100\nENCODING:USASCII\nCHARSET:8859-1\n'))).toBe('iso-8859-1');
    expect(declaredEncoding(ascii("<?xml version='1.0' encoding='windows-1252'?>"))).toBe('windows-1252');
    expect(declaredEncoding(ascii('Date,Amount\n'))).toBeUndefined();
  });

  it('maps the names files and the detector use', () => {
    expect(importEncodingNamed('GB2312')).toBe('gb18030');
    expect(importEncodingNamed('Shift_JIS')).toBe('shift_jis');
    expect(importEncodingNamed(' UTF-16LE ')).toBe('utf-16le');
    expect(importEncodingNamed('ebcdic')).toBeUndefined();
  });
});
