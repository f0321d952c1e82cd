import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialAccount, transaction, user } from '../schema/index';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { sql } from 'drizzle-orm';
import {
  INDEX_ONLY_WALK_RATIO,
  amountBucketRange,
  listTransactionPage,
  searchPieces,
  searchWalkBound,
  type TransactionKeyset,
  type TransactionListItem,
  type TransactionSelection,
  type TransactionSort,
} from './transactions';

/**
 * Pages of the listing against the plain SQL they stand for (`ORDER BY key, id OFFSET n LIMIT m` over the
 * same conditions), at several depths, with many ties in amount and date: page numbers (read from the
 * nearer end for amount sorts) and keyset pages (`after` the previous page's last row).
 */

let t: TestDatabase;
let userId: string;
let accountIds: string[];
const ROWS = 730;
const LIMIT = 50;

beforeAll(async () => {
  t = await createTestDatabase();
  userId = randomUUID();
  await t.db.insert(user).values({ id: userId, name: 'Test User', email: `${userId}@example.test` });
  const accounts = await t.db
    .insert(financialAccount)
    .values(
      ['Checking', 'Card'].map((name) => ({
        userId,
        name,
        type: 'depository' as const,
        provider: 'manual',
        currency: 'USD',
      })),
    )
    .returning();
  accountIds = accounts.map((account) => account.id);
  // Seven amounts and forty days over 730 rows: every amount and every day is shared by many rows.
  const amounts = [-450, -1299, 2500, -450, -8000, 100, -20000];
  const values = Array.from({ length: ROWS }, (_, i) => ({
    userId,
    accountId: accounts[i % 2]!.id,
    externalId: randomUUID(),
    currency: 'USD',
    name: i % 3 === 0 ? 'Corner Coffee' : 'Grocer',
    // A rare pair ('qz', 8 rows) for the two plans of a short search.
    merchantName: i % 97 === 5 ? 'Qzar Books' : null,
    originalName: 'Shop',
    date: `2026-0${1 + (i % 4)}-${String(1 + (i % 10)).padStart(2, '0')}`,
    amountMinor: amounts[i % amounts.length]!,
    category: i % 4 === 0 ? 'FOOD_AND_DRINK' : 'GENERAL_MERCHANDISE',
    categoryConfidence: 0.9,
  }));
  await t.db.insert(transaction).values(values);
  await t.pool.query('analyze "transaction"');
});
afterAll(async () => {
  await t.drop();
});

/** Another user with one checking account: their id and the account's. */
async function userWithAccount(name: string): Promise<{ id: string; accountId: string }> {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name, email: `${id}@example.test` });
  const [account] = await t.db
    .insert(financialAccount)
    .values({ userId: id, name: 'Checking', type: 'depository', provider: 'manual', currency: 'USD' })
    .returning();
  return { id, accountId: account!.id };
}

const ORDER: Record<TransactionSort, string> = {
  amount_desc: 'amount_minor desc, id desc',
  amount_asc: 'amount_minor asc, id asc',
  date_desc: 'date desc, id desc',
  date_asc: 'date asc, id asc',
};

/** Each selection with the plain SQL condition it means. */
const SELECTIONS: [TransactionSelection, string][] = [
  [{ filter: 'all' }, 'true'],
  [{ filter: 'expenses' }, 'amount_minor < 0 and not excluded'],
  [
    { filter: 'all', categories: ['FOOD_AND_DRINK'] },
    `transaction_category_shown(category, category_source, category_confidence) = 'FOOD_AND_DRINK'`,
  ],
  [{ filter: 'all', search: 'co' }, `(lower(name) || ' ' || lower(coalesce(merchant_name, ''))) like '%co%'`],
  [{ filter: 'all', search: 'Ee' }, `(lower(name) || ' ' || lower(coalesce(merchant_name, ''))) like '%ee%'`],
];

/** Two-character searches (the index of two-character pieces) with the plain LIKE they stand for. */
const SHORT_SEARCHES: [string, string][] = [
  ['co', '%co%'],
  ['R ', '%r %'],
  ['er', '%er%'],
  ['zz', '%zz%'],
  ['%', '%\\%%'],
];

/** Searches of three characters and more, served by the same index since the trigram index went (ADR 080). */
const LONG_SEARCHES: [string, string][] = [
  ['coffee', '%coffee%'],
  ['NER CO', '%ner co%'],
  ['qzar b', '%qzar b%'],
  ['ocer', '%ocer%'],
  ['eee', '%eee%'],
];

