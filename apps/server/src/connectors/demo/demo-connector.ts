import {
  addDays,
  DEMO_BANK_INSTITUTION_NAME,
  DEMO_BANK_MAX_PENDING_DAYS,
  DEMO_BANK_SECURITIES,
  demoBankAccounts,
  demoBankBalances,
  demoBankHoldings,
  demoBankPrices,
  demoBankTransactions,
  type IsoDate,
} from '@lodestar/domain';
import { ProviderError, type Connector, type ConnectorContext } from '../types';

/**
 * The demo bank (no keys, no network): checking, savings, a credit card, a brokerage account with
 * holdings, a mortgage and a euro account, from the domain's deterministic generator. The first sync
 * reads about two years; later syncs read the days since the last one, plus the days a purchase can
 * stay pending, so pending transactions post without being counted twice.
 */

export const DEMO_INSTITUTION = { externalId: 'lodestar-demo-bank', name: DEMO_BANK_INSTITUTION_NAME };
export const DEMO_ACCOUNT_COUNT = 6;
/** How far back the first sync reads. */
export const DEMO_HISTORY_DAYS = 730;
/** Days per batch (one database transaction each). */
const PAGE_DAYS = 92;

type Cursor = {
  /** The last day fully read by a finished sync. */
  through: IsoDate | null;
  /** Within a sync: where the run started and where the next batch starts. */
  runStart?: IsoDate;
  next?: IsoDate;
};

function parseCursor(cursor: string | null): Cursor {
  if (!cursor) return { through: null };
  try {
    const parsed = JSON.parse(cursor) as Cursor;
    return typeof parsed === 'object' && parsed !== null ? parsed : { through: null };
  } catch {
    return { through: null };
  }
}

function seedOf(context: ConnectorContext): string {
  const seed = context.settings.seed;
  if (typeof seed !== 'string' || !seed)
    throw new ProviderError('invalid', 'The demo connection has no seed');
  return seed;
}

function assertSignedIn(context: ConnectorContext): void {
  if (context.settings.variant === 'needs_reauth' && context.settings.reauthenticated !== true) {
    throw new ProviderError('needs_reauth', 'The demo bank asks you to sign in again');
  }
}

const dayCount = (from: IsoDate, to: IsoDate) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

export const demoConnector: Connector = {
  provider: 'demo',
  institution: DEMO_INSTITUTION,

  // The demo bank's "sign in again" always succeeds.
  async reauthenticate(context) {
    return { ...context.settings, reauthenticated: true };
  },

  async accounts(context) {
    const seed = seedOf(context);
    const balances = new Map(
      demoBankBalances({ seed, asOf: context.today }).map((b) => [b.accountExternalId, b]),
    );
    return demoBankAccounts(seed).map((account) => {
      const balance = balances.get(account.externalId);
      return {
        externalId: account.externalId,
        name: account.name,
        officialName: account.officialName,
        type: account.type,
        subtype: account.subtype,
        currency: account.currency,
        mask: account.mask,
        currentBalanceMinor: balance?.currentMinor ?? 0,
        availableBalanceMinor: balance?.availableMinor ?? null,
        creditLimitMinor: balance?.creditLimitMinor ?? account.creditLimitMinor ?? null,
      };
    });
  },

  async sync(context, rawCursor) {
    assertSignedIn(context);
    const seed = seedOf(context);
    const cursor = parseCursor(rawCursor);
    const today = context.today;
    const runStart =
      cursor.runStart ??
      (cursor.through
        ? addDays(cursor.through, -DEMO_BANK_MAX_PENDING_DAYS - 1)
        : addDays(today, -DEMO_HISTORY_DAYS));
    const from = cursor.next ?? runStart;
    const to = addDays(from, PAGE_DAYS - 1) < today ? addDays(from, PAGE_DAYS - 1) : today;
    const added = from > today ? [] : demoBankTransactions({ seed, from, to, today });
    const hasMore = to < today;
    const nextCursor: Cursor = hasMore
      ? { through: cursor.through, runStart, next: addDays(to, 1) }
      : { through: today };
    const total = Math.max(1, dayCount(runStart, today) + 1);
    return {
      added: added.map((item) => ({
        externalId: item.externalId,
        accountExternalId: item.accountExternalId,
        date: item.date,
        authorizedDate: item.authorizedDate ?? null,
        amountMinor: item.amountMinor,
        currency: item.currency,
        name: item.name,
        merchantName: item.merchantName ?? null,
        description: item.description ?? null,
        providerCategory: { ...item.providerCategory, confidence: item.providerConfidence },
        paymentChannel: item.paymentChannel,
        paymentMethod: item.paymentMethod ?? null,
        status: item.status,
        pendingExternalId: item.pendingExternalId ?? null,
        transferGroup: item.transferGroup ?? null,
      })),
      modified: [],
      // A pending row that is still pending is read again; one that posted is replaced by its posted
      // row (pendingExternalId); the demo bank never drops a pending transaction.
      removed: [],
      nextCursor: JSON.stringify(nextCursor),
      hasMore,
      progress: Math.min(1, (dayCount(runStart, to) + 1) / total),
    };
  },

  async holdings(context) {
    const seed = seedOf(context);
    const holdings = demoBankHoldings({ seed, asOf: context.today });
    const from = addDays(context.today, -DEMO_HISTORY_DAYS);
    const prices = DEMO_BANK_SECURITIES.flatMap((security) =>
      demoBankPrices({ seed, securityId: security.securityId, from, to: context.today }).map((price) => ({
        securityExternalId: security.securityId,
        date: price.date,
        close: price.close,
      })),
    );
    return {
      holdings: holdings.map((item) => ({
        accountExternalId: item.accountExternalId,
        security: {
          externalId: item.securityId,
          ticker: item.ticker,
          name: item.name,
          type: item.type,
          currency: item.currency,
        },
        quantity: item.quantity,
        price: item.price,
        costBasis: item.costBasis,
        asOf: item.priceDate,
      })),
      prices,
    };
  },
};
