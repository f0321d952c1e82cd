import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { addAccount, signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';
import {
  HOUSE,
  propertyFixtures,
  steps,
  usd,
  type PropertyDetail as Detail,
  type PropertyList as List,
} from '../use-cases/real-estate/test-fixtures';

// 15:00 UTC is 10:00 in New York (the default time zone): today is 2026-11-20 for the user.
const clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
});
afterAll(async () => {
  await w.close();
});

const { count, create, created, snapshots, footprint } = propertyFixtures(() => w);
const TODAY = '2026-11-20';

describe('real estate: empty user', () => {
  it('lists no properties and zero totals in the reporting currency', async () => {
    const { browser } = await signedInUser(w);
    const list = await browser.json<Envelope<List>>('/api/v1/real-estate');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({
      currency: 'USD',
      properties: [],
      totals: { value: usd(0), debt: usd(0), equity: usd(0) },
    });
  });
});

describe('real estate: properties and their history', () => {
  it('creates the account, both valuations and daily snapshots that follow the valuations', async () => {
    const { browser, userId } = await signedInUser(w);
    const result = await create(browser, { currentValue: 410_000, valuationDate: '2026-11-10' });
    expect(result.status).toBe(201);
    const house = result.body.data;
    expect(house).toMatchObject({
      name: 'Maple Street House',
      address: {
        line1: '12 Maple Street',
        line2: null,
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'US',
      },
      purchasePrice: usd(40_000_000),
      purchaseDate: '2026-11-01',
      currentValue: usd(41_000_000),
      valuationDate: '2026-11-10',
      mortgage: null,
      equity: usd(41_000_000),
      loanToValue: null,
      appreciation: { amount: usd(1_000_000), percent: 2.5 },
    });
    expect(house.valuations.map((v) => [v.date, v.value.amountMinor, v.source])).toEqual([
      ['2026-11-10', 41_000_000, 'manual'],
      ['2026-11-01', 40_000_000, 'purchase'],
    ]);

    const account = await w.t.database.pool.query(
      'select type, provider, name, currency, current_balance_minor::int as balance from financial_account where id = $1 and user_id = $2',
      [house.accountId, userId],
    );
    expect(account.rows).toEqual([
      {
        type: 'real_estate',
        provider: 'manual',
        name: 'Maple Street House',
        currency: 'USD',
        balance: 41_000_000,
      },
    ]);
    expect(await snapshots(house.accountId)).toEqual(
      steps({ '2026-11-01': 40_000_000, '2026-11-10': 41_000_000 }, TODAY),
    );

    const list = await browser.json<Envelope<List>>('/api/v1/real-estate');
    expect(list.body.data.properties.map((p) => p.id)).toEqual([house.id]);
    expect(list.body.data.totals).toEqual({ value: usd(41_000_000), debt: usd(0), equity: usd(41_000_000) });
  });

  it('adding and deleting valuations recomputes the history from their date', async () => {
    const { browser, userId } = await signedInUser(w);
    const house = await created(browser, { currentValue: 410_000, valuationDate: '2026-11-10' });
    const path = `/api/v1/real-estate/${house.id}/valuations`;

    const earlier = await browser.json<Envelope<Detail>>(path, {
      body: { date: '2026-11-05', value: 405_000 },
    });
    expect(earlier.status).toBe(201);
    expect(earlier.body.data.currentValue).toEqual(usd(41_000_000));
    const later = await browser.json<Envelope<Detail>>(path, {
      body: { date: '2026-11-15', value: 420_000.5, note: 'Agent estimate' },
    });
    expect(later.body.data).toMatchObject({ currentValue: usd(42_000_050), valuationDate: '2026-11-15' });
    expect(later.body.data.valuations[0]).toMatchObject({ date: '2026-11-15', note: 'Agent estimate' });
    expect(await snapshots(house.accountId)).toEqual(
      steps(
        {
          '2026-11-01': 40_000_000,
          '2026-11-05': 40_500_000,
          '2026-11-10': 41_000_000,
          '2026-11-15': 42_000_050,
        },
        TODAY,
      ),
    );

    // The same day again replaces that day's value.
    const replaced = await browser.json<Envelope<Detail>>(path, {
      body: { date: '2026-11-15', value: 415_000 },
    });
    expect(replaced.body.data.valuations.filter((v) => v.date === '2026-11-15')).toHaveLength(1);
    expect(replaced.body.data.currentValue).toEqual(usd(41_500_000));

    const newest = replaced.body.data.valuations.find((v) => v.date === '2026-11-15');
    const removed = await browser.json<Envelope<Detail>>(`${path}/${newest?.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ currentValue: usd(41_000_000), valuationDate: '2026-11-10' });
    expect(await snapshots(house.accountId)).toEqual(
      steps({ '2026-11-01': 40_000_000, '2026-11-05': 40_500_000, '2026-11-10': 41_000_000 }, TODAY),
    );
    const balance = await count(
      'select current_balance_minor::int as n from financial_account where id = $1',
      [house.accountId],
    );
    expect(balance).toBe(41_000_000);

    // The purchase valuation stays.
    const before = await footprint(userId);
    const purchase = removed.body.data.valuations.find((v) => v.source === 'purchase');
    const refused = await browser.json<Envelope<unknown>>(`${path}/${purchase?.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(400);
    expect(refused.body.items?.[0]?.message).toBe('The purchase price cannot be removed; edit it instead');
    expect(await footprint(userId)).toEqual(before);
  });

  it('editing the purchase date and price moves the purchase valuation and the history', async () => {
    const { browser } = await signedInUser(w);
    const house = await created(browser, { currentValue: 410_000, valuationDate: '2026-11-10' });
    const edited = await browser.json<Envelope<Detail>>(`/api/v1/real-estate/${house.id}`, {
      method: 'PATCH',
      body: { purchaseDate: '2026-10-28', purchasePrice: 390_000, name: 'Maple House' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Maple House',
      purchaseDate: '2026-10-28',
      purchasePrice: usd(39_000_000),
      appreciation: { amount: usd(2_000_000), percent: 5.13 },
    });
    expect(await snapshots(house.accountId)).toEqual(
      steps({ '2026-10-28': 39_000_000, '2026-11-10': 41_000_000 }, TODAY),
    );

    // Moving the purchase date later drops the days before it.
    await browser.json(`/api/v1/real-estate/${house.id}`, {
      method: 'PATCH',
      body: { purchaseDate: '2026-11-03' },
    });
    expect(await snapshots(house.accountId)).toEqual(
      steps({ '2026-11-03': 39_000_000, '2026-11-10': 41_000_000 }, TODAY),
    );
    const account = await w.t.database.pool.query('select name from financial_account where id = $1', [
      house.accountId,
    ]);
    expect(account.rows[0]).toEqual({ name: 'Maple House' });

    // A current value through PATCH is a manual valuation (today by default).
    const valued = await browser.json<Envelope<Detail>>(`/api/v1/real-estate/${house.id}`, {
      method: 'PATCH',
      body: { currentValue: 430_000 },
    });
    expect(valued.body.data).toMatchObject({ currentValue: usd(43_000_000), valuationDate: '2026-11-20' });
  });

  it('deleting a property removes its valuations, its account and its snapshots', async () => {
    const { browser, userId } = await signedInUser(w);
    const house = await created(browser);
    const removed = await browser.json<Envelope<{ id: string }>>(`/api/v1/real-estate/${house.id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id: house.id });
    expect(await footprint(userId)).toEqual({
      properties: 0,
      valuations: 0,
      accounts: 0,
      snapshots: 0,
      snapshotSum: 0,
    });
    const again = await browser.json<Envelope<unknown>>(`/api/v1/real-estate/${house.id}`);
    expect(again.status).toBe(404);
  });

  it('refuses an entered balance on the property’s account: its value comes from the valuations', async () => {
    const { browser } = await signedInUser(w);
    const house = await created(browser);
    const entered = await browser.json<Envelope<unknown>>(`/api/v1/accounts/${house.accountId}/balance`, {
      method: 'POST',
      body: { balance: 1, date: TODAY },
    });
    expect(entered.status).toBe(409);
    expect(entered.body).toMatchObject({
      success: false,
      error: 'This account follows its property’s valuations; add a valuation instead',
    });
    const detail = await browser.json<Envelope<Detail>>(`/api/v1/real-estate/${house.id}`);
    expect(detail.body.data.currentValue).toEqual(house.currentValue);
  });
});

describe('real estate: mortgage', () => {
  it('links a loan for equity and loan-to-value, and unlinks it with null', async () => {
    const { browser, userId } = await signedInUser(w);
    const loan = await addAccount(w.t.database.db, userId, {
      name: 'Home Loan',
      type: 'loan',
      currentBalanceMinor: -30_000_000,
    });
    const house = await created(browser, { currentValue: 410_000, valuationDate: '2026-11-10' });
    const linked = await browser.json<Envelope<Detail>>(`/api/v1/real-estate/${house.id}`, {
      method: 'PATCH',
      body: { mortgageAccountId: loan.id },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({
      mortgage: { accountId: loan.id, name: 'Home Loan', balance: usd(30_000_000) },
      equity: usd(11_000_000),
      loanToValue: 73.17,
    });
    const list = await browser.json<Envelope<List>>('/api/v1/real-estate');
    expect(list.body.data.totals).toEqual({
      value: usd(41_000_000),
      debt: usd(30_000_000),
      equity: usd(11_000_000),
    });

    const unlinked = await browser.json<Envelope<Detail>>(`/api/v1/real-estate/${house.id}`, {
      method: 'PATCH',
      body: { mortgageAccountId: null },
    });
    expect(unlinked.body.data).toMatchObject({ mortgage: null, equity: usd(41_000_000), loanToValue: null });

    // Linked at creation too.
    const second = await created(browser, { name: 'Cabin', mortgageAccountId: loan.id });
    expect(second).toMatchObject({ equity: usd(10_000_000), loanToValue: 75 });
  });

  it('refuses another user’s loan, a non-loan account and a loan in another currency', async () => {
    const other = await signedInUser(w);
    const othersLoan = await addAccount(w.t.database.db, other.userId, { type: 'loan', name: 'Their Loan' });
    const { browser, userId } = await signedInUser(w);
    const checking = await addAccount(w.t.database.db, userId);
    const euroLoan = await addAccount(w.t.database.db, userId, { type: 'loan', currency: 'EUR' });
    const house = await created(browser);
    const before = await footprint(userId);
    for (const [accountId, message] of [
      [othersLoan.id, 'Choose one of your loan accounts'],
      [checking.id, 'Choose one of your loan accounts'],
      [euroLoan.id, 'Choose a loan in the same currency as the property'],
    ] as const) {
      const onCreate = await create(browser, { mortgageAccountId: accountId });
      expect(onCreate.status).toBe(400);
      expect(onCreate.body.items).toEqual([{ field: 'mortgageAccountId', message, code: 'custom' }]);
      const onEdit = await browser.json<Envelope<unknown>>(`/api/v1/real-estate/${house.id}`, {
        method: 'PATCH',
        body: { mortgageAccountId: accountId, name: 'Renamed' },
      });
      expect(onEdit.status).toBe(400);
      expect(onEdit.body.items?.[0]?.message).toBe(message);
    }
    expect(await footprint(userId)).toEqual(before);
    const detail = await browser.json<Envelope<Detail>>(`/api/v1/real-estate/${house.id}`);
    expect(detail.body.data).toMatchObject({ name: 'Maple Street House', mortgage: null });
  });
});

describe('real estate: validation', () => {
  it('rejects bad fields with the usual items and writes nothing', async () => {
    const { browser, userId } = await signedInUser(w);
    const before = await footprint(userId);
    const bad = await browser.json<Envelope<unknown>>('/api/v1/real-estate', {
      body: {
        name: '  ',
        address: { line1: '', city: '', state: 'XX', country: 'US' },
        purchasePrice: 0,
        purchaseDate: '11/01/2026',
        currency: 'ZZZ',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Validation failed');
    const messages = Object.fromEntries((bad.body.items ?? []).map((item) => [item.field, item.message]));
    expect(messages).toMatchObject({
      name: 'Enter a name for the property',
      'address.line1': 'Enter the street address',
      'address.city': 'Enter the city',
      purchasePrice: 'Enter the purchase price',
      purchaseDate: 'Use a date like 2026-01-31',
      currency: 'Choose a currency',
    });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x'.repeat(81) }, 'name', 'Property names can be at most 80 characters'],
      [{ address: { ...HOUSE.address, state: 'XX' } }, 'address.state', 'Choose a US state'],
      [{ address: { ...HOUSE.address, state: undefined } }, 'address.state', 'Choose a US state'],
      [{ purchasePrice: 1e12 }, 'purchasePrice', 'Enter the purchase price'],
      [{ purchasePrice: -5 }, 'purchasePrice', 'Enter the purchase price'],
      [{ purchaseDate: '2026-11-21' }, 'purchaseDate', 'The purchase date cannot be in the future'],
      [{ currentValue: 0 }, 'currentValue', 'Enter the value'],
      [
        { currentValue: 5, valuationDate: '2026-10-01' },
        'valuationDate',
        'The valuation date cannot be before the purchase date',
      ],
      [
        { currentValue: 5, valuationDate: '2026-11-21' },
        'valuationDate',
        'The valuation date cannot be in the future',
      ],
    ];
    for (const [change, field, message] of cases) {
      const result = await create(browser, change);
      expect(result.status, field).toBe(400);
      expect(result.body.items, field).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect(await footprint(userId)).toEqual(before);

    // Outside the US the region is free text.
    const abroad = await create(browser, {
      address: { line1: '1 Rue de Rivoli', city: 'Paris', country: 'fr' },
      currency: 'EUR',
    });
    expect(abroad.status).toBe(201);
    expect(abroad.body.data.address).toMatchObject({ state: null, country: 'FR' });
  });

  it('rejects bad valuations and bad edits and writes nothing', async () => {
    const { browser, userId } = await signedInUser(w);
    const house = await created(browser, { currentValue: 410_000, valuationDate: '2026-11-10' });
    const before = await footprint(userId);
    const path = `/api/v1/real-estate/${house.id}/valuations`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: '2026-10-31', value: 1 }, 'date', 'The valuation date cannot be before the purchase date'],
      [{ date: '2026-11-21', value: 1 }, 'date', 'The valuation date cannot be in the future'],
      [
        { date: '2026-11-01', value: 1 },
        'date',
        'On the purchase date the value is the purchase price; edit that instead',
      ],
      [{ date: '2026-11-02', value: 0 }, 'value', 'Enter the value'],
      [{ date: '2026-11-2', value: 1 }, 'date', 'Use a date like 2026-01-31'],
    ];
    for (const [body, field, message] of cases) {
      const result = await browser.json<Envelope<unknown>>(path, { body });
      expect(result.status, message).toBe(400);
      expect(result.body.items, message).toContainEqual(expect.objectContaining({ field, message }));
    }
    const edits: [Record<string, unknown>, string, string][] = [
      [
        { purchaseDate: '2026-11-10' },
        'purchaseDate',
        'The purchase date must be before the property’s other valuations',
      ],
      [{ purchaseDate: '2026-11-21' }, 'purchaseDate', 'The purchase date cannot be in the future'],
      [{ name: '' }, 'name', 'Enter a name for the property'],
      [{ purchasePrice: 0 }, 'purchasePrice', 'Enter the purchase price'],
    ];
    for (const [body, field, message] of edits) {
      const result = await browser.json<Envelope<unknown>>(`/api/v1/real-estate/${house.id}`, {
        method: 'PATCH',
        body,
      });
      expect(result.status, message).toBe(400);
      expect(result.body.items, message).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect(await footprint(userId)).toEqual(before);
  });
});

describe('real estate: reporting currency', () => {
  it('converts a euro property into the user’s dollars for the totals', async () => {
    await w.t.database.pool.query(
      "insert into fx_rate (date, currency, per_eur) values ('2026-11-18', 'USD', '1.08')",
    );
    const { browser } = await signedInUser(w);
    const flat = await created(browser, {
      name: 'Paris Flat',
      address: { line1: '1 Rue de Rivoli', city: 'Paris', country: 'FR' },
      currency: 'EUR',
      purchasePrice: 100_000,
    });
    expect(flat.currentValue).toEqual({ amountMinor: 10_000_000, currency: 'EUR' });
    const list = await browser.json<Envelope<List>>('/api/v1/real-estate');
    expect(list.body.data.totals).toEqual({
      value: usd(10_800_000),
      debt: usd(0),
      equity: usd(10_800_000),
    });
  });
});

describe('real estate: ownership', () => {
  it('hides other users’ properties: 404 No such property everywhere', async () => {
    const owner = await signedInUser(w);
    const house = await created(owner.browser);
    const valuation = house.valuations[0]?.id;
    const { browser } = await signedInUser(w);
    const list = await browser.json<Envelope<List>>('/api/v1/real-estate');
    expect(list.body.data.properties).toEqual([]);
    const attempts = [
      browser.json<Envelope<unknown>>(`/api/v1/real-estate/${house.id}`),
      browser.json<Envelope<unknown>>(`/api/v1/real-estate/${house.id}`, {
        method: 'PATCH',
        body: { name: 'Mine' },
      }),
      browser.json<Envelope<unknown>>(`/api/v1/real-estate/${house.id}`, { method: 'DELETE' }),
      browser.json<Envelope<unknown>>(`/api/v1/real-estate/${house.id}/valuations`, {
        body: { date: '2026-11-10', value: 1 },
      }),
      browser.json<Envelope<unknown>>(`/api/v1/real-estate/${house.id}/valuations/${valuation}`, {
        method: 'DELETE',
      }),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status).toBe(404);
      expect(result.body.error).toBe('No such property');
    }
    const still = await owner.browser.json<Envelope<Detail>>(`/api/v1/real-estate/${house.id}`);
    expect(still.body.data).toMatchObject({ name: 'Maple Street House', valuations: [expect.anything()] });
  });
});

describe('real estate: plan limits', () => {
  let billed: AuthWorld;
  beforeAll(async () => {
    billed = await createAuthWorld(
      {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_PRICE_ID_PRO_MONTHLY: 'price_x',
      },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await billed.close();
  });

  it('counts the property’s account against the plan and writes nothing beyond it', async () => {
    const limited = propertyFixtures(() => billed);
    const { browser, userId } = await signedInUser(billed);
    await addAccount(billed.t.database.db, userId);
    await addAccount(billed.t.database.db, userId);
    expect((await limited.create(browser)).status).toBe(201);
    const before = await limited.footprint(userId);
    const refused = await limited.create(browser, { name: 'Cabin' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Your plan allows 3 accounts. Remove an account or upgrade to add more.');
    expect(await limited.footprint(userId)).toEqual(before);
  });
});