async function plain(condition: string, sort: TransactionSort, offset: number, limit: number) {
  const result = await t.pool.query<{ id: string }>(
    `select id from "transaction" where user_id = $1 and ${condition} order by ${ORDER[sort]} offset $2 limit $3`,
    [userId, offset, limit],
  );
  return result.rows.map((row) => row.id);
}

const keysetOf = (sort: TransactionSort, row: TransactionListItem): TransactionKeyset => ({
  key: sort.startsWith('date') ? row.date : row.amountMinor,
  id: row.id,
});

describe('searches against the plain SQL, counted up to a cap', () => {
  for (const [search, like] of [...SHORT_SEARCHES, ...LONG_SEARCHES]) {
    for (const sort of ['date_desc', 'amount_asc'] as const) {
      it(`'${search}', ${sort}: exact total up to the cap, then the cap and whether rows follow`, async () => {
        const condition = `(lower(name) || ' ' || lower(coalesce(merchant_name, ''))) like '${like}'`;
        const all = await plain(condition, sort, 0, ROWS);
        for (const cap of [1_000, 200, 40]) {
          let after: TransactionKeyset | undefined;
          for (let offset = 0; offset <= all.length; offset += LIMIT) {
            const page = await listTransactionPage(t.db, userId, {
              selection: { filter: 'all', search },
              sort,
              offset,
              limit: LIMIT,
              searchCountCap: cap,
              ...(after ? { after } : {}),
            });
            expect(page.rows.map((row) => row.id)).toEqual(all.slice(offset, offset + LIMIT));
            expect(page.totalCapped).toBe(all.length > cap);
            expect(page.total).toBe(Math.min(all.length, cap));
            if (page.totalCapped) expect(page.hasMore).toBe(offset + LIMIT < all.length);
            const last = page.rows.at(-1);
            if (!last) break;
            after = keysetOf(sort, last);
          }
        }
      });
    }
  }

  it('has rows for most of them, so the comparison means something', async () => {
    const counts = await Promise.all(
      SHORT_SEARCHES.map(
        async ([, like]) =>
          (
            await plain(
              `(lower(name) || ' ' || lower(coalesce(merchant_name, ''))) like '${like}'`,
              'date_desc',
              0,
              ROWS,
            )
          ).length,
      ),
    );
    expect(counts.filter((count) => count > 200).length).toBeGreaterThanOrEqual(3);
  });
});

describe('the two plans of a search (ADR 066, ADR 080)', () => {
  // A common pair and a rare one, each read through the index of two-character pieces, by walking the
  // sort's index, and as chosen: every plan must return the plain SQL's rows, by page number and by
  // keyset. Both are capped, so 'choose' walks for 'co' (a match in three rows) and, for 'QZ' (8 of 730
  // rows), gives up its walk of √(rows needed × 730) rows and takes the index.
  // Longer searches without other filters take the same plans since the trigram index went (ADR 080).
  for (const [search, like, cap] of [
    ['co', '%co%', 40],
    ['QZ', '%qz%', 5],
    ['coffee', '%coffee%', 40],
    ['qzar b', '%qzar b%', 5],
  ] as const) {
    for (const plan of ['choose', 'index', 'walk'] as const) {
      for (const sort of ['date_desc', 'amount_asc'] as const) {
        it(`'${search}' through the ${plan} plan, ${sort}`, async () => {
          const condition = `(lower(name) || ' ' || lower(coalesce(merchant_name, ''))) like '${like}'`;
          const all = await plain(condition, sort, 0, ROWS);
          expect(all.length).toBeGreaterThan(0);
          const read = (offset: number, after?: TransactionKeyset) =>
            listTransactionPage(t.db, userId, {
              selection: { filter: 'all', search },
              sort,
              offset,
              limit: LIMIT,
              searchCountCap: cap,
              shortSearchPlan: plan,
              ...(after ? { after } : {}),
            });
          // Page after page by keyset, and the same pages by number.
          let after: TransactionKeyset | undefined;
          for (let offset = 0; offset < all.length; offset += LIMIT) {
            for (const page of [await read(offset, after), await read(offset)]) {
              expect(page.rows.map((row) => row.id)).toEqual(all.slice(offset, offset + LIMIT));
              expect(page.total).toBe(Math.min(all.length, cap));
              expect(page.totalCapped).toBe(all.length > cap);
              if (page.totalCapped) expect(page.hasMore).toBe(offset + LIMIT < all.length);
            }
            after = keysetOf(sort, (await read(offset, after)).rows.at(-1)!);
          }
        });
      }
    }
  }
});

