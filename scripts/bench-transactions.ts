// `npm run bench:transactions`: server time of GET /api/v1/transactions/paginated on the seeded bench user
// (run `npm run seed -- --transactions 1000000` first; same DATABASE_URL / DATA_DIR). Runs the real app
// (createApp) in process with a session made by better-auth's sign-in endpoint, and times app.request()
// until the body is read: 20 warm-up then 200 measured requests per case. Also times the total count
// alone. Prints a Markdown table (docs/performance.md); asserts nothing.
import { cpus, loadavg } from 'node:os';
import { countTransactionsMatching, type TransactionSelection } from '@lodestar/db';
import { BENCH_EMAIL, benchApp, openBenchDatabase, signIn } from './seed';
import { recordTarget, worstP95 } from './bench-targets-file';

const WARM_UP = Number(process.env.BENCH_WARMUP ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const ORIGIN = 'http://localhost:3000';
// Issue 14's budgets for the listing.
const AMOUNT_PAGE_BUDGET_MS = 20;
const SHORT_SEARCH_BUDGET_MS = 100;

type Result = { name: string; p50: number; p95: number; max: number; detail: string };

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function time(
  task: () => Promise<string>,
): Promise<{ p50: number; p95: number; max: number; detail: string }> {
  let detail = '';
  for (let i = 0; i < WARM_UP; i += 1) detail = await task();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    detail = await task();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples.at(-1) ?? Number.NaN,
    detail,
  };
}

