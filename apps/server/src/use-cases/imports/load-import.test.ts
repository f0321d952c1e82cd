import { financialAccount } from '@lodestar/db';
import { eq } from 'drizzle-orm';
import type { CsvMapping } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../../testing/auth-fixtures';
import { addAccount, signedInUser } from '../transactions/test-fixtures';
import { commitImport } from './commit-import';
import { loadImport, type ImportInput } from './load-import';
import type { ImportFile } from './read-import-file';

const CSV = 'Date,Description,Amount\n2026-11-02,Corner Café,-4.50\n2026-11-03,Salary,2500.00\n';
const NOW = new Date('2026-11-20T12:00:00Z');
const noLimits = { accounts: null, transactions: null };

/** The mapping a read used, as a request gives it. */
function mappingOf(file: ImportFile): CsvMapping {
  const { warnings: _warnings, ...mapping } = file.mapping!;
  return mapping;
}

describe('the file as read for an import (kept from the preview for the import)', () => {
  let w: AuthWorld;
  beforeAll(async () => {
    w = await createAuthWorld();
  });
  afterAll(async () => {
    await w.close();
  });

  it('reads a file once for the same input, and anew when anything the read depends on changes', async () => {
    const db = w.t.database.db;
    const { userId } = await signedInUser(w);
    const account = await addAccount(db, userId);
    const input: ImportInput = {
      accountId: account.id,
      fileName: 'bank.csv',
      contentBase64: Buffer.from(CSV).toString('base64'),
    };
    const first = await loadImport(db, userId, input, NOW);
    expect((await loadImport(db, userId, { ...input }, NOW)).file).toBe(first.file);

    // Each of these reads the file again (a new object), never the kept read.
    const changed: [string, () => Promise<unknown>][] = [
      [
        'content',
        () =>
          loadImport(
            db,
            userId,
            { ...input, contentBase64: Buffer.from(`${CSV}\n`).toString('base64') },
            NOW,
          ),
      ],
      [
        'same bytes sent as text',
        () => loadImport(db, userId, { ...input, contentBase64: undefined, content: CSV }, NOW),
      ],
      ['encoding chosen', () => loadImport(db, userId, { ...input, encoding: 'windows-1252' }, NOW)],
      ['file name', () => loadImport(db, userId, { ...input, fileName: 'bank.txt.csv' }, NOW)],
      ['day', () => loadImport(db, userId, input, new Date('2026-11-22T12:00:00Z'))],
      [
        'mapping',
        () =>
          loadImport(db, userId, { ...input, mapping: { ...mappingOf(first.file), invertSign: true } }, NOW),
      ],
    ];
    for (const [what, load] of changed) {
      const again = await loadImport(db, userId, input, NOW);
      const other = (await load()) as { file: unknown };
      expect(other.file, what).not.toBe(again.file);
    }

    // The account's currency is part of the read (every amount must be in it).
    const kept = (await loadImport(db, userId, input, NOW)).file;
    await db.update(financialAccount).set({ currency: 'EUR' }).where(eq(financialAccount.id, account.id));
    const inEuro = await loadImport(db, userId, input, NOW);
    expect(inEuro.file).not.toBe(kept);
    expect(inEuro.file.transactions.map((row) => row.currency)).toEqual(['EUR', 'EUR']);
  });

  it("lets the import use the preview's read when it sends back the mapping the preview used", async () => {
    const db = w.t.database.db;
    const { userId } = await signedInUser(w);
    const account = await addAccount(db, userId);
    const input: ImportInput = { accountId: account.id, fileName: 'bank.csv', content: CSV };
    const preview = await loadImport(db, userId, input, NOW);
    const withMapping = { ...input, mapping: mappingOf(preview.file) };
    // A preview with the mapping given reads again: its notes on how the columns were found differ.
    expect((await loadImport(db, userId, withMapping, NOW)).file).not.toBe(preview.file);
    const previewAgain = await loadImport(db, userId, input, NOW);
    expect((await loadImport(db, userId, withMapping, NOW, { forImport: true })).file).toBe(
      previewAgain.file,
    );
    const other = { ...input, mapping: { ...mappingOf(previewAgain.file), invertSign: true } };
    const inverted = await loadImport(db, userId, other, NOW, { forImport: true });
    expect(inverted.file).not.toBe(previewAgain.file);
    expect(inverted.file.transactions.map((row) => row.amountMinor)).toEqual([450, -250_000]);
  });

  it("keeps one user's read from another's, and forgets it once imported", async () => {
    const db = w.t.database.db;
    const owner = await signedInUser(w);
    const other = await signedInUser(w);
    const account = await addAccount(db, owner.userId);
    const detected = await loadImport(
      db,
      owner.userId,
      { accountId: account.id, fileName: 'bank.csv', content: CSV },
      NOW,
    );
    // With the mapping given (as the web app sends it back), the one the import saves plays no part.
    const input: ImportInput = {
      accountId: account.id,
      fileName: 'bank.csv',
      content: CSV,
      mapping: mappingOf(detected.file),
    };
    const previewed = await loadImport(db, owner.userId, input, NOW);
    expect((await loadImport(db, owner.userId, input, NOW)).file).toBe(previewed.file);
    // Another user naming the same account is refused as before, whatever is kept.
    await expect(loadImport(db, other.userId, input, NOW)).rejects.toMatchObject({
      extra: { items: [{ field: 'accountId', message: 'No such account' }] },
    });

    const result = await commitImport({ db, userId: owner.userId, input, limits: noLimits, now: NOW });
    expect(result.importedCount).toBe(2);
    expect((await loadImport(db, owner.userId, input, NOW)).file).not.toBe(previewed.file);
  });
});
