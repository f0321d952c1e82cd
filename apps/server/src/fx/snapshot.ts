import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Database, ecbRateSpan, type EcbRateRow, upsertEcbRates } from '@lodestar/db';
import { isIsoDate } from '@lodestar/domain';
import type { Logger } from '../logger';

/**
 * The ECB reference-rate history shipped in the package (docs/analytics-api.md "Exchange rates"), so a
 * fresh or offline install converts every day since 1999 without reaching the feed; the online feed only
 * adds newer days. Made at release time by `npm run fx:snapshot` (scripts/fx-snapshot.ts) from the ECB's
 * full history.
 *
 * Compact format: gzip of a CSV, one line per publication day, oldest first. The first line is
 * `date,USD,JPY,…` (every currency the history holds); each further line is the date and each currency's
 * units per 1 EUR as the ECB wrote them, an empty cell where the ECB published none that day.
 */
export const FX_SNAPSHOT_FILE = fileURLToPath(
  new URL('../../data/ecb-reference-rates.csv.gz', import.meta.url),
);

const RATE = /^\d+(\.\d+)?$/;
const CODE = /^[A-Z]{3}$/;

/** The compact file of `rows` (any order; the last of two rates for one day and currency wins). */
export function encodeFxSnapshot(rows: readonly EcbRateRow[]): Buffer {
  const days = new Map<string, Map<string, string>>();
  const currencies = new Set<string>();
  for (const row of rows) {
    if (!isIsoDate(row.date) || !CODE.test(row.currency) || !RATE.test(row.perEur)) {
      throw new RangeError(`Malformed exchange rate row: ${JSON.stringify(row)}`);
    }
    currencies.add(row.currency);
    const day = days.get(row.date) ?? new Map<string, string>();
    day.set(row.currency, row.perEur);
    days.set(row.date, day);
  }
  const codes = [...currencies].sort();
  const lines = [['date', ...codes].join(',')];
  for (const date of [...days.keys()].sort()) {
    const day = days.get(date);
    lines.push([date, ...codes.map((code) => day?.get(code) ?? '')].join(','));
  }
  return gzipSync(`${lines.join('\n')}\n`, { level: 9 });
}

/** The rates of a compact file. Throws RangeError on anything but the format above. */
export function decodeFxSnapshot(file: Buffer): EcbRateRow[] {
  return parseFxSnapshot(gunzipSync(file).toString('utf8'));
}

function parseFxSnapshot(text: string): EcbRateRow[] {
  const lines = text.split('\n').filter((line) => line !== '');
  const [header, ...days] = lines;
  const columns = header?.split(',') ?? [];
  if (columns[0] !== 'date' || columns.slice(1).some((code) => !CODE.test(code))) {
    throw new RangeError('Not an exchange-rate snapshot: the first line must be date,USD,JPY,…');
  }
  const rows: EcbRateRow[] = [];
  days.forEach((line, index) => {
    const cells = line.split(',');
    const date = cells[0] ?? '';
    if (cells.length !== columns.length || !isIsoDate(date)) {
      throw new RangeError(`Exchange-rate snapshot line ${index + 2} is malformed`);
    }
    for (let column = 1; column < cells.length; column += 1) {
      const perEur = cells[column] ?? '';
      if (perEur === '') continue;
      if (!RATE.test(perEur)) throw new RangeError(`Exchange-rate snapshot line ${index + 2} is malformed`);
      rows.push({ date, currency: columns[column] ?? '', perEur });
    }
  });
  return rows;
}

/**
 * The first and last day of a compact file's text (the date at the start of its second and last lines),
 * read without splitting the rest: null when it holds no day. The days are in order (encodeFxSnapshot).
 */
function snapshotSpan(text: string): { from: string; to: string } | null {
  const body = text.trimEnd();
  const second = body.indexOf('\n');
  if (second < 0) return null;
  const from = body.slice(second + 1, second + 11);
  const to = body.slice(body.lastIndexOf('\n') + 1).slice(0, 10);
  return isIsoDate(from) && isIsoDate(to) ? { from, to } : null;
}

export type SnapshotLoad =
  | { state: 'absent' }
  | { state: 'current'; from: string; to: string }
  | { state: 'loaded'; from: string; to: string; rates: number; changed: number };

/**
 * Stores the shipped history unless the table already covers its first and last day (so this is cheap on
 * every later run). Existing rows with the same value stay as they are; a rate the online feed stored is
 * only replaced when the snapshot's value differs (the ECB does not revise its reference rates). In one
 * transaction: a crash leaves all or nothing. No file (a build without the snapshot) is not an error.
 */
export async function loadFxSnapshot(deps: {
  db: Database;
  logger: Logger;
  file?: string;
}): Promise<SnapshotLoad> {
  const file = deps.file ?? FX_SNAPSHOT_FILE;
  if (!existsSync(file)) {
    deps.logger.warn(
      { component: 'fx' },
      'No exchange-rate history is shipped with this build; rates come from the online feed only',
    );
    return { state: 'absent' };
  }
  const text = gunzipSync(await readFile(file)).toString('utf8');
  // Every run (at start, then hourly) finds the history stored: it compares the file's first and last day
  // with the table's before building a row per rate (about 200,000 objects, 30–50 MB of the server's memory
  // for a moment).
  const fileSpan = snapshotSpan(text);
  const span = await ecbRateSpan(deps.db);
  if (fileSpan && span && span.oldest <= fileSpan.from && span.newest >= fileSpan.to) {
    return { state: 'current', ...fileSpan };
  }
  const rows = parseFxSnapshot(text);
  if (rows.length === 0) return { state: 'absent' };
  const from = rows[0]?.date ?? '';
  const to = rows.at(-1)?.date ?? '';
  const changed = await deps.db.transaction((tx) => upsertEcbRates(tx, rows));
  deps.logger.info(
    { component: 'fx', from, to, rates: rows.length, changed },
    'Exchange-rate history loaded from the shipped snapshot',
  );
  return { state: 'loaded', from, to, rates: rows.length, changed };
}
