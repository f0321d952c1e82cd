import { accountsApi, type ImportBatchResult, type ImportJob, type StatementsImportResult } from './api';

/** How often the import dialog asks how far a background import has got. */
export const IMPORT_JOB_POLL_MS = 1_000;

/**
 * Follows a background import (a file of more than 10,000 rows, docs/money-api.md "Large files") until
 * it ends: each answer goes to `onProgress`; resolves with the import as a direct one returns it (a
 * multi-account import's with its statements: `statementsResult`, else `fileResult`), or rejects with the
 * job's error (nothing was imported).
 */
export async function waitForImportJob(
  job: ImportJob,
  onProgress: (job: ImportJob) => void,
  pollMs = IMPORT_JOB_POLL_MS,
): Promise<ImportBatchResult | StatementsImportResult> {
  let current = job;
  for (;;) {
    onProgress(current);
    if (current.state === 'done' && current.result) return current.result;
    if (current.state === 'failed')
      throw new Error(current.error ?? 'The import could not be finished; nothing was imported.');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    current = await accountsApi.importJob(current.id);
  }
}

/** "12,000 of 20,000 rows" for the progress line. */
export function importJobShare(job: ImportJob): number {
  if (job.totalRows <= 0) return 0;
  return Math.min(100, Math.round((job.doneRows / job.totalRows) * 100));
}

/** A finished job's result as POST /imports returns it. */
export function fileResult(result: ImportBatchResult | StatementsImportResult): ImportBatchResult {
  if ('statements' in result) throw new Error('The import job imported a multi-account file.');
  return result;
}

/** A finished job's result as POST /imports/statements returns it. */
export function statementsResult(result: ImportBatchResult | StatementsImportResult): StatementsImportResult {
  if (!('statements' in result)) throw new Error('The import job imported a single statement.');
  return result;
}
