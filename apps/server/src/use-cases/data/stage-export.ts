import { JSONParser, TokenizerError, TokenParserError } from '@streamparser/json';
import { type Executor, stageRows, type StagedKind } from '@lodestar/db';
import { nulCharacterItems, validationItems, type ValidationItem } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { exportDocumentSchema } from './export-document';
import type { RestoreProgress } from './restore-progress';

/** The lists that can be large: streamed row by row into the staging table, never held whole. */
export const STAGED_KINDS: readonly StagedKind[] = ['transactions', 'balanceSnapshots'];
/** Every other member of the document is small and kept as it is parsed. */
const SMALL_KEYS = Object.keys(exportDocumentSchema.shape).filter(
  (key) => !STAGED_KINDS.includes(key as StagedKind),
);
const ROW_SCHEMAS = {
  transactions: exportDocumentSchema.shape.transactions.element,
  balanceSnapshots: exportDocumentSchema.shape.balanceSnapshots.element,
};
/** Rows sent to the staging table per statement. */
const STAGE_BATCH = 2_000;
/** A broken file can hold a million bad rows; the answer names the first ones. */
const MAX_ITEMS = 50;

export const NOT_JSON = 'The file is cut off or is not valid JSON; nothing was restored';

export type StagedExport = {
  /** The small members of the document, as parsed (the staged lists left out). */
  top: Record<string, unknown>;
  /** Rows staged per list. */
  counts: Record<StagedKind, number>;
  /** The first staged rows that break the format (nothing was staged after the first). */
  issues: ValidationItem[];
};

/**
 * Reads an export document from `chunks` with a streaming JSON parser: the small members are kept, the
 * rows of the large lists are checked one by one and staged in batches (so memory holds one batch, not
 * the file). A document cut off anywhere or that is not JSON is a 400.
 */
export async function stageExport(
  db: Executor,
  chunks: AsyncIterable<Uint8Array>,
  progress: RestoreProgress,
): Promise<StagedExport> {
  const top: Record<string, unknown> = {};
  const counts: Record<StagedKind, number> = { transactions: 0, balanceSnapshots: 0 };
  const issues: ValidationItem[] = [];
  let batch: { kind: StagedKind; seq: number; doc: { id?: string; accountId: string } }[] = [];
  const parser = new JSONParser({
    paths: [...SMALL_KEYS.map((key) => `$.${key}`), ...STAGED_KINDS.map((kind) => `$.${kind}.*`)],
    keepStack: false,
  });
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1 && typeof key === 'string') {
      // PostgreSQL text cannot hold U+0000: a 400 naming the field (as the API's input guard says).
      const nul = nulCharacterItems(value, key);
      if (nul.length > 0 && issues.length < MAX_ITEMS) issues.push(...nul.slice(0, MAX_ITEMS));
      top[key] = value;
      return;
    }
    const kind = stack[1]?.key as StagedKind;
    if (stack.length !== 2 || typeof key !== 'number' || !STAGED_KINDS.includes(kind)) return;
    counts[kind] += 1;
    progress.rowsRead += 1;
    if (issues.length > 0) return;
    const nul = nulCharacterItems(value, `${kind}.${key}`);
    if (nul.length > 0) {
      issues.push(...nul.slice(0, MAX_ITEMS));
      return;
    }
    const parsed = ROW_SCHEMAS[kind].safeParse(value);
    if (!parsed.success) {
      for (const item of validationItems(parsed.error.issues).slice(0, MAX_ITEMS)) {
        issues.push({ ...item, field: `${kind}.${key}${item.field ? `.${item.field}` : ''}` });
      }
      return;
    }
    batch.push({ kind, seq: key, doc: parsed.data });
  };
  const flush = async () => {
    const rows = batch;
    batch = [];
    await stageRows(db, rows);
  };
  try {
    for await (const chunk of chunks) {
      parser.write(chunk);
      if (batch.length >= STAGE_BATCH) await flush();
    }
    if (!parser.isEnded) parser.end();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isParserError(error)) throw new AppError('VALIDATION_FAILED', NOT_JSON, { items: [] });
    throw error;
  }
  await flush();
  return { top, counts, issues };
}

/** Whether an error came from the JSON parser (a syntax error, or a document that ends early). */
function isParserError(error: unknown): boolean {
  if (error instanceof TokenizerError || error instanceof TokenParserError) return true;
  // The parser reports a document cut off between tokens with a plain Error.
  return error instanceof Error && error.message.startsWith('Parser ended in mid-parsing');
}
