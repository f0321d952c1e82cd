import { fingerprintInPlace } from './fingerprint';
import type { ParsedBalance, ParsedStatement } from './types';

const later = (a: ParsedBalance | undefined, b: ParsedBalance | undefined) =>
  !a ? b : !b ? a : b.asOf >= a.asOf ? b : a;
const earlier = (a: ParsedBalance | undefined, b: ParsedBalance | undefined) =>
  !a ? b : !b ? a : b.asOf < a.asOf ? b : a;

/**
 * Statements of the same account (same account number, or none) as one: daily CAMT.053 or MT940
 * statements of a month arrive in one file. Transactions keep file order and get fresh fingerprints
 * (identical rows on one day across two statements are counted as in one); the closing balance is the
 * latest, the opening balance the earliest; warnings are kept once each. Accounts keep file order.
 */
export function mergeStatementsByAccount(statements: readonly ParsedStatement[]): ParsedStatement[] {
  const byAccount = new Map<string, ParsedStatement[]>();
  for (const statement of statements) {
    const key = statement.account?.externalId ?? '';
    const group = byAccount.get(key);
    if (group) group.push(statement);
    else byAccount.set(key, [statement]);
  }
  return [...byAccount.values()].map((group) => {
    if (group.length === 1 && group[0]) return group[0];
    const transactions = group.flatMap((statement) => statement.transactions);
    const warnings = [...new Set(group.flatMap((statement) => statement.warnings))].filter(
      (warning) => warning !== 'The statement has no transactions.' || transactions.length === 0,
    );
    const first = group[0]?.account ?? {};
    let balance: ParsedBalance | undefined;
    let openingBalance: ParsedBalance | undefined;
    for (const statement of group) {
      balance = later(balance, statement.account?.balance);
      openingBalance = earlier(openingBalance, statement.account?.openingBalance);
    }
    const { balance: _b, openingBalance: _o, ...account } = first;
    return {
      account: {
        ...account,
        ...(balance && { balance }),
        ...(openingBalance && { openingBalance }),
      },
      transactions: fingerprintInPlace(transactions.map(({ fingerprint: _f, ...row }) => row)),
      warnings,
    };
  });
}
