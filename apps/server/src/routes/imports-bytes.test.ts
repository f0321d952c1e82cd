import { eq } from 'drizzle-orm';
import { financialAccount, importBatch, transaction } from '@lodestar/db';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

type Envelope<T> = {
  success: boolean;
  data: T;
  error?: string;
  items?: { field: string; message: string }[];
};
type Preview = {
  kind: string;
  encoding: { name: string; source: string; nulRemoved: number } | null;
  rows: { line: number; date: string; name: string; amount: { amountMinor: number } }[];
  newCount: number;
  warnings: string[];
};

const db = () => w.t.database.db;

async function person(currency = 'EUR') {
  const { browser } = await w.signUp();
  const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
  const [row] = await db()
    .insert(financialAccount)
    .values({ userId: me.body.data.id, name: 'Girokonto', type: 'depository', provider: 'manual', currency })
    .returning({ id: financialAccount.id });
  if (!row) throw new Error('no account');
  return { browser, accountId: row.id };
}

// A French bank export saved by Excel on Windows: semicolons, DD/MM/YYYY, comma decimals, Windows-1252.
const FRENCH = `Date;Libellé;Montant
03/01/2024;Café de la Gare;-4,50
04/01/2024;Boulangerie Élysée;-12,80
05/01/2024;Virement reçu – Noël €;250,00
`;
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const encoded = (text: string, encoding: string) => new Uint8Array(iconv.encode(text, encoding));

describe('files uploaded as bytes', () => {
  it('detects Windows-1252, shows it, and imports the accented names and € exactly', async () => {
    const { browser, accountId } = await person();
    const body = {
      accountId,
      fileName: 'releve.csv',
      contentBase64: base64(encoded(FRENCH, 'windows-1252')),
    };
    const seen = await browser.json<Envelope<Preview>>('/api/v1/imports/preview', { body });
    expect(seen.status).toBe(200);
    expect(seen.body.data.encoding).toEqual({ name: 'windows-1252', source: 'detected', nulRemoved: 0 });
    expect(seen.body.data.rows.map((row) => row.name)).toEqual([
      'Café de la Gare',
      'Boulangerie Élysée',
      'Virement reçu – Noël €',
    ]);

    const done = await browser.json<Envelope<{ batch: { importedCount: number } }>>('/api/v1/imports', {
      body,
    });
    expect(done.status).toBe(201);
    const names = await db()
      .select({ name: transaction.name })
      .from(transaction)
      .where(eq(transaction.accountId, accountId))
      .orderBy(transaction.date);
    expect(names.map((row) => row.name)).toEqual([
      'Café de la Gare',
      'Boulangerie Élysée',
      'Virement reçu – Noël €',
    ]);
  });

  it('reads the encoding the user chose instead of the detected one', async () => {
    const { browser, accountId } = await person();
    const contentBase64 = base64(encoded(FRENCH, 'windows-1252'));
    const seen = await browser.json<Envelope<Preview>>('/api/v1/imports/preview', {
      body: { accountId, fileName: 'releve.csv', contentBase64, encoding: 'utf-8' },
    });
    expect(seen.status).toBe(200);
    expect(seen.body.data.encoding).toEqual({ name: 'utf-8', source: 'chosen', nulRemoved: 0 });
    expect(seen.body.data.rows[0]?.name).toBe('Caf\ufffd de la Gare');
  });

  it('reads UTF-16 with Asian characters and cleans NUL padding, saying so', async () => {
    const { browser, accountId } = await person();
    const text = 'Date;Libellé;Montant\n03/01/2024;東京 ラーメン 서울;-4,50\n';
    const bytes = new Uint8Array([...iconv.encode(text, 'utf-16le', { addBOM: true }), 0, 0, 0, 0, 0, 0]);
    const seen = await browser.json<Envelope<Preview>>('/api/v1/imports/preview', {
      body: { accountId, fileName: 'export.csv', contentBase64: base64(bytes) },
    });
    expect(seen.status).toBe(200);
    expect(seen.body.data.encoding).toEqual({ name: 'utf-16le', source: 'bom', nulRemoved: 3 });
    expect(seen.body.data.rows[0]?.name).toBe('東京 ラーメン 서울');
    expect(seen.body.data.warnings).toContain(
      '3 NUL character(s) (stray or padding) were removed from the file.',
    );
  });

  it('answers 400 for a request with both or neither form of the file, bad base64, or an encoding for text', async () => {
    const { browser, accountId } = await person();
    const refusals = [
      [
        { content: FRENCH, contentBase64: base64(encoded(FRENCH, 'utf-8')) },
        'content',
        'Send the file as content or contentBase64, not both',
      ],
      [{}, 'content', 'The file is required'],
      [{ contentBase64: 'not base64!' }, 'contentBase64', 'contentBase64 is not base64'],
      [
        { content: FRENCH, encoding: 'utf-8' },
        'encoding',
        'An encoding applies only to a file sent as contentBase64',
      ],
      [{ contentBase64: base64(encoded(FRENCH, 'utf-8')), encoding: 'ebcdic' }, 'encoding', undefined],
    ] as const;
    for (const [file, field, message] of refusals) {
      const refused = await browser.json<Envelope<Preview>>('/api/v1/imports', {
        body: { accountId, fileName: 'x.csv', ...file },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.items?.[0]).toMatchObject({ field, ...(message && { message }) });
    }
    expect(await db().select().from(importBatch).where(eq(importBatch.accountId, accountId))).toEqual([]);
  });
});
