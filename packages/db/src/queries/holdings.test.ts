import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialAccount, holding, user } from '../schema/index';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { newestHoldingDate, replaceHoldings, upsertSecurities } from './holdings';
import { MANUAL_SECURITY_PROVIDER } from './manual-holdings-constants';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

async function held(accountId: string) {
  const result = await t.db.execute<{ provider: string; ticker: string; quantity: string }>(sql`
    select s.provider, s.ticker, h.quantity::float::text as quantity from holding h
    join security s on s.id = h.security_id where h.account_id = ${accountId}
    order by s.provider, s.ticker`);
  return result.rows;
}

const position = (securityId: string, quantity: string, asOf = '2026-11-24') => ({
  securityId,
  quantity,
  price: '100',
  costBasis: null,
  currency: 'USD',
  asOf,
});

describe('replaceHoldings', () => {
  it('replaces the list of a sync or a file and leaves holdings added by hand as they are', async () => {
    const userId = randomUUID();
    await t.db.insert(user).values({ id: userId, name: 'Ada Lovelace', email: `${userId}@example.com` });
    const [account] = await t.db
      .insert(financialAccount)
      .values({ userId, name: 'Broker', type: 'brokerage', provider: 'manual', currency: 'USD' })
      .returning();
    const scope = { userId, accountId: account!.id };
    const tag = randomUUID();
    const ids = await upsertSecurities(t.db, [
      {
        provider: 'plaid',
        externalId: `vti-${tag}`,
        ticker: 'VTI',
        name: 'VTI',
        type: 'etf',
        currency: 'USD',
      },
      {
        provider: 'plaid',
        externalId: `bnd-${tag}`,
        ticker: 'BND',
        name: 'BND',
        type: 'etf',
        currency: 'USD',
      },
    ]);
    const manual = await upsertSecurities(t.db, [
      {
        provider: MANUAL_SECURITY_PROVIDER,
        externalId: `VTI-${tag}:USD`,
        ticker: 'VTI',
        name: 'VTI',
        type: 'etf',
        currency: 'USD',
      },
    ]);
    const manualId = manual.get(`VTI-${tag}:USD`)!;
    // Added by hand on 25 November, after the statements below.
    await t.db.insert(holding).values({ ...position(manualId, '5', '2026-11-25'), ...scope });

    expect(await replaceHoldings(t.db, scope, [position(ids.get(`vti-${tag}`)!, '110')])).toEqual({
      quantitiesChanged: true,
    });
    expect(await held(scope.accountId)).toEqual([
      { provider: 'manual', ticker: 'VTI', quantity: '5' },
      { provider: 'plaid', ticker: 'VTI', quantity: '110' },
    ]);
    expect(await newestHoldingDate(t.db, scope)).toBe('2026-11-25');
    expect(await newestHoldingDate(t.db, scope, { exceptManual: true })).toBe('2026-11-24');

    // Another list: the position no longer reported goes, the one added by hand stays; a row of a manual
    // security (an old import's snapshot) is not written.
    expect(
      await replaceHoldings(t.db, scope, [position(ids.get(`bnd-${tag}`)!, '20'), position(manualId, '9')]),
    ).toEqual({ quantitiesChanged: true });
    expect(await held(scope.accountId)).toEqual([
      { provider: 'manual', ticker: 'VTI', quantity: '5' },
      { provider: 'plaid', ticker: 'BND', quantity: '20' },
    ]);

    // An empty list removes every position but the ones added by hand.
    expect(await replaceHoldings(t.db, scope, [])).toEqual({ quantitiesChanged: true });
    expect(await held(scope.accountId)).toEqual([{ provider: 'manual', ticker: 'VTI', quantity: '5' }]);
    expect(await replaceHoldings(t.db, scope, [])).toEqual({ quantitiesChanged: false });
    expect(await newestHoldingDate(t.db, scope, { exceptManual: true })).toBeUndefined();
  });
});