async function main() {
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const database = await openBenchDatabase();
  try {
    const app = await benchApp(database);
    const user = await database.pool.query<{ id: string }>('select id from "user" where email = $1', [
      BENCH_EMAIL,
    ]);
    const userId = user.rows[0]?.id;
    if (!userId) throw new Error(`No ${BENCH_EMAIL}: run \`npm run seed -- --transactions 1000000\` first.`);
    const cookie = await signIn(app);

    type Page = { data: unknown[]; pagination: { total: number; totalPages: number } };
    const get = async (query: string): Promise<Page> => {
      const response = await app.request(`${ORIGIN}/api/v1/transactions/paginated?${query}`, {
        headers: { cookie, origin: ORIGIN },
      });
      const body = (await response.json()) as Page;
      if (response.status !== 200) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
      return body;
    };
    const page = (query: string) => async () => {
      const body = await get(query);
      const capped = (body.pagination as { totalCapped?: boolean }).totalCapped ? '+' : '';
      return `${body.data.length} rows of ${body.pagination.total.toLocaleString('en-US')}${capped}`;
    };

    const all = await get('limit=50');
    const lastPage = all.pagination.totalPages;
    const middlePage = Math.ceil(lastPage / 2);
    const accounts = await database.pool.query<{ id: string; name: string }>(
      `select id, name from financial_account where user_id = $1 and type = 'credit' order by name limit 1`,
      [userId],
    );
    const account = accounts.rows[0];
    if (!account) throw new Error('The bench user has no accounts');
    const today = new Date();
    const yearAgo = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), 15))
      .toISOString()
      .slice(0, 10);
    const monthAgo = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
    const lastMonthFrom = monthAgo.toISOString().slice(0, 10);
    const lastMonthTo = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0))
      .toISOString()
      .slice(0, 10);
    const thirtyDaysAgo = new Date(today.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
    const expenses = await get('filter=expenses&limit=50');
    const food = await get('categories=FOOD_AND_DRINK&limit=50');
    const accountPages = (await get(`accounts=${account.id}&limit=50`)).pagination.totalPages;
    const yearPages = (await get(`date=${yearAgo}&limit=50`)).pagination.totalPages;
    // A closed range that starts and ends inside a month, for the amount sort (an OFFSET over the amount
    // index from the nearer end, docs/performance.md).
    const midLastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 14))
      .toISOString()
      .slice(0, 10);
    const rangePages = (await get(`date=${yearAgo}&to=${midLastMonth}&limit=50`)).pagination.totalPages;
    // Nine years and more: most of the seed's months, which the counters per month add up as the user's
    // counts less the months outside (ADR 095).
    const nineYearsAgo = new Date(Date.UTC(today.getUTCFullYear() - 9, today.getUTCMonth(), 9))
      .toISOString()
      .slice(0, 10);
    const longPages = (await get(`date=${nineYearsAgo}&limit=50`)).pagination.totalPages;

    const cases: [string, string][] = [
      ['first page', 'page=1&limit=50'],
      [`middle page (${middlePage.toLocaleString('en-US')})`, `page=${middlePage}&limit=50`],
      [`last page (${lastPage.toLocaleString('en-US')})`, `page=${lastPage}&limit=50`],
      ['last page, oldest first', `page=${lastPage}&limit=50&sort=date_asc`],
      ['category filter (Food & Dining), page 1', 'categories=FOOD_AND_DRINK&limit=50'],
      [
        'category filter, middle page',
        `categories=FOOD_AND_DRINK&limit=50&page=${Math.ceil(food.pagination.totalPages / 2)}`,
      ],
      [`account filter (${account.name}), page 1`, `accounts=${account.id}&limit=50`],
      [`date filter (on or after ${yearAgo}), page 1`, `date=${yearAgo}&limit=50`],
      [
        'expenses, middle page',
        `filter=expenses&limit=50&page=${Math.ceil(expenses.pagination.totalPages / 2)}`,
      ],
      [
        'type + category + date, page 2',
        `types=credit&categories=TRAVEL,ENTERTAINMENT&date=${yearAgo}&page=2`,
      ],
      [`last 30 days (from ${thirtyDaysAgo}), page 1`, `date=${thirtyDaysAgo}&limit=50`],
      [
        `one month (${lastMonthFrom} to ${lastMonthTo}), page 2`,
        `date=${lastMonthFrom}&to=${lastMonthTo}&limit=50&page=2`,
      ],
      [
        'Expenses drill-down: counted + category + one month, page 1',
        `filter=counted&categories=FOOD_AND_DRINK&date=${lastMonthFrom}&to=${lastMonthTo}&limit=50`,
      ],
      ['counted, all history, page 1 (counted from the rows)', 'filter=counted&limit=50'],
      ["search 'starbucks', page 1", 'search=starbucks&limit=50'],
      ["search 'amazon', page 3", 'search=amazon&limit=50&page=3'],
      ["search 'zelle to', expenses", 'search=zelle%20to&filter=expenses&limit=50'],
      ["search 'co' (two characters), page 1", 'search=co&limit=50'],
      ["search 'co', page 3 by number", 'search=co&limit=50&page=3'],
      ["search 'qz' (two characters, no match)", 'search=qz&limit=50'],
      ["search 'co', amount sort (largest first), page 1", 'search=co&sort=amount_desc&limit=50'],
      [
        "search 'co', amount sort ascending (largest expenses first), page 1",
        'search=co&sort=amount_asc&limit=50',
      ],
      ["search 'co', amount sort ascending, page 3 by number", 'search=co&sort=amount_asc&limit=50&page=3'],
      ['amount sort, page 1', 'sort=amount_desc&limit=50'],
      [
        `amount sort, middle page (${middlePage.toLocaleString('en-US')}) by number`,
        `sort=amount_desc&limit=50&page=${middlePage}`,
      ],
      [
        `amount sort, page ${Math.ceil(lastPage / 4).toLocaleString('en-US')} by number`,
        `sort=amount_desc&limit=50&page=${Math.ceil(lastPage / 4)}`,
      ],
      [
        `amount sort, last page by number (read from the other end)`,
        `sort=amount_desc&limit=50&page=${lastPage}`,
      ],
      [
        'amount sort + category filter, middle page by number',
        `sort=amount_desc&categories=FOOD_AND_DRINK&limit=50&page=${Math.ceil(food.pagination.totalPages / 2)}`,
      ],
      [
        'amount sort + account filter, middle page by number',
        `sort=amount_desc&accounts=${account.id}&limit=50&page=${Math.ceil(accountPages / 2)}`,
      ],
      [
        `amount sort + date filter (on or after ${yearAgo}), middle page by number`,
        `sort=amount_desc&date=${yearAgo}&limit=50&page=${Math.ceil(yearPages / 2)}`,
      ],
      [
        `amount sort + date range (${yearAgo} to ${midLastMonth}), middle page by number`,
        `sort=amount_asc&date=${yearAgo}&to=${midLastMonth}&limit=50&page=${Math.ceil(rangePages / 2)}`,
      ],
      [
        `amount sort + date filter (on or after ${nineYearsAgo}), middle page by number`,
        `sort=amount_desc&date=${nineYearsAgo}&limit=50&page=${Math.ceil(longPages / 2)}`,
      ],
    ];
    // Pages reached with the previous page's cursor, as the web app's list asks for them.
    const cursorCases: [string, string, number][] = [
      ['amount sort, page 2 after its cursor', 'sort=amount_desc&limit=50', 2],
      ['amount sort, middle page after its cursor', 'sort=amount_desc&limit=50', middlePage],
      ['amount sort, last page after its cursor', 'sort=amount_desc&limit=50', lastPage],
      ['amount sort ascending, middle page after its cursor', 'sort=amount_asc&limit=50', middlePage],
      [
        'amount sort + category filter, middle page after its cursor',
        'sort=amount_desc&categories=FOOD_AND_DRINK&limit=50',
        Math.ceil(food.pagination.totalPages / 2),
      ],
      ['date sort, middle page after its cursor', 'limit=50', middlePage],
      ['oldest first, last page after its cursor', 'sort=date_asc&limit=50', lastPage],
      ["search 'co', page 40 after its cursor", 'search=co&limit=50', 40],
    ];
    for (const [name, query, pageNumber] of cursorCases) {
      const before = await get(`${query}&page=${pageNumber - 1}`);
      const cursor = (before.pagination as { nextCursor?: string | null }).nextCursor;
      if (!cursor) throw new Error(`${name}: no nextCursor on page ${pageNumber - 1}`);
      cases.push([name, `${query}&page=${pageNumber}&after=${cursor}`]);
    }
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
    const results: Result[] = [];
    // The statement an amount-sorted page ran before (OFFSET from the start of the amount index), timed
    // alone (the ids only; the page also read its total and its 50 rows).
    for (const [name, pageNumber] of [
      ['before: OFFSET ids of the amount-sorted middle page', middlePage],
      ['before: OFFSET ids of the amount-sorted last page', lastPage],
    ] as const) {
      if (only && !only.test(name)) continue;
      results.push({
        name,
        ...(await time(async () => {
          const result = await database.pool.query(
            `select id from "transaction" where user_id = $1 order by amount_minor desc, id desc offset $2 limit 50`,
            [userId, (pageNumber - 1) * 50],
          );
          return `${result.rowCount ?? 0} ids`;
        })),
      });
    }
    // What a search counted before the cap: every match (the page itself is timed in the cases).
    for (const word of ['co', 'amazon']) {
      const name = `before: count(*) of every match of '${word}'`;
      if (only && !only.test(name)) continue;
      results.push({
        name,
        ...(await time(async () => {
          const result = await database.pool.query<{ count: number }>(
            `select count(*)::int as count from "transaction" where user_id = $1
               and (lower(name) || ' ' || lower(coalesce(merchant_name, ''))) like $2`,
            [userId, `%${word}%`],
          );
          return `${(result.rows[0]?.count ?? 0).toLocaleString('en-US')} matches`;
        })),
      });
    }
    for (const [name, query] of cases) {
      if (only && !only.test(name)) continue;
      results.push({ name, ...(await time(page(query))) });
      process.stderr.write('.');
    }
    const counts: [string, TransactionSelection][] = [
      ['total only: all', { filter: 'all' }],
      [
        'total only: category + account + date',
        { filter: 'all', categories: ['FOOD_AND_DRINK'], accountIds: [account.id], fromDate: yearAgo },
      ],
    ];
    for (const [name, selection] of counts) {
      results.push({
        name,
        ...(await time(
          async () =>
            `${(await countTransactionsMatching(database.db, userId, selection)).toLocaleString('en-US')}`,
        )),
      });
    }
    const naive = await time(async () => {
      const result = await database.pool.query<{ count: number }>(
        'select count(*)::int as count from "transaction" where user_id = $1',
        [userId],
      );
      return (result.rows[0]?.count ?? 0).toLocaleString('en-US');
    });
    results.push({ name: 'for comparison: select count(*) of the user', ...naive });

    const version = await database.pool.query<{ server_version: string }>('show server_version');
    const buffers = await database.pool.query<{ shared_buffers: string }>('show shared_buffers');
    console.log(
      `\nTransaction listing, ${all.pagination.total.toLocaleString('en-US')} transactions of one user; ` +
        `${RUNS} requests per case after ${WARM_UP} warm-up; server time = app.request() until the body is read.`,
    );
    console.log(
      `Node ${process.version}, PostgreSQL ${version.rows[0]?.server_version ?? '?'} ` +
        `(shared_buffers ${buffers.rows[0]?.shared_buffers ?? '?'}), 1-minute load average ` +
        `${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? Number.NaN).toFixed(2)} after (${cpus().length} cores)\n`,
    );
    console.log('| case | p50 | p95 | max | result |');
    console.log('|---|---|---|---|---|');
    for (const result of results) {
      console.log(
        `| ${result.name} | ${result.p50.toFixed(1)} ms | ${result.p95.toFixed(1)} ms | ${result.max.toFixed(1)} ms | ${result.detail} |`,
      );
    }
    const targets: [string, RegExp, number][] = [
      ['Amount-sorted pages, any depth, any filter', /^amount sort/, AMOUNT_PAGE_BUDGET_MS],
      ["Two-character search ('co', 'qz'), any sort", /^search '(co|qz)'/, SHORT_SEARCH_BUDGET_MS],
    ];
    for (const [target, pattern, budget] of targets) {
      const worst = worstP95(results.filter((result) => pattern.test(result.name)));
      if (!worst) continue;
      recordTarget({
        target,
        figure: `${worst.p95.toFixed(1)} ms p95`,
        budget: `≤ ${budget} ms p95`,
        met: worst.p95 <= budget,
        detail: `worst of ${results.filter((result) => pattern.test(result.name)).length} cases: ${worst.name}`,
      });
    }
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
