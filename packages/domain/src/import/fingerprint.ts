import type { ParsedTransaction } from './types';

/**
 * A transaction name reduced to what survives re-exports: Unicode-normalised (NFKC), lower-cased,
 * runs of whitespace (and the '|' the fingerprint uses as separator) collapsed to one space, trimmed.
 */
export function normaliseTransactionName(name: string): string {
  // Printable ASCII is already in NFKC form; skipping normalize() matters at 100,000 rows.
  const text = /^[\x20-\x7e]*$/.test(name) ? name : name.normalize('NFKC');
  return text
    .toLowerCase()
    .replace(/[\s|]+/g, ' ')
    .trim();
}

/**
 * Adds `fingerprint` = `date|amountMinor|normalised name|n` to each row, n being the number of earlier
 * rows in `rows` with the same date, amount (minor units, signed) and normalised name. Importing the same
 * export twice gives the same keys; two identical purchases on one day get …|0 and …|1.
 */
export function withFingerprints(
  rows: readonly Omit<ParsedTransaction, 'fingerprint'>[],
): ParsedTransaction[] {
  return fingerprintInPlace(rows.map((row) => ({ ...row })));
}

/** withFingerprints for rows a parser has just built: sets the key on each row instead of copying it. */
export function fingerprintInPlace(rows: Omit<ParsedTransaction, 'fingerprint'>[]): ParsedTransaction[] {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const base = `${row.date}|${row.amountMinor}|${normaliseTransactionName(row.name)}`;
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    (row as ParsedTransaction).fingerprint = `${base}|${occurrence}`;
  }
  return rows as ParsedTransaction[];
}
