import { balanceSnapshot, balanceUpdate } from '@lodestar/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { signedInUser } from '../use-cases/transactions/test-fixtures';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

const db = () => w.t.database.db;
type Reply = {
  success: boolean;
  error?: string;
  data: Record<string, unknown> & { account: { id: string }; from: string; points: unknown[] };
  items?: { field: string; message: string }[];
};

async function rowsOf(accountId: string) {
  const [snapshots] = await db()
    .select({ n: count() })
    .from(balanceSnapshot)
    .where(eq(balanceSnapshot.accountId, accountId));
  const [updates] = await db()
    .select({ n: count() })
    .from(balanceUpdate)
    .where(eq(balanceUpdate.accountId, accountId));
  return { snapshots: snapshots?.n, updates: updates?.n };
}

const today = () => new Date().toISOString().slice(0, 10);
const inYears = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe('every date a person or a file gives lies between 1900-01-01 and a year from today', () => {
  it('refuses a balance dated 0001-01-01 or 1000-01-01 without writing, and takes 1900-01-01', async () => {
    const { browser } = await signedInUser(w);
    const created = await browser.json<Reply>('/api/v1/accounts', {
      body: { name: 'Cash box', type: 'depository', currency: 'USD', balance: 10 },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.account.id;
    const before = await rowsOf(id);
    for (const date of ['0001-01-01', '1000-01-01', '1899-12-31', inYears(1, 1)]) {
      const result = await browser.json<Reply>(`/api/v1/accounts/${id}/balance`, {
        body: { balance: 5, date },
      });
      expect({ date, status: result.status }).toEqual({ date, status: 400 });
      expect(result.body.items?.[0]?.field).toBe('date');
    }
    expect(await rowsOf(id)).toEqual(before);
    const oldest = await browser.json<Reply>(`/api/v1/accounts/${id}/balance`, {
      body: { balance: 5, date: '1900-01-01' },
    });
    expect(oldest.status).toBe(200);
    const portfolio = await browser.json<Reply>('/api/v1/portfolio?range=ALL&samples=50');
    expect(portfolio.status).toBe(200);
    expect(portfolio.body.data.from).toBe('1900-01-01');
  });

  it('answers the portfolio, from 1900, for history stored before dates were bounded', async () => {
    const { browser } = await signedInUser(w);
    const created = await browser.json<Reply>('/api/v1/accounts', {
      body: { name: 'Old ledger', type: 'depository', currency: 'USD', balance: 10 },
    });
    const account = created.body.data.account;
    const [owner] = await db()
      .select({ userId: balanceUpdate.userId })
      .from(balanceUpdate)
      .where(eq(balanceUpdate.accountId, account.id));
    await db()
      .insert(balanceSnapshot)
      .values({
        userId: owner?.userId ?? '',
        accountId: account.id,
        date: '0001-01-01',
        balanceMinor: 1,
        currency: 'USD',
      });
    for (const query of ['range=ALL&samples=100', 'range=1M']) {
      const result = await browser.json<Reply>(`/api/v1/portfolio?${query}`);
      expect({ query, status: result.status }).toEqual({ query, status: 200 });
    }
    const all = await browser.json<Reply>('/api/v1/portfolio?range=ALL&samples=100');
    expect(all.body.data.from).toBe('1900-01-01');
  });

  it('holds query dates, real-estate dates and rates to the same rule', async () => {
    const { browser } = await signedInUser(w);
    const checks: [string, string, unknown, string][] = [
      ['GET', '/transactions/paginated?date=0001-01-01', undefined, 'date'],
      ['GET', '/expenses/flow?date=1000-06-01', undefined, 'date'],
      [
        'POST',
        '/real-estate',
        { name: 'Cottage', purchasePrice: 100_000, purchaseDate: '0001-01-01', currency: 'USD' },
        'purchaseDate',
      ],
      ['POST', '/fx/rates', { base: 'USD', quote: 'EUR', date: '1899-01-01', rate: '0.9' }, 'date'],
    ];
    for (const [method, path, body, field] of checks) {
      const result = await browser.json<Reply>(`/api/v1${path}`, { method, ...(body ? { body } : {}) });
      expect({ path, status: result.status }).toEqual({ path, status: 400 });
      expect(result.body.items).toContainEqual(
        expect.objectContaining({ field, message: expect.stringContaining('1900-01-01') }),
      );
    }
    const recent = await browser.json<Reply>(`/api/v1/transactions/paginated?date=${today()}`);
    expect(recent.status).toBe(200);
  });

  it('names the line of an imported file with a date out of range', async () => {
    const { browser } = await signedInUser(w);
    const created = await browser.json<Reply>('/api/v1/accounts', {
      body: { name: 'Import target', type: 'depository', currency: 'USD', balance: 0 },
    });
    const content = `Date,Description,Amount\n2026-01-02,Coffee,-3.00\n0001-01-01,Tea,-2.00\n`;
    const result = await browser.json<Reply>('/api/v1/imports/preview', {
      body: { accountId: created.body.data.account.id, fileName: 'old.csv', content },
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(
      'Line 3: the date must be on or after 1900-01-01; this line says 0001-01-01',
    );
  });
});