describe('a common pair whose matches lie deep in amount order (ADR 084)', () => {
  // 1,200 rows: the 700 largest expenses (rent, loans) hold no 'co'; the 500 after them are 'Corner
  // Coffee' and 'Grocer' rows with tied amounts. Capped at 40, the count says the pair is common; the
  // walk along the amount index must pass the 700 rows (beyond √(rows needed × 1,200)) to fill a page.
  let deep: string;
  const DEEP_ROWS = 1_200;
  beforeAll(async () => {
    const made = await userWithAccount('Deep');
    deep = made.id;
    await t.db.insert(transaction).values(
      Array.from({ length: DEEP_ROWS }, (_, i) => ({
        userId: deep,
        accountId: made.accountId,
        externalId: randomUUID(),
        currency: 'USD',
        name: i < 700 ? (i % 2 ? 'Rent' : 'Loan payment') : i % 3 ? 'Corner Coffee' : 'Grocer',
        merchantName: i >= 700 && i % 5 === 0 ? 'Cobalt Market' : null,
        originalName: 'Shop',
        date: `2026-0${1 + (i % 6)}-${String(1 + (i % 20)).padStart(2, '0')}`,
        amountMinor: i < 700 ? -200_000 - (i % 9) * 1_000 : -[450, 1299, 8000, 450][i % 4]!,
      })),
    );
    await t.pool.query('analyze "transaction"');
  });

  async function plainDeep(sort: TransactionSort, offset: number, limit: number) {
    const result = await t.pool.query<{ id: string }>(
      `select id from "transaction" where user_id = $1
         and (lower(name) || ' ' || lower(coalesce(merchant_name, ''))) like '%co%'
       order by ${ORDER[sort]} offset $2 limit $3`,
      [deep, offset, limit],
    );
    return result.rows.map((row) => row.id);
  }

  for (const sort of ['amount_asc', 'amount_desc'] as const) {
    for (const plan of ['choose', 'index', 'walk'] as const) {
      it(`returns the plain SQL's rows by number and by keyset, ${sort}, ${plan} plan`, async () => {
        const all = await plainDeep(sort, 0, DEEP_ROWS);
        expect(all.length).toBeGreaterThan(300);
        if (sort === 'amount_asc') {
          const [first] = await plainDeep(sort, 0, 1);
          const order = await t.pool.query<{ id: string }>(
            `select id from "transaction" where user_id = $1 order by amount_minor, id`,
            [deep],
          );
          expect(order.rows.findIndex((row) => row.id === first)).toBeGreaterThan(
            Math.sqrt((LIMIT + 1) * DEEP_ROWS),
          );
        }
        let after: TransactionKeyset | undefined;
        for (const offset of [0, LIMIT, 2 * LIMIT, 3 * LIMIT]) {
          const read = (keyset?: TransactionKeyset) =>
            listTransactionPage(t.db, deep, {
              selection: { filter: 'all', search: 'co' },
              sort,
              offset,
              limit: LIMIT,
              searchCountCap: 40,
              shortSearchPlan: plan,
              ...(keyset ? { after: keyset } : {}),
            });
          for (const page of [await read(), await read(after)]) {
            expect(page.rows.map((row) => row.id)).toEqual(all.slice(offset, offset + LIMIT));
            expect(page.totalCapped).toBe(true);
            expect(page.hasMore).toBe(true);
          }
          after = keysetOf(sort, (await read(after)).rows.at(-1)!);
        }
        const deepest = Math.floor(all.length / LIMIT) * LIMIT - 3;
        const page = await listTransactionPage(t.db, deep, {
          selection: { filter: 'all', search: 'co' },
          sort,
          offset: deepest,
          limit: LIMIT,
          searchCountCap: 40,
          shortSearchPlan: plan,
        });
        expect(page.rows.map((row) => row.id)).toEqual(all.slice(deepest, deepest + LIMIT));
      });
    }
  }

  for (const sort of ['amount_asc', 'amount_desc'] as const) {
    for (const filter of ['all', 'expenses', 'uncategorized'] as const) {
      it(`pages by number from the amount counters at every depth, ${sort}, ${filter} (ADR 086)`, async () => {
        const condition = {
          all: 'true',
          expenses: 'amount_minor < 0 and not excluded',
          uncategorized: `transaction_category_shown(category, category_source, category_confidence) = ''`,
        }[filter];
        const all = (
          await t.pool.query<{ id: string }>(
            `select id from "transaction" where user_id = $1 and ${condition} order by ${ORDER[sort]}`,
            [deep],
          )
        ).rows.map((row) => row.id);
        for (let offset = 0; offset <= all.length; offset += 37) {
          const page = await listTransactionPage(t.db, deep, {
            selection: { filter },
            sort,
            offset,
            limit: LIMIT,
          });
          expect(page.total).toBe(all.length);
          expect(page.rows.map((row) => row.id)).toEqual(all.slice(offset, offset + LIMIT));
        }
      });
    }
  }

  it('walks the amount index alone: it holds the searched columns and the date', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql`
        explain select id, amount_minor, strpos(lower(name) || ' ' || lower(coalesce(merchant_name, '')), 'co') > 0
        from "transaction" where user_id = ${deep} and date >= '2026-02-01'
        order by amount_minor, id limit 500`);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(
        'Index Only Scan using transaction_user_amount_idx',
      );
    });
  });
});

