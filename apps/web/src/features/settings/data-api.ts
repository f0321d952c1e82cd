import { API_BASE, apiFetch, type ApiData, type ApiSchema } from '@/lib/api-client';
import { downloadFailure, downloadFile, type DownloadedFile } from '@/lib/download';

export { filenameFromContentDisposition, saveFile, type DownloadedFile } from '@/lib/download';

/**
 * The Danger zone's data endpoints (docs/settings-api.md "Data"): export (two file downloads), restore
 * from an export, and disconnect-all. Downloads need the raw body, which apiFetch (JSON only) does not
 * give, so they use fetch with the session cookie and turn a failure into an ApiError the same way.
 */

export const DATA_MESSAGES = {
  exported: 'Data exported successfully',
  exportedDescription: 'Your data has been downloaded as a JSON file',
  exportedWithCsvDescription:
    'Your data has been downloaded as a JSON file, and your transactions as a CSV file',
  exportFailed: 'Failed to export data',
  csvFailed: 'The transactions CSV file could not be downloaded',
  disconnected: 'All accounts disconnected',
  disconnectedDescription: 'Your transaction history has been preserved',
  disconnectFailed: 'Failed to disconnect accounts',
  restored: 'Data restored successfully',
  restoreFailed: 'Failed to restore data',
  restoreNeedsEmptyAccount:
    'Restoring only works into an account without data. This account already has accounts, so nothing was restored. Sign up for a new, empty account and restore into that one.',
} as const;

/**
 * Files up to this size are read whole in the browser to list what they hold before the restore; larger
 * ones are restored without that list (the server reads any size up to its own cap, as a stream).
 */
export const PREVIEW_MAX_BYTES = 100 * 1024 * 1024;
/** How much of a large file is read to say where it comes from. */
const HEAD_BYTES = 64 * 1024;

/**
 * The kinds of data a restore brings back, in the order they are shown, with their singular and plural.
 * API keys are in an export as names only and are never restored, so they are not counted.
 */
const KINDS = [
  ['accounts', 'account', 'accounts'],
  ['transactions', 'transaction', 'transactions'],
  ['balanceSnapshots', 'balance snapshot', 'balance snapshots'],
  ['balanceUpdates', 'balance update', 'balance updates'],
  ['holdings', 'holding', 'holdings'],
  ['holdingLots', 'buy of a holding added by hand', 'buys of holdings added by hand'],
  ['liabilities', 'set of card or loan terms', 'sets of card or loan terms'],
  ['securities', 'security', 'securities'],
  ['institutions', 'institution', 'institutions'],
  ['connections', 'connection', 'connections'],
  ['rules', 'rule', 'rules'],
  ['csvMappings', 'CSV mapping', 'CSV mappings'],
  ['properties', 'property', 'properties'],
  ['propertyValuations', 'property valuation', 'property valuations'],
  ['fxManualRates', 'manual exchange rate', 'manual exchange rates'],
] as const;

export type ExportKind = (typeof KINDS)[number][0];

/** An export document as far as the restore needs to know it; the server checks the rest. */
export type ExportDocument = {
  format: 'lodestar-export';
  version: number;
  exportedAt?: string;
  profile?: { name?: string | null; email?: string | null };
} & Record<string, unknown>;

/** A file chosen for restore: what the browser could tell of it, and the file itself to upload. */
export type ChosenExport = {
  /** The whole document (files up to PREVIEW_MAX_BYTES), or its first members only (larger files). */
  document: ExportDocument;
  /** Whether `document` holds every list, so its counts are the file's. */
  complete: boolean;
  file: Blob;
};

