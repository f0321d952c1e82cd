import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { RESTORE_MESSAGES } from '../use-cases/data/restore-user-data';
import {
  comparable,
  footprint,
  rollups,
  seedVariedUser,
  withoutIds,
  type ExportDoc,
} from '../use-cases/data/test-fixtures';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type Envelope,
} from '../use-cases/transactions/test-fixtures';

// The demo bank and the real-estate history run on the app's clock.
const clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
let noExport: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
  noExport = await createAuthWorld({ FEATURE_EXPORT: 'false' });
});
afterAll(async () => {
  await w.close();
  await noExport.close();
});

async function exportOf(browser: TestBrowser): Promise<ExportDoc> {
  const response = await browser.request('/api/v1/user/export');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('content-disposition')).toBe(
    'attachment; filename="lodestar-export-2026-11-20T15-00-00Z.json"',
  );
  return (await response.json()) as ExportDoc;
}

const restore = (browser: TestBrowser, body: unknown) =>
  browser.json<Envelope<Record<string, number>>>('/api/v1/user/restore', { body });

/** The same read of two users, with ids and connection-derived statuses left out. */
async function sameView(a: TestBrowser, b: TestBrowser, path: string) {
  const drop = ['status', 'statusText', 'institutionName', 'connectionId'];
  const left = await a.json<Envelope<unknown>>(path);
  const right = await b.json<Envelope<unknown>>(path);
  expect([left.status, right.status]).toEqual([200, 200]);
  expect(withoutIds(right.body.data, drop)).toEqual(withoutIds(left.body.data, drop));
}