describe('the amount buckets of the counters (migration 0040)', () => {
  it('hold each amount between their lowest and highest, in the order of the amounts', async () => {
    const amounts = [
      0, 1, -1, 9, -9, 10, -10, 99, 100, 109, 110, -999, 1000, 1234, -1234, 1299, 1300, 9999, 10_000,
      123_456_789, -987_654_321_012, 4_503_599_627_370_495,
    ];
    const result = await t.pool.query<{ amount: string; bucket: number; below: number; above: number }>(
      `select a::text as amount, transaction_amount_bucket(a) as bucket,
              transaction_amount_bucket(a - 1) as below, transaction_amount_bucket(a + 1) as above
         from unnest($1::bigint[]) as a`,
      [amounts],
    );
    for (const row of result.rows) {
      const amount = Number(row.amount);
      const { low, high } = amountBucketRange(row.bucket);
      expect({ amount, low: low <= amount, high: amount <= high }).toEqual({ amount, low: true, high: true });
      // The next amount down is in this bucket or the one before it, and so on up.
      expect(row.below <= row.bucket && row.bucket <= row.above).toBe(true);
      if (amount === low) expect(row.below).toBeLessThan(row.bucket);
      if (amount === high) expect(row.above).toBeGreaterThan(row.bucket);
    }
    const ends = await t.pool.query<{ low: number; high: number }>(
      `select transaction_amount_bucket(-1299) as low, transaction_amount_bucket(-1200) as high`,
    );
    expect(ends.rows[0]).toEqual({ low: -312, high: -312 });
    expect(amountBucketRange(-312)).toEqual({ low: -1299, high: -1200 });
  });
});

describe('the fine amount buckets of the facet counters (migration 0042)', () => {
  it('hold each amount between their lowest and highest, in the order of the amounts', async () => {
    const amounts = [
      0, 1, -1, 99, -99, 100, -100, 101, 999, 1000, 1234, -1234, 1239, 1240, 9999, 10_000, 12_345, -12_399,
      123_456_789, -987_654_321_012, 4_503_599_627_370_495,
    ];
    const result = await t.pool.query<{ amount: string; bucket: number; below: number; above: number }>(
      `select a::text as amount, transaction_amount_fine_bucket(a) as bucket,
              transaction_amount_fine_bucket(a - 1) as below, transaction_amount_fine_bucket(a + 1) as above
         from unnest($1::bigint[]) as a`,
      [amounts],
    );
    for (const row of result.rows) {
      const amount = Number(row.amount);
      const { low, high } = amountBucketRange(row.bucket, 3);
      expect({ amount, low: low <= amount, high: amount <= high }).toEqual({ amount, low: true, high: true });
      expect(row.below <= row.bucket && row.bucket <= row.above).toBe(true);
      if (amount === low) expect(row.below).toBeLessThan(row.bucket);
      if (amount === high) expect(row.above).toBeGreaterThan(row.bucket);
    }
    expect(amountBucketRange(-3123, 3)).toEqual({ low: -1239, high: -1230 });
    expect(amountBucketRange(4123, 3)).toEqual({ low: 12_300, high: 12_399 });
    expect(amountBucketRange(99, 3)).toEqual({ low: 99, high: 99 });
  });
});

