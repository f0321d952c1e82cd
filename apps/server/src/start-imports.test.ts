import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startBuiltServer, stopGently } from './testing/server-process';

/**
 * What the built server (as `npm start` runs it) loads to start and serve (ADR 089): not the libraries
 * a default server needs only later or never, and not the thousand-odd files of the libraries bundled
 * into it.
 */

const RECORDER = fileURLToPath(new URL('./testing/fixtures/record-imports.mjs', import.meta.url));

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

beforeAll(async () => {
  buildServer();
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'lodestar-start-imports-'));
}, 120_000);

afterAll(async () => {
  if (server) await stopGently(server);
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server at start', () => {
  it('loads neither the libraries it needs only later nor the files of those bundled into it', async () => {
    const record = join(dataDir, 'imports.txt');
    const started = await startBuiltServer({
      databaseUrl: database.url,
      dataDir,
      env: { RECORD_IMPORTS_TO: record },
      nodeArgs: ['--import', RECORDER],
    });
    server = started.child;
    const { url } = started;
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
