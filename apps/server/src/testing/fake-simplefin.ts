import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A SimpleFIN server on 127.0.0.1, as the protocol (simplefin.org/protocol.html) describes one:
 * `POST /simplefin/claim/:token` answers once with an access URL (Basic credentials inside; 403 for an
 * unknown or claimed token); `GET /simplefin/accounts` with Basic auth answers an Account Set
 * (`errors`, `accounts` with `org`, numeric-string amounts, positive = money in, UNIX timestamps),
 * filtered by `start-date` (inclusive) and `end-date` (exclusive) on `posted`, pending transactions only
 * with `pending=1`; 403 for bad or revoked credentials, 402 for an unpaid subscription.
 * `GET /simplefin/create` is the page that gives a user a setup token; `GET /simplefin/info` the versions.
 */

export type FakeSimplefinTransaction = {
  id: string;
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  transacted_at?: number;
  pending?: boolean;
};

export type FakeSimplefinAccount = {
  org: { domain?: string; name?: string; 'sfin-url': string; url?: string; id?: string };
  id: string;
  name: string;
  currency: string;
  balance: string;
  'available-balance'?: string;
  'balance-date': number;
  transactions: FakeSimplefinTransaction[];
};

export type FakeSimplefin = {
  /** The server root (`http://127.0.0.1:port/simplefin`), as SIMPLEFIN_BRIDGE_URL. */
  root: string;
  /** A fresh setup token (base64 of this server's claim URL) for the data of `access`. */
  setupToken(access?: string): string;
  /** The data behind each access (one per claimed token; tokens minted for one access share it). */
  data: Map<string, { errors: string[]; accounts: FakeSimplefinAccount[] }>;
  /** The default access's data. */
  readonly main: { errors: string[]; accounts: FakeSimplefinAccount[] };
  /** Answer the next `times` /accounts requests with this status instead. */
  failNext(status: number, times?: number): void;
  /** Revokes every access URL claimed so far (the user removed the app in the Bridge). */
  revokeAll(): void;
  /** Every request: method, path with query, and whether it carried valid credentials. */
  requests: { method: string; path: string; query: URLSearchParams; authorized: boolean }[];
  close(): Promise<void>;
};

export function fakeSimplefinOrg(name = 'First Fake Bank', domain = 'firstfake.example') {
  return { domain, name, 'sfin-url': 'https://sfin.firstfake.example', url: `https://www.${domain}` };
}

export async function startFakeSimplefin(): Promise<FakeSimplefin> {
  const tokens = new Map<string, { access: string; claimed: boolean }>();
  const credentials = new Map<string, { access: string; revoked: boolean }>();
  const data: FakeSimplefin['data'] = new Map([['main', { errors: [], accounts: [] }]]);
  const failures: number[] = [];
  const requests: FakeSimplefin['requests'] = [];
  let root = '';

  function send(response: ServerResponse, status: number, body: string, type = 'application/json') {
    response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    response.end(body);
  }

  function credentialsOf(request: IncomingMessage): { access: string; revoked: boolean } | undefined {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return undefined;
    const pair = Buffer.from(header.slice(6), 'base64').toString('utf8');
    return credentials.get(pair);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const who = credentialsOf(request);
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname + url.search,
      query: url.searchParams,
      authorized: Boolean(who && !who.revoked),
    });
    request.resume();
    request.on('end', () => {
      const claim = /^\/simplefin\/claim\/([A-Za-z0-9]+)$/.exec(url.pathname);
      if (claim && request.method === 'POST') {
        const token = tokens.get(claim[1] ?? '');
        if (!token || token.claimed) return send(response, 403, 'Forbidden', 'text/plain');
        token.claimed = true;
        const user = randomBytes(8).toString('hex');
        const password = randomBytes(16).toString('hex');
        credentials.set(`${user}:${password}`, { access: token.access, revoked: false });
        const base = new URL(root);
        base.username = user;
        base.password = password;
        return send(response, 200, base.toString().replace(/\/$/, ''), 'text/plain');
      }
      if (url.pathname === '/simplefin/info' && request.method === 'GET')
        return send(response, 200, JSON.stringify({ versions: ['1.0'] }));
      if (url.pathname === '/simplefin/create' && request.method === 'GET') {
        const token = fake.setupToken();
        return send(
          response,
          200,
          `<!doctype html><html lang="en"><title>SimpleFIN setup token</title><body><p>Your setup token:</p><pre id="token">${token}</pre></body></html>`,
          'text/html',
        );
      }
      if (url.pathname === '/simplefin/accounts' && request.method === 'GET') {
        if (!who || who.revoked) return send(response, 403, 'Forbidden', 'text/plain');
        const failure = failures.shift();
        if (failure !== undefined) return send(response, failure, JSON.stringify({ errors: ['failure'] }));
        const set = data.get(who.access) ?? { errors: [], accounts: [] };
        const start = url.searchParams.has('start-date')
          ? Number(url.searchParams.get('start-date'))
          : -Infinity;
        const end = url.searchParams.has('end-date') ? Number(url.searchParams.get('end-date')) : Infinity;
        const pending = url.searchParams.get('pending') === '1';
        const accounts = set.accounts.map((account) => ({
          ...account,
          transactions: account.transactions
            .filter((item) => (item.pending ? pending : item.posted >= start && item.posted < end))
            .sort((a, b) => a.posted - b.posted),
        }));
        return send(response, 200, JSON.stringify({ errors: set.errors, accounts }));
      }
      send(response, 404, 'Not found', 'text/plain');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/simplefin`;

  const fake: FakeSimplefin = {
    root,
    data,
    get main() {
      return data.get('main') as { errors: string[]; accounts: FakeSimplefinAccount[] };
    },
    setupToken(access = 'main') {
      if (!data.has(access)) data.set(access, { errors: [], accounts: [] });
      const code = randomBytes(12).toString('hex');
      tokens.set(code, { access, claimed: false });
      return Buffer.from(`${root}/claim/${code}`, 'utf8').toString('base64');
    },
    failNext(status, times = 1) {
      for (let index = 0; index < times; index += 1) failures.push(status);
    },
    revokeAll() {
      for (const entry of credentials.values()) entry.revoked = true;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  return fake;
}
