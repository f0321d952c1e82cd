import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * How to launch PostgreSQL binaries. PostgreSQL refuses to run as root, so a root process runs
 * them as the `postgres` OS user (created if missing). When that user cannot traverse the
 * folders on the way to the data or binaries (a checkout inside a 0700 home directory), the
 * server is started through `setpriv` with only CAP_DAC_READ_SEARCH added, instead of loosening
 * the permissions of the user's folders.
 */
export type RunAs =
  { kind: 'self' } | { kind: 'user'; uid: number; gid: number; needsSearchCapability: boolean };

export function resolveRunAs(pathsToReach: string[]): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return { kind: 'self' };
  const { uid, gid } = ensurePostgresUser();
  const needsSearchCapability = pathsToReach.some((path) => !canTraverse(path, uid, gid));
  return { kind: 'user', uid, gid, needsSearchCapability };
}

/** Command and arguments that start `binary` under the chosen identity. */
export function commandFor(
  runAs: RunAs,
  binary: string,
  args: string[],
): { command: string; args: string[] } {
  if (runAs.kind === 'user' && runAs.needsSearchCapability) {
    return {
      command: 'setpriv',
      args: [
        `--reuid=${runAs.uid}`,
        `--regid=${runAs.gid}`,
        '--init-groups',
        '--inh-caps=+dac_read_search',
        '--ambient-caps=+dac_read_search',
        binary,
        ...args,
      ],
    };
  }
  return { command: binary, args };
}

/** spawn() identity options: setpriv switches user itself, so it starts as root. */
export function spawnIdentity(runAs: RunAs): { uid?: number; gid?: number } {
  if (runAs.kind === 'user' && !runAs.needsSearchCapability) return { uid: runAs.uid, gid: runAs.gid };
  return {};
}

function ensurePostgresUser(): { uid: number; gid: number } {
  const lookup = () => ({
    uid: Number.parseInt(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }), 10),
    gid: Number.parseInt(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }), 10),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], {
        stdio: 'ignore',
      });
      return lookup();
    } catch {
      throw new Error(
        'Running as root: PostgreSQL must run as another user, and the "postgres" user could not be created. ' +
          'Create it (useradd --system postgres) or start Lodestar as a normal user.',
      );
    }
  }
}

/** Whether every folder from `/` down to `path`'s parent (and `path` itself if it exists) can be searched. */
export function canTraverse(path: string, uid: number, gid: number): boolean {
  let current = resolve(path);
  const chain: string[] = [];
  for (;;) {
    chain.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return chain.every((dir) => {
    let stats;
    try {
      stats = statSync(dir);
    } catch {
      return true; // not created yet: it will be created with the right owner
    }
    if (!stats.isDirectory()) return true;
    if (stats.uid === uid) return (stats.mode & 0o100) !== 0;
    if (stats.gid === gid) return (stats.mode & 0o010) !== 0;
    return (stats.mode & 0o001) !== 0;
  });
}
