import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../testing/auth-fixtures';
import { startFakeOidc, type FakeOidc } from '../testing/fake-oidc';

/**
 * better-auth checks Origin against its trusted origins only outside NODE_ENV=test, so this runs the
 * real server in a child process under NODE_ENV=production, as a new user starts it.
 */
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const SECRET = 'process-secret-0123456789-abcdefghijkl';

let database: TestDatabase;
let child: ChildProcess;
let port: number;
/** Apple, at APPLE_ISSUER_URL: its form POST must be trusted from that origin, not appleid.apple.com. */
let apple: FakeOidc;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  apple = await startFakeOidc();
  port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      ENCRYPTION_KEY: SECRET,
      AUTH_SECRET: SECRET,
      CRON_SECRET: SECRET,
      FX_REFRESH: 'false',
      LOG_LEVEL: 'warn',
      APPLE_CLIENT_ID: apple.clientId,
      APPLE_CLIENT_SECRET: apple.clientSecret,
      APPLE_ISSUER_URL: apple.issuerUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Lodestar is running at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  await apple?.close();
});

describe('a new user on the loopback address (PUBLIC_URL unset)', () => {
  it.each(['127.0.0.1', 'localhost'])('signs up and signs in on http://%s:PORT', async (host) => {
    const origin = `http://${host}:${port}`;
    const email = `first.${host.replace(/\W/g, '')}@example.com`;
    const headers = {
      'content-type': 'application/json',
      origin,
      // A browser sends whatever cookies it holds for the site; better-auth checks Origin when it does.
      cookie: 'lodestar.seen=1',
    };
    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD, name: 'Ada Lovelace', termsAccepted: true }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
  });

  it('refuses another origin', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example', cookie: 'a=1' },
      body: JSON.stringify({ email: 'x@example.com', password: PASSWORD }),
    });
    expect(response.status).toBe(403);
  });
});

describe('Apple’s answer, a form POST from APPLE_ISSUER_URL’s origin', () => {
  const post = (origin: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/callback/apple`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        // A cookie the browser still sends cross-site makes better-auth check the origin.
        cookie: 'other=1',
      },
      body: new URLSearchParams({ code: 'c', state: 's' }).toString(),
    });

  it('is taken from that origin and turned into the GET callback', async () => {
    const response = await post(new URL(apple.issuerUrl).origin);
    expect(response.status, await response.clone().text()).toBe(302);
    const next = new URL(response.headers.get('location') ?? '');
    expect(next.pathname).toBe('/api/auth/callback/apple');
    expect(next.searchParams.get('state')).toBe('s');
  });

  it('is refused from any other origin', async () => {
    expect((await post('https://appleid.apple.com')).status).toBe(403);
  });
});
