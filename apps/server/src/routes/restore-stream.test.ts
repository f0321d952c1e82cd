import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { NOT_JSON } from '../use-cases/data/stage-export';
import { comparable, footprint, type ExportDoc } from '../use-cases/data/test-fixtures';
import { addAccount, addTransactions, signedInUser } from '../use-cases/transactions/test-fixtures';

/** Restores read the upload as a stream: any size up to the cap, all or nothing, with progress. */

let w: AuthWorld;
let small: AuthWorld;
let source: { browser: TestBrowser; userId: string };
let doc: ExportDoc;
let text: string;
beforeAll(async () => {
  w = await createAuthWorld();
  small = await createAuthWorld({ RESTORE_MAX_BYTES: '4096' });
  source = await signedInUser(w);
  const account = await addAccount(w.t.database.db, source.userId, { name: 'Checking' });
  await addTransactions(
    w.t.database.db,
    source.userId,
    account.id,
    Array.from({ length: 3_000 }, (_, index) => ({
      date: `2026-0${(index % 9) + 1}-1${index % 10}`,
      amountMinor: -(index % 500) - 1,
      name: `Shop ${index % 41}`,
    })),
  );
  const response = await source.browser.request('/api/v1/user/export');
  text = await response.text();
  doc = JSON.parse(text) as ExportDoc;
}, 60_000);
afterAll(async () => {
  await w.close();
  await small.close();
});

type Answer = { status: number; body: { success: boolean; data?: unknown; error?: string } };

/** POST /user/restore with a raw body (bytes, or a stream read as the server pulls it). */
async function post(
  world: AuthWorld,
  browser: TestBrowser,
  body: Uint8Array | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await world.t.app.request('http://localhost:3000/api/v1/user/restore', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', cookie, 'content-type': 'application/json', ...headers },
    body,
    // Needed by fetch's Request for a streamed body.
    ...({ duplex: 'half' } as object),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const bytes = (value: string) => new TextEncoder().encode(value);

/** A stream of `parts`, each handed over when the server asks for more. */
function streamOf(parts: Iterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = parts[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}

async function exportOf(browser: TestBrowser): Promise<ExportDoc> {
  return (await (await browser.request('/api/v1/user/export')).json()) as ExportDoc;
}

describe('POST /user/restore reads the upload as a stream', () => {
  it('restores a body larger than the old 100 MB limit', async () => {
    // The export with 101 MB of whitespace between its transactions: valid JSON, streamed in 1 MB parts.
    const [head, tail] = [
      text.slice(0, text.indexOf('"transactions":[') + 16),
      text.slice(text.indexOf('"transactions":[') + 16),
    ];
    const pad = new Uint8Array(1024 * 1024).fill(0x20);
    function* parts() {
      yield bytes(head);
      for (let index = 0; index < 101; index += 1) yield pad;
      yield bytes(tail);
    }
    const target = await signedInUser(w);
    const answer = await post(w, target.browser, streamOf(parts()));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ accounts: 1, transactions: 3_000 });
    expect(comparable(await exportOf(target.browser))).toEqual(comparable(doc));
  }, 120_000);

  it('writes nothing from a file cut off anywhere, or broken gzip', async () => {
    const target = await signedInUser(w);
    const before = await footprint(w, target.userId);
    for (const share of [0.1, 0.5, 0.99]) {
      const cut = bytes(text.slice(0, Math.floor(text.length * share)));
      const answer = await post(w, target.browser, cut);
      expect(answer).toMatchObject({ status: 400, body: { error: NOT_JSON } });
      const zipped = gzipSync(cut);
      expect(await post(w, target.browser, zipped, { 'content-encoding': 'gzip' })).toMatchObject({
        status: 400,
        body: { error: NOT_JSON },
      });
    }
    const whole = gzipSync(text);
    const truncatedGzip = whole.subarray(0, Math.floor(whole.length * 0.7));
    expect(await post(w, target.browser, truncatedGzip, { 'content-encoding': 'gzip' })).toMatchObject({
      status: 400,
      body: { error: 'The file is not valid gzip' },
    });
    expect(await footprint(w, target.userId)).toEqual(before);
  }, 60_000);

  it('refuses more than RESTORE_MAX_BYTES with 413, uploaded or inflated, and writes nothing', async () => {
    const target = await signedInUser(small);
    const before = await footprint(small, target.userId);
    const tooLarge = { status: 413, body: { error: 'The export file is larger than 4 KB' } };
    // Declared too large, streamed without a length, and small when gzipped but not once inflated.
    expect(await post(small, target.browser, bytes(text))).toMatchObject(tooLarge);
    expect(await post(small, target.browser, streamOf([bytes(text)]))).toMatchObject(tooLarge);
    const bomb = gzipSync(`${text.slice(0, 200)}${' '.repeat(100_000)}`);
    expect(bomb.length).toBeLessThan(4096);
    expect(await post(small, target.browser, bomb, { 'content-encoding': 'gzip' })).toMatchObject(tooLarge);
    expect(await footprint(small, target.userId)).toEqual(before);
  });

  it('reports the rows read and restored while it runs', async () => {
    const target = await signedInUser(w);
    const progress = async () =>
      (
        await target.browser.json<{
          data: {
            running: boolean;
            phase: string | null;
            rowsRead: number;
            rowsRestored: number;
            totalRows: number | null;
          };
        }>('/api/v1/user/restore/progress')
      ).body.data;
    expect(await progress()).toEqual({
      running: false,
      phase: null,
      rowsRead: 0,
      rowsRestored: 0,
      totalRows: null,
    });

    // The upload stops half-way until the test has seen the progress.
    const middle = text.indexOf('"id"', Math.floor(text.length / 2));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(bytes(text.slice(0, middle)));
          return;
        }
        await gate;
        controller.enqueue(bytes(text.slice(middle)));
        controller.close();
      },
    });
    const answer = post(w, target.browser, body);
    let seen = await progress();
    for (let tries = 0; tries < 100 && seen.rowsRead === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await progress();
    }
    expect(seen).toMatchObject({ running: true, phase: 'reading', rowsRestored: 0, totalRows: null });
    expect(seen.rowsRead).toBeGreaterThan(0);
    expect(seen.rowsRead).toBeLessThan(3_000);
    // Nothing is visible in the account while the restore runs.
    expect(Object.values(await footprint(w, target.userId)).every((n) => n === 0)).toBe(true);
    release();
    expect((await answer).status).toBe(200);
    expect(await progress()).toMatchObject({ running: false });
  }, 60_000);
});
