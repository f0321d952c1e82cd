import { type IsoDate } from '../dates';
import { normalizeMerchant } from './merchant';
import { compareText, daysBetween } from './text';

/**
 * Pending → posted matching for providers that do not link the two (Plaid sends
 * `pending_transaction_id`; many others do not). A matched pending transaction is replaced by its posted
 * one, so nothing is counted twice (DESIGN §3).
 */

/** A pending transaction. */
export type PendingCandidate = {
  id: string;
  accountId: string;
  date: IsoDate;
  /** Signed minor units: positive = money into the account. */
  amountMinor: number;
  currency: string;
  name: string;
  merchantName?: string | null;
};

/** A posted transaction; `pendingTransactionId` is the provider's own link, when it sends one. */
export type PostedCandidate = PendingCandidate & { pendingTransactionId?: string | null };

/** [pending id, posted id]. */
export type PendingMatch = readonly [pendingId: string, postedId: string];

export type PendingMatchOptions = {
  /** The posted date may be this many days after the pending date (inclusive), never before. Default 5. */
  windowDays?: number;
  /** The posted amount may differ from the pending one by this percentage of it (tips). Default 20. */
  amountTolerancePct?: number;
};

export const PENDING_MATCH_DEFAULTS = { windowDays: 5, amountTolerancePct: 20 } as const;

/**
 * Matches pending to posted transactions one-to-one.
 *  1. A provider link (`pendingTransactionId` naming one of `pending`) always wins. A posted transaction
 *     whose link names a pending transaction not given here is already matched and is left alone.
 *  2. Otherwise a pair needs: the same account and currency; a posted date from the pending date to
 *     `windowDays` after it; equal merchant keys (normalizeMerchant of the merchant name or of the name,
 *     either may match); the same direction (a zero amount only matches zero); and a posted amount
 *     within `amountTolerancePct` % of the pending amount (a 20 % tip on a restaurant bill).
 * Deterministic greedy order: exact amounts first, then the earliest pending date, the earliest posted
 * date, the smallest amount difference, the smallest pending id, the smallest posted id. Taking the
 * earliest pending with the earliest posted is what lets several identical coffees all find a match.
 */
export function matchPendingToPosted(
  pending: readonly PendingCandidate[],
  posted: readonly PostedCandidate[],
  options: PendingMatchOptions = {},
): PendingMatch[] {
  const windowDays = options.windowDays ?? PENDING_MATCH_DEFAULTS.windowDays;
  const tolerance = options.amountTolerancePct ?? PENDING_MATCH_DEFAULTS.amountTolerancePct;
  if (!Number.isInteger(windowDays) || windowDays < 0) {
    throw new RangeError(`windowDays must be a non-negative whole number, got ${windowDays}`);
  }
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new RangeError(`amountTolerancePct must be a non-negative number, got ${tolerance}`);
  }

  const pendingById = new Map(pending.map((tx) => [tx.id, tx] as const));
  const usedPending = new Set<string>();
  const usedPosted = new Set<string>();
  const matches: PendingMatch[] = [];

  for (const tx of [...posted].sort((a, b) => compareText(a.id, b.id))) {
    const link = tx.pendingTransactionId;
    if (!link) continue;
    usedPosted.add(tx.id);
    if (pendingById.has(link) && !usedPending.has(link)) {
      usedPending.add(link);
      matches.push([link, tx.id]);
    }
  }

  type Edge = {
    from: PendingCandidate;
    to: PostedCandidate;
    exact: boolean;
    days: number;
    difference: number;
  };
  const edges: Edge[] = [];
  const openPending = pending.filter((tx) => !usedPending.has(tx.id));
  const openPosted = posted.filter((tx) => !usedPosted.has(tx.id));
  const keys = new Map<PendingCandidate, readonly string[]>(
    [...openPending, ...openPosted].map((tx) => [tx, merchantKeys(tx)]),
  );

  for (const from of openPending) {
    for (const to of openPosted) {
      if (from.accountId !== to.accountId || !sameCurrency(from.currency, to.currency)) continue;
      if (Math.sign(from.amountMinor) !== Math.sign(to.amountMinor)) continue;
      const days = daysBetween(from.date, to.date);
      if (days < 0 || days > windowDays) continue;
      const difference = Math.abs(to.amountMinor - from.amountMinor);
      if (difference * 100 > Math.abs(from.amountMinor) * tolerance) continue;
      const toKeys = keys.get(to) ?? [];
      if (!(keys.get(from) ?? []).some((key) => toKeys.includes(key))) continue;
      edges.push({ from, to, exact: difference === 0, days, difference });
    }
  }
  edges.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      compareText(a.from.date, b.from.date) ||
      compareText(a.to.date, b.to.date) ||
      a.difference - b.difference ||
      compareText(a.from.id, b.from.id) ||
      compareText(a.to.id, b.to.id),
  );
  for (const { from, to } of edges) {
    if (usedPending.has(from.id) || usedPosted.has(to.id)) continue;
    usedPending.add(from.id);
    usedPosted.add(to.id);
    matches.push([from.id, to.id]);
  }
  return matches;
}

/** The merchant keys a transaction answers to: of its merchant name and of its name. */
function merchantKeys(tx: PendingCandidate): string[] {
  return [...new Set([normalizeMerchant(tx.merchantName), normalizeMerchant(tx.name)].filter(Boolean))];
}

function sameCurrency(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}
