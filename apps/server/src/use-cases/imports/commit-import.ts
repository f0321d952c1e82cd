import {
  holdingSnapshot,
  insertBalanceUpdate,
  insertImportBatch,
  insertManualAccount,
  insertImportedTransactions,
  lockAccountForImport,
  newestHoldingDate,
  recomputeBalanceSnapshots,
  replaceHoldings,
  saveCsvMapping,
  updateImportBatchCounts,
  upsertSecurities,
  type Database,
  type ImportBatchPart,
} from '@lodestar/db';
import type { CsvMapping, ParsedPosition } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { manualBalanceAnchor, settleManualBalance } from '../accounts/manual-balance';
import { todayFor } from '../accounts/today';
import { applyRulesToTransactions } from '../rules/apply-rules';
import { assertWithinLimits, type UserLimits } from '../limits/user-limits';
import { forgetImportRead, loadImport, type ImportInput, type LoadedImport } from './load-import';
import { importedRowMapper } from './imported-row';
import { markDuplicates } from './mark-duplicates';
import { fileError } from './read-import-file';
import { loadStatements, type LoadedStatements, type StatementAccountChoice } from './statement-accounts';

const FILE_NAME_MAX = 200;

export type ImportResult = {
  id: string;
  importedCount: number;
  duplicateCount: number;
  /** A manual account's balance before and after (rows after its entered balance move it); else null. */
  balance: { beforeMinor: number; afterMinor: number; currency: string } | null;
};

/**
 * Imports a file into one of the user's accounts, all in one database transaction: the batch, the new
 * rows (what the account already holds is skipped), their categories (the file's own, then the user's
 * rules), the CSV mapping for next time and the account's balance history from the earliest new date.
 * Rows the preview flagged as possible duplicates inside the file are imported only when their line is
 * in `keepLines`. A manual account's balance follows (settleManualBalance): rows dated after its
 * entered balance move it. A malformed file, a kept line that is not a possible duplicate, a foreign
 * currency or a tier limit fails before anything is written.
 */
export async function commitImport(options: {
  db: Database;
  userId: string;
  input: ImportInput;
  limits: UserLimits;
  now: Date;
  /** The file already read for this input (readImportToCommit), so it is not read twice. */
  loaded?: LoadedImport;
  /** Told how many of the file's rows have been written so far (a background import's progress). */
  onRowsWritten?: (written: number) => void;
  /**
   * Runs first and last inside the import's transaction (a background import locks its job, and
   * records it done in the same commit, so a retry after success finds it done).
   */
  within?: Within<ImportResult>;
}): Promise<ImportResult> {
  const { db, userId, input } = options;
  const { account, file } = options.loaded ?? (await readImportToCommit(db, userId, input, options.now));
  const today = await todayFor(db, userId, options.now);

  const result = await db.transaction(async (tx) => {
    await options.within?.start(tx);
    await lockAccountForImport(tx, account.id);
    const marked = await markDuplicates(
      tx,
      { userId, accountId: account.id, kind: file.kind },
      file.transactions,
    );
    checkKeepLines(input.keepLines, [marked]);
    const keep = new Set(input.keepLines ?? []);
    const fresh = freshRows(marked, keep);
    const onRowsWritten = options.onRowsWritten;
    onRowsWritten?.(marked.rows.length - fresh.length);
    await assertWithinLimits(tx, userId, { addTransactions: fresh.length }, options.limits);
    const batch = await insertImportBatch(tx, {
      userId,
      accountId: account.id,
      fileName: input.fileName.slice(0, FILE_NAME_MAX),
      kind: file.kind,
      importedCount: fresh.length,
      duplicateCount: marked.rows.length - fresh.length,
    });
    const written = await writePart(tx, {
      userId,
      account,
      batchId: batch.id,
      marked,
      fresh,
      positions: file.positions,
      today,
      ...(onRowsWritten && {
        // The rows skipped as duplicates count as done once marked.
        onRowsWritten: (count: number) => onRowsWritten(marked.rows.length - fresh.length + count),
      }),
    });
    const { importedCount, duplicateCount } = written;
    await updateImportBatchCounts(tx, userId, batch.id, {
      importedCount,
      duplicateCount,
      parts: [written.part],
    });
    if (file.mapping) {
      const { warnings: _warnings, ...mapping } = file.mapping;
      await saveCsvMapping(tx, userId, account.id, mapping satisfies CsvMapping);
    }
    const result = { id: batch.id, importedCount, duplicateCount, balance: written.balance };
    await options.within?.finish(tx, result);
    return result;
  });
  forgetImportRead(db, userId);
  return result;
}

