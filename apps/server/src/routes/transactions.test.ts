import { SOME_TRANSACTIONS_NOT_FOUND } from '../use-cases/transactions/bulk-update-transactions';
import { transaction } from '@lodestar/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type Envelope,
} from '../use-cases/transactions/test-fixtures';
import type { TransactionView } from '../use-cases/transactions/transaction-view';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

const db = () => w.t.database.db;

type Pagination = {
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  hasNext: boolean;
  totalCapped: boolean;
  unfilteredTotal: number;
  nextCursor: string | null;
};
type ListBody = { success: boolean; data: TransactionView[]; pagination: Pagination } & Omit<
  Envelope<unknown>,
  'data'
>;

const TRANSACTION_KEYS = [
  'id',
  'accountId',
  'accountName',
  'date',
  'amount',
  'foreignAmount',
  'name',
  'originalName',
  'merchantName',
  'description',
  'category',
  'detailedCategory',
  'categoryConfidence',
  'categorySource',
  'paymentChannel',
  'paymentMethod',
  'status',
  'notes',
  'tags',
  'excluded',
  'isTransfer',
  'importBatchId',
].sort();

async function list(browser: Awaited<ReturnType<typeof signedInUser>>['browser'], query = '') {
  return browser.json<ListBody>(`/api/v1/transactions/paginated${query ? `?${query}` : ''}`);
}

