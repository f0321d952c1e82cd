import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createMemoryRateLimitStore } from '../http/rate-limit';
import { createLogger } from '../logger';
import { startServerInstance } from '../sync/instance';
import { createAuthWorld, ORIGIN, type AuthWorld } from '../testing/auth-fixtures';
import { createBrowser } from '../testing/browser';
import { addAccount, addTransactions, signedInUser } from '../use-cases/transactions/test-fixtures';

/** GET /user/export/progress: the rows the running export download has written so far. */

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Progress = { running: boolean; rowsWritten: number; totalRows: number | null };

describe('GET /user/export/progress', () => {
  it('reports the transactions written of the total while the export streams, and nothing after', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(w.t.database.db, userId);
    // More rows than the stream can hold while nobody reads: the export writes 2,000 transactions per
    // chunk and waits once 8 chunks are queued (text-stream.ts), so with only the first chunk read at most
    // 14,000 of the 20,000 rows can be written, however fast the server is. Four inserts: one statement
    // takes at most 65,535 parameters.
    for (const quarter of [0, 1, 2, 3]) {
      await addTransactions(
        w.t.database.db,
        userId,
        account.id,
        Array.from({ length: 5_000 }, (_, index) => ({
          date: `2026-0${(index % 9) + 1}-1${index % 10}`,
          amountMinor: -index - 1 - quarter * 5_000,
          name: `Row ${index}`,
        })),
      );
    }
    const progress = async () =>
      (await browser.json<{ data: Progress }>('/api/v1/user/export/progress')).body.data;
    expect(await progress()).toEqual({ running: false, rowsWritten: 0, totalRows: null });

    const response = await browser.request('/api/v1/user/export');
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let bytes = 0;
    try {
      await reader.read();
      const during = await progress();
      expect(during).toMatchObject({ running: true, totalRows: 20_000 });
      expect(during.rowsWritten).toBeGreaterThanOrEqual(0);
      expect(during.rowsWritten).toBeLessThan(20_000);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
      }
    } finally {
      // A failed check above must not leave the export's transaction open behind an unread stream.
      await reader.cancel();
    }
    expect(bytes).toBeGreaterThan(0);
    await expect.poll(progress).toEqual({ running: false, rowsWritten: 0, totalRows: null });

    // Someone else's export is not theirs to watch.
    const other = await signedInUser(w);
    expect(
      (await other.browser.json<{ data: Progress }>('/api/v1/user/export/progress')).body.data.running,
    ).toBe(false);
  }, 60_000);

  it('answers from another instance on the same database while the export streams', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(w.t.database.db, userId);
    await addTransactions(
      w.t.database.db,
      userId,
      account.id,
      Array.from({ length: 6_000 }, (_, index) => ({
        date: `2026-0${(index % 9) + 1}-1${index % 10}`,
        amountMinor: -index - 1,
        name: `Row ${index}`,
      })),
    );
    // A second server process on the same database, as behind a load balancer: same session cookie.
    const logger = createLogger('silent');
    const instance = await startServerInstance({ db: w.t.database.db, logger, version: '0.0.0-test' });
    const other = createApp({
      config: w.t.config,
      db: w.t.database.db,
      logger,
      version: '0.0.0-test',
      installedAt: new Date(),
      rateLimitStore: createMemoryRateLimitStore(),
      instanceId: instance.id,
      readiness: async () => 'ready',
      webDistDir: undefined,
    });
    const onB = createBrowser(other, ORIGIN, { 'x-forwarded-for': '198.51.100.251' });
    for (const [name, value] of browser.cookies) onB.cookies.set(name, value);
    const progressOnB = async () =>
      (await onB.json<{ data: Progress }>('/api/v1/user/export/progress')).body.data;
    try {
      expect(await progressOnB()).toEqual({ running: false, rowsWritten: 0, totalRows: null });
      const response = await browser.request('/api/v1/user/export');
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read();
      await expect.poll(progressOnB).toMatchObject({ running: true, totalRows: 6_000 });
      while (!(await reader.read()).done);
      await expect.poll(progressOnB).toEqual({ running: false, rowsWritten: 0, totalRows: null });
    } finally {
      await instance.stop();
    }
  }, 60_000);
});
