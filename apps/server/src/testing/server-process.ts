import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from '../app';
import { createBrowser } from './browser';

/**
 * Real server processes for tests that need several instances on one database (two-instances,
 * import-jobs): `src/main.ts` through tsx, as `npm start` runs the built bundle, with only the
 * environment the test gives (plus PATH), each in a DATA_DIR of its own. (scripts/spawn-server.ts
 * starts one server for the journeys and benchmarks: the built bundle, embedded PostgreSQL and this
 * process's whole environment.) `startBuiltServer` starts the built bundle instead, for tests of what
 * the build does (tracing, what a start loads).
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export type ServerInstance = { name: string; port: number; child: ChildProcess; output: string[] };

const dataDirs: string[] = [];

/** A port nothing listens on now (the kernel's choice of an ephemeral one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts a server on 127.0.0.1:`port` with `env`; resolves once it prints its address. */
export function startServerProcess(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<ServerInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), `lodestar-${name}-`));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return listening(child, output, name).then(() => ({ name, port, child, output }));
}

/**
 * Collects what `child` prints into `output`; resolves with the address it prints once it listens,
 * rejects with its output when it exits before.
 */
function listening(child: ChildProcess, output: string[], name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      const match = /running at (http:\/\/\S+)/.exec(output.join(''));
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) =>
      reject(new Error(`${name} exited (${code}) before listening:\n${output.join('')}`)),
    );
  });
}

/**
 * Builds the server as `npm start` runs it (apps/server/dist/main.mjs) when the bundle is missing or older
 * than its sources; throws with esbuild's message.
 */
export function buildServer(): void {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`server build failed:\n${built.stderr}`);
}

/**
 * Starts the built server on 127.0.0.1 with the database at `databaseUrl`, fixed secrets and `env`
 * (plus PATH), with `nodeArgs` before the bundle; resolves with its address once it listens.
 */
export async function startBuiltServer(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const secret = 'built-server-secret-0123456789-abcdefghij';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'apps/server/dist/main.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      ENCRYPTION_KEY: secret,
      AUTH_SECRET: secret,
      CRON_SECRET: secret,
      LOG_LEVEL: 'warn',
      FX_REFRESH: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { url: await listening(child, [], 'the built server'), child };
}

/** Removes the data directories of the servers started so far (after they have stopped). */
export function removeDataDirs(): void {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** SIGKILL, as a crash: nothing runs on the way out. */
export function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** SIGTERM: the server's graceful stop. */
export function stopGently(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A browser with one cookie jar whose requests go to whichever instance `on` names (the Origin stays
 * the public address, as through a proxy in front of them all).
 */
export function sharedBrowser(publicUrl: string) {
  const state: { target: ServerInstance | undefined } = { target: undefined };
  const overHttp = {
    request: (input: string, init?: RequestInit) =>
      fetch(input.replace(publicUrl, `http://127.0.0.1:${state.target!.port}`), init),
  } as unknown as App;
  const browser = createBrowser(overHttp, publicUrl);
  return {
    ...browser,
    on(instance: ServerInstance) {
      state.target = instance;
      return browser;
    },
  };
}

/** Looks every `everyMs` until `look` finds something (not undefined), `tries` times at most. */
export async function until<T>(
  look: () => Promise<T | undefined>,
  what: string,
  tries = 600,
  everyMs = 100,
): Promise<T> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const found = await look();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