export type KindCount = { kind: string; count: number; label: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** '3 accounts', '1 transaction'; an unknown kind keeps its own name. */
function countLabel(kind: string, count: number): string {
  // The restore answers preferences: 1 when the export's preferences were applied.
  if (kind === 'preferences') return 'your preferences';
  const known = KINDS.find(([name]) => name === kind);
  if (!known) return `${count} ${kind}`;
  return `${count.toLocaleString('en-US')} ${count === 1 ? known[1] : known[2]}`;
}

/** The counts of each kind of data the document holds (holdings' nested securities included). */
export function exportCounts(document: ExportDocument): KindCount[] {
  const counts: KindCount[] = [];
  for (const [kind] of KINDS) {
    const value = document[kind];
    if (Array.isArray(value))
      counts.push({ kind, count: value.length, label: countLabel(kind, value.length) });
  }
  return counts;
}

/**
 * The counts a restore answered. The contract says "counts per kind": read either `{ counts: {…} }`
 * or the kinds at the top level, keeping only whole numbers.
 */
export function restoredCounts(answer: unknown): KindCount[] {
  const source = isRecord(answer) && isRecord(answer.counts) ? answer.counts : answer;
  if (!isRecord(source)) return [];
  return Object.entries(source)
    .filter((entry): entry is [string, number] => Number.isInteger(entry[1]))
    .map(([kind, count]) => ({ kind, count, label: countLabel(kind, count) }));
}

/** '3 accounts, 120 transactions' (kinds with none left out; 'Nothing' when all are empty). */
export function describeCounts(counts: readonly KindCount[]): string {
  const some = counts.filter((entry) => entry.count > 0);
  return some.length === 0 ? 'Nothing' : some.map((entry) => entry.label).join(', ');
}

/**
 * Reads a file chosen for restore: it must be JSON, an object with `format: 'lodestar-export'` and
 * version 1. A file up to PREVIEW_MAX_BYTES is read whole (so its counts can be listed); of a larger one
 * only the start is read, for its format, version, date and address, and the server checks the rest as
 * it restores. Throws an Error with a message for the user otherwise.
 */
export async function readExportFile(file: Blob): Promise<ChosenExport> {
  if (file.size > PREVIEW_MAX_BYTES) {
    return { document: exportHead(await file.slice(0, HEAD_BYTES).text()), complete: false, file };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new Error('This file is not valid JSON. Choose the .json file of a Lodestar data export.');
  }
  return { document: checkedHeader(parsed), complete: true, file };
}

/** The first members of an export (format, version, exportedAt, profile) from the start of its text. */
function exportHead(text: string): ExportDocument {
  const member = (name: string) =>
    new RegExp(`^\\s*[{,]?\\s*"${name}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"|-?\\d+)`);
  const head: Record<string, unknown> = {};
  let rest = text;
  // The export writes format, version and exportedAt first, then profile: read members in order.
  for (const name of ['format', 'version', 'exportedAt']) {
    const match = member(name).exec(rest);
    if (!match?.[1]) break;
    head[name] = JSON.parse(match[1]) as unknown;
    rest = rest.slice(match[0].length);
  }
  const email = /^\s*,\s*"profile"\s*:\s*\{[^{}]*"email"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(rest);
  if (email?.[1]) head.profile = { email: JSON.parse(email[1]) as unknown };
  return checkedHeader(head);
}

function checkedHeader(parsed: unknown): ExportDocument {
  if (!isRecord(parsed) || parsed.format !== 'lodestar-export') {
    throw new Error('This file is not a Lodestar data export. Choose the .json file of a data export.');
  }
  if (parsed.version !== 1) {
    throw new Error(
      `This export has version ${String(parsed.version)}, which this server cannot read (it reads version 1).`,
    );
  }
  return { ...parsed, format: 'lodestar-export', version: 1 };
}

/** 'lodestar-export-2026-11-22T22-59-43Z' for `at`, the name used when the server sends none. */
export function exportBaseName(at: Date): string {
  return `lodestar-export-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}`;
}

function download(path: string, fallbackName: string): Promise<DownloadedFile> {
  return downloadFile(`${API_BASE}${path}`, fallbackName, DATA_MESSAGES.exportFailed);
}

/** A data export run as a job on the server (docs/settings-api.md "Data"). */
export type ExportJob = ApiSchema<'ExportJob'>;

/** How often the export dialog asks how far the export job has got. */
export const EXPORT_JOB_POLL_MS = 1_000;

/**
 * Exports the user's data through the job flow: POST /user/exports queues it, GET /user/exports/{id}
 * (any instance answers) is asked every `pollMs` until it ends, each answer going to `onProgress`; the
 * finished file (/file, gzip'd JSON) is unpacked here, so what is saved is the JSON document under the
 * job's file name without `.gz`. Rejects with the job's error when it failed.
 */
export async function exportThroughJob(
  onProgress: (job: ExportJob) => void,
  pollMs = EXPORT_JOB_POLL_MS,
): Promise<DownloadedFile> {
  let job = (await apiFetch<ApiData<'/user/exports', 'post'>>('/user/exports', { method: 'POST' })).job;
  for (;;) {
    onProgress(job);
    if (job.state === 'done') break;
    if (job.state === 'failed') throw new Error(job.error ?? DATA_MESSAGES.exportFailed);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    job = (await apiFetch<ApiData<'/user/exports/{id}'>>(`/user/exports/${encodeURIComponent(job.id)}`)).job;
  }
  const response = await fetch(`${API_BASE}/user/exports/${encodeURIComponent(job.id)}/file`, {
    credentials: 'same-origin',
  });
  if (!response.ok || !response.body) throw await downloadFailure(response, DATA_MESSAGES.exportFailed);
  const json = response.body.pipeThrough(new DecompressionStream('gzip'));
  const text = await new Response(json).arrayBuffer();
  return {
    blob: new Blob([text], { type: 'application/json' }),
    filename: job.fileName.replace(/\.gz$/, ''),
  };
}

export const dataApi = {
  /** GET /user/export/transactions.csv. */
  exportTransactionsCsv: (now: Date = new Date()) =>
    download('/user/export/transactions.csv', `${exportBaseName(now)}-transactions.csv`),
  /** POST /user/restore with the chosen file as it is (the browser streams it; the server reads it so). */
  restore: (file: Blob) => apiFetch<unknown>('/user/restore', { method: 'POST', body: file }),
  /** GET /user/restore/progress: how far the running restore has got. */
  restoreProgress: () =>
    apiFetch<ApiData<'/user/restore/progress', 'get'>>('/user/restore/progress', { method: 'GET' }),
  disconnectAll: () =>
    apiFetch<ApiData<'/accounts/disconnect-all', 'post'>>('/accounts/disconnect-all', { method: 'POST' }),
};
