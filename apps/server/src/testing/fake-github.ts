import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * GitHub's OAuth-app web flow and the two REST endpoints sign-in reads, on 127.0.0.1, as GitHub documents
 * them ("Authorizing OAuth apps", "Troubleshooting OAuth app access token request errors", "REST API
 * endpoints for users" and "for emails"):
 *
 * - `GET /login/oauth/authorize` signs in at once as whoever `signInAs` names (or, after `denyNext`, sends
 *   the browser back with `error=access_denied`) and redirects to `redirect_uri` with `code` and `state`;
 *   PKCE: a `code_challenge` must be S256.
 * - `POST /login/oauth/access_token` (form or JSON; JSON answer when asked by `Accept`) answers every error
 *   with HTTP 200 and an `error` field: `incorrect_client_credentials`, `redirect_uri_mismatch`,
 *   `bad_verification_code` (unknown, used or expired code, or a verifier that does not match).
 * - `GET /user` and `GET /user/emails` (the latter needs the `user:email` or `user` scope, else 404) with
 *   the token as `Authorization: Bearer` or `token`; 401 "Bad credentials" otherwise; 403 without a
 *   User-Agent, which GitHub requires.
 */

export type FakeGitHubEmail = {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility?: 'public' | 'private' | null;
};
export type FakeGitHubAccount = {
  id: number;
  login: string;
  name?: string | null;
  /** The public address /user shows; null when it is private. */
  email: string | null;
  emails: FakeGitHubEmail[];
};

export type FakeGitHub = {
  /** GITHUB_URL */
  webUrl: string;
  /** GITHUB_API_URL */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  signInAs(account: FakeGitHubAccount): void;
  /** The next authorisation is refused by the person (error=access_denied). */
  denyNext(): void;
  /** Token exchanges answered, with the error each carried (undefined for a success). */
  exchanges: { error?: string }[];
  close(): Promise<void>;
};

type Grant = {
  account: FakeGitHubAccount;
  redirectUri: string | undefined;
  scope: string;
  challenge?: string;
  used: boolean;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const clientId = 'Iv1.fakegithubclient';
  const clientSecret = 'fake-github-client-secret-0123456789';
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { account: FakeGitHubAccount; scope: string }>();
  const exchanges: { error?: string }[] = [];
  let current: FakeGitHubAccount = {
    id: 1,
    login: 'octocat',
    name: 'The Octocat',
    email: null,
    emails: [{ email: 'octocat@example.com', primary: true, verified: true, visibility: 'private' }],
  };
  let deny = false;

  async function authorize(url: URL, response: ServerResponse) {
    const redirect = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== clientId || !redirect) {
      response.writeHead(404).end('Not Found');
      return;
    }
    const back = new URL(redirect);
    const state = url.searchParams.get('state');
    if (deny) {
      deny = false;
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access.');
    } else {
      const method = url.searchParams.get('code_challenge_method');
      const challenge = url.searchParams.get('code_challenge') ?? undefined;
      if (challenge && method !== 'S256') {
        response.writeHead(400).end('Only the S256 code challenge method is accepted');
        return;
      }
      const code = randomBytes(10).toString('hex');
      grants.set(code, {
        account: current,
        redirectUri: redirect,
        scope: (url.searchParams.get('scope') ?? '').split(/[ ,]+/).filter(Boolean).join(','),
        ...(challenge ? { challenge } : {}),
        used: false,
      });
      back.searchParams.set('code', code);
    }
    if (state) back.searchParams.set('state', state);
    response.writeHead(302, { location: back.toString() }).end();
  }

  async function accessToken(request: IncomingMessage, response: ServerResponse) {
    const text = await readBody(request);
    const form: Record<string, string> = (request.headers['content-type'] ?? '').includes('json')
      ? (JSON.parse(text) as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(text));
    const answer = (body: Record<string, string>) => {
      exchanges.push(body.error ? { error: body.error } : {});
      if ((request.headers.accept ?? '').includes('application/json')) json(response, 200, body);
      else {
        response.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
        response.end(new URLSearchParams(body).toString());
      }
    };
    const refuse = (error: string, description: string) =>
      answer({
        error,
        error_description: description,
        error_uri: `https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#${error}`,
      });
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      refuse('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
      return;
    }
    const grant = form.code ? grants.get(form.code) : undefined;
    if (!grant || grant.used) {
      refuse('bad_verification_code', 'The code passed is incorrect or expired.');
      return;
    }
    if (form.redirect_uri && form.redirect_uri !== grant.redirectUri) {
      refuse(
        'redirect_uri_mismatch',
        'The redirect_uri MUST match the registered callback URL for this application.',
      );
      return;
    }
    if (grant.challenge) {
      const verifier = form.code_verifier ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (computed !== grant.challenge) {
        refuse('bad_verification_code', 'The code passed is incorrect or expired.');
        return;
      }
    }
    grant.used = true;
    const token = `gho_${randomBytes(18).toString('hex')}`;
    tokens.set(token, { account: grant.account, scope: grant.scope });
    answer({ access_token: token, token_type: 'bearer', scope: grant.scope });
  }

  function api(url: URL, request: IncomingMessage, response: ServerResponse) {
    if (!request.headers['user-agent']) {
      response
        .writeHead(403)
        .end(
          'Request forbidden by administrative rules. Please make sure your request has a User-Agent header.',
        );
      return;
    }
    const header = request.headers.authorization ?? '';
    const token = header.replace(/^(bearer|token)\s+/i, '');
    const holder = tokens.get(token);
    if (!holder) {
      json(response, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
      return;
    }
    const { account, scope } = holder;
    if (url.pathname === '/user') {
      json(response, 200, {
        login: account.login,
        id: account.id,
        node_id: `U_${account.id}`,
        avatar_url: `https://avatars.githubusercontent.com/u/${account.id}?v=4`,
        type: 'User',
        name: account.name ?? null,
        email: account.email,
      });
      return;
    }
    if (url.pathname === '/user/emails') {
      const scopes = scope.split(',');
      if (!scopes.includes('user:email') && !scopes.includes('user')) {
        json(response, 404, {
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest',
          status: '404',
        });
        return;
      }
      json(
        response,
        200,
        account.emails.map((entry) => ({ visibility: null, ...entry })),
      );
      return;
    }
    json(response, 404, { message: 'Not Found', status: '404' });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = `${request.method} ${url.pathname}`;
    const run = async () => {
      if (route === 'GET /login/oauth/authorize') await authorize(url, response);
      else if (route === 'POST /login/oauth/access_token') await accessToken(request, response);
      else if (url.pathname.startsWith('/api/v3/')) {
        api(new URL(url.pathname.slice('/api/v3'.length), url), request, response);
      } else response.writeHead(404).end('Not Found');
    };
    run().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const webUrl = `http://127.0.0.1:${port}`;
  return {
    webUrl,
    // One server stands for both hosts; the API lives under a prefix, as on GitHub Enterprise Server.
    apiUrl: `${webUrl}/api/v3`,
    clientId,
    clientSecret,
    signInAs(account) {
      current = account;
    },
    denyNext() {
      deny = true;
    },
    exchanges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
