import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** JSON (and other text) the server writes itself; built assets come precompressed from the build. */
const COMPRESSIBLE =
  /^\s*(?:application\/(?:[\w.+-]*\+)?json|application\/x-ndjson|image\/svg\+xml|text\/(?!event-stream)[\w.+-]+|application\/javascript)\b/i;

type Encoding = 'br' | 'gzip';

/** The client's best of brotli and gzip by their q-values (brotli on a tie), or none. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const wildcard = q.get('*') ?? 0;
  const br = q.get('br') ?? wildcard;
  const gzip = q.get('gzip') ?? q.get('x-gzip') ?? wildcard;
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Reads a body until it has `threshold` bytes or ends: a short body is answered as it is, a longer one
 * is compressed as a stream (the bytes already read go first), so a large export is never held whole.
 */
async function peek(
  body: ReadableStream<Uint8Array>,
  threshold: number,
): Promise<{ head: Uint8Array[]; size: number; rest: ReadableStreamDefaultReader<Uint8Array> | undefined }> {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < threshold) {
    const { done, value } = await reader.read();
    if (done) return { head, size, rest: undefined };
    head.push(value);
    size += value.byteLength;
  }
  return { head, size, rest: reader };
}

function joined(
  head: Uint8Array[],
  rest: ReadableStreamDefaultReader<Uint8Array>,
): ReadableStream<Uint8Array> {
  const queued = [...head];
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = queued.shift();
      if (next) return controller.enqueue(next);
      const { done, value } = await rest.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return rest.cancel(reason);
    },
  });
}

function compressor(encoding: Encoding) {
  return encoding === 'br'
    ? // Quality 4: most of brotli's gain over gzip at gzip's speed (11 is for build time only).
      createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : createGzip({ level: 6 });
}

/**
 * Compresses responses of `threshold` bytes or more (1 KB by default) with brotli or gzip when the
 * client asks for it. The answer then varies by `Accept-Encoding` (said whether or not this client asked),
 * carries no `Content-Length` (it is streamed) and a strong `ETag` becomes weak. Responses already
 * encoded (precompressed assets), partial ones, `no-transform` ones and event streams pass untouched.
 */
export function compressResponses(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (
      c.req.method === 'HEAD' ||
      !res.body ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(type) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const declared = res.headers.get('Content-Length');
    if (declared !== null && Number(declared) < threshold) return;

    const { head, size, rest } = await peek(res.body, threshold);
    // Hono copies the old response's headers onto a new one, so headers are changed after the swap.
    if (!rest) {
      // Short: the same bytes, uncompressed, whatever the client accepts.
      c.res = new Response(size ? Buffer.concat(head) : null, res);
      c.res.headers.set('Content-Length', String(size));
      return;
    }
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const whole = joined(head, rest);
    c.res = new Response(
      encoding
        ? (Readable.toWeb(
            Readable.fromWeb(whole as WebReadableStream<Uint8Array>).pipe(compressor(encoding)),
          ) as ReadableStream<Uint8Array>)
        : whole,
      res,
    );
    const headers = c.res.headers;
    const vary = headers.get('Vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!encoding) return;
    headers.delete('Content-Length');
    headers.set('Content-Encoding', encoding);
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  };
}
