import { financialAccount, transaction } from '@lodestar/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { addAccount, addTransactions, signedInUser } from '../use-cases/transactions/test-fixtures';

/** Issue 21 item 4: an id in a request body must name one of the caller's own things. */

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

const db = () => w.t.database.db;
type Reply = { data: Record<string, unknown>; items?: { field: string; message: string }[] };

describe('ids in a body are the caller’s own', () => {
  it('refuses another user’s account in favorite_accounts (PUT and PATCH), storing nothing', async () => {
    const mine = await signedInUser(w);
    const theirs = await signedInUser(w);
    const myAccount = await addAccount(db(), mine.userId);
    const theirAccount = await addAccount(db(), theirs.userId);

    for (const [method, body, field] of [
      ['PUT', { key: 'favorite_accounts', value: [myAccount.id, theirAccount.id] }, 'value'],
      ['PATCH', { favorite_accounts: [theirAccount.id] }, 'favorite_accounts'],
      ['PATCH', { favorite_accounts: ['not-an-account'] }, 'favorite_accounts'],
    ] as const) {
      const result = await mine.browser.json<Reply>('/api/v1/user/preferences', { method, body });
      expect({ method, status: result.status }).toEqual({ method, status: 400 });
      expect(result.body.items).toContainEqual(
        expect.objectContaining({ field, message: 'One of these accounts was not found' }),
      );
    }
    const stored = await mine.browser.json<Reply>('/api/v1/user/preferences');
    expect(stored.body.data.favorite_accounts).toEqual([]);

    const own = await mine.browser.json<Reply>('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { favorite_accounts: [myAccount.id.toUpperCase()] },
    });
    expect(own.status).toBe(200);
    expect(own.body.data.favorite_accounts).toEqual([myAccount.id]);
  });

  it('drops a favorite whose account has gone when the list is sent back, instead of failing', async () => {
    const mine = await signedInUser(w);
    const kept = await addAccount(db(), mine.userId);
    const gone = await addAccount(db(), mine.userId);
    await mine.browser.json('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { favorite_accounts: [kept.id, gone.id] },
    });
    await db().delete(financialAccount).where(eq(financialAccount.id, gone.id));
    const result = await mine.browser.json<Reply>('/api/v1/user/preferences', {
      method: 'PATCH',
      body: { favorite_accounts: [kept.id, gone.id] },
    });
    expect(result.status).toBe(200);
    expect(result.body.data.favorite_accounts).toEqual([kept.id]);
  });

  it('refuses another user’s account in a rule’s conditions', async () => {
    const mine = await signedInUser(w);
    const theirs = await signedInUser(w);
    const theirAccount = await addAccount(db(), theirs.userId);
    const result = await mine.browser.json<Reply>('/api/v1/rules', {
      body: {
        conditions: { nameContains: 'coffee', accountIds: [theirAccount.id] },
        actions: { category: 'FOOD_AND_DRINK' },
      },
    });
    expect(result.status).toBe(400);
    expect(result.body.items).toContainEqual(expect.objectContaining({ field: 'conditions.accountIds' }));
    const rules = await mine.browser.json<{ data: { rules: unknown[] } }>('/api/v1/rules');
    expect(rules.body.data.rules).toEqual([]);
  });

  it('refuses another user’s ids everywhere else a body names one, writing nothing', async () => {
    const mine = await signedInUser(w);
    const theirs = await signedInUser(w);
    const theirAccount = await addAccount(db(), theirs.userId);
    const theirLoan = await addAccount(db(), theirs.userId, { type: 'loan', name: 'Mortgage' });
    const [theirRow] = await addTransactions(db(), theirs.userId, theirAccount.id, [
      { date: '2026-01-05', amountMinor: -100 },
    ]);
    const before = await db()
      .select()
      .from(financialAccount)
      .where(eq(financialAccount.userId, theirs.userId));
    const attempts: [string, string, unknown][] = [
      ['POST', '/transactions/bulk', { ids: [theirRow?.id], changes: { excluded: true } }],
      ['POST', '/rules/preview', { transactionId: theirRow?.id, category: 'TRAVEL' }],
      [
        'POST',
        '/imports/preview',
        { accountId: theirAccount.id, fileName: 'a.csv', content: 'Date,Amount\n2026-01-01,1\n' },
      ],
      [
        'POST',
        '/real-estate',
        {
          name: 'Loft',
          purchasePrice: 100_000,
          purchaseDate: '2026-01-01',
          currency: 'USD',
          mortgageAccountId: theirLoan.id,
        },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const result = await mine.browser.json<Reply>(`/api/v1${path}`, { method, body });
      expect({ path, status: result.status }).toEqual({ path, status: 400 });
    }
    expect(
      await db().select().from(financialAccount).where(eq(financialAccount.userId, theirs.userId)),
    ).toEqual(before);
    const [row] = await db()
      .select()
      .from(transaction)
      .where(eq(transaction.id, theirRow?.id ?? ''));
    expect(row?.excluded).toBe(false);
    const rules = await mine.browser.json<{ data: { rules: unknown[] } }>('/api/v1/rules');
    expect(rules.body.data.rules).toEqual([]);
  });
});
