import { postedSumAfter, type Database } from '@lodestar/db';
import { manualBalanceAnchor } from '../accounts/manual-balance';
import { loadImport, type ImportInput } from './load-import';
import { importedName } from './imported-row';
import { markDuplicates, type MarkedTransaction } from './mark-duplicates';
import type { FileEncoding, ImportKind, PreviewMapping, StatementSummary } from './read-import-file';
import { loadStatements, targetView, type StatementAccountChoice } from './statement-accounts';

/** How many rows a preview lists; the counts cover the whole file. */
export const PREVIEW_ROW_LIMIT = 200;
/** How many possible duplicates inside the file a preview lists (each can be kept by its line). */
export const REPEAT_LIMIT = 500;

type PreviewRow = {
  line: number;
  date: string;
  amount: { amountMinor: number; currency: string };
  name: string;
  /** The account already holds it: skipped. */
  duplicate: boolean;
  /** Possibly a duplicate inside the file: the line of the earlier identical row; skipped unless kept. */
  repeatOf: number | null;
};

export type ImportPreview = {
  kind: ImportKind;
  /** How the uploaded bytes were read (null for a file sent as text). */
  encoding: FileEncoding | null;
  mapping: PreviewMapping | null;
  rows: PreviewRow[];
  /** Every row flagged as a possible duplicate inside the file (at most REPEAT_LIMIT). */
  possibleDuplicates: PreviewRow[];
  newCount: number;
  duplicateCount: number;
  possibleDuplicateCount: number;
  /**
   * For a manual account: its entered balance (the anchor), today's balance and today's balance after
   * the import of the new rows (kept possible duplicates dated after `anchorDate` add to it). Null for
   * accounts whose balance comes from elsewhere.
   */
  /** Every statement of the file, the index of the one shown, and whether one must be chosen to import. */
  statements: StatementSummary[];
  statementIndex: number;
  needsStatementChoice: boolean;
  /** An investment statement's positions: they replace the account's holdings on import. */
  positions: {
    name: string;
    ticker: string | null;
    units: string;
    unitPrice: string;
    marketValue: { amountMinor: number; currency: string } | null;
    asOf: string;
  }[];
  /** The opening and closing balances the statement states (CAMT, MT940, OFX), else null each. */
  statementBalances: {
    opening: { amountMinor: number; currency: string; asOf: string } | null;
    closing: { amountMinor: number; currency: string; asOf: string } | null;
  };
  balance: {
    anchorDate: string;
    anchor: { amountMinor: number; currency: string };
    current: { amountMinor: number; currency: string };
    after: { amountMinor: number; currency: string };
  } | null;
  warnings: string[];
};

const rowView = ({ row, duplicate, repeatOf }: MarkedTransaction): PreviewRow => ({
  line: row.line,
  date: row.date,
  amount: { amountMinor: row.amountMinor, currency: row.currency },
  name: importedName(row),
  duplicate,
  repeatOf,
});

