import type { App } from '../app';

/**
 * A minimal same-origin browser over `app.request()`: keeps cookies between requests (honouring
 * Max-Age=0 deletions) and sends the Origin header our CSRF checks expect.
 */
export function createBrowser(app: App, origin: string, headers: Record<string, string> = {}) {
  const jar = new Map<string, string>();
  const absorb = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  async function request(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const requestHeaders: Record<string, string> = {
      origin,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
      ...headers,
      ...init.headers,
    };
    if (jar.size) requestHeaders.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.body !== undefined) {
      requestHeaders['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const response = await app.request(new URL(path, origin).toString(), {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: requestHeaders,
      body,
    });
    absorb(response);
    return response;
  }
  return {
    request,
    async json<T = Record<string, unknown>>(path: string, init?: Parameters<typeof request>[1]) {
      const response = await request(path, init);
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      return { status: response.status, body: parsed as T, response };
    },
    cookies: jar,
    clearCookies: () => jar.clear(),
  };
}

export type TestBrowser = ReturnType<typeof createBrowser>;

/**
 * Waits until every connection of the browser's user is idle (its sync done), asking GET /connections
 * every 100 ms for at most a minute; the connections as last listed.
 */
export async function waitForSync<Connection extends { sync: { state: string } }>(
  browser: TestBrowser,
): Promise<Connection[]> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const list = await browser.json<{ data: { connections: Connection[] } }>('/api/v1/connections');
    const connections = list.body.data.connections;
    if (connections.every((connection) => connection.sync.state === 'idle')) return connections;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('sync did not finish');
}