describe('amount pages by number with a category or an account filter (facet counters, ADR 091)', () => {
  const shown = 'transaction_category_shown(category, category_source, category_confidence)';
  const selections = (): [TransactionSelection, string][] => [
    [{ filter: 'all', accountIds: [accountIds[0]!] }, `account_id = '${accountIds[0]}'`],
    [{ filter: 'all', accountIds }, 'true'],
    [
      { filter: 'expenses', categories: ['GENERAL_MERCHANDISE'] },
      `amount_minor < 0 and not excluded and ${shown} = 'GENERAL_MERCHANDISE'`,
    ],
    [
      { filter: 'income', accountIds: [accountIds[1]!] },
      `amount_minor > 0 and not excluded and account_id = '${accountIds[1]}'`,
    ],
    [{ filter: 'all', categories: ['FOOD_AND_DRINK', 'GENERAL_MERCHANDISE'] }, 'true'],
    [{ filter: 'all', categories: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK'] }, `${shown} = 'FOOD_AND_DRINK'`],
  ];
  for (const sort of ['amount_desc', 'amount_asc'] as const) {
    it(`returns the rows of the plain OFFSET SQL at every offset, across buckets and ties (${sort})`, async () => {
      for (const [selection, condition] of selections()) {
        const all = (
          await t.pool.query<{ id: string }>(
            `select id from "transaction" where user_id = $1 and ${condition} order by ${ORDER[sort]}`,
            [userId],
          )
        ).rows.map((row) => row.id);
        expect(all.length).toBeGreaterThan(2 * LIMIT);
        for (let offset = 0; offset <= all.length; offset += 23) {
          const page = await listTransactionPage(t.db, userId, { selection, sort, offset, limit: LIMIT });
          expect({ selection, offset, total: page.total }).toEqual({ selection, offset, total: all.length });
          expect(page.rows.map((row) => row.id)).toEqual(all.slice(offset, offset + LIMIT));
        }
      }
    });
  }
});

describe('amount pages by number with a date filter (counters per month, ADR 095)', () => {
  // 900 rows over 16 months (two calendar years) with amounts tied many times over, several buckets in a
  // digit group, single digits and zero; some rows excluded, pending or uncategorized.
  let dated: string;
  // Pages of 20, so that even a few weeks' rows span several.
  const limit = 20;
  const amounts = [
    -450, -1299, -1250, 2500, -450, -8000, 100, -20000, -99_999, 5, 0, -7, 1_234_567, -1200, 2599,
  ];
  beforeAll(async () => {
    const made = await userWithAccount('Dated');
    dated = made.id;
    const first = Date.UTC(2024, 10, 1);
    await t.db.insert(transaction).values(
      Array.from({ length: 900 }, (_, i) => ({
        userId: dated,
        accountId: made.accountId,
        externalId: randomUUID(),
        currency: 'USD',
        name: 'Shop',
        originalName: 'Shop',
        date: new Date(first + ((i * 7) % 485) * 86_400_000).toISOString().slice(0, 10),
        amountMinor: amounts[i % amounts.length]!,
        excluded: i % 11 === 0,
        status: i % 13 === 0 ? ('pending' as const) : ('posted' as const),
        category: i % 5 === 0 ? null : 'GENERAL_MERCHANDISE',
        categoryConfidence: 0.9,
      })),
    );
    await t.pool.query('analyze "transaction"');
  });

  const selections: [TransactionSelection, string][] = [
    [{ filter: 'all', fromDate: '2025-01-15' }, `date >= '2025-01-15'`],
    [{ filter: 'all', toDate: '2025-09-03' }, `date <= '2025-09-03'`],
    [
      { filter: 'all', fromDate: '2024-11-20', toDate: '2026-02-10' },
      `date between '2024-11-20' and '2026-02-10'`,
    ],
    [
      { filter: 'all', fromDate: '2025-02-01', toDate: '2025-04-30' },
      `date between '2025-02-01' and '2025-04-30'`,
    ],
    [
      { filter: 'all', fromDate: '2025-06-03', toDate: '2025-06-27' },
      `date between '2025-06-03' and '2025-06-27'`,
    ],
    [
      { filter: 'expenses', fromDate: '2025-03-09' },
      `amount_minor < 0 and not excluded and date >= '2025-03-09'`,
    ],
    [
      { filter: 'income', toDate: '2025-12-30' },
      `amount_minor > 0 and not excluded and date <= '2025-12-30'`,
    ],
    [
      { filter: 'uncategorized', fromDate: '2024-12-31', toDate: '2025-12-01' },
      `transaction_category_shown(category, category_source, category_confidence) = ''
        and date between '2024-12-31' and '2025-12-01'`,
    ],
    [{ filter: 'pending', fromDate: '2025-01-01' }, `status = 'pending' and date >= '2025-01-01'`],
  ];
  for (const sort of ['amount_desc', 'amount_asc'] as const) {
    it(`returns the rows of the plain OFFSET SQL at every offset, across months, buckets and ties (${sort})`, async () => {
      for (const [selection, condition] of selections) {
        const all = (
          await t.pool.query<{ id: string }>(
            `select id from "transaction" where user_id = $1 and ${condition} order by ${ORDER[sort]}`,
            [dated],
          )
        ).rows.map((row) => row.id);
        expect(all.length).toBeGreaterThan(2 * limit);
        for (let offset = 0; offset <= all.length; offset += selection.filter === 'pending' ? 7 : 19) {
          const page = await listTransactionPage(t.db, dated, { selection, sort, offset, limit });
          expect({ selection, offset, total: page.total }).toEqual({ selection, offset, total: all.length });
          expect(page.rows.map((row) => row.id)).toEqual(all.slice(offset, offset + limit));
        }
      }
    });
  }

  it('has bucket functions in integer arithmetic that agree with their text forms (migration 0044)', async () => {
    // Each power of ten and its neighbours, both signs, up to the largest bigint, and zero.
    const result = await t.pool.query<{ checked: number; differ: number }>(`
      with amounts as (
        select s * (10::numeric ^ k + d)::bigint as a
        from generate_series(0, 18) k, (values (-1), (0), (1)) ds(d), (values (-1), (1)) ss(s)
        where 10::numeric ^ k + d <= 9223372036854775807
        union all select 9223372036854775807 union all select -9223372036854775807
        union all select 0 union all select 54321 union all select -1299
      )
      select count(*)::int as checked, count(*) filter (where
        transaction_amount_bucket(a) is distinct from (case when a = 0 then 0 when abs(a) < 10 then a::int
          else sign(a)::int * ((length(abs(a)::text) - 1) * 100 + left(abs(a)::text, 2)::int) end)
        or transaction_amount_fine_bucket(a) is distinct from (case when abs(a) < 100 then a::int
          else sign(a)::int * ((length(abs(a)::text) - 1) * 1000 + left(abs(a)::text, 3)::int) end)
        or transaction_amount_digits(a) is distinct from sign(a)::int * length(abs(a)::text))::int as differ
      from amounts`);
    expect(result.rows[0]).toEqual({ checked: 119, differ: 0 });
  });

  it('reads the partial months index-only: the date index carries the amount', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql`
        explain select transaction_amount_bucket(amount_minor), count(*) from "transaction"
        where user_id = ${dated} and date >= '2025-06-03' and date <= '2025-06-27' group by 1`);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(
        'Index Only Scan using transaction_user_date_idx',
      );
    });
  });
});

