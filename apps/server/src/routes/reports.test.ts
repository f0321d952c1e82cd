import { mergeStoredPreferences, upsertEcbRates } from '@lodestar/db';
import {
  addDays,
  REPORT_GROUPINGS,
  REPORT_INTERVALS,
  reportHrefBetween,
  type ReportGrouping,
  type ReportInterval,
  type ReportMeasure,
} from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import type { ReportResult } from '../use-cases/reports/run-report';
import {
  addAccount,
  addTransactions,
  signedInUser,
  type Envelope,
  type NewTransaction,
} from '../use-cases/transactions/test-fixtures';
import type { TransactionView } from '../use-cases/transactions/transaction-view';

// Every measure × grouping × column split of POST /reports/run equals a from-scratch sum of the seeded
// rows (two currencies, daily rates), and a cell's Activity link lists exactly the rows it summed.
const clock = new Date('2026-11-20T15:00:00Z');
const TODAY = '2026-11-20';
let w: AuthWorld;
let browser: TestBrowser;

/** A made-up daily USD-per-EUR series with four decimals on working days (so rounding matters). */
function usdPerEur(date: string): string {
  const day = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  return (1.0731 + 0.0913 * Math.sin(day / 17) + 0.0037 * Math.cos(day / 3)).toFixed(4);
}
const RATE_DAYS = Array.from({ length: 1_000 }, (_, index) => addDays('2024-03-01', index)).filter(
  (date) => date <= TODAY && ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()),
);
const rateOn = (date: string) => usdPerEur(RATE_DAYS.filter((day) => day <= date).at(-1) ?? '');

/** `amountMinor` of EUR in USD minor units at `rate`, rounded half away from zero, exactly. */
function eurToUsd(amountMinor: number, rate: string): number {
  const [whole = '', fraction = ''] = rate.split('.');
  const num = BigInt(amountMinor) * BigInt(whole + fraction);
  const den = 10n ** BigInt(fraction.length);
  const negative = num < 0n;
  const n = negative ? -num : num;
  let quotient = n / den;
  if ((n % den) * 2n >= den) quotient += 1n;
  return Number(negative ? -quotient : quotient);
}

type Seeded = {
  id: string;
  date: string;
  amountMinor: number;
  currency: string;
  category: string;
  counted: boolean;
  payee: string;
  accountId: string;
  accountType: string;
  tags: string[];
  detailed: string;
};
const seeded: Seeded[] = [];
const HIDDEN = 'TRAVEL';

/** A small deterministic generator, so a failure can be reproduced. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
  await upsertEcbRates(
    w.t.database.db,
    RATE_DAYS.map((date) => ({ date, currency: 'USD', perEur: usdPerEur(date) })),
  );
  const user = await signedInUser(w);
  browser = user.browser;
  const db = w.t.database.db;
  await mergeStoredPreferences(db, user.userId, { hidden_categories: [HIDDEN] });
  const accounts = [
    await addAccount(db, user.userId, { name: 'Checking', type: 'depository', currency: 'USD' }),
    await addAccount(db, user.userId, { name: 'Euro Card', type: 'credit', currency: 'EUR' }),
    await addAccount(db, user.userId, { name: 'Savings', type: 'depository', currency: 'USD' }),
  ];
  const next = random(20);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const categories = [
    'FOOD_AND_DRINK',
    'INCOME',
    null,
    'TRAVEL',
    'TRANSFER',
    'GENERAL_MERCHANDISE',
    'GENERAL_SERVICES',
  ];
  const merchants = [
    { merchantName: 'Corner Grocer', name: 'CORNER GROCER 114' },
    { merchantName: null, name: 'ACME PAYROLL' },
    { merchantName: '  ', name: 'Blank Merchant Row' },
    { merchantName: 'Rail Co', name: 'RAILCO TICKETS' },
  ];
  const tagSets = [[], [], ['trip'], ['trip', 'work'], ['home']];
  for (const account of accounts) {
    const rows: NewTransaction[] = [];
    for (let index = 0; index < 260; index += 1) {
      const date = addDays('2024-10-01', Math.floor(next() * 780));
      if (date > TODAY) continue;
      const category = pick(categories);
      const merchant = pick(merchants);
      const amountMinor = Math.round((next() - 0.75) * 40_000) || 7;
      const status = pick(['posted', 'posted', 'posted', 'pending', 'failed'] as const);
      const excluded = next() < 0.08;
      const tags = pick(tagSets);
      const detailed = pick([null, 'FOOD_AND_DRINK_GROCERIES', 'TRAVEL_TRAIN']);
      rows.push({
        date,
        amountMinor,
        currency: account.currency,
        category,
        categorySource: 'user',
        categoryConfidence: 1,
        status,
        excluded,
        tags,
        detailedCategory: detailed,
        ...merchant,
      });
    }
    const inserted = await addTransactions(db, user.userId, account.id, rows);
    for (const row of inserted) {
      const shown = row.category ?? '';
      seeded.push({
        id: row.id,
        date: row.date,
        amountMinor: row.amountMinor,
        currency: row.currency,
        category: shown,
        counted:
          ['posted', 'pending'].includes(row.status) &&
          !row.excluded &&
          shown !== 'TRANSFER' &&
          shown !== HIDDEN,
        payee: row.merchantName?.trim() ? row.merchantName.trim() : row.name,
        accountId: account.id,
        accountType: account.type,
        tags: row.tags,
        detailed: row.detailedCategory ?? '',
      });
    }
  }
});
afterAll(async () => {
  await w.close();
});

async function run(definition: Record<string, unknown>) {
  return browser.json<Envelope<ReportResult>>('/api/v1/reports/run', { body: definition });
}

/** The value a row adds to a measure, or null when the measure does not sum it. */
function valueOf(row: Seeded, measure: ReportMeasure): number | null {
  if (!row.counted) return null;
  if (measure === 'spending') {
    if (row.category === 'INCOME' || (row.category === '' && row.amountMinor >= 0)) return null;
    return -row.amountMinor;
  }
  if (measure === 'income') {
    if (row.category === 'INCOME' || (row.category === '' && row.amountMinor > 0)) return row.amountMinor;
    return null;
  }
  return row.amountMinor;
}