describe('GET /transactions/paginated: shape and paging', () => {
  it('continues from nextCursor (any sort, ties in amount) and refuses a cursor it did not make', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId, { name: 'Card' });
    await addTransactions(
      db(),
      userId,
      account.id,
      Array.from({ length: 9 }, (_, index) => ({
        date: `2026-01-0${1 + (index % 3)}`,
        amountMinor: [-500, -500, 1200][index % 3]!,
        name: `Row ${index}`,
      })),
    );
    for (const sort of ['amount_desc', 'amount_asc', 'date_desc', 'date_asc']) {
      const byNumber: string[] = [];
      const byCursor: string[] = [];
      let after: string | null = null;
      for (let page = 1; page <= 3; page += 1) {
        const numbered = await list(browser, `sort=${sort}&limit=4&page=${page}`);
        byNumber.push(...numbered.body.data.map((row) => row.id));
        const next = await list(
          browser,
          `sort=${sort}&limit=4&page=${page}${after ? `&after=${after}` : ''}`,
        );
        expect(next.status).toBe(200);
        expect(next.body.pagination).toMatchObject({ total: 9, page, hasNext: page < 3 });
        byCursor.push(...next.body.data.map((row) => row.id));
        after = next.body.pagination.nextCursor;
        expect(after === null).toBe(page === 3);
      }
      expect(byCursor).toEqual(byNumber);
      expect(new Set(byCursor).size).toBe(9);
    }

    const first = await list(browser, 'sort=amount_desc&limit=4');
    const cursor = first.body.pagination.nextCursor ?? '';
    for (const bad of [`sort=date_desc&after=${cursor}`, 'after=not-a-cursor', `after=${'x'.repeat(201)}`]) {
      const refused = await list(browser, `limit=4&page=2&${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.items).toEqual([
        expect.objectContaining({
          field: 'after',
          message: "After must be the previous page's nextCursor for the same sort",
        }),
      ]);
    }
  });

  it('answers the spec shape with exact paging math, newest first', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId, { name: 'Joint Checking' });
    const dates = [
      '2026-01-05',
      '2026-01-04',
      '2026-01-03',
      '2026-01-02',
      '2026-01-01',
      '2025-12-31',
      '2025-12-30',
    ];
    await addTransactions(
      db(),
      userId,
      account.id,
      dates.map((date, index) => ({ date, amountMinor: -100 * (index + 1), name: `Purchase ${index}` })),
    );

    const first = await list(browser, 'page=1&limit=3');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['data', 'pagination', 'success']);
    expect(first.body.success).toBe(true);
    expect(first.body.pagination).toEqual({
      total: 7,
      page: 1,
      pageSize: 3,
      totalPages: 3,
      hasNext: true,
      totalCapped: false,
      unfilteredTotal: 7,
      visibleFrom: null,
      nextCursor: expect.any(String),
    });
    expect(first.body.data.map((row) => row.date)).toEqual(dates.slice(0, 3));
    const row = first.body.data[0];
    expect(Object.keys(row ?? {}).sort()).toEqual(TRANSACTION_KEYS);
    expect(row).toMatchObject({
      accountId: account.id,
      accountName: 'Joint Checking',
      amount: { amountMinor: -100, currency: 'USD' },
      name: 'Purchase 0',
      originalName: 'Purchase 0',
      category: null,
      categorySource: 'provider',
      status: 'posted',
      tags: [],
      excluded: false,
      isTransfer: false,
      importBatchId: null,
    });

    const last = await list(browser, 'page=3&limit=3');
    expect(last.body.pagination).toEqual({
      total: 7,
      page: 3,
      pageSize: 3,
      totalPages: 3,
      hasNext: false,
      totalCapped: false,
      unfilteredTotal: 7,
      visibleFrom: null,
      nextCursor: null,
    });
    expect(last.body.data.map((item) => item.date)).toEqual(['2025-12-30']);

    const beyond = await list(browser, 'page=9&limit=3');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination).toEqual({
      total: 7,
      page: 9,
      pageSize: 3,
      totalPages: 3,
      hasNext: false,
      totalCapped: false,
      unfilteredTotal: 7,
      visibleFrom: null,
      nextCursor: null,
    });

    // The filtered total beside every transaction of the user.
    const filtered = await list(browser, 'date=2026-01-02&to=2026-01-04');
    expect(filtered.body.pagination).toMatchObject({ total: 3, unfilteredTotal: 7 });
    expect(filtered.body.data.map((item) => item.date)).toEqual(dates.slice(1, 4));

    const defaults = await list(browser);
    expect(defaults.body.pagination).toEqual({
      total: 7,
      page: 1,
      pageSize: 50,
      totalPages: 1,
      hasNext: false,
      totalCapped: false,
      unfilteredTotal: 7,
      visibleFrom: null,
      nextCursor: null,
    });
  });

  it('answers an empty history with zero pages', async () => {
    const { browser } = await signedInUser(w);
    const result = await list(browser);
    expect(result.body).toEqual({
      success: true,
      data: [],
      pagination: {
        total: 0,
        page: 1,
        pageSize: 50,
        totalPages: 0,
        hasNext: false,
        totalCapped: false,
        unfilteredTotal: 0,
        visibleFrom: null,
        nextCursor: null,
      },
    });
  });

  it.each([
    ['limit=201', 'limit'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['filter=everything', 'filter'],
    ['sort=name', 'sort'],
    ['date=2026-02-30', 'date'],
    ['to=2026-13-01', 'to'],
    ['date=2026-03-02&to=2026-03-01', 'to'],
    ['filter=refunds', 'filter'],
    ['search=a', 'search'],
    ['categories=FOOD_AND_DRINK,SNACKS', 'categories'],
    ['accounts=not-an-id', 'accounts'],
    ['types=depository,bank', 'types'],
  ])('refuses %s with 400 Validation failed on %s', async (query, field) => {
    const { browser } = await signedInUser(w);
    const result = await list(browser, query);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ success: false, error: 'Validation failed' });
    expect(result.body.items?.map((item) => item.field)).toContain(field);
  });

  it('accepts the largest page size, 200', async () => {
    const { browser } = await signedInUser(w);
    const result = await list(browser, 'limit=200');
    expect(result.status).toBe(200);
    expect(result.body.pagination.pageSize).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const result = await w.browser().json('/api/v1/transactions/paginated');
    expect(result.status).toBe(401);
  });
});

describe('GET /transactions/paginated: filters, search and sort', () => {
  let browser: Awaited<ReturnType<typeof signedInUser>>['browser'];
  let checking: Awaited<ReturnType<typeof addAccount>>;
  let card: Awaited<ReturnType<typeof addAccount>>;
  let hidden: Awaited<ReturnType<typeof addAccount>>;

  beforeAll(async () => {
    const user = await signedInUser(w);
    browser = user.browser;
    checking = await addAccount(db(), user.userId, { name: 'Checking', type: 'depository' });
    card = await addAccount(db(), user.userId, { name: 'Card', type: 'credit' });
    hidden = await addAccount(db(), user.userId, { name: 'Old Savings', type: 'depository', hidden: true });
    const trusted = { categoryConfidence: 0.9 };
    await addTransactions(db(), user.userId, checking.id, [
      { date: '2026-03-01', amountMinor: 250_000, name: 'ACME PAYROLL', category: 'INCOME', ...trusted },
      {
        date: '2026-03-02',
        amountMinor: -4_50,
        name: 'Blue Bottle Coffee',
        category: 'FOOD_AND_DRINK',
        ...trusted,
      },
      {
        date: '2026-03-03',
        amountMinor: -12_00,
        name: 'Mystery shop',
        category: 'GENERAL_MERCHANDISE',
        categoryConfidence: 0.5,
      },
      {
        date: '2026-03-04',
        amountMinor: -60_00,
        name: 'Pending gas',
        status: 'pending',
        category: 'TRANSPORTATION',
        ...trusted,
      },
      {
        date: '2026-03-05',
        amountMinor: -500_00,
        name: 'To savings',
        category: 'TRANSFER',
        excluded: true,
        ...trusted,
      },
    ]);
    await addTransactions(db(), user.userId, card.id, [
      {
        date: '2026-02-10',
        amountMinor: -80_00,
        name: 'Air Lines',
        merchantName: 'Sky Travel Co',
        category: 'TRAVEL',
        ...trusted,
      },
      {
        date: '2026-02-11',
        amountMinor: -20_00,
        name: 'Gift (excluded)',
        excluded: true,
        category: 'GENERAL_MERCHANDISE',
        ...trusted,
      },
      {
        date: '2026-02-12',
        amountMinor: 15_00,
        name: 'Refund 50% off_sale',
        category: 'GENERAL_MERCHANDISE',
        ...trusted,
      },
    ]);
    await addTransactions(db(), user.userId, hidden.id, [
      { date: '2025-06-01', amountMinor: 1_00, name: 'Interest', category: 'INCOME', ...trusted },
    ]);
    // Someone else's transactions never show.
    const stranger = await signedInUser(w);
    const theirs = await addAccount(db(), stranger.userId, { type: 'depository' });
    await addTransactions(db(), stranger.userId, theirs.id, [
      {
        date: '2026-03-02',
        amountMinor: -9_99,
        name: 'Blue Bottle Coffee',
        category: 'FOOD_AND_DRINK',
        ...trusted,
      },
    ]);
  });

  const names = async (query: string) => {
    const result = await list(browser, query);
    expect(result.status).toBe(200);
    expect(result.body.pagination.total).toBe(result.body.data.length);
    return result.body.data.map((row) => row.name);
  };

  it('includes hidden accounts and nobody else’s rows', async () => {
    expect(await names('')).toEqual([
      'To savings',
      'Pending gas',
      'Mystery shop',
      'Blue Bottle Coffee',
      'ACME PAYROLL',
      'Refund 50% off_sale',
      'Gift (excluded)',
      'Air Lines',
      'Interest',
    ]);
  });

  it.each([
    ['income', ['ACME PAYROLL', 'Refund 50% off_sale', 'Interest']],
    ['expenses', ['Pending gas', 'Mystery shop', 'Blue Bottle Coffee', 'Air Lines']],
    ['pending', ['Pending gas']],
    ['uncategorized', ['Mystery shop']],
    ['transfers', ['To savings']],
    ['excluded', ['To savings', 'Gift (excluded)']],
    ['all', undefined],
  ])('filter=%s', async (filter, expected) => {
    const result = await names(`filter=${filter}`);
    if (expected) expect(result).toEqual(expected);
    else expect(result).toHaveLength(9);
  });

  it('filters by comma-joined categories (shown category, any case, Uncategorized included)', async () => {
    expect(await names('categories=FOOD_AND_DRINK,travel')).toEqual(['Blue Bottle Coffee', 'Air Lines']);
    // The low-confidence GENERAL_MERCHANDISE row shows as Uncategorized, so it is not Shopping.
    expect(await names('categories=GENERAL_MERCHANDISE')).toEqual(['Refund 50% off_sale', 'Gift (excluded)']);
    expect(await names('categories=UNCATEGORIZED,INCOME')).toEqual([
      'Mystery shop',
      'ACME PAYROLL',
      'Interest',
    ]);
    expect(await names('categories=')).toHaveLength(9);
  });

  it('filters by comma-joined accounts and account types', async () => {
    expect(await names(`accounts=${card.id}`)).toEqual([
      'Refund 50% off_sale',
      'Gift (excluded)',
      'Air Lines',
    ]);
    expect(await names(`accounts=${card.id},${hidden.id}`)).toEqual([
      'Refund 50% off_sale',
      'Gift (excluded)',
      'Air Lines',
      'Interest',
    ]);
    expect(await names('types=credit')).toEqual(['Refund 50% off_sale', 'Gift (excluded)', 'Air Lines']);
    expect(await names('types=loan')).toEqual([]);
    expect(await names(`types=credit&accounts=${checking.id}`)).toEqual([]);
    expect(await names(`types=depository,credit&accounts=${hidden.id}`)).toEqual(['Interest']);
  });

  it('combines filters', async () => {
    expect(
      await names(`filter=expenses&accounts=${checking.id}&categories=FOOD_AND_DRINK,TRANSPORTATION`),
    ).toEqual(['Pending gas', 'Blue Bottle Coffee']);
  });

  it('filters the rows counted in spending and income (no transfer, nothing excluded)', async () => {
    expect(await names('filter=counted')).toEqual([
      'Pending gas',
      'Mystery shop',
      'Blue Bottle Coffee',
      'ACME PAYROLL',
      'Refund 50% off_sale',
      'Air Lines',
      'Interest',
    ]);
    expect(await names('filter=counted&categories=GENERAL_MERCHANDISE')).toEqual(['Refund 50% off_sale']);
  });

  it('filters from a date on (inclusive)', async () => {
    expect(await names('date=2026-03-04')).toEqual(['To savings', 'Pending gas']);
    expect(await names('date=2026-02-12&filter=income')).toEqual(['ACME PAYROLL', 'Refund 50% off_sale']);
  });

  it('searches name and merchant case-insensitively, wildcards taken literally', async () => {
    expect(await names('search=BLUE bottle')).toEqual(['Blue Bottle Coffee']);
    expect(await names('search=sky travel')).toEqual(['Air Lines']);
    expect(await names(`search=${encodeURIComponent('50%')}`)).toEqual(['Refund 50% off_sale']);
    expect(await names('search=d_5')).toEqual([]);
    expect(await names('search=%25%25')).toEqual([]);
    expect(await names('search=ee&filter=expenses')).toEqual(['Blue Bottle Coffee']);
    const paged = await list(browser, 'search=s&limit=1');
    expect(paged.status).toBe(400);
  });

  it('reports the search total beyond the last page', async () => {
    const result = await list(browser, 'search=in&page=5&limit=1');
    expect(result.body.data).toEqual([]);
    // Pending gas, To savings, Air Lines, Interest
    expect(result.body.pagination).toEqual({
      total: 4,
      page: 5,
      pageSize: 1,
      totalPages: 4,
      hasNext: false,
      totalCapped: false,
      unfilteredTotal: 9,
      visibleFrom: null,
      nextCursor: null,
    });
  });

  it('sorts by date or amount', async () => {
    expect((await names('sort=date_asc')).slice(0, 2)).toEqual(['Interest', 'Air Lines']);
    expect((await names('sort=amount_desc')).slice(0, 3)).toEqual([
      'ACME PAYROLL',
      'Refund 50% off_sale',
      'Interest',
    ]);
    expect((await names('sort=amount_asc')).slice(0, 2)).toEqual(['To savings', 'Air Lines']);
  });
});

describe('category display', () => {
  it('shows a category only when trusted: confidence ≥ 0.7, or set by a rule or the user', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    await addTransactions(db(), userId, account.id, [
      { date: '2026-05-06', amountMinor: -1, name: 'low', category: 'TRAVEL', categoryConfidence: 0.69 },
      { date: '2026-05-05', amountMinor: -1, name: 'edge', category: 'TRAVEL', categoryConfidence: 0.7 },
      {
        date: '2026-05-04',
        amountMinor: -1,
        name: 'rule',
        category: 'TRAVEL',
        categoryConfidence: 0.1,
        categorySource: 'rule',
      },
      {
        date: '2026-05-03',
        amountMinor: -1,
        name: 'user',
        category: 'MEDICAL',
        categoryConfidence: 0,
        categorySource: 'user',
      },
      { date: '2026-05-02', amountMinor: -1, name: 'unknown', category: 'SNACKS', categoryConfidence: 1 },
      {
        date: '2026-05-01',
        amountMinor: -1,
        name: 'detail',
        category: 'FOOD_AND_DRINK',
        detailedCategory: 'FOOD_AND_DRINK_COFFEE',
        categoryConfidence: 0.4,
      },
    ]);
    const result = await list(browser);
    const shown = Object.fromEntries(
      result.body.data.map((row) => [row.name, [row.category, row.detailedCategory]]),
    );
    expect(shown).toEqual({
      low: [null, null],
      edge: ['TRAVEL', null],
      rule: ['TRAVEL', null],
      user: ['MEDICAL', null],
      unknown: [null, null],
      detail: [null, null],
    });
    const uncategorized = await list(browser, 'filter=uncategorized');
    expect(uncategorized.body.data.map((row) => row.name)).toEqual(['low', 'unknown', 'detail']);
  });
});

describe('deep pages', () => {
  it('pages through years, months and a mid-month start exactly like a plain ordered query', async () => {
    const { browser, userId } = await signedInUser(w);
    const a = await addAccount(db(), userId, { name: 'A', type: 'depository' });
    const b = await addAccount(db(), userId, { name: 'B', type: 'credit' });
    const categories = ['FOOD_AND_DRINK', 'TRAVEL', 'INCOME', null] as const;
    const rows = Array.from({ length: 260 }, (_, index) => {
      const day = new Date(Date.UTC(2023, 10, 15) + index * 4 * 86_400_000).toISOString().slice(0, 10);
      return {
        account: index % 3 === 0 ? b.id : a.id,
        date: day,
        amountMinor: index % 5 === 0 ? 1_000 + index : (-(index * 7) % 900) - 1,
        name: `Row ${index}`,
        category: categories[index % 4],
        categoryConfidence: index % 7 === 0 ? 0.3 : 0.95,
        status: index % 11 === 0 ? 'pending' : 'posted',
        excluded: index % 13 === 0,
      };
    });
    // Several rows on some days, so ties are broken by id.
    rows.push(...rows.slice(0, 40).map((row, index) => ({ ...row, name: `Twin ${index}` })));
    for (const account of [a.id, b.id]) {
      await addTransactions(
        db(),
        userId,
        account,
        rows.filter((row) => row.account === account).map(({ account: _account, ...row }) => row),
      );
    }

    const expected = async (where: ReturnType<typeof sql>, order: 'asc' | 'desc') =>
      (
        await db().execute<{ id: string }>(sql`
          select id from "transaction" where user_id = ${userId} and ${where}
          order by date ${sql.raw(order)}, id ${sql.raw(order)}`)
      ).rows.map((row) => row.id);
    const shown = sql`transaction_category_shown(category, category_source, category_confidence)`;
    const cases: [string, ReturnType<typeof sql>][] = [
      ['', sql`true`],
      ['date=2024-06-17', sql`date >= '2024-06-17'`],
      ['date=2025-01-01', sql`date >= '2025-01-01'`],
      [
        'date=2024-09-01&filter=expenses',
        sql`date >= '2024-09-01' and amount_minor < 0 and not excluded and not (transfer_pair_id is not null or ${shown} = 'TRANSFER')`,
      ],
      ['categories=FOOD_AND_DRINK,INCOME', sql`${shown} in ('FOOD_AND_DRINK', 'INCOME')`],
      [`accounts=${b.id}&date=2024-03-10`, sql`account_id = ${b.id} and date >= '2024-03-10'`],
      ['filter=uncategorized', sql`${shown} = ''`],
      ['filter=pending', sql`status = 'pending'`],
      // An end date: partial months and years at either end, whole years between, one month, one day.
      ['date=2024-06-17&to=2025-08-09', sql`date between '2024-06-17' and '2025-08-09'`],
      ['to=2025-03-31', sql`date <= '2025-03-31'`],
      ['to=2024-12-31', sql`date <= '2024-12-31'`],
      ['to=2024-02-14', sql`date <= '2024-02-14'`],
      ['date=2024-06-03&to=2024-06-20', sql`date between '2024-06-03' and '2024-06-20'`],
      ['date=2024-01-01&to=2025-12-31', sql`date between '2024-01-01' and '2025-12-31'`],
      ['date=2024-11-01&to=2025-02-28', sql`date between '2024-11-01' and '2025-02-28'`],
      ['date=2024-05-01&to=2024-05-31', sql`date between '2024-05-01' and '2024-05-31'`],
      ['date=2024-05-09&to=2024-05-09', sql`date = '2024-05-09'`],
      [
        `categories=FOOD_AND_DRINK&accounts=${a.id}&date=2024-02-10&to=2024-10-05`,
        sql`${shown} = 'FOOD_AND_DRINK' and account_id = ${a.id} and date between '2024-02-10' and '2024-10-05'`,
      ],
      [
        'filter=counted&date=2024-02-10&to=2025-10-05',
        sql`transaction_counts_toward_spending(status, excluded, transfer_pair_id, ${shown}, provider_category, detailed_category) and date between '2024-02-10' and '2025-10-05'`,
      ],
    ];
    for (const [query, where] of cases) {
      for (const order of ['desc', 'asc'] as const) {
        const ids: string[] = [];
        let total = -1;
        for (let page = 1; page < 100; page += 1) {
          const result = await list(browser, `${query}&sort=date_${order}&limit=17&page=${page}`);
          expect(result.status).toBe(200);
          total = result.body.pagination.total;
          ids.push(...result.body.data.map((row) => row.id));
          if (!result.body.pagination.hasNext) break;
        }
        const want = await expected(where, order);
        expect({ query, order, ids }).toEqual({ query, order, ids: want });
        expect(total).toBe(want.length);
      }
    }
  });
});

describe('counters stay exact', () => {
  it('after inserts, edits, bulk changes and deletes', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const other = await addAccount(db(), userId, { name: 'Other' });
    const added = await addTransactions(
      db(),
      userId,
      account.id,
      Array.from({ length: 30 }, (_, index) => ({
        date: `2026-0${1 + (index % 3)}-1${index % 10}`,
        amountMinor: index % 2 ? -100 : 100,
        category: 'TRAVEL',
        categoryConfidence: 0.9,
      })),
    );
    await addTransactions(db(), userId, other.id, [{ date: '2026-01-01', amountMinor: -5 }]);
    const ids = added.map((row) => row.id);
    await browser.json(`/api/v1/transactions/${ids[0]}`, { method: 'PATCH', body: { category: null } });
    await browser.json('/api/v1/transactions/bulk', {
      body: { ids: ids.slice(1, 8), changes: { category: 'MEDICAL', excluded: true } },
    });
    await db()
      .update(transaction)
      .set({ date: '2025-12-31', status: 'pending', amountMinor: -123_456 })
      .where(eq(transaction.id, ids[9] ?? ''));
    await db()
      .delete(transaction)
      .where(eq(transaction.id, ids[10] ?? ''));

    // Every row is named 'Coffee Shop', so `search=co` selects the same rows but counts them from the rows
    // themselves instead of the counters.
    const check = async () => {
      for (const query of [
        '',
        'filter=uncategorized',
        'filter=expenses',
        'filter=income',
        'filter=pending',
        'filter=excluded',
        'categories=MEDICAL',
        `accounts=${other.id}`,
        'date=2026-02-01',
      ]) {
        const viaCounters = (await list(browser, query)).body.pagination.total;
        const viaSearch = (await list(browser, `${query}&search=co`)).body.pagination.total;
        expect({ query, total: viaCounters }).toEqual({ query, total: viaSearch });
      }
      // The amount counters (migration 0040): each bucket's rows, and under each filter the same sums as
      // the monthly totals checked above.
      const buckets = await db().execute(sql`
        select bucket, n from transaction_amount_count where user_id = ${userId} order by bucket`);
      const recounted = await db().execute(sql`
        select transaction_amount_bucket(amount_minor) as bucket, count(*)::int as n
        from "transaction" where user_id = ${userId} group by 1 order by 1`);
      expect(buckets.rows).toEqual(recounted.rows);
      const columns = 'n, n_income, n_expense, n_pending, n_transfer, n_excluded, n_uncategorized';
      const totals = columns
        .split(', ')
        .map((column) => `coalesce(sum(${column}), 0)::int as ${column}`)
        .join(', ');
      const sums = (table: string, owned = sql`user_id = ${userId}`) =>
        db().execute(sql`select ${sql.raw(totals)} from ${sql.raw(table)} where ${owned}`);
      expect((await sums('transaction_amount_count')).rows).toEqual(
        (await sums('transaction_month_total')).rows,
      );
      // The facet counters (migration 0042): each row once under its shown category and once under its
      // account, per fine bucket; under each filter, in each of the two, the same sums again.
      const accountsOfUser = sql`account_id in (select id from financial_account where user_id = ${userId})`;
      const perCategory = await db().execute(sql`
        select category, bucket, n from transaction_amount_category_count where user_id = ${userId}
        order by 1, 2`);
      const perAccount = await db().execute(sql`
        select account_id, bucket, n from transaction_amount_account_count where ${accountsOfUser}
        order by 1, 2`);
      const recount = (key: string) =>
        db().execute(sql`
          select ${sql.raw(key)}, transaction_amount_fine_bucket(amount_minor) as bucket, count(*)::int as n
          from "transaction" where user_id = ${userId} group by 1, 2 order by 1, 2`);
      expect(perCategory.rows).toEqual(
        (
          await recount(
            'transaction_category_shown(category, category_source, category_confidence) as category',
          )
        ).rows,
      );
      expect(perAccount.rows).toEqual((await recount('account_id')).rows);
      expect((await sums('transaction_amount_category_count')).rows).toEqual(
        (await sums('transaction_month_total')).rows,
      );
      expect((await sums('transaction_amount_account_count', accountsOfUser)).rows).toEqual(
        (await sums('transaction_month_total')).rows,
      );
      // The counters per month (migration 0044): each row once per month under its bucket and under its
      // digit group; under each filter the same sums again.
      for (const [table, bucket] of [
        ['transaction_amount_month_count', 'transaction_amount_bucket'],
        ['transaction_amount_digits_month_count', 'transaction_amount_digits'],
      ] as const) {
        const kept = await db().execute(sql`
          select month::text, bucket, n from ${sql.raw(table)} where user_id = ${userId} order by 1, 2`);
        const counted = await db().execute(sql`
          select date_trunc('month', date)::date::text as month, ${sql.raw(bucket)}(amount_minor) as bucket,
                 count(*)::int as n
          from "transaction" where user_id = ${userId} group by 1, 2 order by 1, 2`);
        expect(kept.rows).toEqual(counted.rows);
        expect((await sums(table)).rows).toEqual((await sums('transaction_month_total')).rows);
      }
    };
    await check();
    // The row set to Uncategorized by hand and the other account's row without a category.
    expect((await list(browser, 'filter=uncategorized')).body.pagination.total).toBe(2);
    expect((await list(browser, 'categories=MEDICAL')).body.pagination.total).toBe(7);

    const counters = await db().execute<{ n: number }>(
      sql`select coalesce(sum(n), 0)::int as n from transaction_month_count where user_id = ${userId}`,
    );
    expect(counters.rows[0]?.n).toBe(30);
    await db().delete(transaction).where(eq(transaction.accountId, account.id));
    const emptied = await db().execute<{ rows: number }>(sql`
      select (select count(*) from transaction_month_count where user_id = ${userId})
           + (select count(*) from transaction_year_count where user_id = ${userId})
           + (select count(*) from transaction_month_total where user_id = ${userId}) as rows`);
    // Only the other account's single row is still counted (one row in each table).
    expect(Number(emptied.rows[0]?.rows)).toBe(3);

    // A sync's upsert (INSERT … ON CONFLICT DO UPDATE) counts its inserted and its updated rows.
    const [kept] = await db().select().from(transaction).where(eq(transaction.accountId, other.id));
    await db()
      .insert(transaction)
      .values([
        { ...kept!, id: undefined, category: 'MEDICAL', categoryConfidence: 0.95, status: 'pending' },
        { ...kept!, id: undefined, externalId: 'brand-new', date: '2024-07-07' },
      ])
      .onConflictDoUpdate({
        target: [transaction.accountId, transaction.externalId],
        set: {
          category: sql`excluded.category`,
          categoryConfidence: sql`excluded.category_confidence`,
          status: sql`excluded.status`,
        },
      });
    await check();
    expect((await list(browser, 'categories=MEDICAL&filter=pending')).body.pagination.total).toBe(1);
    expect((await list(browser, 'date=2024-07-01')).body.pagination.total).toBe(2);

    // Deleting the user empties their counters.
    await db().execute(sql`delete from "user" where id = ${userId}`);
    const gone = await db().execute<{ rows: number }>(sql`
      select (select count(*) from transaction_month_count where user_id = ${userId})
           + (select count(*) from transaction_year_count where user_id = ${userId})
           + (select count(*) from transaction_month_total where user_id = ${userId})
           + (select count(*) from transaction_amount_count where user_id = ${userId})
           + (select count(*) from transaction_amount_category_count where user_id = ${userId})
           + (select count(*) from transaction_amount_month_count where user_id = ${userId})
           + (select count(*) from transaction_amount_digits_month_count where user_id = ${userId}) as rows`);
    expect(Number(gone.rows[0]?.rows)).toBe(0);
  });
});

describe('PATCH /transactions/:id', () => {
  it('changes the fields; a category chosen by hand is the user’s', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const [row] = await addTransactions(db(), userId, account.id, [
      {
        date: '2026-04-01',
        amountMinor: -3_00,
        name: 'SQ *BLUE BOTTLE',
        category: 'TRAVEL',
        categoryConfidence: 0.2,
        detailedCategory: 'TRAVEL_FLIGHTS',
      },
    ]);
    const result = await browser.json<Envelope<{ transaction: TransactionView }>>(
      `/api/v1/transactions/${row?.id}`,
      {
        method: 'PATCH',
        body: {
          category: 'FOOD_AND_DRINK',
          notes: '  team coffee ',
          tags: ['work', ' work', 'coffee'],
          excluded: true,
          name: 'Blue Bottle',
        },
      },
    );
    expect(result.status).toBe(200);
    expect(result.body.data.transaction).toMatchObject({
      id: row?.id,
      category: 'FOOD_AND_DRINK',
      categorySource: 'user',
      categoryConfidence: 1,
      detailedCategory: null,
      notes: 'team coffee',
      tags: ['work', 'coffee'],
      excluded: true,
      name: 'Blue Bottle',
      originalName: 'SQ *BLUE BOTTLE',
    });
    const cleared = await browser.json<Envelope<{ transaction: TransactionView }>>(
      `/api/v1/transactions/${row?.id}`,
      {
        method: 'PATCH',
        body: { category: null, notes: '' },
      },
    );
    expect(cleared.body.data.transaction).toMatchObject({
      category: null,
      categorySource: 'user',
      notes: null,
    });
  });

  it.each([
    [{ name: 'x'.repeat(51) }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ category: 'SNACKS' }, 'category'],
    [{ tags: Array.from({ length: 21 }, (_, index) => `t${index}`) }, 'tags'],
    [{ notes: 'n'.repeat(501) }, 'notes'],
    [{}, 'body'],
    [{ amountMinor: 5 }, 'body'],
  ])('refuses %j', async (body, field) => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const [row] = await addTransactions(db(), userId, account.id, [{ date: '2026-04-01', amountMinor: -1 }]);
    const result = await browser.json<Envelope<unknown>>(`/api/v1/transactions/${row?.id}`, {
      method: 'PATCH',
      body,
    });
    expect(result.status).toBe(400);
    expect(result.body.items?.[0]?.field).toBe(field);
  });

  it('answers 404 for another user’s transaction and changes nothing', async () => {
    const owner = await signedInUser(w);
    const account = await addAccount(db(), owner.userId);
    const [row] = await addTransactions(db(), owner.userId, account.id, [
      { date: '2026-04-01', amountMinor: -1, name: 'Mine' },
    ]);
    const stranger = await signedInUser(w);
    const result = await stranger.browser.json(`/api/v1/transactions/${row?.id}`, {
      method: 'PATCH',
      body: { name: 'Stolen' },
    });
    expect(result.status).toBe(404);
    expect(
      (
        await stranger.browser.json('/api/v1/transactions/not-a-uuid', {
          method: 'PATCH',
          body: { name: 'x' },
        })
      ).status,
    ).toBe(404);
    const [stored] = await db()
      .select()
      .from(transaction)
      .where(eq(transaction.id, row?.id ?? ''));
    expect(stored?.name).toBe('Mine');
  });
});

describe('POST /transactions/bulk', () => {
  it('changes all the given transactions in one go', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const rows = await addTransactions(
      db(),
      userId,
      account.id,
      Array.from({ length: 5 }, (_, index) => ({ date: `2026-04-0${index + 1}`, amountMinor: -1 })),
    );
    const ids = rows.map((row) => row.id);
    const result = await browser.json<Envelope<{ updated: number }>>('/api/v1/transactions/bulk', {
      body: { ids: [...ids.slice(0, 3), ids[0]], changes: { category: 'TRAVEL', tags: ['trip'] } },
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ updated: 3 });
    const listed = await list(browser, 'categories=TRAVEL');
    expect(listed.body.data.map((row) => row.id).sort()).toEqual(ids.slice(0, 3).sort());
    expect(listed.body.data.every((row) => row.categorySource === 'user' && row.tags[0] === 'trip')).toBe(
      true,
    );
  });

  it('writes nothing when one id is not the user’s (400 on ids)', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    const mine = await addTransactions(db(), userId, account.id, [{ date: '2026-04-01', amountMinor: -1 }]);
    const stranger = await signedInUser(w);
    const theirAccount = await addAccount(db(), stranger.userId);
    const theirs = await addTransactions(db(), stranger.userId, theirAccount.id, [
      { date: '2026-04-01', amountMinor: -1 },
    ]);
    const result = await browser.json<Envelope<unknown>>('/api/v1/transactions/bulk', {
      body: { ids: [mine[0]?.id, theirs[0]?.id], changes: { excluded: true } },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ items: [{ field: 'ids', message: SOME_TRANSACTIONS_NOT_FOUND }] });
    const stored = await db()
      .select({ excluded: transaction.excluded })
      .from(transaction)
      .where(sql`${transaction.id} in (${mine[0]?.id}, ${theirs[0]?.id})`);
    expect(stored.map((row) => row.excluded)).toEqual([false, false]);
  });

  it.each([
    [{ ids: [], changes: { excluded: true } }],
    [{ ids: Array.from({ length: 501 }, () => crypto.randomUUID()), changes: { excluded: true } }],
    [{ ids: ['nope'], changes: { excluded: true } }],
    [{ ids: [crypto.randomUUID()], changes: {} }],
    [{ ids: [crypto.randomUUID()], changes: { name: 'x' } }],
  ])('refuses %#', async (body) => {
    const { browser } = await signedInUser(w);
    const result = await browser.json('/api/v1/transactions/bulk', { body });
    expect(result.status).toBe(400);
  });
});

describe('GET /transactions/export.csv', () => {
  it('streams a dated CSV of the filtered transactions, safe to open in a spreadsheet', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId, { name: 'Card, "Gold"' });
    await addTransactions(db(), userId, account.id, [
      {
        date: '2026-06-03',
        amountMinor: -12_34,
        name: '=HYPERLINK("http://evil","x")',
        category: 'TRAVEL',
        categoryConfidence: 0.9,
        tags: ['a', 'b'],
      },
      { date: '2026-06-02', amountMinor: 5_00, name: '+1 refund', notes: '@SUM(A1)', merchantName: '-minus' },
      { date: '2026-06-01', amountMinor: -1, name: 'Old', excluded: true },
    ]);
    const stranger = await signedInUser(w);
    const theirs = await addAccount(db(), stranger.userId);
    await addTransactions(db(), stranger.userId, theirs.id, [
      { date: '2026-06-03', amountMinor: -1, name: 'Not mine' },
    ]);

    const response = await browser.request('/api/v1/transactions/export.csv?date=2026-06-02');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="lodestar-transactions-${today}.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Account,Name,Merchant,Category,Amount,Currency,Status,Notes,Tags,Excluded,Original name,Transaction ID',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^2026-06-03,"Card, ""Gold""","'=HYPERLINK\(""http:\/\/evil"",""x""\)",,Travel,-12\.34,USD,posted,,a; b,no,"'=HYPERLINK/,
    );
    expect(lines[2]).toMatch(
      /^2026-06-02,"Card, ""Gold""",'\+1 refund,'-minus,Uncategorized,5\.00,USD,posted,'@SUM\(A1\),,no,'\+1 refund,/,
    );
    expect(text).not.toContain('Not mine');
  });

  it('exports more rows than one batch, in order', async () => {
    const { browser, userId } = await signedInUser(w);
    const account = await addAccount(db(), userId);
    await addTransactions(
      db(),
      userId,
      account.id,
      Array.from({ length: 2_345 }, (_, index) => ({
        date: '2026-01-01',
        amountMinor: -index - 1,
        name: `Row ${index}`,
      })),
    );
    const response = await browser.request('/api/v1/transactions/export.csv?sort=amount_asc');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2_346);
    expect(lines[1]).toContain('Row 2344');
    expect(lines.at(-1)).toContain('Row 0,');
  });

  it('refuses bad filters with 400', async () => {
    const { browser } = await signedInUser(w);
    expect((await browser.request('/api/v1/transactions/export.csv?filter=nope')).status).toBe(400);
  });
});

describe('export turned off', () => {
  let off: AuthWorld;
  beforeAll(async () => {
    off = await createAuthWorld({ FEATURE_EXPORT: 'false' });
  });
  afterAll(async () => {
    await off.close();
  });

  it('answers 403 when the server has exporting turned off', async () => {
    const { browser } = await signedInUser(off);
    const result = await browser.json<Envelope<unknown>>('/api/v1/transactions/export.csv');
    expect(result.status).toBe(403);
    expect(result.body.error).toBe('Exporting data is turned off on this server');
  });
});

describe('OpenAPI document', () => {
  it('describes the transaction and rule endpoints with every listing parameter', async () => {
    const response = await w.t.app.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const spec = (await response.json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    for (const path of [
      '/transactions/paginated',
      '/transactions/export.csv',
      '/transactions/{id}',
      '/transactions/bulk',
      '/rules',
      '/rules/preview',
      '/rules/{id}',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    const parameters = spec.paths['/transactions/paginated']?.get?.parameters?.map(
      (parameter) => parameter.name,
    );
    expect(parameters?.sort()).toEqual(
      [
        'accounts',
        'after',
        'amount_max',
        'amount_min',
        'categories',
        'date',
        'to',
        'filter',
        'limit',
        'page',
        'pending',
        'recurring',
        'refunds',
        'search',
        'sort',
        'types',
        'payee',
        'detailed',
        'tags',
        'untagged',
      ].sort(),
    );
  });
});