describe('how far a search walks before it takes the index of pieces', () => {
  it('at least √(rows needed × transactions), and the rows the sort of the matches would cost when index-only', () => {
    const base = { needed: 51, transactions: 1_000_000 };
    expect(searchWalkBound({ ...base, estimatedMatches: 99_967, indexOnly: false })).toBe(7_142);
    expect(searchWalkBound({ ...base, estimatedMatches: 99_967, indexOnly: true })).toBe(
      99_967 * INDEX_ONLY_WALK_RATIO,
    );
    // A rare pair: the even-spread bound stands.
    expect(searchWalkBound({ ...base, estimatedMatches: 300, indexOnly: true })).toBe(7_142);
    // Never fewer than the rows needed.
    expect(searchWalkBound({ needed: 500, transactions: 100, estimatedMatches: 0, indexOnly: true })).toBe(
      500,
    );
  });
});

describe('listTransactionPage against the plain OFFSET SQL', () => {
  for (const sort of ['amount_desc', 'amount_asc', 'date_desc', 'date_asc'] as const) {
    for (const [selection, condition] of SELECTIONS) {
      const label = `${sort}, ${JSON.stringify(selection)}`;

      it(`returns the same rows by page number at every depth (${label})`, async () => {
        const [{ count }] = (
          await t.pool.query<{ count: number }>(
            `select count(*)::int as count from "transaction" where user_id = $1 and ${condition}`,
            [userId],
          )
        ).rows as [{ count: number }];
        expect(count).toBeGreaterThan(2 * LIMIT);
        const lastOffset = Math.floor((count - 1) / LIMIT) * LIMIT;
        for (const offset of [0, LIMIT, Math.floor(count / 2) - 7, count - LIMIT - 3, lastOffset, count]) {
          const page = await listTransactionPage(t.db, userId, { selection, sort, offset, limit: LIMIT });
          expect(page.total).toBe(count);
          expect(page.rows.map((row) => row.id)).toEqual(await plain(condition, sort, offset, LIMIT));
        }
      });

      it(`returns the same rows page after page by keyset (${label})`, async () => {
        let after: TransactionKeyset | undefined;
        let pages = 0;
        for (let offset = 0; ; offset += LIMIT) {
          const page = await listTransactionPage(t.db, userId, {
            selection,
            sort,
            offset,
            limit: LIMIT,
            ...(after ? { after } : {}),
          });
          expect(page.rows.map((row) => row.id)).toEqual(await plain(condition, sort, offset, LIMIT));
          pages += 1;
          const last = page.rows.at(-1);
          if (!last || page.rows.length < LIMIT) break;
          after = keysetOf(sort, last);
        }
        expect(pages).toBeGreaterThan(2);
      });
    }
  }
});