/**
 * The user's account and the file read for an import, with what makes it fail before anything is
 * written: a file of several accounts with none chosen, or one with no transaction (400s).
 */
export async function readImportToCommit(
  db: Database,
  userId: string,
  input: ImportInput,
  now: Date,
): Promise<LoadedImport> {
  const loaded = await loadImport(db, userId, input, now, { forImport: true });
  const { file } = loaded;
  if (file.needsStatementChoice) {
    const accounts = file.statements.map((item) => item.account ?? 'an unnamed account').join(', ');
    const message = `The file holds statements of ${file.statements.length} accounts (${accounts}); choose the one to import into this account (statement), or give this account the last four digits of its number`;
    throw new AppError('VALIDATION_FAILED', message, {
      items: [{ field: 'statement', message, code: 'custom' }],
    });
  }
  if (file.transactions.length === 0 && file.positions.length === 0) {
    throw fileError('The file has no transactions');
  }
  return loaded;
}

export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Hooks run first and last inside an import's transaction (a background import's job lock and end). */
export type Within<Result> = {
  start(tx: Executor): Promise<void>;
  finish(tx: Executor, result: Result): Promise<void>;
};
type Marked = Awaited<ReturnType<typeof markDuplicates>>;

/** A kept line must be a possible duplicate inside the file (of any of its statements); else 400. */
function checkKeepLines(keepLines: readonly number[] | undefined, files: readonly Marked[]): void {
  const repeats = new Set(
    files.flatMap((marked) =>
      marked.rows.filter((item) => item.repeatOf !== null).map((item) => item.row.line),
    ),
  );
  const stray = [...(keepLines ?? [])].filter((line) => !repeats.has(line)).sort((a, b) => a - b)[0];
  if (stray !== undefined) {
    const message = `Line ${stray} is not a possible duplicate of an earlier row of the file`;
    throw new AppError('VALIDATION_FAILED', message, {
      items: [{ field: 'keepLines', message, code: 'custom' }],
    });
  }
}

const freshRows = (marked: Marked, keep: ReadonlySet<number>) =>
  marked.rows.filter((item) => !item.duplicate && (item.repeatOf === null || keep.has(item.row.line)));

/**
 * Writes one statement's rows into one account under the batch: the new rows, their categories (the
 * file's own, then the user's rules), its holdings (recorded before and after for undo), a manual
 * account's balance and the balance history from the earliest new date.
 */
async function writePart(
  tx: Executor,
  options: {
    userId: string;
    account: { id: string; currency: string };
    batchId: string;
    marked: Marked;
    fresh: Marked['rows'];
    positions: readonly ParsedPosition[];
    today: string;
    onRowsWritten?: (written: number) => void;
  },
): Promise<{
  importedCount: number;
  duplicateCount: number;
  balance: ImportResult['balance'];
  part: ImportBatchPart;
}> {
  const { userId, account, fresh, today } = options;
  const anchor = await manualBalanceAnchor(tx, userId, account.id);
  const toStored = importedRowMapper();
  const inserted = await insertImportedTransactions(
    tx,
    { userId, accountId: account.id, currency: account.currency, batchId: options.batchId },
    fresh.map((item) => toStored(item.row, item.storedId)),
    options.onRowsWritten,
  );
  // Equal to fresh.length unless a bank id repeats inside the file (the lock keeps other writers out).
  const importedCount = inserted.length;
  const duplicateCount = options.marked.rows.length - importedCount;
  const part: ImportBatchPart = { accountId: account.id };
  const holdings = await replaceHoldingsFromFile(tx, userId, account.id, options.positions);
  if (holdings) part.holdings = holdings;
  let balance: ImportResult['balance'] = null;
  if (importedCount > 0) {
    await applyRulesToTransactions(tx, userId, inserted);
    const settled = await settleManualBalance(tx, userId, account.id, anchor);
    if (settled) balance = { ...settled, currency: account.currency };
    const earliest = fresh.reduce((min, item) => (item.row.date < min ? item.row.date : min), today);
    await recomputeBalanceSnapshots(tx, { userId, accountId: account.id, from: earliest, today });
  }
  return { importedCount, duplicateCount, balance, part };
}

