import {
  findLiability,
  listAccounts,
  listBalanceSnapshots,
  propertyOfAccount,
  storedPreferences,
  type Database,
  type StoredLiability,
} from '@lodestar/db';
import { lttb, mergePreferences } from '@lodestar/domain';
import { AppError } from '../../http/app-error';
import { accountView } from './views';

/** The most points an account's balance history carries (LTTB keeps the shape, first and last day). */
export const ACCOUNT_HISTORY_POINTS = 400;

/**
 * One of the user's accounts (404 for anyone else's), how its balance is kept — by the user
 * ('manual'), by its connection ('connection') or by its property's valuations ('property') — and its
 * daily end-of-day balances in the account's currency, oldest first, thinned to ACCOUNT_HISTORY_POINTS,
 * from the first day the user's plan shows (`visibleFrom`, null: all of them).
 */
export async function accountDetail(
  db: Database,
  userId: string,
  accountId: string,
  visibleFrom: string | null,
) {
  const rows = await listAccounts(db, userId);
  const row = rows.find((candidate) => candidate.account.id === accountId);
  if (!row) throw AppError.notFound('No such account');
  const favorites = new Set(mergePreferences(await storedPreferences(db, userId)).favorite_accounts);
  const propertyId = await propertyOfAccount(db, userId, accountId);
  const snapshots = (await listBalanceSnapshots(db, userId, accountId)).filter(
    (snapshot) => visibleFrom === null || snapshot.date >= visibleFrom,
  );
  const liability = await findLiability(db, userId, accountId);
  const points = lttb(
    snapshots,
    ACCOUNT_HISTORY_POINTS,
    (point) => Date.parse(point.date),
    (point) => point.balanceMinor,
  );
  return {
    account: accountView(row, favorites),
    balanceSource: propertyId
      ? ('property' as const)
      : row.account.connectionId === null
        ? ('manual' as const)
        : ('connection' as const),
    history: points.map((point) => ({ date: point.date, balanceMinor: point.balanceMinor })),
    liability: liability ? liabilityView(liability) : null,
    visibleFrom,
  };
}

/** What the lender reported, amounts as Money in the liability's currency. */
export function liabilityView(row: StoredLiability) {
  const money = (amountMinor: number | null) =>
    amountMinor === null ? null : { amountMinor, currency: row.currency };
  return {
    kind: row.kind as 'credit' | 'student' | 'mortgage',
    currency: row.currency,
    aprs: row.aprs.map((apr) => ({
      type: apr.type,
      percentage: apr.percentage,
      balanceSubjectToApr: money(apr.balanceSubjectToAprMinor),
    })),
    interestRate:
      row.interestRatePercentage === null
        ? null
        : { percentage: row.interestRatePercentage, type: row.interestRateType },
    nextPayment: money(row.nextPaymentMinor),
    nextPaymentDueDate: row.nextPaymentDueDate,
    lastPayment: money(row.lastPaymentMinor),
    lastPaymentDate: row.lastPaymentDate,
    lastStatementBalance: money(row.lastStatementBalanceMinor),
    lastStatementIssueDate: row.lastStatementIssueDate,
    payoffDate: row.payoffDate,
    isOverdue: row.isOverdue,
    updatedAt: row.updatedAt.toISOString(),
  };
}
