/** File import: bank CSV, OFX/QFX and QIF exports read into ParsedStatement (pure: text in, data out). */
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
export { detectFileKind } from './detect-file-kind';
export { normaliseTransactionName, withFingerprints } from './fingerprint';
export { parseOfx, parseOfxDate, type ParseOfxOptions } from './ofx';
export { parseQif, type ParseQifOptions, type QifDateFormat } from './qif';
export { CSV_DATE_FORMATS, parseDateAs, type CsvDateFormat } from './statement-dates';
export {
  ImportParseError,
  type ImportFileKind,
  type ParsedAccount,
  type ParsedBalance,
  type ParsedStatement,
  type ParsedTransaction,
} from './types';
