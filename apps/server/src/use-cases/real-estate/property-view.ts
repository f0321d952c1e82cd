import type { PropertyListRow, PropertyValuationRow } from '@lodestar/db';
import { money, type Money } from '@lodestar/domain';
import { percentOf } from '../holdings/decimal';
import type { Reporting } from '../holdings/reporting';

/** The Property shape of docs/analytics-api.md. */
export type PropertyView = {
  id: string;
  accountId: string;
  name: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string | null;
    postalCode: string | null;
    country: string;
  };
  purchasePrice: Money;
  purchaseDate: string;
  currentValue: Money;
  valuationDate: string;
  /** `balance` is what is owed on the loan, positive (the account itself stores it negative). */
  mortgage: { accountId: string; name: string; balance: Money } | null;
  equity: Money;
  loanToValue: number | null;
  appreciation: { amount: Money; percent: number | null };
};

export type ValuationView = {
  id: string;
  date: string;
  value: Money;
  source: 'purchase' | 'manual';
  note: string | null;
};

/** What is owed on the linked mortgage in minor units, positive when owed (liabilities are negative). */
function owedMinor(row: PropertyListRow): number {
  return row.mortgage ? -row.mortgage.balanceMinor : 0;
}

/**
 * A property with its figures: equity = value − owed on the mortgage; loan-to-value = owed / value ×
 * 100 (2 decimals; null without a mortgage or with a zero value); appreciation = value − purchase price,
 * its percent of the purchase price (2 decimals). The mortgage is in the property's currency (checked
 * when it is linked).
 */
export function propertyView(row: PropertyListRow): PropertyView {
  const { property } = row;
  const currency = property.currency;
  const value = row.currentValueMinor;
  const owed = owedMinor(row);
  const gain = value - property.purchasePriceMinor;
  return {
    id: property.id,
    accountId: property.accountId,
    name: property.name,
    address: {
      line1: property.addressLine1,
      line2: property.addressLine2,
      city: property.city,
      state: property.state,
      postalCode: property.postalCode,
      country: property.country,
    },
    purchasePrice: money(property.purchasePriceMinor, currency),
    purchaseDate: property.purchaseDate,
    currentValue: money(value, currency),
    valuationDate: row.valuationDate,
    mortgage: row.mortgage
      ? {
          accountId: row.mortgage.accountId,
          name: row.mortgage.name,
          balance: money(owed, row.mortgage.currency),
        }
      : null,
    equity: money(value - owed, currency),
    loanToValue: row.mortgage ? percentOf(owed, value) : null,
    appreciation: { amount: money(gain, currency), percent: percentOf(gain, property.purchasePriceMinor) },
  };
}

/** Valuations newest first. */
export function valuationViews(rows: readonly PropertyValuationRow[], currency: string): ValuationView[] {
  return [...rows]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .map((row) => ({
      id: row.id,
      date: row.date,
      value: money(row.valueMinor, currency),
      source: row.source === 'purchase' ? 'purchase' : 'manual',
      note: row.note,
    }));
}

/**
 * GET /real-estate totals in the reporting currency: value and debt of the visible properties (a
 * mortgage shared by two properties is counted once), equity = value − debt. Figures without a rate are
 * left out.
 */
export function propertyTotals(rows: readonly PropertyListRow[], reporting: Reporting) {
  let value = 0;
  let debt = 0;
  const mortgages = new Set<string>();
  for (const row of rows) {
    if (row.hidden) continue;
    value += reporting.convert(row.currentValueMinor, row.property.currency) ?? 0;
    if (row.mortgage && !mortgages.has(row.mortgage.accountId)) {
      mortgages.add(row.mortgage.accountId);
      debt += reporting.convert(owedMinor(row), row.mortgage.currency) ?? 0;
    }
  }
  const currency = reporting.currency;
  return {
    value: money(value, currency),
    debt: money(debt, currency),
    equity: money(value - debt, currency),
  };
}
