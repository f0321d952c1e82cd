import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from './processes';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Lodestar server (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop that server first, or set DATA_DIR to a different folder.',
    );
    this.name = 'DataDirInUseError';
  }
}

export type DataDirLock = { release(): void };

const LOCK_FILE = 'server.lock';
/** Lock files this process holds, so a second start inside the same process is refused too. */
const heldByThisProcess = new Set<string>();

/**
 * Takes an exclusive, crash-tolerant lock on the data directory: a lock file holding our pid,
 * created atomically. A lock left by a process that no longer runs (kill -9, power loss) is
 * taken over; a lock held by a live process is refused with a clear message.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldByThisProcess.add(path);
      return {
        release() {
          heldByThisProcess.delete(path);
          // Only remove the lock if it is still ours.
          if (readLockPid(path) === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLockPid(path);
      const heldHere = holder === process.pid && heldByThisProcess.has(path);
      if (holder !== undefined && (heldHere || (holder !== process.pid && isProcessAlive(holder)))) {
        throw new DataDirInUseError(dataDir, holder);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function readLockPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pid of the live process holding the data directory's lock (a running Lodestar server, or this
 * process when it started the embedded server itself); undefined when the directory is free.
 */
export function dataDirLockHolder(dataDir: string): number | undefined {
  const path = join(dataDir, LOCK_FILE);
  const holder = readLockPid(path);
  if (holder === undefined) return undefined;
  if (holder === process.pid) return heldByThisProcess.has(path) ? holder : undefined;
  return isProcessAlive(holder) ? holder : undefined;
}
