// What a benchmark measured against one of the performance issue's targets, for `npm run bench:targets`:
// each bench appends its rows (one JSON object per line) to the file named by BENCH_TARGETS_FILE, and the
// runner prints them together. Without that variable a bench prints its own tables only.
import { appendFileSync } from 'node:fs';

export type TargetRow = {
  /** The target, as the issue words it. */
  target: string;
  /** What was measured, with its unit ("12.1 ms p95", "57 MB"). */
  figure: string;
  /** The budget, with its unit ("≤ 20 ms p95"). */
  budget: string;
  /** Whether the budget was met; absent for a figure reported without a budget. */
  met?: boolean;
  /** Which case the figure comes from (the worst of several, say). */
  detail?: string;
};

export function recordTarget(row: TargetRow): void {
  const file = process.env.BENCH_TARGETS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

/** The row with the highest p95 among `rows` (the worst case a target is judged by). */
export function worstP95<T extends { p95: number }>(rows: readonly T[]): T | undefined {
  return rows.reduce<T | undefined>((worst, row) => (!worst || row.p95 > worst.p95 ? row : worst), undefined);
}
