/** Everything one provider sync needs, from a single pass over the demo history. */
import { accountsOf } from './accounts';
import { balancesOf } from './balances';
import { dayNumber } from './calendar';
import { holdingsOf } from './holdings';
import { transactionsOf } from './transactions';
import type {
  DemoBankAccount,
  DemoBankBalance,
  DemoBankHolding,
  DemoBankTransaction,
  DemoBankVariant,
} from './types';
import { assertSupportedDay, worldFor } from './world';

/** The result of one demo sync: the same values the four separate functions return. */
export type DemoBankSyncResult = {
  accounts: DemoBankAccount[];
  /** demoBankTransactions({ seed, from, to, today }). */
  transactions: DemoBankTransaction[];
  /** demoBankBalances({ seed, asOf: today }). */
  balances: DemoBankBalance[];
  /** demoBankHoldings({ seed, asOf: today }). */
  holdings: DemoBankHolding[];
};

/**
 * Accounts, the transactions dated in [from, to] as seen on `today`, and balances and holdings at the end
 * of `today`, from one walk through the history.
 */
export function demoBankSync(input: {
  seed: string;
  from: string;
  to: string;
  today: string;
  variant?: DemoBankVariant;
}): DemoBankSyncResult {
  const variant = input.variant ?? 'standard';
  if (variant !== 'standard') throw new RangeError(`Unknown demo bank variant: ${String(variant)}`);
  const from = dayNumber(input.from);
  const to = dayNumber(input.to);
  const today = dayNumber(input.today);
  assertSupportedDay(today, 'today');
  const world = worldFor(input.seed);
  return {
    accounts: accountsOf(world.profile),
    transactions: transactionsOf(world, from, to, today),
    balances: balancesOf(world, today),
    holdings: holdingsOf(world, today),
  };
}
