import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** True when a process with this pid exists (signal 0 probes without delivering anything). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (e.g. the postgres OS user).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a live process, where the OS exposes it (Linux /proc); else undefined. */
export function processCommandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return undefined;
  }
}

/** Waits until the process is gone, polling every 50 ms; false if it outlived `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await sleep(50);
  }
  return !isProcessAlive(pid);
}
