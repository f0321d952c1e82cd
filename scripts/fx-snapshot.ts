// `npm run fx:snapshot` (at release time): downloads the ECB's whole reference-rate history since 1999
// (eurofxref-hist.xml under FX_RATES_URL, default the ECB's feeds) and writes it in the compact format of
// apps/server/src/fx/snapshot.ts to apps/server/data/ecb-reference-rates.csv.gz, which the server loads
// when its rate table lacks it (a fresh or offline install). Prints what it wrote; commit the file.
// `npm run fx:snapshot -- other/path.csv.gz` writes elsewhere. The download goes through the outbound-request
// guard with no private addresses allowed: FX_RATES_URL must be a public https address here.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DEFAULT_FX_RATES_URL } from '../apps/server/src/config/env';
import { fetchEcbRates } from '../apps/server/src/fx/ecb-client';
import { decodeFxSnapshot, encodeFxSnapshot, FX_SNAPSHOT_FILE } from '../apps/server/src/fx/snapshot';

const baseUrl = (process.env.FX_RATES_URL ?? DEFAULT_FX_RATES_URL).replace(/\/+$/, '');
const rows = await fetchEcbRates({ baseUrl, allowPrivate: false, full: true });
const file = encodeFxSnapshot(rows);
// Read back what was written, so a file that would not load is never committed.
const check = decodeFxSnapshot(file);
if (check.length !== rows.length) throw new Error(`snapshot holds ${check.length} of ${rows.length} rates`);
const target = process.argv[2] ?? FX_SNAPSHOT_FILE;
await mkdir(dirname(target), { recursive: true });
await writeFile(target, file);
const dates = check.map((row) => row.date);
console.log(
  `Wrote ${target}: ${check.length} rates of ${new Set(check.map((row) => row.currency)).size} ` +
    `currencies, ${dates[0]} to ${dates.at(-1)}, ${(file.length / 1024).toFixed(0)} KB`,
);
