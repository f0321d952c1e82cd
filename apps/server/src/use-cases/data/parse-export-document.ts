import { preferencesPatchSchema, validationItems, type ValidationItem } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { EXPORT_FORMAT, EXPORT_VERSION, exportDocumentSchema, type ExportDocument } from './export-document';
import { RESTORE_MESSAGES } from './restore-messages';

/** A broken file can hold a million bad rows; the answer names the first ones. */
const MAX_ITEMS = 50;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every reference inside the document points at a row of the document, and no id appears twice. */
function referenceIssues(doc: ExportDocument): ValidationItem[] {
  const items: ValidationItem[] = [];
  const add = (field: string, message: string) => {
    if (items.length < MAX_ITEMS) items.push({ field, message, code: 'custom' });
  };
  const ids = (kind: string, rows: readonly { id: string }[]) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.id)) add(`${kind}.${index}.id`, 'This id appears twice in the export');
      seen.add(row.id);
    });
    return seen;
  };
  const check = <T>(
    kind: string,
    rows: readonly T[],
    key: keyof T & string,
    known: Set<string>,
    target: string,
  ) => {
    rows.forEach((row, index) => {
      const value = row[key];
      if (typeof value === 'string' && !known.has(value)) {
        add(`${kind}.${index}.${key}`, `Refers to ${target} that is not in the export`);
      }
    });
  };
  const institutions = ids('institutions', doc.institutions);
  const connections = ids('connections', doc.connections);
  const accounts = ids('accounts', doc.accounts);
  ids('transactions', doc.transactions);
  const securities = ids('securities', doc.securities);
  const holdings = ids('holdings', doc.holdings);
  ids('holdingLots', doc.holdingLots);
  const properties = ids('properties', doc.properties);
  check('connections', doc.connections, 'institutionId', institutions, 'an institution');
  check('accounts', doc.accounts, 'connectionId', connections, 'a connection');
  check('transactions', doc.transactions, 'accountId', accounts, 'an account');
  check('balanceSnapshots', doc.balanceSnapshots, 'accountId', accounts, 'an account');
  check('balanceUpdates', doc.balanceUpdates, 'accountId', accounts, 'an account');
  check('holdings', doc.holdings, 'accountId', accounts, 'an account');
  check('holdings', doc.holdings, 'securityId', securities, 'a security');
  check('holdingLots', doc.holdingLots, 'holdingId', holdings, 'a holding');
  check('liabilities', doc.liabilities, 'accountId', accounts, 'an account');
  check('csvMappings', doc.csvMappings, 'accountId', accounts, 'an account');
  check('properties', doc.properties, 'accountId', accounts, 'an account');
  check('properties', doc.properties, 'mortgageAccountId', accounts, 'an account');
  check('propertyValuations', doc.propertyValuations, 'propertyId', properties, 'a property');
  const preferences = preferencesPatchSchema.safeParse(doc.preferences);
  if (!preferences.success) {
    for (const item of validationItems(preferences.error.issues)) add(`preferences.${item.field}`, item.message);
  }
  return items;
}

/**
 * Checks a restore body (docs/settings-api.md "Data"): 400 'This is not a Lodestar export' for anything
 * else, 400 'Validation failed' with the first rows at fault for a document that breaks the format.
 */
export function parseExportDocument(body: unknown): ExportDocument {
  assertExportHeader(body);
  const parsed = exportDocumentSchema.safeParse(body);
  if (!parsed.success) throw AppError.validation(validationItems(parsed.error.issues.slice(0, MAX_ITEMS)));
  const issues = referenceIssues(parsed.data);
  if (issues.length > 0) throw AppError.validation(issues);
  return parsed.data;
}

/** 400 'This is not a Lodestar export' for anything else; a 400 naming the version for another version. */
export function assertExportHeader(body: unknown): void {
  if (!isRecord(body) || body.format !== EXPORT_FORMAT) {
    throw new AppError('VALIDATION_FAILED', RESTORE_MESSAGES.notExport, { items: [] });
  }
  if (body.version !== EXPORT_VERSION) {
    throw new AppError(
      'VALIDATION_FAILED',
      typeof body.version === 'number'
        ? `This export has format version ${body.version}; this server restores version ${EXPORT_VERSION}`
        : 'This export has no format version this server can read',
      { items: [] },
    );
  }
}
