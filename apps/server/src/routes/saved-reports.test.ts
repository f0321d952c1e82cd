import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { STRIPE_TEST_ENV } from '../testing/fake-stripe';
import type { SavedReportView } from '../use-cases/reports/saved-reports';
import { signedInUser, type Envelope } from '../use-cases/transactions/test-fixtures';

const GROCERIES = {
  measure: 'spending',
  groupBy: 'none',
  interval: 'month',
  chart: 'bar',
  range: { preset: 'last-2-years' },
  filters: { categories: ['FOOD_AND_DRINK'] },
};

describe('saved reports', () => {
  let w: AuthWorld;
  let browser: TestBrowser;
  beforeAll(async () => {
    w = await createAuthWorld();
    ({ browser } = await signedInUser(w));
  });
  afterAll(async () => {
    await w.close();
  });

  const save = (body: unknown) =>
    browser.json<Envelope<{ report: SavedReportView }>>('/api/v1/reports', { body });
  const list = async () =>
    (await browser.json<Envelope<{ reports: SavedReportView[] }>>('/api/v1/reports')).body.data.reports;

  it('saves, lists in order, renames, pins, duplicates, reorders and deletes', async () => {
    const first = await save({ name: '  Groceries by month  ', definition: GROCERIES });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.report).toMatchObject({
      name: 'Groceries by month',
      pinned: false,
      definition: { ...GROCERIES, compare: false },
    });
    const second = await save({
      name: 'Income by quarter',
      definition: { measure: 'income', interval: 'quarter', range: { preset: 'last-year' } },
      pinned: true,
    });
    expect(second.status).toBe(201);
    const a = first.body.data.report.id;
    const b = second.body.data.report.id;
    expect((await list()).map((report) => report.id)).toEqual([a, b]);

    const renamed = await browser.json<Envelope<{ report: SavedReportView }>>(`/api/v1/reports/${a}`, {
      method: 'PATCH',
      body: { name: 'Groceries', pinned: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.report).toMatchObject({ name: 'Groceries', pinned: true });

    const copy = await browser.json<Envelope<{ report: SavedReportView }>>(`/api/v1/reports/${a}/duplicate`, {
      method: 'POST',
    });
    expect(copy.status).toBe(201);
    expect(copy.body.data.report).toMatchObject({ name: 'Groceries (copy)', pinned: false });
    const c = copy.body.data.report.id;

    const reordered = await browser.json<Envelope<{ reports: SavedReportView[] }>>('/api/v1/reports/order', {
      method: 'PUT',
      body: { ids: [c, b, a] },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.reports.map((report) => report.id)).toEqual([c, b, a]);
    expect((await list()).map((report) => report.name)).toEqual([
      'Groceries (copy)',
      'Income by quarter',
      'Groceries',
    ]);

    const incomplete = await browser.json<Envelope<unknown>>('/api/v1/reports/order', {
      method: 'PUT',
      body: { ids: [c, b] },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.items?.[0]?.message).toBe(
      'List every one of your reports, in the order they should show',
    );
    const repeated = await browser.json<Envelope<unknown>>('/api/v1/reports/order', {
      method: 'PUT',
      body: { ids: [c, c, a] },
    });
    expect(repeated.status).toBe(400);

    const removed = await browser.json(`/api/v1/reports/${c}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await list()).map((report) => report.id)).toEqual([b, a]);
    const gone = await browser.json(`/api/v1/reports/${c}`, { method: 'GET' });
    expect(gone.status).toBe(404);
  });

  it('refuses a report without a name or with a definition that cannot run, writing nothing', async () => {
    const before = (await list()).length;
    const nameless = await save({ name: '   ', definition: GROCERIES });
    expect(nameless.status).toBe(400);
    expect(nameless.body.items?.[0]).toMatchObject({
      field: 'name',
      message: 'The name must be 1 to 80 characters',
    });
    const broken = await save({
      name: 'Broken',
      definition: { ...GROCERIES, measure: 'balance', groupBy: 'merchant' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.items?.[0]?.message).toBe(
      'Balances can be grouped by account, account type or nothing',
    );
    expect((await list()).length).toBe(before);
  });
});

describe('with billing on', () => {
  let w: AuthWorld;
  beforeAll(async () => {
    w = await createAuthWorld(STRIPE_TEST_ENV);
  });
  afterAll(async () => {
    await w.close();
  });

  it('custom reports are a Pro feature: a free user is asked to upgrade', async () => {
    const { browser } = await signedInUser(w);
    const run = await browser.json<Envelope<unknown>>('/api/v1/reports/run', { body: GROCERIES });
    expect(run.status).toBe(403);
    expect(run.body).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      error: 'Custom reports are part of the Pro plan. Upgrade to build and run reports.',
    });
    const saved = await browser.json<Envelope<unknown>>('/api/v1/reports');
    expect(saved.status).toBe(403);
  });
});