describe('export, restore and disconnect-all', () => {
  let original: { browser: TestBrowser; userId: string };
  let doc: ExportDoc;
  let restored: { browser: TestBrowser; userId: string };

  beforeAll(async () => {
    original = await signedInUser(w);
    await seedVariedUser(w, original.browser, original.userId);
    // A secret and a key, to show neither leaves the database.
    await w.t.database.pool.query(
      `update connection set secret_ciphertext = 'v1:ciphertext-of-the-bank-login', secret_key_id = 'k1', cursor = 'cursor-42' where user_id = $1`,
      [original.userId],
    );
    await w.t.database.pool.query(
      `insert into api_key (user_id, name, scope, prefix, secret_hash) values ($1, 'Script', 'read', 'lsk_AbCdEfGh', 'hash-of-the-key')`,
      [original.userId],
    );
    doc = await exportOf(original.browser);
  }, 120_000);

  it('exports everything the user owns, without secrets', async () => {
    expect(doc).toMatchObject({ format: 'lodestar-export', version: 1, exportedAt: clock.toISOString() });
    expect(doc.profile).toEqual({ name: 'Ada Lovelace', email: expect.stringContaining('@example.com') });
    const counts = Object.fromEntries(
      Object.entries(doc)
        .filter(([, value]) => Array.isArray(value))
        .map(([key, value]) => [key, (value as unknown[]).length]),
    );
    expect(counts).toMatchObject({
      institutions: 1,
      connections: 1,
      properties: 1,
      rules: 1,
      fxManualRates: 1,
      liabilities: 2,
    });
    expect(counts.accounts).toBe(8); // six demo accounts, the cash jar, the house
    expect(counts.transactions).toBeGreaterThan(1_000);
    expect(counts.balanceSnapshots).toBeGreaterThan(700);
    expect(counts.holdings).toBeGreaterThan(0);
    expect(counts.securities).toBe(counts.holdings);
    expect(counts.propertyValuations).toBe(2);
    expect(counts.balanceUpdates).toBeGreaterThanOrEqual(1);
    expect(counts.csvMappings).toBe(1);
    expect(doc.apiKeys).toEqual([expect.objectContaining({ name: 'Script', prefix: 'lsk_AbCdEfGh' })]);
    expect(doc.preferences).toMatchObject({ compact_view: true, time_zone: 'Europe/Paris' });
    expect(doc.transactions.some((row) => row.transferPairId !== null)).toBe(true);
    expect(doc.transactions.some((row) => row.notes === 'Shared with Sam')).toBe(true);

    const text = JSON.stringify(doc);
    for (const secret of [
      'ciphertext-of-the-bank-login',
      'cursor-42',
      'hash-of-the-key',
      'secretCiphertext',
      'secretHash',
      'password',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('restores into a fresh account: the export of the copy equals the original', async () => {
    restored = await signedInUser(w);
    const result = await restore(restored.browser, doc);
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      connections: 1,
      accounts: doc.accounts.length,
      transactions: doc.transactions.length,
      properties: 1,
      rules: 1,
      fxManualRates: 1,
      liabilities: 2,
      preferences: 1,
    });

    const copy = await exportOf(restored.browser);
    expect(copy.connections.map((row) => row.status)).toEqual(['disconnected']);
    expect(copy.apiKeys).toEqual([]);
    expect(comparable(copy)).toEqual(comparable(doc));

    // Same numbers everywhere: the rollups the triggers kept, and what the screens show.
    expect(await rollups(w, restored.userId)).toEqual(await rollups(w, original.userId));
    await sameView(original.browser, restored.browser, '/api/v1/dashboard?period=1-year');
    await sameView(original.browser, restored.browser, '/api/v1/transactions/spending-summary?month=2026-10');
    await sameView(original.browser, restored.browser, '/api/v1/transactions/paginated?limit=50&page=3');
    await sameView(original.browser, restored.browser, '/api/v1/real-estate');
    await sameView(original.browser, restored.browser, '/api/v1/rules');

    const accounts =
      await restored.browser.json<Envelope<{ accounts: { name: string; status: string }[] }>>(
        '/api/v1/accounts',
      );
    const statuses = Object.fromEntries(accounts.body.data.accounts.map((row) => [row.name, row.status]));
    expect(statuses['Cash jar']).toBe('active');
    expect(Object.values(statuses).filter((status) => status === 'disconnected')).toHaveLength(6);
  }, 120_000);

  it('refuses a restore into an account that already holds data', async () => {
    const again = await restore(restored.browser, doc);
    expect(again).toMatchObject({ status: 409, body: { error: RESTORE_MESSAGES.notEmpty } });
    const other = await signedInUser(w);
    await addAccount(w.t.database.db, other.userId);
    expect((await restore(other.browser, doc)).status).toBe(409);
  });

  it('writes nothing when any row is bad, even the last one', async () => {
    const target = await signedInUser(w);
    const before = await footprint(w, target.userId);
    expect(Object.values(before).every((n) => n === 0)).toBe(true);

    const last = doc.transactions.at(-1);
    const invalid = {
      ...doc,
      transactions: [...doc.transactions, { ...last, id: crypto.randomUUID(), date: '2026-13-01' }],
    };
    const rejected = await restore(target.browser, invalid);
    expect(rejected.status).toBe(400);
    expect(rejected.body.error).toBe('Validation failed');
    expect(rejected.body.items).toEqual([
      expect.objectContaining({ field: `transactions.${doc.transactions.length}.date` }),
    ]);

    // Valid on its own, but the same provider id twice on one account: refused by the database mid-way.
    const duplicate = { ...doc, transactions: [...doc.transactions, { ...last, id: crypto.randomUUID() }] };
    const conflict = await restore(target.browser, duplicate);
    expect(conflict).toMatchObject({ status: 400, body: { error: RESTORE_MESSAGES.conflict } });

    const dangling = {
      ...doc,
      rules: doc.rules,
      holdings: [{ ...(doc.holdings as object[])[0], accountId: crypto.randomUUID() }],
    };
    const unknownRef = await restore(target.browser, dangling);
    expect(unknownRef.status).toBe(400);
    expect(unknownRef.body.items?.[0]).toMatchObject({
      field: 'holdings.0.accountId',
      message: 'Refers to an account that is not in the export',
    });

    expect(await footprint(w, target.userId)).toEqual(before);
  });

  it('says so when the file is not an export', async () => {
    const { browser } = await signedInUser(w);
    for (const body of [{ hello: 'world' }, [1, 2], { format: 'lodestar-export', version: 99 }]) {
      const result = await restore(browser, body);
      expect(result.status).toBe(400);
    }
    expect((await restore(browser, { accounts: [] })).body.error).toBe(RESTORE_MESSAGES.notExport);
  });

  it('exports transactions as a spreadsheet-safe CSV', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(w.t.database.db, userId, { name: 'Main, "joint"' });
    await addTransactions(w.t.database.db, userId, account.id, [
      {
        date: '2026-11-02',
        amountMinor: -123_456,
        name: '=HYPERLINK("http://evil.example")',
        notes: '@risk',
      },
      { date: '2026-11-01', amountMinor: 5_000, name: 'Salary', currency: 'JPY' },
    ]);
    const response = await browser.request('/api/v1/user/export/transactions.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="lodestar-export-2026-11-20T15-00-00Z-transactions.csv"',
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Date,Account,Name,/);
    expect(lines[1]).toContain(`2026-11-02,"Main, ""joint""","'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain(',-1234.56,USD,');
    expect(lines[1]).toContain(",'@risk,");
    expect(lines[2]).toContain(',5000,JPY,');
  });

  it('is turned off with the export flag', async () => {
    const { browser } = await signedInUser(noExport);
    for (const path of ['/api/v1/user/export', '/api/v1/user/export/transactions.csv']) {
      const result = await browser.json<Envelope<unknown>>(path);
      expect(result).toMatchObject({
        status: 403,
        body: { error: 'Exporting data is turned off on this server' },
      });
    }
  });

  it('disconnect-all removes connections and their secrets, keeps every account and its history', async () => {
    const { userId, browser } = original;
    const history = async () => ({
      footprint: await footprint(w, userId),
      rollups: await rollups(w, userId),
      transactions: (
        await w.t.database.pool.query(
          'select id, amount_minor, notes from "transaction" where user_id = $1 order by id',
          [userId],
        )
      ).rows,
    });
    const before = await history();
    const othersBefore = await footprint(w, restored.userId);

    const result = await browser.json<Envelope<Record<string, unknown>>>('/api/v1/accounts/disconnect-all', {
      method: 'POST',
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      message: 'All accounts disconnected',
      disconnected: 6,
      connections: 1,
    });

    const after = await history();
    expect(after).toEqual({ ...before, footprint: { ...before.footprint, connection: 0 } });
    const secrets = await w.t.database.pool.query(
      `select 1 from connection where secret_ciphertext like '%ciphertext-of-the-bank-login%' or cursor = 'cursor-42'`,
    );
    expect(secrets.rowCount).toBe(0);
    expect(await footprint(w, restored.userId)).toEqual(othersBefore);

    const accounts =
      await browser.json<Envelope<{ accounts: { name: string; status: string }[] }>>('/api/v1/accounts');
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.accounts.filter((row) => row.status === 'disconnected')).toHaveLength(6);
    expect(accounts.body.data.accounts).toHaveLength(8);
    const connections = await browser.json<Envelope<{ connections: unknown[] }>>('/api/v1/connections');
    expect(connections.body.data.connections).toEqual([]);
    expect((await browser.json('/api/v1/transactions/paginated')).status).toBe(200);
    expect((await browser.json('/api/v1/dashboard')).status).toBe(200);

    const twice = await browser.json<Envelope<Record<string, unknown>>>('/api/v1/accounts/disconnect-all', {
      method: 'POST',
    });
    expect(twice.body.data).toEqual({
      message: 'All accounts disconnected',
      disconnected: 0,
      connections: 0,
    });
  });
});

describe('large histories', () => {
  it('pages through thousands of transactions and restores them in batches', async () => {
    const source = await signedInUser(w);
    // Created in the same millisecond (an export's dates carry milliseconds), the later one with the
    // smaller id: the restored copy must still list them in the same order.
    const checking = await addAccount(w.t.database.db, source.userId, {
      name: 'Checking',
      id: 'ffffffff-0000-4000-8000-000000000001',
    });
    const savings = await addAccount(w.t.database.db, source.userId, {
      name: 'Savings',
      currency: 'EUR',
      id: '00000000-0000-4000-8000-000000000002',
    });
    await w.t.database.pool.query(
      `update financial_account set created_at = case id when $1::uuid then '2026-11-01T10:00:00.123100Z'::timestamptz else '2026-11-01T10:00:00.123900Z'::timestamptz end where id in ($1, $2)`,
      [checking.id, savings.id],
    );
    // 4,500 rows on a handful of days: pages (2,000) and insert batches break inside a day.
    const days = ['2026-09-30', '2026-10-01', '2026-10-15', '2026-11-01', '2026-11-02'];
    const rows = (currency: string, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        date: days[index % days.length] ?? '2026-11-01',
        amountMinor: index % 7 === 0 ? 250_000 : -(index % 900) - 1,
        name: `Shop ${index % 37}`,
        currency,
      }));
    await addTransactions(w.t.database.db, source.userId, checking.id, rows('USD', 3_000));
    await addTransactions(w.t.database.db, source.userId, savings.id, rows('EUR', 1_500));

    const doc = await exportOf(source.browser);
    const ids = doc.transactions.map((row) => String(row.id));
    expect(ids).toHaveLength(4_500);
    expect(new Set(ids).size).toBe(4_500);
    const keys = doc.transactions.map((row) => `${String(row.date)} ${String(row.id)}`);
    expect(keys).toEqual([...keys].sort());

    const target = await signedInUser(w);
    const result = await restore(target.browser, doc);
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ accounts: 2, transactions: 4_500 });
    expect(comparable(await exportOf(target.browser))).toEqual(comparable(doc));
    expect(await rollups(w, target.userId)).toEqual(await rollups(w, source.userId));

    // The same file gzipped (Content-Encoding: gzip) restores the same rows.
    const zipped = await signedInUser(w);
    const cookie = [...zipped.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const gzipAnswer = await w.t.app.request('http://localhost:3000/api/v1/user/restore', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        cookie,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      body: gzipSync(JSON.stringify(doc)),
    });
    expect(gzipAnswer.status).toBe(200);
    expect(comparable(await exportOf(zipped.browser))).toEqual(comparable(doc));
  }, 120_000);
});