describe('the keys of the two-character index', () => {
  // Odd and even lengths, pieces at odd and even places, repeats, spaces, line breaks, accents,
  // characters outside the Basic Multilingual Plane and CJK: every piece must be among the keys.
  const TEXTS = [
    'x',
    'ab',
    'xab',
    'corner coffee',
    'aaaa',
    'café crème',
    'zürich ¥€ 東京タワー',
    'line\nbreak\ttab',
    'emoji 🙂 pay',
    "o'neil & sons %_",
  ];

  it('hold every two-character piece of the text', async () => {
    for (const text of TEXTS) {
      const characters = [...text];
      const pieces = characters.slice(0, -1).map((character, i) => character + characters[i + 1]!);
      const result = await t.pool.query<{ piece: string; found: boolean }>(
        `select piece, transaction_search_bigram_keys($1) @> transaction_search_bigrams(piece) as found
           from unnest($2::text[]) as piece`,
        [text, pieces],
      );
      expect(
        result.rows.filter((row) => !row.found).map((row) => row.piece),
        text,
      ).toEqual([]);
    }
  });

  it('find a pair at an even place through the listing', async () => {
    const { id: other, accountId } = await userWithAccount('Other');
    await t.db.insert(transaction).values(
      ['Xqj', 'Kqjv', 'Zqjk east'].map((name, i) => ({
        userId: other,
        accountId,
        externalId: randomUUID(),
        currency: 'USD',
        name,
        originalName: name,
        date: `2026-05-0${1 + i}`,
        amountMinor: -100,
      })),
    );
    const page = await listTransactionPage(t.db, other, {
      selection: { filter: 'all', search: 'qj' },
      sort: 'date_desc',
      offset: 0,
      limit: LIMIT,
    });
    expect(page.rows.map((row) => row.name)).toEqual(['Zqjk east', 'Kqjv', 'Xqj']);
  });
});

describe('the index serving searches (ADR 080)', () => {
  it('is the index of two-character pieces, for short and long searches and for reports', async () => {
    const indexes = await t.pool.query<{ indexname: string }>(
      `select indexname from pg_indexes where tablename = 'transaction' and indexdef like '%USING gin%'`,
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual(['transaction_search_bigram_idx']);
    const reportText = sql.raw("(lower(t.name) || ' ' || lower(coalesce(t.merchant_name, '')))");
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const [search, text] of [
        ['co', undefined],
        ['coffee', undefined],
        ['coffee', reportText],
      ] as const) {
        const plan = await tx.execute<{ 'QUERY PLAN': string }>(
          text
            ? sql`explain select 1 from "transaction" t where ${searchPieces(search, text)}`
            : sql`explain select 1 from "transaction" where ${searchPieces(search)}`,
        );
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n'), search).toContain(
          'transaction_search_bigram_idx',
        );
      }
    });
  });
});
