import { upsertEcbRates } from '@lodestar/db';
import { addDays, categoryActivityHref, monthRange } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import type { ActivitySummary } from '../use-cases/spending/activity-summary';
import type { InsightsView } from '../use-cases/spending/insights';
import type { SpendingSummary } from '../use-cases/spending/spending-summary';
import type { Envelope } from '../use-cases/transactions/test-fixtures';
import type { TransactionView } from '../use-cases/transactions/transaction-view';

// Every link from a figure into Activity lists exactly the rows the figure counted (the demo bank's
// history, on the app's clock: 2026-11-20 in New York).
const clock = new Date('2026-11-20T15:00:00Z');
let w: AuthWorld;
let browser: TestBrowser;

beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => clock });
  // A rate for every day, so the demo's euro account counts in every figure.
  const days = Array.from({ length: 1_200 }, (_, index) => addDays('2023-09-01', index));
  await upsertEcbRates(
    w.t.database.db,
    days.map((date) => ({ date, currency: 'USD', perEur: '1.0800' })),
  );
  ({ browser } = await w.signUp());
  const created = await browser.json('/api/v1/connections/demo', { body: { variant: 'standard' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const list =
      await browser.json<Envelope<{ connections: { sync: { state: string } }[] }>>('/api/v1/connections');
    if (list.body.data.connections.every((connection) => connection.sync.state === 'idle')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('sync did not finish');
});
afterAll(async () => {
  await w.close();
});

async function data<T>(path: string): Promise<T> {
  const response = await browser.json<Envelope<T>>(`/api/v1${path}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

type ListBody = { data: TransactionView[]; pagination: { total: number; hasNext: boolean } };

/** The rows Activity lists for an `/activity?…` link: the listing endpoint with the link's own params. */
async function rowsOf(href: string): Promise<TransactionView[]> {
  expect(href.startsWith('/activity?')).toBe(true);
  const params = new URLSearchParams(href.slice('/activity?'.length));
  params.set('limit', '200');
  const rows: TransactionView[] = [];
  for (let page = 1; page < 100; page += 1) {
    params.set('page', String(page));
    const response = await browser.json<ListBody>(`/api/v1/transactions/paginated?${params.toString()}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    rows.push(...response.body.data);
    if (!response.body.pagination.hasNext) {
      expect(response.body.pagination.total).toBe(rows.length);
      return rows;
    }
  }
  throw new Error(`too many pages for ${href}`);
}

describe('drill-down links list the rows their figures count', () => {
  it('Expenses: every category of last month and this month, Uncategorized included', async () => {
    let checked = 0;
    for (const month of ['2026-10', '2026-11']) {
      const summary = await data<SpendingSummary>(`/transactions/spending-summary?month=${month}`);
      const { from, to } = monthRange(month);
      expect(summary.byCategory.length).toBeGreaterThan(3);
      for (const row of summary.byCategory) {
        const rows = await rowsOf(categoryActivityHref(row.category, from, to));
        expect({ category: row.category, month, rows: rows.length }).toEqual({
          category: row.category,
          month,
          rows: row.transactionCount,
        });
        // Their amounts add up to the figure (one currency: the demo's USD accounts, or its EUR one).
        expect(rows.every((transaction) => transaction.date >= from && transaction.date <= to)).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(6);
  });

  it('Insights: a category link lists the month and category the insight speaks of, a transaction link its transaction', async () => {
    const view = await data<InsightsView>('/insights');
    const october = await data<SpendingSummary>('/transactions/spending-summary?month=2026-10');
    const counts = new Map(october.byCategory.map((row) => [row.category, row.transactionCount]));
    let checked = 0;
    for (const insight of view.insights) {
      for (const link of insight.links.filter((candidate) => candidate.href.startsWith('/activity'))) {
        const params = new URLSearchParams(link.href.slice('/activity?'.length));
        // Every link names its whole range.
        expect({ href: link.href, date: params.has('date'), to: params.has('to') }).toEqual({
          href: link.href,
          date: true,
          to: true,
        });
        const rows = await rowsOf(link.href);
        if (insight.kind === 'category_up' || insight.kind === 'category_down') {
          const category = insight.id.split(':')[1] ?? '';
          expect(rows.length).toBe(counts.get(category === 'UNCATEGORIZED' ? '' : category));
        } else {
          expect(rows.length).toBeGreaterThan(0);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
    // Recurring payments: their rows, on their account, from the first to the last occurrence.
    for (const payment of view.recurring) {
      const rows = await rowsOf(payment.href);
      expect(rows.length).toBeGreaterThanOrEqual(payment.occurrences);
      expect(rows.every((row) => row.accountId === payment.accountId)).toBe(true);
      expect(rows.at(0)?.date).toBe(payment.lastDate);
    }
  });

  it('the dashboard: each top category lists its rows of the whole period', async () => {
    const summary = await data<ActivitySummary>('/dashboard/activity-summary?period=1-month');
    const { from, to } = summary.current;
    let total = 0;
    for (const category of summary.current.topCategories) {
      const rows = await rowsOf(categoryActivityHref(category.category, from, to));
      expect(rows.every((row) => row.date >= from && row.date <= to)).toBe(true);
      expect(rows.length).toBeGreaterThan(0);
      total += rows.length;
    }
    expect(total).toBeLessThanOrEqual(summary.current.transactionCount);
  });
});