function keysOf(row: Seeded, groupBy: ReportGrouping): string[] {
  switch (groupBy) {
    case 'category':
      return [row.category];
    case 'detailed_category':
      return [row.detailed];
    case 'merchant':
      return [row.payee];
    case 'account':
      return [row.accountId];
    case 'account_type':
      return [row.accountType];
    case 'tag':
      return row.tags.length > 0 ? row.tags : [''];
    case 'none':
      return [''];
    default:
      return [];
  }
}

/** From scratch: per key and column, Σ per currency, converted per currency at the column's last day. */
function expected(
  report: ReportResult,
  measure: ReportMeasure,
  groupBy: ReportGrouping,
  keep: (row: Seeded) => boolean = () => true,
) {
  const cells = new Map<string, { sums: Map<string, number>; count: number }[]>();
  for (const row of seeded) {
    if (!keep(row)) continue;
    const value = valueOf(row, measure);
    if (value === null) continue;
    const index = report.columns.findIndex((column) => column.from <= row.date && row.date <= column.to);
    if (index < 0) continue;
    for (const key of keysOf(row, groupBy)) {
      const list =
        cells.get(key) ?? report.columns.map(() => ({ sums: new Map<string, number>(), count: 0 }));
      cells.set(key, list);
      const cell = list[index]!;
      cell.sums.set(row.currency, (cell.sums.get(row.currency) ?? 0) + value);
      cell.count += 1;
    }
  }
  const convert = (sums: Map<string, number>, date: string) =>
    [...sums].reduce(
      (total, [currency, sum]) => total + (currency === 'USD' ? sum : eurToUsd(sum, rateOn(date))),
      0,
    );
  const result = new Map<string, number[]>();
  for (const [key, list] of cells) {
    result.set(
      key,
      list.map((cell, index) => {
        const date = report.columns[index]!.to;
        if (measure === 'count') return cell.count;
        const amount = convert(cell.sums, date);
        return measure === 'average' ? (cell.count === 0 ? 0 : Math.round(amount / cell.count)) : amount;
      }),
    );
  }
  return { result, cells };
}

const MEASURES: ReportMeasure[] = ['spending', 'income', 'net', 'count', 'average'];
const rangeFor = (interval: ReportInterval) =>
  interval === 'day'
    ? { preset: 'custom', from: '2026-08-17', to: '2026-11-20' }
    : { preset: 'custom', from: '2024-11-14', to: '2026-11-20' };

