import { mergeStoredPreferences } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportingFor } from '../fx/reporting';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import {
  addAccount,
  addTransactions,
  type Envelope,
  signedInUser,
} from '../use-cases/transactions/test-fixtures';
import { dueNotifications } from './collect';
import { CLOCK } from './test-fixtures';

// The weekly summary follows the one rounding rule of every screen: each currency's spending summed in
// its own minor units and converted once, never converted category by category and then added.
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => CLOCK });
});
afterAll(async () => {
  await w.close();
});

describe('weekly summary in a foreign currency', () => {
  it('converts the week’s sum once, so it matches the spending screens to the minor unit', async () => {
    const { browser, userId } = await signedInUser(w);
    const db = w.t.database.db;
    const rate = await browser.json<Envelope<unknown>>('/api/v1/fx/rates', {
      body: { base: 'EUR', quote: 'USD', date: '2026-11-01', rate: '1.5' },
    });
    expect(rate.status).toBe(201);
    const giro = await addAccount(db, userId, { name: 'Girokonto', currency: 'EUR' });
    // Week 2026-W46 (11/09–11/15): one cent in each of two categories and a euro of income.
    await addTransactions(db, userId, giro.id, [
      {
        date: '2026-11-10',
        amountMinor: -1,
        currency: 'EUR',
        category: 'FOOD_AND_DRINK',
        categorySource: 'user',
      },
      {
        date: '2026-11-11',
        amountMinor: -1,
        currency: 'EUR',
        category: 'GENERAL_MERCHANDISE',
        categorySource: 'user',
      },
      { date: '2026-11-12', amountMinor: 1_00, currency: 'EUR' },
    ]);
    await mergeStoredPreferences(db, userId, { notification_types: { weekly_summaries: true } });

    const due = await dueNotifications(db, userId, await reportingFor(db, userId, CLOCK), CLOCK);
    const week = due.find((item) => item.kind === 'weekly_summary');
    // EUR 0.02 × 1.5 = USD 0.03 (converting each cent first would say 0.04); EUR 1.00 → USD 1.50.
    expect(week?.data).toEqual({ kind: 'weekly_summary', incomeMinor: 1_50, spendingMinor: 3 });
  });
});
