import { eq } from 'drizzle-orm';
import { importBatch, importJob } from '@lodestar/db';
import { OFX_BANK_AND_CARD } from '@lodestar/domain/import/fixtures/ofx-exports';
import { QIF_CHECKING_AND_CARD } from '@lodestar/domain/import/fixtures/qif-exports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import {
  addManualAccount,
  type Envelope,
  signedUp as signedUpIn,
  transactionLines,
} from '../testing/statement-imports';

// Issue 17: a multi-account file of more than IMPORT_JOB_ROWS rows (all statements together) is imported
// as a background job (ADR 063), committing every statement in one transaction with one undo, as the
// synchronous import does. The test app has no job queue, so the job runs in the process that queued it.

const JOB_ROWS = 4;

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({ IMPORT_JOB_ROWS: String(JOB_ROWS) });
});
afterAll(async () => {
  await w.close();
});

type StatementsResult = {
  id: string;
  importedCount: number;
  duplicateCount: number;
  statements: { statement: number; accountId: string; created: boolean; importedCount: number }[];
};
type Job = {
  id: string;
  fileName: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  totalRows: number;
  doneRows: number;
  result: StatementsResult | null;
  error: string | null;
};

const db = () => w.t.database.db;
const signedUp = () => signedUpIn(w);
const addAccount = (userId: string, values: { name: string; mask: string; type?: string }) =>
  addManualAccount(w, userId, values);

const commitAll = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.json<Envelope<{ batch?: StatementsResult; job?: Job }>>('/api/v1/imports/statements', { body });

/** Reads the job until it has ended (it runs in this process, right after the answer). */
async function ended(browser: TestBrowser, id: string): Promise<Job> {
  for (let read = 0; read < 600; read += 1) {
    const answer = await browser.json<Envelope<{ job: Job }>>(`/api/v1/imports/jobs/${id}`);
    expect(answer.status, answer.body.error).toBe(200);
    const job = answer.body.data.job;
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The import job did not end');
}

const rowsOf = (accountId: string) => transactionLines(w, accountId);

describe('a multi-account import of more than IMPORT_JOB_ROWS rows', () => {
  it('is queued (202), and the job commits every statement in one batch that one undo removes', async () => {
    const { browser, userId } = await signedUp();
    const checking = await addAccount(userId, { name: 'Checking', mask: '6789' });
    const visa = await addAccount(userId, { name: 'Visa', mask: '4321', type: 'credit' });
    const body = { accountId: checking, fileName: 'all-accounts.ofx', content: OFX_BANK_AND_CARD };

    const queued = await commitAll(browser, body);
    expect(queued.status, queued.body.error).toBe(202);
    expect(queued.body.data.batch).toBeUndefined();
    expect(queued.body.data.job).toMatchObject({ fileName: 'all-accounts.ofx', totalRows: 6, result: null });

    const job = await ended(browser, queued.body.data.job?.id ?? '');
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.doneRows).toBe(6);
    expect(job.result).toMatchObject({
      importedCount: 6,
      duplicateCount: 0,
      statements: [
        { statement: 0, accountId: checking, created: false, importedCount: 3 },
        { statement: 1, accountId: visa, created: false, importedCount: 3 },
      ],
    });
    // The same rows as the synchronous import of this file (imports-statements.test.ts).
    expect(await rowsOf(checking)).toEqual([
      'AT&T MOBILITY -4567',
      'ACME CORP PAYROLL 250000',
      'VISA CARD PAYMENT -31240',
    ]);
    expect(await rowsOf(visa)).toEqual([
      'WHOLE FOODS MARKET -6420',
      'SHELL OIL 5744 -2875',
      'PAYMENT THANK YOU 31240',
    ]);
    const batches = await db().select().from(importBatch).where(eq(importBatch.userId, userId));
    expect(batches.map((batch) => batch.id)).toEqual([job.result?.id]);
    // The sealed request is gone once the job has ended.
    const [stored] = await db().select().from(importJob).where(eq(importJob.id, job.id));
    expect(stored?.request).toBeNull();

    // Duplicates are found per account in the job too: the same file again adds nothing.
    const again = await commitAll(browser, body);
    expect(again.status).toBe(202);
    const second = await ended(browser, again.body.data.job?.id ?? '');
    expect(second.result).toMatchObject({ importedCount: 0, duplicateCount: 6 });

    const undone = await browser.json<Envelope<{ removed: number }>>(`/api/v1/imports/${job.result?.id}`, {
      method: 'DELETE',
    });
    expect(undone.status, undone.body.error).toBe(200);
    expect(undone.body.data.removed).toBe(6);
    expect(await rowsOf(checking)).toEqual([]);
    expect(await rowsOf(visa)).toEqual([]);
  });

  it('refuses a statement with no account (400) before storing a job', async () => {
    const { browser, userId } = await signedUp();
    const checking = await addAccount(userId, { name: 'Checking', mask: '6789' });
    const refused = await commitAll(browser, {
      accountId: checking,
      fileName: 'all-accounts.ofx',
      content: OFX_BANK_AND_CARD,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.items?.[0]?.field).toBe('statementAccounts');
    expect(await db().select().from(importJob).where(eq(importJob.userId, userId))).toEqual([]);
  });

  it('imports a file of exactly IMPORT_JOB_ROWS rows at once (201)', async () => {
    const { browser, userId } = await signedUp();
    const checking = await addAccount(userId, { name: 'Everyday Checking', mask: '1111' });
    const done = await commitAll(browser, {
      accountId: checking,
      fileName: 'two.qif',
      content: QIF_CHECKING_AND_CARD,
      statementAccounts: [{ statement: 1, newAccountName: 'Travel Visa' }],
    });
    expect(done.status, done.body.error).toBe(201);
    expect(done.body.data.job).toBeUndefined();
    expect(done.body.data.batch).toMatchObject({ importedCount: JOB_ROWS, duplicateCount: 0 });
    expect(await db().select().from(importJob).where(eq(importJob.userId, userId))).toEqual([]);
  });
});
