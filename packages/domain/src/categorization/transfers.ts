import { type IsoDate } from '../dates';
import { compareText, daysBetween, foldText } from './text';

/**
 * Transfer pairing: finding the two legs of money moved between the user's own accounts (checking →
 * savings, checking → credit-card payment, checking → loan payment). A paired transfer is neither
 * spending nor income: both legs are left out of spending, income and cash-flow totals (they still move
 * each account's balance). Pass one user's transactions at a time — every candidate is assumed to belong
 * to the same user.
 */

/** A transaction that may be one leg of a transfer. */
export type TransferCandidate = {
  id: string;
  accountId: string;
  date: IsoDate;
  /** Signed minor units: positive = money into the account. */
  amountMinor: number;
  currency: string;
  name: string;
  /** Explicit link from the provider or the user: the legs of one transfer share this value. */
  transferGroup?: string | null;
  /** An existing pairing: the id of the other leg. */
  pairedWith?: string | null;
};

/** [id of the leg leaving an account (amount < 0), id of the leg arriving (amount > 0)]. */
export type TransferPair = readonly [outId: string, inId: string];

export type TransferPairingOptions = {
  /** How many calendar days apart inferred legs may be (inclusive). Default 3. */
  windowDays?: number;
};

/** Default number of days between the two legs of an inferred transfer. */
export const TRANSFER_WINDOW_DAYS = 3;

const TRANSFER_WORDS =
  /\b(?:transfer|xfer|trnsfr|tfr|trf|internal|(?:from|to) (?:checking|savings|chk|sav|share)|payment thank you|thank you for your payment|payment received|autopay|auto pay|automatic payment|credit card payment|card payment|cc payment|crd pmt|loan payment|mortgage payment|epay|e payment|pymt|pmt|virement|uberweisung|umbuchung|transferencia|traspaso|overboeking)\b/;

/** Whether a name reads like a transfer or a card/loan payment ('ONLINE TRANSFER TO SAVINGS', 'PAYMENT THANK YOU'). */
export function looksLikeTransfer(name: string): boolean {
  return TRANSFER_WORDS.test(foldText(name.replace(/[^\p{L}\p{N}]+/gu, ' ')));
}

/**
 * Pairs the legs of transfers between the user's own accounts, each transaction in at most one pair,
 * never two transactions of the same account, never a zero amount:
 *  1. existing pairings (`pairedWith`) are kept when the other leg is among the candidates, on another
 *     account, with the opposite sign, and does not point elsewhere; a candidate with `pairedWith` is
 *     never paired with anything else;
 *  2. explicit groups (`transferGroup`): a group of exactly two legs with opposite signs on different
 *     accounts is a pair, even across currencies or with different amounts (an FX transfer); in a larger
 *     group legs are matched as in 3 but without the date window; legs left over go on to 3;
 *  3. inferred: exactly opposite amounts, the same currency, different accounts, dates at most
 *     `windowDays` apart. Greedy and deterministic: pairs whose names look like transfers or card/loan
 *     payments (looksLikeTransfer) go first (both names before one before none), then the closest dates,
 *     then the smallest out id, then the smallest in id.
 * Pairs come out in that order (1, 2, 3).
 */
export function pairTransfers(
  candidates: readonly TransferCandidate[],
  options: TransferPairingOptions = {},
): TransferPair[] {
  const windowDays = options.windowDays ?? TRANSFER_WINDOW_DAYS;
  if (!Number.isInteger(windowDays) || windowDays < 0) {
    throw new RangeError(`windowDays must be a non-negative whole number, got ${windowDays}`);
  }
  const byId = new Map<string, TransferCandidate>();
  for (const candidate of candidates) if (!byId.has(candidate.id)) byId.set(candidate.id, candidate);
  const all = [...byId.values()].sort((a, b) => compareText(a.id, b.id));
  const used = new Set<string>();
  const pairs: TransferPair[] = [];
  const take = (a: TransferCandidate, b: TransferCandidate) => {
    used.add(a.id);
    used.add(b.id);
    pairs.push(a.amountMinor < 0 ? [a.id, b.id] : [b.id, a.id]);
  };

  for (const leg of all) {
    if (!leg.pairedWith || used.has(leg.id)) continue;
    const other = byId.get(leg.pairedWith);
    if (
      other &&
      !used.has(other.id) &&
      (!other.pairedWith || other.pairedWith === leg.id) &&
      legsFit(leg, other)
    ) {
      take(leg, other);
    }
  }

  const free = all.filter((leg) => !used.has(leg.id) && !leg.pairedWith && leg.amountMinor !== 0);
  const groups = new Map<string, TransferCandidate[]>();
  for (const leg of free) {
    if (!leg.transferGroup) continue;
    groups.set(leg.transferGroup, [...(groups.get(leg.transferGroup) ?? []), leg]);
  }
  for (const key of [...groups.keys()].sort(compareText)) {
    const legs = groups.get(key) ?? [];
    const [first, second] = legs;
    if (legs.length === 2 && first && second && legsFit(first, second)) take(first, second);
    else if (legs.length > 2) for (const [out, into] of greedyPairs(legs, null)) take(out, into);
  }

  const rest = free.filter((leg) => !used.has(leg.id));
  for (const [out, into] of greedyPairs(rest, windowDays)) take(out, into);
  return pairs;
}

/** Opposite signs (no zero) on different accounts. */
function legsFit(a: TransferCandidate, b: TransferCandidate): boolean {
  return (
    a.id !== b.id && a.accountId !== b.accountId && Math.sign(a.amountMinor) * Math.sign(b.amountMinor) === -1
  );
}

type Edge = { out: TransferCandidate; into: TransferCandidate; boost: number; days: number };

/** Greedy matching on exactly opposite amounts in one currency; `windowDays` null = no date limit. */
function greedyPairs(
  legs: readonly TransferCandidate[],
  windowDays: number | null,
): Array<[TransferCandidate, TransferCandidate]> {
  const buckets = new Map<string, { outs: TransferCandidate[]; ins: TransferCandidate[] }>();
  for (const leg of legs) {
    if (leg.amountMinor === 0) continue;
    const key = `${leg.currency.trim().toUpperCase()} ${Math.abs(leg.amountMinor)}`;
    const bucket = buckets.get(key) ?? { outs: [], ins: [] };
    (leg.amountMinor < 0 ? bucket.outs : bucket.ins).push(leg);
    buckets.set(key, bucket);
  }
  const edges: Edge[] = [];
  for (const { outs, ins } of buckets.values()) {
    for (const out of outs) {
      for (const into of ins) {
        if (out.accountId === into.accountId) continue;
        const days = Math.abs(daysBetween(out.date, into.date));
        if (windowDays !== null && days > windowDays) continue;
        const boost = Number(looksLikeTransfer(out.name)) + Number(looksLikeTransfer(into.name));
        edges.push({ out, into, boost, days });
      }
    }
  }
  edges.sort(
    (a, b) =>
      b.boost - a.boost ||
      a.days - b.days ||
      compareText(a.out.id, b.out.id) ||
      compareText(a.into.id, b.into.id),
  );
  const taken = new Set<string>();
  const result: Array<[TransferCandidate, TransferCandidate]> = [];
  for (const { out, into } of edges) {
    if (taken.has(out.id) || taken.has(into.id)) continue;
    taken.add(out.id);
    taken.add(into.id);
    result.push([out, into]);
  }
  return result;
}
