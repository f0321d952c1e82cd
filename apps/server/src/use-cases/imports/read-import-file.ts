import {
  detectCsvLayout,
  detectFileKind,
  ImportParseError,
  mergeStatementsByAccount,
  parseCamt,
  parseCsv,
  parseMt940,
  parseOfx,
  parseQifStatements,
  type CardStatementSign,
  type CsvLayout,
  type CsvMapping,
  type ParsedBalance,
  type ParsedPosition,
  type ParsedStatement,
  type ParsedTransaction,
  userDateProblem,
} from '@lodestar/domain';
import {
  decodeStatementBytes,
  type EncodingSource,
  type ImportEncoding,
} from '@lodestar/domain/import/encoding';
import { AppError } from '../../http/app-error';

/** What the API reports as the file's kind (.qfx is OFX, but users know it by its own name). */
export type ImportKind = 'csv' | 'ofx' | 'qfx' | 'qif' | 'camt' | 'mt940';

/** The mapping the preview shows: the one used, with the detected header cells and detection notes. */
export type PreviewMapping = CsvMapping & { headers: string[]; warnings: string[] };

/** How an uploaded file's bytes were read as text (null when the file was sent as text). */
export type FileEncoding = { name: ImportEncoding; source: EncodingSource; nulRemoved: number };

export type ImportFile = {
  kind: ImportKind;
  encoding: FileEncoding | null;
  /** CSV only: the mapping the rows were read with. */
  mapping?: PreviewMapping;
  transactions: ParsedTransaction[];
  /** Every statement of the file (one for CSV), the index of the one read, and whether it must be chosen. */
  statements: StatementSummary[];
  statementIndex: number;
  needsStatementChoice: boolean;
  /** An investment statement's positions (OFX INVPOSLIST), which become the account's holdings. */
  positions: ParsedPosition[];
  /** The balances the statement states (CAMT, MT940, OFX), offered to set the account's balance. */
  statementBalances: { opening: ParsedBalance | null; closing: ParsedBalance | null };
  warnings: string[];
};

export type ReadImportFileOptions = {
  fileName: string;
  content: string;
  /** How `content` was decoded from the uploaded bytes; null when it arrived as text. */
  encoding?: FileEncoding | null;
  /** The account's currency: every amount must be in it. */
  account: { currency: string; mask: string | null; type: string };
  /** Which of the file's statements to import (its index), when it holds several. */
  statement?: number;
  /** CSV: the mapping the user chose (wins), else the account's saved one, else detection. */
  mapping?: CsvMapping;
  savedMapping?: CsvMapping;
  /** The user's locale, to settle ambiguous CSV dates (01/02 = 1 February unless en-US). */
  locale?: string;
  /** Today in the user's time zone: a file's dates may reach a year past it, and back to 1900. */
  today: string;
};

/**
 * The file's text: `content` as sent, or `contentBase64` decoded (a chosen `encoding`, else a BOM,
 * valid UTF-8, the file's declaration or the detector). NUL characters are removed either way.
 */
export function fileContent(input: { content?: string; contentBase64?: string; encoding?: ImportEncoding }): {
  content: string;
  encoding: FileEncoding | null;
} {
  if (input.contentBase64 === undefined) {
    return { content: (input.content ?? '').replace(/\0/g, ''), encoding: null };
  }
  // A Buffer is a Uint8Array: read in place, not copied.
  const bytes: Uint8Array = Buffer.from(input.contentBase64, 'base64');
  const decoded = decodeStatementBytes(bytes, input.encoding ? { chosen: input.encoding } : {});
  return {
    content: decoded.text,
    encoding: { name: decoded.encoding, source: decoded.source, nulRemoved: decoded.nulRemoved },
  };
}

/** A 400 that points at the file: `error` and the item both read 'Line N: …' when a line is at fault. */
export function fileError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, {
    items: [{ field: 'content', message, code: 'invalid_file' }],
  });
}

function parsing<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ImportParseError) throw fileError(error.message);
    throw error;
  }
}

const masked = (number: string | undefined) => {
  const digits = accountDigits(number);
  return digits ? `…${digits.slice(-4)}` : 'an unnamed account';
};

/** An account number without spaces and a trailing currency code ('NL20INGB0001234567EUR'). */
export const accountDigits = (number: string | undefined) =>
  number?.replace(/\s+/g, '').replace(/(?<=\d)[A-Z]{3}$/, '');

/** One statement of a file as the preview lists it, to choose the one for the account. */
export type StatementSummary = {
  /** The account number masked to its last four digits, or the QIF account name; null when unnamed. */
  account: string | null;
  type: string | null;
  currency: string | null;
  transactionCount: number;
};

