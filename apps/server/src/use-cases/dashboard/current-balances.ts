import { type Database, visibleAccountsForDashboard } from '@lodestar/db';
import {
  type AccountType,
  type AssetClass,
  type BalanceSummary,
  assetClassOf,
  ASSET_CLASSES,
  emptyClassTotals,
  isAccountType,
  isLiability,
  type Money,
  normalizeAccountStatus,
  summarizeClassTotals,
} from '@lodestar/domain';
import {
  createConverter,
  type FxReport,
  loadFxTable,
  type Reporting,
  reportingFor,
} from '../../fx/reporting';

/** One visible account with its balance as held and in the reporting currency (null: no rate). */
export type AccountBalance = {
  id: string;
  name: string;
  type: string;
  institution: string | null;
  status: string;
  native: Money;
  converted: Money | null;
  isLiability: boolean;
};

export type CurrentBalances = Reporting & {
  accounts: AccountBalance[];
  /** Per account type, its share of the converted net worth (the one rule, fx/reporting.ts). */
  typeTotals: Map<string, number>;
  summary: BalanceSummary;
  fx: FxReport;
};

/** A stored type the domain does not know counts as 'other' (it still belongs in net worth). */
export const knownType = (type: string): AccountType => (isAccountType(type) ? type : 'other');

/**
 * Today's balances of the user's visible accounts (financial_account.current_balance_minor), converted
 * into the reporting currency at today's last known rates, and their summary. An account without a rate
 * is listed with `converted: null`, left out of every total, and its currency named in `fx.missing`.
 * Totals follow the one rounding rule (fx/reporting.ts `byKey`): each currency's balances are summed and
 * converted once, and that sum is shared out over the classes (and the account types), as the net-worth
 * history's points are built; so net worth = Σ over currencies of the converted native totals.
 */
export async function currentBalances(db: Database, userId: string, now: Date): Promise<CurrentBalances> {
  const [reporting, rows] = await Promise.all([
    reportingFor(db, userId, now),
    visibleAccountsForDashboard(db, userId),
  ]);
  const { table } = await loadFxTable(
    db,
    userId,
    reporting.currency,
    rows.map((row) => row.currency),
    [{ from: reporting.today, to: reporting.today }],
  );
  const converter = createConverter(table, reporting.currency);
  const accounts = rows.map((row): AccountBalance => {
    const converted = converter.convert(row.balanceMinor, row.currency, reporting.today);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      institution: row.institution,
      status: normalizeAccountStatus(row.status),
      native: { amountMinor: row.balanceMinor, currency: row.currency },
      converted: converted === null ? null : { amountMinor: converted, currency: reporting.currency },
      isLiability: isLiability(knownType(row.type)),
    };
  });
  const classes = converter.byKey(
    accounts.map((account) => ({ key: assetClassOf(knownType(account.type)), ...account.native })),
    reporting.today,
  );
  const byClass = emptyClassTotals();
  for (const assetClass of ASSET_CLASSES) byClass[assetClass] = classes.amounts.get(assetClass) ?? 0;
  const typeTotals = converter.byKey(
    accounts.map((account) => ({ key: account.type, ...account.native })),
    reporting.today,
  ).amounts;
  const summary = summarizeClassTotals(byClass);
  return { ...reporting, accounts, typeTotals, summary, fx: converter.report() };
}

/** `byClass` of GET /balance: every asset class (liabilities included) as Money. */
export function classTotals(summary: BalanceSummary, currency: string): Record<AssetClass, Money> {
  const entries = Object.entries(summary.byClass) as [AssetClass, number][];
  return Object.fromEntries(
    entries.map(([assetClass, amountMinor]) => [assetClass, { amountMinor, currency }]),
  ) as Record<AssetClass, Money>;
}
