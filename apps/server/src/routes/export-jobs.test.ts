import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { insertExportJob } from '@lodestar/db';
import { createLogger } from '../logger';
import { runExportJob } from '../use-cases/data/export-jobs';
import { comparable, seedVariedUser, type ExportDoc } from '../use-cases/data/test-fixtures';
import { signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

// ADR 063: an export as a job: POST /user/exports queues it, the job writes the gzip'd document into
// the database, GET /user/exports/{id} answers its progress, and /file serves it: the same document as
// the streamed GET /user/export. Only its owner reaches either.
const clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
});
afterAll(async () => {
  await w.close();
});

type Job = { id: string; state: string; rowsWritten: number; totalRows: number | null; bytes: number };

async function finished(browser: TestBrowser, id: string): Promise<Job> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const read = await browser.json<Envelope<{ job: Job }>>(`/api/v1/user/exports/${id}`);
    expect(read.status).toBe(200);
    if (read.body.data.job.state === 'done' || read.body.data.job.state === 'failed')
      return read.body.data.job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not finish');
}

describe('an export as a background job', () => {
  let owner: { browser: TestBrowser; userId: string };
  beforeAll(async () => {
    owner = await signedInUser(w);
    await seedVariedUser(w, owner.browser, owner.userId);
  }, 120_000);

  it('writes the same document as the streamed export, gzip’d, and serves it to its owner only', async () => {
    const streamed = (await (await owner.browser.request('/api/v1/user/export')).json()) as ExportDoc;
    const queued = await owner.browser.json<Envelope<{ job: Job }>>('/api/v1/user/exports', {
      method: 'POST',
    });
    expect(queued.status).toBe(202);
    expect(queued.body.data.job).toMatchObject({ state: 'queued', rowsWritten: 0 });
    const job = await finished(owner.browser, queued.body.data.job.id);
    expect(job.state).toBe('done');
    expect(job.rowsWritten).toBe(streamed.transactions.length);
    expect(job.totalRows).toBe(streamed.transactions.length);

    const file = await owner.browser.request(`/api/v1/user/exports/${job.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/gzip');
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="lodestar-export-2026-11-20T15-00-00Z.json.gz"',
    );
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(job.bytes);
    const doc = JSON.parse(gunzipSync(bytes).toString('utf8')) as ExportDoc;
    expect(comparable(doc)).toEqual(comparable(streamed));
    expect(doc.transactions.map((row) => row.id)).toEqual(streamed.transactions.map((row) => row.id));

    const other = await signedInUser(w);
    const foreign = await other.browser.json<Envelope<unknown>>(`/api/v1/user/exports/${job.id}`);
    expect(foreign.status).toBe(404);
    expect((await other.browser.request(`/api/v1/user/exports/${job.id}/file`)).status).toBe(404);
    const stored = await w.t.database.pool.query('select 1 from export_chunk where job_id = $1', [job.id]);
    expect(stored.rowCount).toBeGreaterThan(0);
  }, 60_000);

  it('serves a file stored in many pieces whole and in order', async () => {
    const streamed = (await (await owner.browser.request('/api/v1/user/export')).json()) as ExportDoc;
    const id = await insertExportJob(w.t.database.db, { userId: owner.userId, fileName: 'export.json.gz' });
    // Pieces of 512 bytes instead of a megabyte: the gzip'd document takes many.
    expect(
      await runExportJob({ db: w.t.database.db, logger: createLogger('silent'), now: () => clock }, id, {
        lastAttempt: true,
        chunkBytes: 512,
      }),
    ).toBe('done');
    const job = await finished(owner.browser, id);
    const pieces = await w.t.database.pool.query<{ idx: number; size: number }>(
      'select idx, length(bytes)::int as size from export_chunk where job_id = $1 order by idx',
      [id],
    );
    expect(pieces.rowCount).toBeGreaterThan(3);
    expect(pieces.rows.map((piece) => piece.idx)).toEqual(pieces.rows.map((_, index) => index));
    // Every piece but the last is full.
    for (const piece of pieces.rows.slice(0, -1)) expect(piece.size).toBe(512);
    const file = await owner.browser.request(`/api/v1/user/exports/${id}/file`);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(job.bytes);
    const doc = JSON.parse(gunzipSync(bytes).toString('utf8')) as ExportDoc;
    expect(comparable(doc)).toEqual(comparable(streamed));
    expect(doc.transactions.map((row) => row.id)).toEqual(streamed.transactions.map((row) => row.id));
  }, 60_000);
});