export const summaryOf = (statement: ParsedStatement): StatementSummary => {
  const id = statement.account?.externalId;
  const isNumber = id !== undefined && /\d{4}/.test(id);
  return {
    account: id === undefined ? null : isNumber ? masked(id) : id,
    type: statement.account?.type ?? null,
    currency: statement.account?.currency ?? null,
    transactionCount: statement.transactions.length,
  };
};

/**
 * An OFX, CAMT, MT940 or QIF file may hold several accounts' statements. One is imported per import:
 * the one chosen (`statement`, its index), else the only one, else the one whose account number ends in
 * the account's mask. Otherwise the first is previewed and `needsChoice` is set: the import is refused
 * until one is chosen.
 */
function chooseStatement(
  statements: ParsedStatement[],
  mask: string | null,
  chosen: number | undefined,
): { statement: ParsedStatement; index: number; needsChoice: boolean } {
  if (chosen !== undefined) {
    const statement = statements[chosen];
    if (!statement) {
      throw AppError.validation([
        {
          field: 'statement',
          message: `The file holds ${statements.length} statement(s); choose one from 0 to ${statements.length - 1}`,
          code: 'custom',
        },
      ]);
    }
    return { statement, index: chosen, needsChoice: false };
  }
  const first = statements[0];
  if (!first) throw fileError('The file holds no statement');
  if (statements.length === 1) return { statement: first, index: 0, needsChoice: false };
  const matching = mask
    ? statements.flatMap((statement, index) =>
        accountDigits(statement.account?.externalId)?.endsWith(mask) ? [index] : [],
      )
    : [];
  const only = matching.length === 1 ? matching[0] : undefined;
  if (only !== undefined && statements[only])
    return { statement: statements[only], index: only, needsChoice: false };
  return { statement: first, index: 0, needsChoice: true };
}

/** Every amount must be in the account's currency: nothing is converted silently. */
export function checkCurrency(statement: ParsedStatement, currency: string): void {
  const declared = statement.account?.currency;
  if (declared && declared !== currency) {
    throw fileError(`The file is in ${declared}, but this account is in ${currency}`);
  }
  const foreign = statement.transactions.find((row) => row.currency !== currency);
  if (foreign) {
    throw fileError(
      `Line ${foreign.line}: the amount is in ${foreign.currency}, but this account is in ${currency}`,
    );
  }
}

/** Every date of the file passes the one date rule (1900-01-01 to a year from today); else its line is named. */
export function checkDates(statement: ParsedStatement, today: string): void {
  for (const row of statement.transactions) {
    const problem = userDateProblem(row.date, today);
    if (problem) {
      const reason = problem.charAt(0).toLowerCase() + problem.slice(1);
      throw fileError(`Line ${row.line}: ${reason}; this line says ${row.date}`);
    }
  }
}

function readCsv(options: ReadImportFileOptions): { statement: ParsedStatement; mapping: PreviewMapping } {
  const { content, account } = options;
  const read = (mapping: CsvMapping) => parseCsv(content, mapping, { currency: account.currency });
  const detect = (): CsvLayout =>
    detectCsvLayout(content, {
      currency: account.currency,
      ...(options.locale && { locale: options.locale }),
    });
  /** A detected layout as the mapping to use: a credit account's card statement is inverted, and says so. */
  const fromDetection = (layout: CsvLayout): { mapping: CsvMapping; warnings: string[] } => {
    const { warnings, cardStatement, ...mapping } = layout;
    if (account.type !== 'credit' || !cardStatement) return { mapping, warnings };
    return {
      mapping: { ...mapping, invertSign: true },
      warnings: [cardStatementNote(cardStatement), ...warnings],
    };
  };
  const shown = (mapping: CsvMapping, warnings: string[], headers: string[]): PreviewMapping => ({
    ...mapping,
    headers: mapping.headers ?? headers,
    warnings,
  });

  if (options.mapping) {
    const mapping = options.mapping;
    const headers = mapping.headers ?? (mapping.hasHeader ? detect().headers : []);
    return { statement: parsing(() => read(mapping)), mapping: shown(mapping, [], headers) };
  }
  if (options.savedMapping) {
    const saved = options.savedMapping;
    try {
      return { statement: read(saved), mapping: shown(saved, [], saved.headers ?? []) };
    } catch (error) {
      if (!(error instanceof ImportParseError)) throw error;
      // The bank changed its export: detect again, and keep the saved mapping's error if that fails too.
      const layout = detect();
      const { mapping: detected, warnings } = fromDetection(layout);
      try {
        const statement = read(detected);
        const note = 'The saved column mapping did not fit this file, so the columns were detected again.';
        return { statement, mapping: shown(detected, [note, ...warnings], layout.headers) };
      } catch {
        throw fileError(error.message);
      }
    }
  }
  const layout = detect();
  const { mapping: detected, warnings } = fromDetection(layout);
  return { statement: parsing(() => read(detected)), mapping: shown(detected, warnings, layout.headers) };
}

