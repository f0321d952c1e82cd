import type { CurrentUser } from '@/lib/session';

/**
 * The network edge for web unit tests: a stand-in for the server behind `fetch`, answering with
 * real-shaped JSON (the `/api/v1` envelope, better-auth's `{ code, message }` errors). By default a
 * user is signed in; tests sign out, add handlers for the calls they exercise and read `requests`.
 * setup.ts installs `server.fetch` as the global fetch before any app module loads (the auth client
 * keeps a reference to the fetch it saw at start-up) and resets it after each test.
 */

export type FakeRequest = { method: string; path: string; url: URL; body: unknown; headers: Headers };
export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export const TEST_USER: CurrentUser = {
  id: 'user_1',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: '2025-01-15T09:30:00.000Z',
  lastSignInAt: '2025-06-01T08:00:00.000Z',
};

/** A JSON response with the given status. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The `/api/v1` error envelope. */
export function envelopeError(
  status: number,
  code: string,
  error: string,
  extra: Record<string, unknown> = {},
) {
  return json(status, { success: false, error, code, ...extra });
}

/** better-auth's error body. */
export function authError(status: number, code: string, message: string) {
  return json(status, { code, message });
}

const ORIGIN = 'http://localhost:3000';

class FakeServer {
  user: CurrentUser | null = TEST_USER;
  requests: FakeRequest[] = [];
  private handlers = new Map<string, FakeHandler>();

  /** Answers `method path` (path without the query) with `handler`, replacing any default. */
  on(method: string, path: string, handler: FakeHandler): this {
    this.handlers.set(`${method.toUpperCase()} ${path}`, handler);
    return this;
  }

  signIn(user: CurrentUser = TEST_USER): this {
    this.user = user;
    return this;
  }

  signOut(): this {
    this.user = null;
    return this;
  }

  reset(): void {
    this.user = TEST_USER;
    this.requests = [];
    this.handlers.clear();
  }

  /** The requests made to `path` (optionally only those with `method`). */
  calls(path: string, method?: string): FakeRequest[] {
    return this.requests.filter(
      (request) => request.path === path && (!method || request.method === method.toUpperCase()),
    );
  }

  private defaultAnswer(request: FakeRequest): Response {
    const route = `${request.method} ${request.path}`;
    if (route === 'GET /api/v1/user') {
      return this.user
        ? json(200, { success: true, data: this.user })
        : envelopeError(401, 'UNAUTHORIZED', 'Authentication required');
    }
    if (route === 'GET /api/auth/get-session') {
      return json(
        200,
        this.user ? { user: this.user, session: { id: 'session_1', userId: this.user.id } } : null,
      );
    }
    if (route === 'GET /api/v1/config') {
      return json(200, {
        success: true,
        data: {
          emailConfigured: true,
          signInProviders: [],
          passwordSignUp: true,
          allowedEmailDomains: [],
          crypto: true,
        },
      });
    }
    if (route === 'POST /api/auth/sign-out') {
      this.user = null;
      return json(200, { success: true });
    }
    return envelopeError(404, 'NOT_FOUND', 'Not found');
  }

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, ORIGIN);
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    let body: unknown;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    } else if (init.body instanceof Blob) {
      body = init.body;
    }
    const request: FakeRequest = {
      method,
      path: url.pathname,
      url,
      body,
      headers: new Headers(init.headers),
    };
    this.requests.push(request);
    const handler = this.handlers.get(`${method} ${url.pathname}`);
    return handler ? handler(request) : this.defaultAnswer(request);
  };
}

export const server = new FakeServer();