describe('POST /reports/run', () => {
  for (const measure of MEASURES) {
    for (const groupBy of REPORT_GROUPINGS) {
      it(`${measure} by ${groupBy} equals a from-scratch sum for every column split`, async () => {
        for (const interval of REPORT_INTERVALS) {
          const response = await run({ measure, groupBy, interval, range: rangeFor(interval) });
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          const report = response.body.data;
          expect(report.currency).toBe('USD');
          const { result } = expected(report, measure, groupBy);
          const label = `${measure} × ${groupBy} × ${interval}`;
          // Two currencies shared out over the groups of a column: a cell may differ by one minor unit
          // per currency from converting it on its own (the column totals are exact).
          const tolerance = measure === 'count' || groupBy === 'tag' ? 0 : 4;
          for (const [key, values] of result) {
            const row = report.rows.find((candidate) => candidate.key === key);
            if (values.every((value) => value === 0) && !row) continue;
            expect(row, `${label}: row ${key}`).toBeDefined();
            values.forEach((value, index) => {
              expect(
                Math.abs(row!.cells[index]! - value),
                `${label}: ${key} column ${index}`,
              ).toBeLessThanOrEqual(tolerance);
            });
          }
          for (const row of report.rows) {
            if (!result.has(row.key))
              expect(
                row.cells.every((cell) => cell === 0),
                `${label}: ${row.key}`,
              ).toBe(true);
          }
          if (measure !== 'average') {
            const columnTotals = expected(report, measure, 'none').result.get('') ?? [];
            report.columns.forEach((column, index) => {
              expect(column.total.value, `${label}: column ${index} total`).toBe(columnTotals[index] ?? 0);
            });
          }
        }
      });
    }
  }

  it('a cell’s Activity link lists exactly the rows it summed', async () => {
    for (const measure of ['spending', 'income', 'net'] as const) {
      for (const groupBy of REPORT_GROUPINGS) {
        const response = await run({
          measure,
          groupBy,
          interval: 'quarter',
          range: { preset: 'custom', from: '2025-02-10', to: '2026-11-20' },
        });
        const report = response.body.data;
        const { cells } = expected(report, measure, groupBy);
        const row = report.rows.find((candidate) => candidate.cells.some((cell) => cell !== 0));
        expect(row, `${measure} × ${groupBy}`).toBeDefined();
        const index = row!.cells.findIndex((cell) => cell !== 0);
        const cellHref = reportHrefBetween(
          row!.total.href,
          report.columns[index]!.from,
          report.columns[index]!.to,
        )!;
        const listed = await rowsOf(cellHref);
        const want = cells.get(row!.key)?.[index];
        expect(listed.length, `${measure} × ${groupBy}: ${cellHref}`).toBe(want?.count);
        const listedIds = new Set(listed.map((item) => item.id));
        const summed = seeded.filter(
          (item) =>
            valueOf(item, measure) !== null &&
            keysOf(item, groupBy).includes(row!.key) &&
            item.date >= report.columns[index]!.from &&
            item.date <= report.columns[index]!.to,
        );
        expect(summed.every((item) => listedIds.has(item.id))).toBe(true);
      }
    }
  });

  it('narrows to an amount range or to accounts, and a cell’s link lists exactly the rows summed', async () => {
    const savings = seeded.find((row) => row.accountType === 'depository')!.accountId;
    const card = seeded.find((row) => row.accountType === 'credit')!.accountId;
    const cases: [Record<string, unknown>, (row: Seeded) => boolean][] = [
      [
        { amount: { min: 50, max: 150.25 } },
        (row) => Math.abs(row.amountMinor) >= 5_000 && Math.abs(row.amountMinor) <= 15_025,
      ],
      [{ amount: { min: 120 } }, (row) => Math.abs(row.amountMinor) >= 12_000],
      [{ accounts: [savings, card] }, (row) => row.accountId === savings || row.accountId === card],
    ];
    for (const [filters, keep] of cases) {
      for (const measure of ['spending', 'income', 'count'] as const) {
        for (const groupBy of ['category', 'account', 'account_type', 'merchant', 'tag', 'none'] as const) {
          const label = `${measure} × ${groupBy} × ${JSON.stringify(filters)}`;
          const response = await run({
            measure,
            groupBy,
            interval: 'quarter',
            range: { preset: 'custom', from: '2025-02-10', to: '2026-11-20' },
            filters,
          });
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          const report = response.body.data;
          const { result, cells } = expected(report, measure, groupBy, keep);
          // Exact where nothing is shared out: counts, tags (converted one by one) and a single group.
          // Elsewhere a column's converted sum is shared out in proportion to its groups' native sums,
          // which refunds can make of mixed signs: those cells are checked through their column totals.
          const exact = measure === 'count' || groupBy === 'tag' || groupBy === 'none';
          for (const [key, values] of exact ? result : []) {
            const row = report.rows.find((candidate) => candidate.key === key);
            if (values.every((value) => value === 0) && !row) continue;
            values.forEach((value, index) => {
              expect(row!.cells[index], `${label}: ${key} ${index}`).toBe(value);
            });
          }
          const columnTotals = expected(report, measure, 'none', keep).result.get('') ?? [];
          report.columns.forEach((column, index) => {
            expect(column.total.value, `${label}: column ${index}`).toBe(columnTotals[index] ?? 0);
          });
          if (groupBy !== 'category' && groupBy !== 'tag') continue;
          // A cell's Activity link lists exactly the rows it summed, no more and no fewer.
          const row = report.rows.find((candidate) => candidate.cells.some((cell) => cell !== 0));
          expect(row, label).toBeDefined();
          const index = row!.cells.findIndex((cell) => cell !== 0);
          const column = report.columns[index]!;
          const listed = await rowsOf(reportHrefBetween(row!.total.href, column.from, column.to)!);
          const summed = seeded.filter(
            (item) =>
              keep(item) &&
              valueOf(item, measure) !== null &&
              keysOf(item, groupBy).includes(row!.key) &&
              item.date >= column.from &&
              item.date <= column.to,
          );
          expect(summed.length, label).toBe(cells.get(row!.key)?.[index]?.count);
          expect(listed.map((item) => item.id).sort(), label).toEqual(summed.map((item) => item.id).sort());
        }
      }
    }
  });

  it('compares with the previous period and totals every row', async () => {
    const response = await run({
      measure: 'spending',
      groupBy: 'category',
      interval: 'month',
      range: { preset: 'custom', from: '2026-07-01', to: '2026-10-31' },
      compare: true,
    });
    const report = response.body.data;
    expect(report.previous).toMatchObject({ from: '2026-03-01', to: '2026-06-30' });
    const before = await run({
      measure: 'spending',
      groupBy: 'category',
      interval: 'none',
      range: { preset: 'custom', from: '2026-03-01', to: '2026-06-30' },
    });
    expect(report.previous?.total).toBe(before.body.data.total.value);
    expect(report.total.value).toBe(report.columns.reduce((sum, column) => sum + column.total.value, 0));
    expect(report.rows.some((row) => row.key === HIDDEN)).toBe(false);
  });

  it('refuses what a report cannot be, with clear messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ measure: 'profit', range: { preset: 'this-month' } }, 'measure', 'Measure must be one of'],
      [
        { measure: 'balance', groupBy: 'category', range: { preset: 'this-month' } },
        'groupBy',
        'Balances can be grouped',
      ],
      [
        { measure: 'spending', range: { preset: 'custom', from: '2026-02-01' } },
        'range.to',
        'A custom range needs',
      ],
      [
        { measure: 'spending', range: { preset: 'custom', from: '2026-02-01', to: '2026-01-01' } },
        'range.to',
        'The end date must be on or after',
      ],
      [{ measure: 'spending', interval: 'day', range: { preset: 'last-10-years' } }, 'interval', 'columns'],
      [
        { measure: 'spending', range: { preset: 'this-year' }, filters: { amount: { min: 100, max: 20 } } },
        'filters.amount.max',
        'The smallest amount must not be more than the largest',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await run(body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      const item = response.body.items?.find((candidate) => candidate.field === field);
      expect(item?.message, JSON.stringify(response.body.items)).toContain(message);
    }
  });
});