/** Reads the file and marks what the account already holds and what repeats inside it; writes nothing. */
export async function previewImport(options: {
  db: Database;
  userId: string;
  input: ImportInput;
  now: Date;
}): Promise<ImportPreview> {
  const { db, userId, input } = options;
  const { account, file } = await loadImport(db, userId, input, options.now);
  const marked = await markDuplicates(
    db,
    { userId, accountId: account.id, kind: file.kind },
    file.transactions,
  );
  const anchor = await manualBalanceAnchor(db, userId, account.id);
  let balance: ImportPreview['balance'] = null;
  if (anchor) {
    const money = (amountMinor: number) => ({ amountMinor, currency: account.currency });
    const current = anchor.balanceMinor + (await postedSumAfter(db, userId, account.id, anchor.date));
    const moved = marked.rows
      .filter((item) => !item.duplicate && item.repeatOf === null && item.row.date > anchor.date)
      .reduce((sum, item) => sum + item.row.amountMinor, 0);
    balance = {
      anchorDate: anchor.date,
      anchor: money(anchor.balanceMinor),
      current: money(current),
      after: money(current + moved),
    };
  }
  return {
    kind: file.kind,
    encoding: file.encoding,
    mapping: file.mapping ?? null,
    rows: marked.rows.slice(0, PREVIEW_ROW_LIMIT).map(rowView),
    possibleDuplicates: marked.rows
      .filter((item) => item.repeatOf !== null)
      .slice(0, REPEAT_LIMIT)
      .map(rowView),
    newCount: marked.newCount,
    duplicateCount: marked.duplicateCount,
    possibleDuplicateCount: marked.repeatCount,
    statements: file.statements,
    statementIndex: file.statementIndex,
    needsStatementChoice: file.needsStatementChoice,
    positions: file.positions.map((position) => ({
      name: position.name,
      ticker: position.ticker ?? null,
      units: position.units,
      unitPrice: position.unitPrice,
      marketValue:
        position.marketValueMinor === undefined
          ? null
          : { amountMinor: position.marketValueMinor, currency: position.currency },
      asOf: position.asOf,
    })),
    statementBalances: file.statementBalances,
    balance,
    warnings: file.warnings,
  };
}

/** How many rows a multi-account preview lists per statement. */
export const PART_ROW_LIMIT = 50;

/** One statement of a multi-account file in the preview: its account and what would be imported. */
export type StatementPreview = StatementSummary & {
  statement: number;
  /** Where it goes: matched by number or name, chosen, a new account, or null (choose one to import). */
  target: ReturnType<typeof targetView>;
  rows: PreviewRow[];
  newCount: number;
  duplicateCount: number;
  possibleDuplicateCount: number;
  /** How many positions of the statement become its account's holdings. */
  positionCount: number;
  warnings: string[];
};

export type StatementsPreview = {
  kind: ImportKind;
  encoding: FileEncoding | null;
  statements: StatementPreview[];
  /** Every row flagged as a possible duplicate inside the file, across statements (at most REPEAT_LIMIT). */
  possibleDuplicates: PreviewRow[];
  /** Whether every statement has an account (the import needs it). */
  ready: boolean;
  warnings: string[];
};

/** The nil uuid: no account holds it, so a statement for a new account has no duplicates in the ledger. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * A multi-account file as one import would take it (loadStatements): each statement with its account
 * and its rows marked against that account (a new account holds nothing yet); writes nothing.
 */
export async function previewStatements(options: {
  db: Database;
  userId: string;
  input: ImportInput & { statementAccounts: StatementAccountChoice[] };
  now: Date;
}): Promise<StatementsPreview> {
  const { db, userId } = options;
  const { file, parts } = await loadStatements(db, userId, options.input, options.now);
  const statements: StatementPreview[] = [];
  const repeats: PreviewRow[] = [];
  for (const part of parts) {
    const accountId = part.target && 'account' in part.target ? part.target.account.id : NO_ACCOUNT;
    const marked = await markDuplicates(
      db,
      { userId, accountId, kind: file.kind },
      part.statement.transactions,
    );
    repeats.push(...marked.rows.filter((item) => item.repeatOf !== null).map(rowView));
    statements.push({
      ...part.summary,
      statement: part.index,
      target: targetView(part.target),
      rows: marked.rows.slice(0, PART_ROW_LIMIT).map(rowView),
      newCount: marked.newCount,
      duplicateCount: marked.duplicateCount,
      possibleDuplicateCount: marked.repeatCount,
      positionCount: part.statement.positions?.length ?? 0,
      warnings: part.statement.warnings,
    });
  }
  return {
    kind: file.kind,
    encoding: file.encoding,
    statements,
    possibleDuplicates: repeats.slice(0, REPEAT_LIMIT),
    ready: parts.every((part) => part.target !== null),
    warnings: file.warnings,
  };
}
