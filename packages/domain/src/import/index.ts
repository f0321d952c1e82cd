/**
 * File import: bank CSV, OFX/QFX, QIF, CAMT.05x and MT940/942 exports read into ParsedStatement (pure:
 * text in, data out). Reading bytes as text is in ./encoding (not re-exported: the web app need not load it).
 */
export { decimalSeparatorOf, parseAmountCell, parseLooseAmount, type DecimalSeparator } from './amounts';
export { CSV_COLUMN_ROLES, type CsvColumnRole, type CsvColumns } from './csv-headers';
export {
  CSV_DELIMITERS,
  detectCsvLayout,
  type CardStatementSign,
  type CsvDelimiter,
  type CsvLayout,
  type CsvLayoutHints,
  type CsvMapping,
  type CsvSignConvention,
} from './csv-layout';
export { tokenizeCsv, type CsvRecord, type CsvTokenizeOptions } from './csv-tokenizer';
export { parseCsv, type ParseCsvOptions } from './csv';
export { looksLikeCamt, parseCamt } from './camt';
export { detectFileKind } from './detect-file-kind';
export { mergeStatementsByAccount } from './merge-statements';
export { looksLikeMt940, parseMt940 } from './mt940';
export { normaliseTransactionName, withFingerprints } from './fingerprint';
export { parseOfx, parseOfxDate, type ParseOfxOptions } from './ofx';
export { parseQif, parseQifStatements, type ParseQifOptions, type QifDateFormat } from './qif';
export { CSV_DATE_FORMATS, parseDateAs, type CsvDateFormat } from './statement-dates';
export {
  ImportParseError,
  type ImportFileKind,
  type ParsedAccount,
  type ParsedBalance,
  type ParsedPosition,
  type ParsedStatement,
  type ParsedTransaction,
  type SecurityKind,
} from './types';