/** What a multi-account import did, per statement, in the file's order. */
export type StatementsImportResult = {
  id: string;
  importedCount: number;
  duplicateCount: number;
  statements: {
    statement: number;
    accountId: string;
    accountName: string;
    created: boolean;
    importedCount: number;
    duplicateCount: number;
  }[];
};

/** A multi-account import's input: the file and where its statements go. */
export type StatementsInput = ImportInput & { statementAccounts: StatementAccountChoice[] };

/**
 * The file's statements and their accounts for a multi-account import, with what makes it fail before
 * anything is written: a statement with no account, or a file with no transaction (400s).
 */
export async function readStatementsToCommit(
  db: Database,
  userId: string,
  input: StatementsInput,
  now: Date,
): Promise<LoadedStatements> {
  const loaded = await loadStatements(db, userId, input, now);
  const { parts } = loaded;
  const missing = parts.find((part) => part.target === null);
  if (missing) {
    const message = `Statement ${missing.index} (${missing.summary.account ?? 'an unnamed account'}) matches none of your accounts: choose one, or a name for a new account`;
    throw new AppError('VALIDATION_FAILED', message, {
      items: [{ field: 'statementAccounts', message, code: 'custom' }],
    });
  }
  if (parts.every((part) => part.statement.transactions.length === 0 && !part.statement.positions?.length)) {
    throw fileError('The file has no transactions');
  }
  return loaded;
}

/** How many rows a multi-account import holds, all statements together. */
export const statementRows = (loaded: LoadedStatements): number =>
  loaded.parts.reduce((sum, part) => sum + part.statement.transactions.length, 0);

/**
 * Imports every statement of a multi-account file, each into its account (loadStatements: chosen,
 * matched by number or name, or a new manual account created here), in one database transaction under
 * one batch: duplicates are marked per account, and any failure (a statement with no account, a tier
 * limit met halfway) writes nothing. Undo removes the whole import from every account.
 */
