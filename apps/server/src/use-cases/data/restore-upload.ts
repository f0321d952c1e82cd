import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import { AppError } from '../../http/app-error';

/** '2 GB', '512 MB', '64 KB': a byte cap as the 413 message states it (binary units). */
export function sizeText(bytes: number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

export const restoreTooLarge = (maxBytes: number) => `The export file is larger than ${sizeText(maxBytes)}`;

async function* capped(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', restoreTooLarge(maxBytes));
    yield chunk;
  }
}

/**
 * The upload of a restore as it arrives, inflated when it is gzipped (`Content-Encoding: gzip`), never
 * held whole: more than `maxBytes` uploaded, or inflated, is a 413 as soon as the count passes it.
 */
export async function* uploadChunks(
  body: ReadableStream<Uint8Array> | null,
  options: { gzip: boolean; maxBytes: number },
): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const raw = capped(Readable.fromWeb(body as WebReadableStream<Uint8Array>), options.maxBytes);
  if (!options.gzip) {
    yield* raw;
    return;
  }
  const gunzip = createGunzip();
  const piping = pipeline(Readable.from(raw), gunzip);
  piping.catch(() => undefined);
  try {
    yield* capped(gunzip, options.maxBytes);
    await piping;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_FAILED', 'The file is not valid gzip', { items: [] });
  } finally {
    gunzip.destroy();
  }
}