/** What the preview says when it inverted a card statement's signs, and how to undo it. */
export function cardStatementNote(card: CardStatementSign): string {
  const why =
    card.reason === 'layout'
      ? `This is ${card.layout === 'American Express' ? 'an' : 'a'} ${card.layout} card export, which lists purchases as positive amounts`
      : 'This looks like a card statement that lists purchases as positive amounts (most amounts are positive and the negative ones are payments or refunds)';
  return `${why}, so the signs were inverted: purchases are money out and payments money in. Turn off "Invert signs" if that is wrong.`;
}

/** Every statement of a file, read with the account's currency (one for CSV). */
export type FileStatements = {
  kind: ImportKind;
  encoding: FileEncoding | null;
  mapping?: PreviewMapping;
  statements: ParsedStatement[];
  /** About the file as a whole: NUL characters removed, how the CSV columns were detected. */
  warnings: string[];
};

/**
 * Reads a statement file (CSV, OFX/QFX, QIF, CAMT or MT940) into its statements, amounts in the
 * account's currency. A file that cannot be read or is of no known kind is a 400 naming the line at fault.
 */
export function readFileStatements(options: ReadImportFileOptions): FileStatements {
  const { fileName, content, account } = options;
  if (content.trim() === '') throw fileError('The file is empty');
  const detected = detectFileKind(fileName, content);
  if (!detected) {
    throw fileError(
      'This is not a CSV, OFX, QFX, QIF, CAMT or MT940 file: no columns, OFX header, QIF type, CAMT document or MT940 fields were found',
    );
  }
  let kind: ImportKind = detected;
  let mapping: PreviewMapping | undefined;
  let statements: ParsedStatement[];
  if (detected === 'csv') {
    const read = readCsv(options);
    mapping = read.mapping;
    statements = [read.statement];
  } else {
    if (detected === 'ofx' && /\.qfx$/i.test(fileName.trim())) kind = 'qfx';
    const currency = account.currency;
    statements = parsing(() =>
      detected === 'ofx'
        ? parseOfx(content, { currency })
        : detected === 'camt'
          ? mergeStatementsByAccount(parseCamt(content))
          : detected === 'mt940'
            ? mergeStatementsByAccount(parseMt940(content))
            : parseQifStatements(content, { currency }),
    );
    if (statements.length === 0) throw fileError('The file holds no statement');
  }
  const cleaned = options.encoding?.nulRemoved
    ? [`${options.encoding.nulRemoved} NUL character(s) (stray or padding) were removed from the file.`]
    : [];
  return {
    kind,
    encoding: options.encoding ?? null,
    ...(mapping && { mapping }),
    statements,
    warnings: [...cleaned, ...(mapping?.warnings ?? [])],
  };
}

/**
 * Reads a statement file into transactions of one account in its currency: the statement chosen, else
 * the only one, else the one matching the account's mask (chooseStatement). A file that cannot be read,
 * holds another currency or is of no known kind is a 400 naming the line at fault.
 */
export function readImportFile(options: ReadImportFileOptions): ImportFile {
  const { account } = options;
  const file = readFileStatements(options);
  const all = file.statements;
  const choice =
    file.kind === 'csv' && all[0]
      ? { statement: all[0], index: 0, needsChoice: false }
      : chooseStatement(all, account.mask, options.statement);
  const { statement } = choice;
  checkCurrency(statement, account.currency);
  checkDates(statement, options.today);
  const choose = choice.needsChoice
    ? [
        `The file holds statements of ${all.length} accounts (${all
          .map((item) => summaryOf(item).account ?? 'an unnamed account')
          .join(', ')}); the first is shown. Choose the statement for this account before importing.`,
      ]
    : [];
  const warnings = [...new Set([...choose, ...file.warnings, ...statement.warnings])];
  return {
    kind: file.kind,
    encoding: file.encoding,
    ...(file.mapping && { mapping: file.mapping }),
    transactions: statement.transactions,
    statements: all.map(summaryOf),
    statementIndex: choice.index,
    needsStatementChoice: choice.needsChoice,
    positions: statement.positions ?? [],
    statementBalances: {
      opening: statement.account?.openingBalance ?? null,
      closing: statement.account?.balance ?? null,
    },
    warnings,
  };
}
