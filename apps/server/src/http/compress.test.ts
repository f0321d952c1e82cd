import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressResponses } from './compress';

const big = {
  rows: Array.from({ length: 200 }, (_, i) => ({ id: i, amount: '12.34', payee: 'Corner Shop' })),
};

function testApp() {
  const app = new Hono();
  app.use('*', compressResponses());
  app.get('/big', (c) => c.json(big));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/tagged', (c) => {
    c.header('ETag', '"v1"');
    c.header('Vary', 'Cookie');
    return c.json(big);
  });
  app.get('/no-transform', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.json(big);
  });
  app.get('/stream', () => {
    const encoder = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 50) return controller.close();
        sent += 1;
        controller.enqueue(encoder.encode(`${JSON.stringify({ line: sent, text: 'x'.repeat(100) })}\n`));
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } });
  });
  app.get('/csv', (c) => c.body('date,amount\n'.repeat(200), 200, { 'Content-Type': 'text/csv' }));
  app.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  return app;
}

const get = (path: string, encoding?: string) =>
  testApp().request(path, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('response compression', () => {
  it('sends JSON over 1 KB with brotli or gzip when asked, the same JSON when not', async () => {
    const plain = await get('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const plainBody = await bytes(plain);
    expect(JSON.parse(plainBody.toString('utf8'))).toEqual(big);

    const br = await get('/big', 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-length')).toBeNull();
    const brBody = await bytes(br);
    expect(brBody.length).toBeLessThan(plainBody.length / 4);
    expect(brotliDecompressSync(brBody)).toEqual(plainBody);

    const gzip = await get('/big', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzip))).toEqual(plainBody);
  });

  it('leaves responses under 1 KB alone, with their length', async () => {
    const small = await get('/small', 'br, gzip');
    expect(small.headers.get('content-encoding')).toBeNull();
    const body = await bytes(small);
    expect(small.headers.get('content-length')).toBe(String(body.length));
    expect(JSON.parse(body.toString('utf8'))).toEqual({ ok: true });
  });

  it('keeps other Vary values and makes a strong ETag weak when the bytes change', async () => {
    const compressed = await get('/tagged', 'br');
    expect(compressed.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(compressed.headers.get('etag')).toBe('W/"v1"');
    const plain = await get('/tagged');
    expect(plain.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(plain.headers.get('etag')).toBe('"v1"');
  });

  it('compresses a streamed body as it goes and text such as CSV, never images or no-transform', async () => {
    const stream = await get('/stream', 'gzip');
    expect(stream.headers.get('content-encoding')).toBe('gzip');
    const lines = gunzipSync(await bytes(stream))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(50);
    expect(JSON.parse(lines[49]!)).toMatchObject({ line: 50 });

    expect((await get('/csv', 'br')).headers.get('content-encoding')).toBe('br');
    const png = await get('/png', 'br');
    expect(png.headers.get('content-encoding')).toBeNull();
    expect((await bytes(png)).length).toBe(4096);
    expect((await get('/no-transform', 'br')).headers.get('content-encoding')).toBeNull();
  });

  it('follows the q-values of Accept-Encoding', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('gzip, *;q=0')).toBe('gzip');
  });
});
