import {
  findImportTargetAccount,
  listImportTargetAccounts,
  storedPreferences,
  type Database,
  type ImportTargetAccount,
} from '@lodestar/db';
import { mergePreferences, type ParsedStatement } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { dateIn } from '../accounts/today';
import type { ImportInput } from './load-import';
import {
  accountDigits,
  checkCurrency,
  checkDates,
  fileContent,
  readFileStatements,
  summaryOf,
  type FileStatements,
  type StatementSummary,
} from './read-import-file';

/** Where one statement of a multi-account file goes, as the request names it (`statementAccounts`). */
export type StatementAccountChoice = {
  statement: number;
  /** One of the user's accounts… */
  accountId?: string;
  /** …or a new manual account of this name, created by the import. */
  newAccountName?: string;
};

/** A new account the import creates for a statement: its name, type and currency. */
export type NewStatementAccount = { name: string; type: string; currency: string };

export type StatementTarget =
  { account: ImportTargetAccount; match: 'number' | 'name' | 'chosen' } | { newAccount: NewStatementAccount };

/** One statement of the file with the account it goes into (null when none matched and none was chosen). */
export type StatementPart = {
  index: number;
  statement: ParsedStatement;
  summary: StatementSummary;
  target: StatementTarget | null;
};

export type LoadedStatements = { file: FileStatements; parts: StatementPart[] };

const FIELD = 'statementAccounts';

const invalid = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { items: [{ field: FIELD, message, code: 'custom' }] });

/** The spec's account type for a statement's own type (OFX CREDITCARD, QIF CCard, Invst…). */
export function accountTypeOf(statementType: string | undefined): string {
  const type = (statementType ?? '').toLowerCase().replace(/\s+/g, '');
  if (type === 'creditcard' || type === 'ccard' || type === 'creditline') return 'credit';
  if (type === 'invst' || type === 'investment') return 'investment';
  if (type === 'othl') return 'loan';
  return 'depository';
}

/**
 * The account a statement goes into when none is chosen: the one account whose mask ends the
 * statement's account number, else (QIF, whose statements carry the account's name) the one account of
 * that name.
 */
function matchStatement(
  statement: ParsedStatement,
  accounts: readonly ImportTargetAccount[],
): StatementTarget | null {
  const id = statement.account?.externalId;
  const digits = accountDigits(id);
  if (digits && /\d{4}/.test(digits)) {
    const byNumber = accounts.filter((account) => account.mask && digits.endsWith(account.mask));
    if (byNumber.length === 1 && byNumber[0]) return { account: byNumber[0], match: 'number' };
  }
  if (id) {
    const name = id.trim().toLowerCase();
    const byName = accounts.filter((account) => account.name.trim().toLowerCase() === name);
    if (byName.length === 1 && byName[0]) return { account: byName[0], match: 'name' };
  }
  return null;
}

/**
 * A file of several accounts' statements read whole (docs/money-api.md, "Several accounts in one
 * file"): every statement with its account, chosen in `statementAccounts` (an account of the user's,
 * or a new one by name), else matched by number or name among the user's accounts. `accountId` is the
 * account the import was started from: its currency reads the amounts of files that state none. Each
 * statement is checked against its account's currency and the date rule; nothing is written.
 */
export async function loadStatements(
  db: Database,
  userId: string,
  input: ImportInput & { statementAccounts: StatementAccountChoice[] },
  now: Date,
): Promise<LoadedStatements> {
  const primary = await findImportTargetAccount(db, userId, input.accountId);
  if (!primary)
    throw AppError.validation([{ field: 'accountId', message: 'No such account', code: 'not_found' }]);
  const [accounts, preferences] = await Promise.all([
    listImportTargetAccounts(db, userId),
    storedPreferences(db, userId),
  ]);
  const settings = mergePreferences(preferences);
  const today = dateIn(settings.time_zone, now);
  const file = readFileStatements({
    fileName: input.fileName,
    ...fileContent(input),
    account: primary,
    ...(input.mapping && { mapping: input.mapping }),
    locale: settings.number_format,
    today,
  });

  const chosen = new Map<number, StatementAccountChoice>();
  for (const choice of input.statementAccounts) {
    if (choice.statement >= file.statements.length) {
      throw invalid(
        `The file holds ${file.statements.length} statement(s); statement ${choice.statement} is not one of them`,
      );
    }
    if (chosen.has(choice.statement)) throw invalid(`Statement ${choice.statement} is given twice`);
    chosen.set(choice.statement, choice);
  }
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const parts = file.statements.map((statement, index): StatementPart => {
    const choice = chosen.get(index);
    let target: StatementTarget | null;
    if (choice?.accountId !== undefined) {
      const account = byId.get(choice.accountId);
      if (!account) throw invalid(`Statement ${index}: no such account`);
      target = { account, match: 'chosen' };
    } else if (choice?.newAccountName !== undefined) {
      target = {
        newAccount: {
          name: choice.newAccountName,
          type: accountTypeOf(statement.account?.type),
          currency: statement.account?.currency ?? primary.currency,
        },
      };
    } else target = matchStatement(statement, accounts);
    const currency = target ? ('account' in target ? target.account : target.newAccount).currency : null;
    if (currency) checkCurrency(statement, currency);
    checkDates(statement, today);
    return { index, statement, summary: summaryOf(statement), target };
  });
  return { file, parts };
}

/** The account a part goes into, as the preview and the import answer name it. */
export function targetView(target: StatementTarget | null) {
  if (!target) return null;
  if ('account' in target) {
    return {
      accountId: target.account.id,
      accountName: target.account.name,
      match: target.match,
      newAccount: null,
    };
  }
  return {
    accountId: null,
    accountName: target.newAccount.name,
    match: 'new' as const,
    newAccount: target.newAccount,
  };
}
