/** The demo bank's balances on a day. */
import { dayNumber, isoOf } from './calendar';
import { ACCOUNT_KEYS, type AccountKey } from './profile';
import { SECURITY_SPECS } from './securities';
import { assertSupportedDay, type DemoWorld, worldFor } from './world';
import type { DemoBankBalance } from './types';

/**
 * Balances of every demo account at the end of `asOf`, consistent with demoBankTransactions: current =
 * opening balance (on 2020-01-01) + the sum of the rows posted on or before asOf (with today = asOf).
 * Before 2020-01-01 the opening balances are returned. Sign convention: positive = the user's money;
 * the credit card and the mortgage are negative while money is owed. The brokerage's current balance
 * is its cash plus the market value of its holdings, and its available balance is the cash alone.
 */
export function demoBankBalances(input: { seed: string; asOf: string }): DemoBankBalance[] {
  const day = dayNumber(input.asOf);
  assertSupportedDay(day, 'asOf');
  return balancesOf(worldFor(input.seed), day);
}

/** demoBankBalances on an existing world. */
export function balancesOf(world: DemoWorld, day: number): DemoBankBalance[] {
  const asOf = isoOf(day);
  const snapshot = world.snapshotAt(day);
  const pending: Record<AccountKey, number> = {
    checking: 0,
    savings: 0,
    card: 0,
    brokerage: 0,
    mortgage: 0,
    eur: 0,
  };
  for (const event of world.pendingAt(day)) pending[event.account] += event.pendingAmountMinor ?? 0;
  const holdingsValue = SECURITY_SPECS.reduce(
    (total, spec) =>
      total +
      Math.round(
        ((snapshot.quantityMicro[spec.securityId] ?? 0) * world.close(spec.securityId, day)) / 1_000_000,
      ),
    0,
  );
  const creditLimitMinor = world.profile.creditLimitMinor;
  return ACCOUNT_KEYS.map((key): DemoBankBalance => {
    const posted = snapshot.balance[key];
    const base = { accountExternalId: world.accountId(key), currency: key === 'eur' ? 'EUR' : 'USD', asOf };
    switch (key) {
      case 'card':
        return {
          ...base,
          currentMinor: posted,
          availableMinor: Math.max(0, creditLimitMinor + posted + pending.card),
          creditLimitMinor,
        };
      case 'mortgage':
        return { ...base, currentMinor: posted, availableMinor: null };
      case 'brokerage':
        return { ...base, currentMinor: posted + holdingsValue, availableMinor: posted };
      default:
        return { ...base, currentMinor: posted, availableMinor: posted + pending[key] };
    }
  });
}
