import { outboundRequest, type OutboundPolicy } from './guard';

/** Statuses whose answer has no body (a Response with one would throw). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for libraries that take one (viem's `http` transport): every request goes through the
 * outbound-request guard under `policy`, with its time and size limits; no redirect is followed.
 */
export function guardedFetch(
  policy: OutboundPolicy,
  limits: { timeoutMs: number; maxResponseBytes: number },
): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers: Record<string, string> = {};
    new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).forEach(
      (value, name) => {
        headers[name] = value;
      },
    );
    const body = init?.body;
    const bytes =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? Buffer.from(body, 'utf8')
          : body instanceof Uint8Array
            ? body
            : Buffer.from(await new Response(body).arrayBuffer());
    const response = await outboundRequest(
      url,
      {
        method: (init?.method ?? 'GET').toUpperCase(),
        headers,
        ...(bytes ? { body: bytes } : {}),
        timeoutMs: limits.timeoutMs,
        maxResponseBytes: limits.maxResponseBytes,
        maxRedirects: 0,
      },
      policy,
    );
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
    }
    return new Response(NULL_BODY.has(response.status) ? null : new Uint8Array(response.body), {
      status: response.status,
      headers: responseHeaders,
    });
  };
}