describe('POST /reports/run with more merchants than rows shown', () => {
  // 280 payees in two currencies; the 200 largest are shown. 200 "Dollar" payees spend 100.00 USD each;
  // 60 "Euro" payees spend 96.00 EUR (102.16 USD at the range's last rate, 1.0642) and 20 "Mixed" payees
  // 50.00 USD and 50.00 EUR (103.21 USD): by native sums they would rank below every Dollar payee (or tie
  // and lose on the name), converted they rank above. Equal totals rank by name.
  const range = { preset: 'custom', from: '2026-06-01', to: TODAY };
  let other: TestBrowser;
  type Row = { payee: string; currency: string; date: string; amountMinor: number };
  const rows: Row[] = [];
  const name = (prefix: string, index: number, width: number) =>
    `${prefix} ${String(index).padStart(width, '0')}`;

  beforeAll(async () => {
    const user = await signedInUser(w);
    other = user.browser;
    const db = w.t.database.db;
    const usd = await addAccount(db, user.userId, { name: 'Checking', currency: 'USD' });
    const eur = await addAccount(db, user.userId, { name: 'Euro Card', type: 'credit', currency: 'EUR' });
    for (let index = 1; index <= 200; index += 1) {
      const payee = name('Dollar', index, 3);
      rows.push({ payee, currency: 'USD', date: '2026-07-15', amountMinor: -6_000 });
      rows.push({ payee, currency: 'USD', date: '2026-09-10', amountMinor: -4_000 });
    }
    for (let index = 1; index <= 60; index += 1) {
      const payee = name('Euro', index, 2);
      rows.push({ payee, currency: 'EUR', date: '2026-08-12', amountMinor: -5_000 });
      rows.push({ payee, currency: 'EUR', date: '2026-10-20', amountMinor: -4_600 });
    }
    for (let index = 1; index <= 20; index += 1) {
      const payee = name('Mixed', index, 2);
      rows.push({ payee, currency: 'USD', date: '2026-07-20', amountMinor: -5_000 });
      rows.push({ payee, currency: 'EUR', date: '2026-10-05', amountMinor: -5_000 });
    }
    for (const account of [usd, eur]) {
      await addTransactions(
        db,
        user.userId,
        account.id,
        rows
          .filter((row) => row.currency === account.currency)
          .map((row) => ({
            date: row.date,
            amountMinor: row.amountMinor,
            currency: row.currency,
            name: row.payee.toUpperCase(),
            merchantName: row.payee,
            category: 'FOOD_AND_DRINK',
            categorySource: 'user',
            categoryConfidence: 1,
            status: 'posted' as const,
          })),
      );
    }
  });

  const runFor = (definition: Record<string, unknown>) =>
    other.json<Envelope<ReportResult>>('/api/v1/reports/run', { body: definition });

  it('ranks the payees by their converted totals and sums the others into the column totals', async () => {
    const response = await runFor({ measure: 'spending', groupBy: 'merchant', interval: 'month', range });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const report = response.body.data;
    const expectedKeys = [
      ...Array.from({ length: 60 }, (_, index) => name('Euro', index + 1, 2)),
      ...Array.from({ length: 20 }, (_, index) => name('Mixed', index + 1, 2)),
      ...Array.from({ length: 120 }, (_, index) => name('Dollar', index + 1, 3)),
    ].sort();
    expect(report.rows.map((row) => row.key).sort()).toEqual(expectedKeys);
    expect(report.omittedRows).toBe(80);
    expect(report.rows[0]?.key).toBe('Mixed 01');
    // Every column's total counts every payee, shown or not, converted at the column's last rate.
    report.columns.forEach((column, index) => {
      const sums = new Map<string, number>();
      for (const row of rows) {
        if (row.date < column.from || row.date > column.to) continue;
        sums.set(row.currency, (sums.get(row.currency) ?? 0) - row.amountMinor);
      }
      const total = (sums.get('USD') ?? 0) + eurToUsd(sums.get('EUR') ?? 0, rateOn(column.to));
      expect(column.total.value, `column ${index}`).toBe(total);
    });
    const dollar = report.rows.find((row) => row.key === 'Dollar 001');
    expect(dollar?.total.value).toBe(10_000);
    expect(report.rows.find((row) => row.key === 'Dollar 121')).toBeUndefined();
  });

  it('ranks by the number of rows for a count, equal counts by name', async () => {
    const response = await runFor({ measure: 'count', groupBy: 'merchant', interval: 'quarter', range });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const report = response.body.data;
    expect(report.rows.map((row) => row.key).sort()).toEqual(
      Array.from({ length: 200 }, (_, index) => name('Dollar', index + 1, 3)),
    );
    expect(report.omittedRows).toBe(80);
    expect(report.total.value).toBe(rows.length);
  });
});

type ListBody = { data: TransactionView[]; pagination: { hasNext: boolean } };

/** The rows Activity lists for a link, as the web app asks for them ('all' = no restriction). */
async function rowsOf(href: string): Promise<TransactionView[]> {
  expect(href.startsWith('/activity?')).toBe(true);
  const params = new URLSearchParams(href.slice('/activity?'.length));
  for (const [key, value] of [...params]) if (value === 'all') params.delete(key);
  params.set('limit', '200');
  const rows: TransactionView[] = [];
  for (let page = 1; page < 50; page += 1) {
    params.set('page', String(page));
    const response = await browser.json<ListBody>(`/api/v1/transactions/paginated?${params.toString()}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    rows.push(...response.body.data);
    if (!response.body.pagination.hasNext) break;
  }
  return rows;
}
