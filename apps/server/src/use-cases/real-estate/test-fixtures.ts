import { addDays } from '@lodestar/domain';
import type { AuthWorld } from '../../testing/auth-fixtures';
import type { TestBrowser } from '../../testing/browser';
import type { Envelope } from '../transactions/test-fixtures';
import type { PropertyView, ValuationView } from './property-view';

/** Helpers of the real-estate route suite: requests, and what the database holds for a user. */

export type Money = { amountMinor: number; currency: string };
export type PropertyDetail = PropertyView & { valuations: ValuationView[] };
export type PropertyList = {
  currency: string;
  properties: PropertyView[];
  totals: { value: Money; debt: Money; equity: Money };
};

export const usd = (amountMinor: number): Money => ({ amountMinor, currency: 'USD' });

export const HOUSE = {
  name: 'Maple Street House',
  address: { line1: '12 Maple Street', city: 'Springfield', state: 'il', postalCode: '62701', country: 'US' },
  purchasePrice: 400_000,
  purchaseDate: '2026-11-01',
  currency: 'USD',
};

/** Expected daily values from the first date to `today` of a step function given as { from: value }. */
export function steps(points: Record<string, number>, today: string): Record<string, number> {
  const dates = Object.keys(points).sort();
  const out: Record<string, number> = {};
  for (let day = dates[0] ?? today; day <= today; day = addDays(day, 1)) {
    const at = dates.filter((date) => date <= day).pop();
    if (at !== undefined) out[day] = points[at] ?? 0;
  }
  return out;
}

/** `world` is read at call time, so the fixtures can be made before the suite's beforeAll runs. */
export function propertyFixtures(world: () => AuthWorld) {
  async function count(sql: string, params: unknown[]): Promise<number> {
    const result = await world().t.database.pool.query<{ n: number }>(sql, params);
    return result.rows[0]?.n ?? 0;
  }

  function create(browser: TestBrowser, body: Record<string, unknown> = {}) {
    return browser.json<Envelope<PropertyDetail>>('/api/v1/real-estate', { body: { ...HOUSE, ...body } });
  }

  return {
    count,
    create,

    async created(browser: TestBrowser, body: Record<string, unknown> = {}): Promise<PropertyDetail> {
      const result = await create(browser, body);
      if (result.status !== 201) throw new Error(`create failed: ${JSON.stringify(result.body)}`);
      return result.body.data;
    },

    /** The account's snapshots as { date: balance }. */
    async snapshots(accountId: string): Promise<Record<string, number>> {
      const result = await world().t.database.pool.query<{ date: string; balance: string }>(
        'select date::text as date, balance_minor as balance from balance_snapshot where account_id = $1 order by date',
        [accountId],
      );
      return Object.fromEntries(result.rows.map((row) => [row.date, Number(row.balance)]));
    },

    /** The rows a rejected request must not touch. */
    async footprint(userId: string) {
      const of = (table: string) =>
        count(`select count(*)::int as n from ${table} where user_id = $1`, [userId]);
      return {
        properties: await of('property'),
        valuations: await of('property_valuation'),
        accounts: await of('financial_account'),
        snapshots: await of('balance_snapshot'),
        snapshotSum: await count(
          'select coalesce(sum(balance_minor), 0)::float8 as n from balance_snapshot where user_id = $1',
          [userId],
        ),
      };
    },
  };
}
