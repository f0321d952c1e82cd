/** The demo bank's transactions for a date range, as seen on a given day. */
import { compactOf, dayNumber, isoOf } from './calendar';
import type { RawEvent } from './context';
import { microToDecimal } from './investing';
import { ACCOUNT_SPECS, OPENING_DAY } from './profile';
import { major2 } from './schedule';
import { assertSupportedDay, type DemoWorld, MAX_LAG_DAYS, worldFor } from './world';
import type { DemoBankCategory, DemoBankTransaction } from './types';

/** Plaid personal-finance primaries (plus INVESTMENT for brokerage buys), longest first for prefix matching. */
const PRIMARIES = [
  'GOVERNMENT_AND_NON_PROFIT',
  'GENERAL_MERCHANDISE',
  'RENT_AND_UTILITIES',
  'HOME_IMPROVEMENT',
  'GENERAL_SERVICES',
  'FOOD_AND_DRINK',
  'TRANSPORTATION',
  'LOAN_PAYMENTS',
  'PERSONAL_CARE',
  'ENTERTAINMENT',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'INVESTMENT',
  'BANK_FEES',
  'MEDICAL',
  'INCOME',
  'TRAVEL',
] as const;

/** The primary/detailed pair of a detailed code ('FOOD_AND_DRINK_GROCERIES' → FOOD_AND_DRINK). */
export function categoryOf(detailed: string): DemoBankCategory {
  const primary = PRIMARIES.find((candidate) => detailed.startsWith(`${candidate}_`));
  if (!primary) throw new Error(`No primary category for ${detailed}`);
  return { primary, detailed };
}

function toRow(world: DemoWorld, event: RawEvent, today: number): { day: number; row: DemoBankTransaction } {
  const id = `demo-${world.profile.tag}-${compactOf(event.day)}-${event.slug}`;
  const pendingCapable = event.pendingAmountMinor !== undefined;
  const pending = pendingCapable && today < event.postDay;
  const row: DemoBankTransaction = {
    externalId: pending ? `${id}-pending` : id,
    accountExternalId: world.accountId(event.account),
    date: isoOf(pending ? event.day : event.postDay),
    amountMinor: pending ? (event.pendingAmountMinor ?? event.amountMinor) : event.amountMinor,
    currency: ACCOUNT_SPECS[event.account].currency,
    name: event.name,
    providerCategory: categoryOf(event.category),
    providerConfidence: event.confidence,
    paymentChannel: event.channel,
    status: pending ? 'pending' : 'posted',
  };
  if (pendingCapable) row.authorizedDate = isoOf(event.day);
  if (event.merchantName !== undefined) row.merchantName = event.merchantName;
  if (event.description !== undefined) row.description = event.description;
  if (event.method !== undefined) row.paymentMethod = event.method;
  if (pendingCapable && !pending) row.pendingExternalId = `${id}-pending`;
  if (event.transfer !== undefined) {
    row.transferGroup = `demo-${world.profile.tag}-${compactOf(event.day)}-${event.transfer}`;
  }
  if (event.investment) {
    row.investment = {
      securityId: event.investment.securityId,
      quantity: microToDecimal(event.investment.quantityMicro),
      price: major2(event.investment.priceMinor),
    };
  }
  return { day: pending ? event.day : event.postDay, row };
}

/**
 * Every transaction of every demo account dated in [from, to] (inclusive), as the bank shows them on
 * `today`: nothing after `today`; card and debit-card purchases are `pending` (dated on authorisation)
 * until they post 1–3 days later, then `posted` (dated on posting) with a new externalId and
 * `pendingExternalId` naming the pending row — sometimes with a different amount (tips, hotel holds).
 *
 * A pure function of (seed, day, today): for one `today`, [a..b] followed by [b+1..c] returns exactly
 * the rows of [a..c]. A sync that last ran with today = T can ask for [T+1, today]: every row still
 * pending at T posts with a date after T. Rows are sorted by date, then externalId.
 */
export function demoBankTransactions(input: {
  seed: string;
  from: string;
  to: string;
  today: string;
}): DemoBankTransaction[] {
  const from = dayNumber(input.from);
  const to = dayNumber(input.to);
  const today = dayNumber(input.today);
  assertSupportedDay(today, 'today');
  return transactionsOf(worldFor(input.seed), from, to, today);
}

/** demoBankTransactions on an existing world (day numbers). */
export function transactionsOf(
  world: DemoWorld,
  from: number,
  to: number,
  today: number,
): DemoBankTransaction[] {
  const rows: { day: number; row: DemoBankTransaction }[] = [];
  const last = Math.min(to, today);
  for (let day = Math.max(from - MAX_LAG_DAYS, OPENING_DAY); day <= last; day++) {
    for (const event of world.events(day)) {
      const shown = toRow(world, event, today);
      if (shown.day >= from && shown.day <= to) rows.push(shown);
    }
  }
  rows.sort((a, b) => a.day - b.day || (a.row.externalId < b.row.externalId ? -1 : 1));
  return rows.map(({ row }) => row);
}
