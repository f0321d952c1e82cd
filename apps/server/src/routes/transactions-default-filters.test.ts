import { addDays, addMonths } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { addAccount, addTransactions, signedInUser } from '../use-cases/transactions/test-fixtures';
import type { TransactionView } from '../use-cases/transactions/transaction-view';

/** The pending, refunds and recurring filters behind Activity's saved default filters (ADR 014). */

let w: AuthWorld;
let browser: Awaited<ReturnType<typeof signedInUser>>['browser'];
beforeAll(async () => {
  w = await createAuthWorld();
  const user = await signedInUser(w);
  browser = user.browser;
  const db = w.t.database.db;
  const checking = await addAccount(db, user.userId, { name: 'Checking', type: 'depository' });
  const today = new Date().toISOString().slice(0, 10);
  const start = addDays(today, -3);
  const trusted = { categoryConfidence: 0.9 };
  await addTransactions(db, user.userId, checking.id, [
    // A monthly subscription: five charges a month apart, the last three days ago.
    ...[4, 3, 2, 1, 0].map((back) => ({
      date: addMonths(start, -back),
      amountMinor: -15_49,
      name: `Streamflix ${back}`,
      merchantName: 'Streamflix',
      category: 'ENTERTAINMENT',
      ...trusted,
    })),
    { date: addDays(today, -10), amountMinor: -4_50, name: 'Coffee', category: 'FOOD_AND_DRINK', ...trusted },
    {
      date: addDays(today, -9),
      amountMinor: -60_00,
      name: 'Pending gas',
      status: 'pending',
      category: 'TRANSPORTATION',
      ...trusted,
    },
    {
      date: addDays(today, -8),
      amountMinor: 15_00,
      name: 'Returned shoes',
      category: 'GENERAL_MERCHANDISE',
      ...trusted,
    },
    { date: addDays(today, -7), amountMinor: 2_500_00, name: 'Payroll', category: 'INCOME', ...trusted },
    {
      date: addDays(today, -6),
      amountMinor: 30_00,
      name: 'Excluded credit',
      category: 'GENERAL_MERCHANDISE',
      excluded: true,
      ...trusted,
    },
  ]);
  // Someone else's rows never count.
  const stranger = await signedInUser(w);
  const theirs = await addAccount(db, stranger.userId, { type: 'depository' });
  await addTransactions(db, stranger.userId, theirs.id, [
    { date: addDays(today, -8), amountMinor: 9_00, name: 'Their refund', category: 'SHOPPING', ...trusted },
  ]);
});
afterAll(async () => {
  await w.close();
});

type ListBody = {
  data: TransactionView[];
  pagination: { total: number; unfilteredTotal: number };
  error?: string;
  items?: { field: string; message: string }[];
};

/** The names listed, sorted, after checking that the count agrees with the list. */
async function names(query: string): Promise<string[]> {
  const result = await browser.json<ListBody>(`/api/v1/transactions/paginated?limit=200&${query}`);
  expect(result.status).toBe(200);
  expect(result.body.pagination.total).toBe(result.body.data.length);
  expect(result.body.pagination.unfilteredTotal).toBe(10);
  return result.body.data.map((row) => row.name).sort();
}

const SUBSCRIPTION = ['Streamflix 0', 'Streamflix 1', 'Streamflix 2', 'Streamflix 3', 'Streamflix 4'];
const OTHERS = ['Coffee', 'Excluded credit', 'Payroll', 'Pending gas', 'Returned shoes'];

describe('GET /transactions/paginated: pending, refunds, recurring', () => {
  it('lists pending transactions only, or none of them', async () => {
    expect(await names('pending=only')).toEqual(['Pending gas']);
    expect(await names('pending=exclude')).toEqual(
      [...SUBSCRIPTION, ...OTHERS].filter((name) => name !== 'Pending gas').sort(),
    );
  });

  it('lists refunds only (money back on a spending category, counted), or none of them', async () => {
    expect(await names('refunds=only')).toEqual(['Returned shoes']);
    expect(await names('refunds=exclude')).toEqual(
      [...SUBSCRIPTION, ...OTHERS].filter((name) => name !== 'Returned shoes').sort(),
    );
  });

  it('lists the occurrences of detected recurring payments only, or none of them', async () => {
    expect(await names('recurring=only')).toEqual(SUBSCRIPTION);
    expect(await names('recurring=exclude')).toEqual(OTHERS);
  });

  it('combines them with each other and with the other filters', async () => {
    expect(await names('recurring=exclude&pending=exclude&refunds=exclude')).toEqual([
      'Coffee',
      'Excluded credit',
      'Payroll',
    ]);
    expect(await names('recurring=only&filter=pending')).toEqual([]);
    expect(await names('refunds=only&filter=income')).toEqual(['Returned shoes']);
    expect(await names('recurring=only&search=flix 4')).toEqual(['Streamflix 4']);
  });

  it('refuses other values with 400', async () => {
    for (const [key, message] of [
      ['pending', 'Pending must be only or exclude'],
      ['refunds', 'Refunds must be only or exclude'],
      ['recurring', 'Recurring must be only or exclude'],
    ] as const) {
      const result = await browser.json<ListBody>(`/api/v1/transactions/paginated?${key}=yes`);
      expect(result.status).toBe(400);
      expect(result.body.items).toEqual([expect.objectContaining({ field: key, message })]);
    }
  });

  it('exports the same rows as CSV', async () => {
    const response = await browser.request('/api/v1/transactions/export.csv?recurring=only');
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + SUBSCRIPTION.length);
  });
});
