import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error';

/**
 * Accepts a request body sent with `Content-Encoding: gzip`: it is inflated as a stream, refused with 413
 * once the inflated size passes `maxBytes` (a small file that inflates without end is cut off), and
 * handed on as a plain body, so every later step (NUL refusal, validation) reads the JSON itself.
 */
export function gunzipBody(options: { maxBytes: number; tooLarge: string }): MiddlewareHandler {
  return async (c, next) => {
    const encoding = c.req.header('content-encoding')?.trim().toLowerCase();
    if (encoding !== 'gzip' || !c.req.raw.body) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      const source = Readable.fromWeb(c.req.raw.body as WebReadableStream);
      for await (const chunk of source.pipe(createGunzip())) {
        size += (chunk as Buffer).length;
        if (size > options.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', options.tooLarge);
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('VALIDATION_FAILED', 'The file is not valid gzip', { items: [] });
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-encoding');
    headers.set('content-length', String(size));
    c.req.raw = new Request(c.req.raw.url, {
      method: c.req.raw.method,
      headers,
      body: Buffer.concat(chunks),
    });
    return next();
  };
}
