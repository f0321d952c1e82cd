import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  balanceReportSql,
  flowReportSql,
  rankedFlowReportSql,
  reportUsesRollups,
  type FlowReportQuery,
} from './reports';

// The SQL the report builder writes for fixed definitions: which source it reads and how it buckets.
const dialect = new PgDialect();
const text = (query: Parameters<PgDialect['sqlToQuery']>[0]) =>
  dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ');
const base: FlowReportQuery = {
  userId: 'u1',
  measure: 'spending',
  groupBy: 'category',
  interval: 'month',
  from: '2024-11-14',
  to: '2026-11-20',
  hiddenCategories: [],
};

describe('the report SQL builder', () => {
  it('reads whole months from spending_month and the partial edge months from spending_day', () => {
    const sql = text(flowReportSql(base));
    expect(reportUsesRollups(base)).toBe(true);
    expect(sql).toContain('from spending_month');
    expect(sql.match(/from spending_day/g)).toHaveLength(2);
    expect(sql).not.toContain('from "transaction"');
    expect(sql).toContain("date_trunc('month', month)::date as bucket");
    expect(sql).toContain(
      "case when category = '' then -outflow_minor else -(inflow_minor + outflow_minor) end",
    );
    expect(sql).toContain("where category <> 'INCOME'");
  });

  it('reads days from spending_day alone for day and week columns', () => {
    const sql = text(flowReportSql({ ...base, interval: 'week' }));
    expect(sql).not.toContain('spending_month');
    expect(sql).toContain("date_trunc('week', day)::date as bucket");
  });

  it('reads merchants from payee_account_month, and the edge days from the rows', () => {
    const sql = text(flowReportSql({ ...base, groupBy: 'merchant', interval: 'quarter' }));
    expect(sql).toContain('from payee_account_month');
    expect(sql).toContain("date_trunc('quarter', month)::date as bucket");
    expect(sql).toContain("select coalesce(nullif(btrim(t.merchant_name), ''), t.name) as key");
    expect(sql.match(/from "transaction" t/g)).toHaveLength(2);
    // Each partial month comes from the rollup instead when nothing counted lies outside it that month.
    expect(sql).toContain('and month = $');
    expect(sql.match(/select 1 from spending_day/g)).toHaveLength(4);
    expect(sql).toContain(') edge where exists (');
    const daily = text(flowReportSql({ ...base, groupBy: 'merchant', interval: 'week' }));
    expect(daily).not.toContain('spending_day');
  });

  it('reads accounts from account_month for whole months, and the edge days from the rows', () => {
    const account = '00000000-0000-4000-8000-000000000001';
    for (const query of [
      { ...base, groupBy: 'account' as const },
      { ...base, groupBy: 'account_type' as const, interval: 'quarter' as const },
      { ...base, accountIds: [account] },
      { ...base, groupBy: 'none' as const, accountIds: [account] },
    ]) {
      expect(reportUsesRollups(query)).toBe(true);
      const sql = text(flowReportSql(query));
      expect(sql).toContain('from account_month');
      expect(sql).not.toContain('spending_month');
      expect(sql.match(/from "transaction" t/g)).toHaveLength(2);
    }
    expect(text(flowReportSql({ ...base, accountIds: [account] }))).toContain('and account_id = any(');
    // Day and week columns have no monthly rollup to read.
    expect(reportUsesRollups({ ...base, groupBy: 'account', interval: 'week' })).toBe(false);
  });

  it('scans the rows when a filter or grouping is not in the rollups', () => {
    for (const query of [
      { ...base, search: 'grocer' },
      { ...base, amount: { min: 25 } },
      { ...base, groupBy: 'merchant' as const, amount: { max: 10.5 } },
      { ...base, groupBy: 'account' as const, amount: { min: 1, max: 2 } },
      { ...base, groupBy: 'merchant' as const, accountIds: ['00000000-0000-4000-8000-000000000001'] },
      { ...base, groupBy: 'detailed_category' as const },
    ]) {
      expect(reportUsesRollups(query)).toBe(false);
      const sql = text(flowReportSql(query));
      expect(sql).not.toContain('spending_month');
      expect(sql).toContain('transaction_counts_toward_spending(t.status');
    }
    expect(text(flowReportSql({ ...base, search: 'grocer' }))).toContain(
      "(lower(t.name) || ' ' || lower(coalesce(t.merchant_name, ''))) like lower($",
    );
  });

  it('holds each row’s size to the amount range in its own currency’s minor units', () => {
    const query = dialect.sqlToQuery(flowReportSql({ ...base, amount: { min: 25, max: 100.5 } }));
    const sql = query.sql.replace(/\s+/g, ' ');
    expect(sql).toContain('abs(t.amount_minor) >= $');
    expect(sql).toContain('abs(t.amount_minor) <= $');
    expect(sql).toMatch(/when t\.currency = any\(\$\d+::text\[\]\) then 1 /);
    expect(sql).toContain('else 100 end');
    expect(query.params).toContain('25');
    expect(query.params).toContain('100.5');
    expect(query.params.some((param) => String(param).includes('JPY'))).toBe(true);
    // Tags with an amount range: the untagged rows come from the rows too, not the rollups.
    const tagged = text(flowReportSql({ ...base, groupBy: 'tag', amount: { min: 25 } }));
    expect(tagged).not.toContain('spending_month');
  });

  it('groups tags from the tagged rows, and the untagged rows as the rollup less the tagged', () => {
    const sql = text(flowReportSql({ ...base, groupBy: 'tag' }));
    expect(sql).toContain('with tagged as materialized');
    expect(sql).toContain('from tagged cross join lateral unnest(tags) as tag');
    expect(sql.match(/from "transaction" t/g)).toHaveLength(1);
    expect(sql).toContain('from spending_month');
    expect(sql).toContain("select '' as key");
    expect(sql).toContain('cardinality(t.tags) > 0');
    const filtered = text(flowReportSql({ ...base, groupBy: 'tag', tags: ['trip'] }));
    expect(filtered).not.toContain('spending_month');
    expect(filtered).toContain('where tag = any($');
  });

  it('leaves hidden categories out of every source', () => {
    const query = dialect.sqlToQuery(flowReportSql({ ...base, hiddenCategories: ['TRAVEL'] }));
    expect(query.sql).toContain('not (category = any(');
    expect(query.params).toContain('{"TRAVEL"}');
  });

  it('ranks merchants in the statement, sharing out only the currencies converted at another rate', () => {
    const merchant = { ...base, groupBy: 'merchant' as const };
    const usd = { currency: 'USD', num: 1n, den: 1n };
    const single = dialect.sqlToQuery(rankedFlowReportSql(merchant, { limit: 200, rates: [usd] }));
    expect(single.sql).not.toContain('shares');
    expect(single.sql).toContain('collate "C"');
    expect(single.params).toContain('{"USD"}');
    const eur = { currency: 'EUR', num: 10642n, den: 10000n };
    const two = dialect.sqlToQuery(rankedFlowReportSql(merchant, { limit: 200, rates: [usd, eur] }));
    expect(two.sql).toContain('from shares group by key');
    expect(two.params).toEqual(expect.arrayContaining(['{"EUR"}', '{10642}', '{10000}', 200]));
    expect(() => rankedFlowReportSql({ ...base, groupBy: 'tag' }, { limit: 200, rates: [usd] })).toThrow();
  });

  it('reads balances from net_worth_daily, or per account from the balance runs', () => {
    const dates = ['2026-09-30', '2026-10-31'];
    expect(text(balanceReportSql({ userId: 'u1', groupBy: 'account_type', dates }))).toContain(
      'select account_type as key, date::text as bucket, currency, sum(balance_minor) as amount',
    );
    const perAccount = text(balanceReportSql({ userId: 'u1', groupBy: 'account', dates }));
    expect(perAccount).toContain('from balance_run r');
    expect(perAccount).toContain('not a.hidden');
  });
});
