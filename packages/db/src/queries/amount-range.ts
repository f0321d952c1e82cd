import { CURRENCY_CODES, currencyExponent } from '@lodestar/domain';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The amount range filter of reports and Activity (docs/decisions/051-report-rollups-and-amount-ranges.md):
 * a row is in when its size (the amount without its sign) in major units of its own currency is at least
 * `min` and at most `max`, both inclusive. Bounds are compared in minor units of the row's currency, so a
 * JPY row and a USD row are held to the same figure in their own money.
 */
export type AmountRange = { min?: number; max?: number };

/** Minor units per major unit of `currency` (a SQL text expression), from the ISO exponents. */
function minorPerMajor(currency: SQL): SQL {
  const byExponent = new Map<number, string[]>();
  for (const code of CURRENCY_CODES) {
    const exponent = currencyExponent(code);
    if (exponent === 2) continue;
    byExponent.set(exponent, [...(byExponent.get(exponent) ?? []), code]);
  }
  const cases = [...byExponent].map(
    ([exponent, codes]) =>
      sql`when ${currency} = any(${`{${codes.join(',')}}`}::text[]) then ${sql.raw(String(10 ** exponent))}`,
  );
  return sql`(case ${sql.join(cases, sql` `)} else 100 end)`;
}

/** The condition on a row's amount and currency, or null when the range says nothing. */
export function amountRangeSql(range: AmountRange | undefined, amountMinor: SQL, currency: SQL): SQL | null {
  if (!range || (range.min === undefined && range.max === undefined)) return null;
  const size = sql`abs(${amountMinor})`;
  const factor = minorPerMajor(currency);
  const parts: SQL[] = [];
  if (range.min !== undefined) parts.push(sql`${size} >= ${String(range.min)}::numeric * ${factor}`);
  if (range.max !== undefined) parts.push(sql`${size} <= ${String(range.max)}::numeric * ${factor}`);
  return sql`(${sql.join(parts, sql` and `)})`;
}
