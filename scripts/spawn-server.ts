// Starts the Lodestar server as a child process on a free port with its own DATA_DIR (embedded
// PostgreSQL) and resolves once it prints its URL. Used by the browser journeys and the benchmarks.
// It runs the built server, as `npm start` does (built first when missing or stale); `source: true`
// runs the TypeScript sources through tsx instead (how the server ran before it had a build).
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt, serverBundle } from './build-server.mjs';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export type ServerProcess = {
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** What the server has printed so far (its last 256 KB), to show beside a failed journey. */
  output(): string;
  stop(): Promise<void>;
};

const OUTPUT_KEPT = 256 * 1024;

/** A port nothing listens on now (the kernel's choice of an ephemeral one). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: { source?: boolean } = {},
): Promise<ServerProcess> {
  if (!options.source) await ensureServerBuilt();
  const entry = options.source ? ['--import', 'tsx', 'apps/server/src/main.ts'] : [serverBundle];
  // The port is known before the start so PUBLIC_URL can name it: requests are only accepted from
  // PUBLIC_URL's origin (and its loopback spellings on the same port).
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: port,
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  let started = false;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > OUTPUT_KEPT) output = output.slice(-OUTPUT_KEPT);
      if (started) return;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        started = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
