import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What the built server (as `npm start` runs it) loads to start and serve (ADR 089): not the libraries
 * a default server needs only later or never, and not the thousand-odd files of the libraries bundled
 * into it.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RECORDER = fileURLToPath(new URL('./testing/fixtures/record-imports.mjs', import.meta.url));
const SECRET = 'start-imports-secret-0123456789-abcdefgh';

/** Loaded on first use: wallets, Redis (REDIS_URL), mail (SMTP_URL), push, the provider SDKs. */
const LOADED_ON_FIRST_USE = [
  'viem',
  '@solana/kit',
  '@scure/btc-signer',
  '@scure/bip32',
  'ioredis',
  'nodemailer',
  'web-push',
  'plaid',
  'ccxt',
  'stripe',
];
/** Bundled into the server's chunks (scripts/build-server.mjs BUNDLED_LIBRARIES). */
const BUNDLED = ['better-auth', 'kysely', 'drizzle-orm', 'zod', 'hono', 'jose'];

let database: TestDatabase;
let dataDir = '';
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server build failed:\n${built.stderr}`);
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'lodestar-start-imports-'));
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server at start', () => {
  it('loads neither the libraries it needs only later nor the files of those bundled into it', async () => {
    const port = await freePort();
    const record = join(dataDir, 'imports.txt');
    const child = spawn(process.execPath, ['--import', RECORDER, 'apps/server/dist/main.mjs'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        RECORD_IMPORTS_TO: record,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${port}`,
        ENCRYPTION_KEY: SECRET,
        AUTH_SECRET: SECRET,
        CRON_SECRET: SECRET,
        LOG_LEVEL: 'warn',
        FX_REFRESH: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    const output: string[] = [];
    const url = await new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output.push(chunk.toString('utf8'));
        const match = /running at (http:\/\/\S+)/.exec(output.join(''));
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output.join('')}`)));
    });
    // Serving: ready, the API document, a sign-in refused (auth and the database at work).
    expect((await fetch(`${url}/api/v1/ready`)).status).toBe(200);
    expect((await fetch(`${url}/api/v1/openapi.json`)).status).toBe(200);
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Not-The-Password-1' }),
    });
    expect(signIn.status).toBe(401);

    expect(existsSync(record)).toBe(true);
    const modules = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    const packages = new Set(
      modules.flatMap((url) => {
        const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
        return match?.[1] ? [match[1]] : [];
      }),
    );
    expect(LOADED_ON_FIRST_USE.filter((name) => packages.has(name))).toEqual([]);
    expect(BUNDLED.filter((name) => packages.has(name))).toEqual([]);
    // 119 when this was written; 1,072 before ADR 089.
    expect(modules.length).toBeLessThan(250);
  });
});
