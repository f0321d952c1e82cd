import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../../testing/auth-fixtures';
import { STRIPE_TEST_ENV } from '../../testing/fake-stripe';
import { AppError } from '../../http/app-error';
import { addAccount, addTransactions, signedInUser } from '../transactions/test-fixtures';
import { assertWithinLimits, userLimits } from './user-limits';

describe('without billing (self-hosted default)', () => {
  let w: AuthWorld;
  beforeAll(async () => {
    w = await createAuthWorld();
  });
  afterAll(async () => {
    await w.close();
  });

  it('limits nothing', async () => {
    const { userId } = await signedInUser(w);
    const limits = await userLimits({ db: w.t.database.db, config: w.t.config }, userId);
    expect(limits).toEqual({ accounts: null, transactions: null });
    await addAccount(w.t.database.db, userId);
    await expect(
      assertWithinLimits(
        w.t.database.db,
        userId,
        { addAccounts: 1_000, addTransactions: 10_000_000 },
        limits,
      ),
    ).resolves.toBeUndefined();
  });
});

describe('with billing configured', () => {
  let w: AuthWorld;
  beforeAll(async () => {
    w = await createAuthWorld(STRIPE_TEST_ENV);
  });
  afterAll(async () => {
    await w.close();
  });

  const refusal = async (promise: Promise<void>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('holds a user without a subscription to the free tier: 3 accounts', async () => {
    const { userId } = await signedInUser(w);
    const db = w.t.database.db;
    const limits = await userLimits({ db: w.t.database.db, config: w.t.config }, userId);
    expect(limits).toEqual({ accounts: 3, transactions: 250 });
    await addAccount(db, userId);
    await addAccount(db, userId);
    await expect(assertWithinLimits(db, userId, { addAccounts: 1 }, limits)).resolves.toBeUndefined();
    await addAccount(db, userId);
    const error = await refusal(assertWithinLimits(db, userId, { addAccounts: 1 }, limits));
    expect(error.code).toBe('UPGRADE_REQUIRED');
    expect(error.status).toBe(403);
    expect(error.message).toBe('Your plan allows 3 accounts. Remove an account or upgrade to add more.');
    // Only the user's own accounts count.
    const other = await signedInUser(w);
    await expect(assertWithinLimits(db, other.userId, { addAccounts: 3 }, limits)).resolves.toBeUndefined();
  });

  it('and 250 transactions', async () => {
    const { userId } = await signedInUser(w);
    const db = w.t.database.db;
    const limits = await userLimits({ db: w.t.database.db, config: w.t.config }, userId);
    const account = await addAccount(db, userId);
    await addTransactions(
      db,
      userId,
      account.id,
      Array.from({ length: 249 }, (_, index) => ({ date: '2026-01-01', amountMinor: -index - 1 })),
    );
    await expect(assertWithinLimits(db, userId, { addTransactions: 1 }, limits)).resolves.toBeUndefined();
    const error = await refusal(assertWithinLimits(db, userId, { addTransactions: 2 }, limits));
    expect(error.status).toBe(403);
    expect(error.message).toBe(
      'Your plan allows 250 transactions. Remove some transactions or upgrade to add more.',
    );
  });
});