export async function commitStatements(options: {
  db: Database;
  userId: string;
  input: StatementsInput;
  limits: UserLimits;
  now: Date;
  /** The file already read for this input (readStatementsToCommit), so it is not read twice. */
  loaded?: LoadedStatements;
  /** Told how many of the file's rows (all statements) have been written so far. */
  onRowsWritten?: (written: number) => void;
  /** Runs first and last inside the import's transaction (a background import's job). */
  within?: Within<StatementsImportResult>;
}): Promise<StatementsImportResult> {
  const { db, userId, input } = options;
  const { file, parts } = options.loaded ?? (await readStatementsToCommit(db, userId, input, options.now));
  const today = await todayFor(db, userId, options.now);

  return db.transaction(async (tx) => {
    await options.within?.start(tx);
    const created = parts.filter((part) => part.target && 'newAccount' in part.target).length;
    if (created > 0) await assertWithinLimits(tx, userId, { addAccounts: created }, options.limits);
    const targets: { id: string; name: string; currency: string; created: boolean }[] = [];
    for (const part of parts) {
      const target = part.target;
      if (!target) continue;
      if ('account' in target) {
        targets.push({ ...target.account, created: false });
        continue;
      }
      const { name, type, currency } = target.newAccount;
      const account = await insertManualAccount(tx, {
        userId,
        name,
        type,
        subtype: null,
        currency,
        balanceMinor: 0,
      });
      await insertBalanceUpdate(tx, { userId, accountId: account.id, date: today, balanceMinor: 0 });
      targets.push({ id: account.id, name, currency, created: true });
    }
    // Locks in a fixed order, so two imports touching the same accounts cannot deadlock.
    for (const id of [...new Set(targets.map((target) => target.id))].sort()) {
      await lockAccountForImport(tx, id);
    }
    const marked: Marked[] = [];
    for (const [at, part] of parts.entries()) {
      const target = targets[at];
      if (!target) continue;
      marked.push(
        await markDuplicates(
          tx,
          { userId, accountId: target.id, kind: file.kind },
          part.statement.transactions,
        ),
      );
    }
    checkKeepLines(input.keepLines, marked);
    const keep = new Set(input.keepLines ?? []);
    const first = targets[0];
    if (!first) throw fileError('The file holds no statement');
    const batch = await insertImportBatch(tx, {
      userId,
      accountId: first.id,
      fileName: input.fileName.slice(0, FILE_NAME_MAX),
      kind: file.kind,
      importedCount: 0,
      duplicateCount: 0,
    });
    const statements: StatementsImportResult['statements'] = [];
    const batchParts: ImportBatchPart[] = [];
    const onRowsWritten = options.onRowsWritten;
    // Rows of the statements written before this one (their skipped duplicates count as done).
    let before = 0;
    for (const [at, part] of parts.entries()) {
      const target = targets[at];
      const rows = marked[at];
      if (!target || !rows) continue;
      const fresh = freshRows(rows, keep);
      // Inside the transaction, so the statements written before count against the limit too.
      await assertWithinLimits(tx, userId, { addTransactions: fresh.length }, options.limits);
      const written = await writePart(tx, {
        userId,
        account: target,
        batchId: batch.id,
        marked: rows,
        fresh,
        positions: part.statement.positions ?? [],
        today,
        ...(onRowsWritten && {
          onRowsWritten: (count: number) => onRowsWritten(before + rows.rows.length - fresh.length + count),
        }),
      });
      before += rows.rows.length;
      onRowsWritten?.(before);
      batchParts.push(written.part);
      statements.push({
        statement: part.index,
        accountId: target.id,
        accountName: target.name,
        created: target.created,
        importedCount: written.importedCount,
        duplicateCount: written.duplicateCount,
      });
    }
    const importedCount = statements.reduce((sum, item) => sum + item.importedCount, 0);
    const duplicateCount = statements.reduce((sum, item) => sum + item.duplicateCount, 0);
    await updateImportBatchCounts(tx, userId, batch.id, {
      importedCount,
      duplicateCount,
      parts: batchParts,
    });
    const result = { id: batch.id, importedCount, duplicateCount, statements };
    await options.within?.finish(tx, result);
    return result;
  });
}

/**
 * An investment statement's positions become the account's holdings (securities keyed by the file's
 * CUSIP, ISIN or ticker under provider 'import'), unless the account holds newer ones: an old statement
 * imported for its history leaves today's holdings alone. Holdings added by hand stay as they are and
 * do not count as newer (their date is a purchase date). Returns the holdings before and after when it
 * replaced them (undo puts the earlier ones back), else undefined.
 */
async function replaceHoldingsFromFile(
  tx: Executor,
  userId: string,
  accountId: string,
  positions: readonly ParsedPosition[],
): Promise<ImportBatchPart['holdings']> {
  if (positions.length === 0) return undefined;
  const asOf = positions.reduce((max, position) => (position.asOf > max ? position.asOf : max), '');
  const newest = await newestHoldingDate(tx, { userId, accountId }, { exceptManual: true });
  if (newest && newest > asOf) return undefined;
  const before = await holdingSnapshot(tx, { userId, accountId });
  const idOf = (position: ParsedPosition, kind: string) =>
    position.securityId.startsWith(`${kind}:`) ? position.securityId.slice(kind.length + 1) : null;
  const securityIds = await upsertSecurities(
    tx,
    [...new Map(positions.map((position) => [position.securityId, position])).values()].map((position) => ({
      provider: 'import',
      externalId: position.securityId,
      ticker: position.ticker ?? null,
      isin: idOf(position, 'ISIN'),
      cusip: idOf(position, 'CUSIP'),
      name: position.name,
      type: position.kind,
      currency: position.currency,
    })),
  );
  await replaceHoldings(
    tx,
    { userId, accountId },
    positions.flatMap((position) => {
      const securityId = securityIds.get(position.securityId);
      return securityId
        ? [
            {
              securityId,
              quantity: position.units,
              price: position.unitPrice,
              costBasis: null,
              currency: position.currency,
              asOf: position.asOf,
            },
          ]
        : [];
    }),
  );
  return { before, after: await holdingSnapshot(tx, { userId, accountId }) };
}
