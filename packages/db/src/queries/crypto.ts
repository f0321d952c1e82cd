import { and, eq, inArray, sql } from 'drizzle-orm';
import { cryptoPriceHistory, cryptoQuote, security } from '../schema/index';
import { writeBalanceDays } from './balance-runs';
import type { Executor } from './sync';

/** Crypto prices (docs/crypto.md): quotes with their age, daily closes, and wallet value history. */

export const CRYPTO_SECURITY_PROVIDER = 'crypto';
/** Crypto prices are quoted in this currency. */
export const CRYPTO_QUOTE_CURRENCY = 'USD';

export type CryptoQuoteRow = typeof cryptoQuote.$inferSelect;

/** The crypto securities with these price ids (provider `crypto`), creating the missing ones. */
export async function ensureCryptoSecurities(
  db: Executor,
  assets: readonly { priceId: string; symbol: string; name: string; currency: string }[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (assets.length === 0) return ids;
  const rows = await db
    .insert(security)
    .values(
      assets.map((asset) => ({
        provider: CRYPTO_SECURITY_PROVIDER,
        externalId: asset.priceId,
        ticker: asset.symbol,
        name: asset.name,
        type: 'crypto',
        currency: asset.currency,
      })),
    )
    .onConflictDoUpdate({
      target: [security.provider, security.externalId],
      set: { ticker: sql`excluded.ticker`, name: sql`excluded.name` },
    })
    .returning({ id: security.id, externalId: security.externalId });
  for (const row of rows) ids.set(row.externalId, row.id);
  return ids;
}

export async function upsertCryptoQuotes(db: Executor, rows: readonly CryptoQuoteRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(cryptoQuote)
    .values([...rows])
    .onConflictDoUpdate({
      target: cryptoQuote.securityId,
      set: {
        price: sql`excluded.price`,
        marketPrice: sql`excluded.market_price`,
        change24hPercent: sql`excluded.change_24h_percent`,
        depegged: sql`excluded.depegged`,
        priceAt: sql`excluded.price_at`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}

/** The stored quotes of these securities (the last known prices). */
export async function cryptoQuotes(db: Executor, securityIds: readonly string[]): Promise<CryptoQuoteRow[]> {
  if (securityIds.length === 0) return [];
  return db
    .select()
    .from(cryptoQuote)
    .where(inArray(cryptoQuote.securityId, [...securityIds]));
}

/**
 * The days in `from`..`to` (inclusive) for which a security has no daily close yet: no close at all, or
 * only the price of a quote (a close stored on the day of a sync, after the last day the source's daily
 * closes were asked through, `closedThrough`; every stored close when they never were).
 */
export async function daysWithoutClose(
  db: Executor,
  securityId: string,
  range: { from: string; to: string; closedThrough: string | undefined },
): Promise<string[]> {
  const result = await db.execute<{ day: string }>(sql`
    select day::date::text as day
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as day
    where ${range.closedThrough === undefined ? sql`true` : sql`day::date > ${range.closedThrough}::date`}
      or not exists (
        select 1 from security_price sp where sp.security_id = ${securityId} and sp.date = day::date
      )
    order by day`);
  return result.rows.map((row) => row.day);
}

/** The days a security's daily closes were asked for and answered (ADR 076), if ever. */
export type CheckedDays = { from: string; through: string };

export async function checkedPriceHistory(
  db: Executor,
  securityId: string,
): Promise<CheckedDays | undefined> {
  const result = await db.execute<{ from: string; through: string }>(sql`
    select checked_from::text as "from", checked_through::text as through
    from crypto_price_history where security_id = ${securityId}`);
  return result.rows[0];
}

/** Records the days a security's daily closes were asked for and answered, replacing the span kept. */
export async function recordCheckedPriceHistory(
  db: Executor,
  securityId: string,
  days: CheckedDays,
  at: Date,
): Promise<void> {
  await db
    .insert(cryptoPriceHistory)
    .values({ securityId, checkedFrom: days.from, checkedThrough: days.through, checkedAt: at })
    .onConflictDoUpdate({
      target: cryptoPriceHistory.securityId,
      set: { checkedFrom: days.from, checkedThrough: days.through, checkedAt: at },
    });
}

/** The oldest balance snapshot date of an account (where its history starts), if it has one. */
export async function oldestSnapshotDate(
  db: Executor,
  userId: string,
  accountId: string,
): Promise<string | undefined> {
  const result = await db.execute<{ oldest: string | null }>(sql`
    select min(from_date)::text as oldest from balance_run
    where user_id = ${userId} and account_id = ${accountId}`);
  return result.rows[0]?.oldest ?? undefined;
}

/**
 * Accounts of these providers holding one of `securityIds` (other than `except`), with their currency and
 * the first and last day of their stored history: the accounts valued by their holdings whose past days
 * new closes of those securities change. `skipSubtypes` leaves out accounts whose past quantities differ
 * from today's (a Bitcoin wallet's come from its chain's history, read only when it syncs).
 */
export async function holdersValuedByHoldings(
  db: Executor,
  scope: {
    securityIds: readonly string[];
    providers: readonly string[];
    skipSubtypes: readonly string[];
    except: readonly string[];
  },
): Promise<
  {
    userId: string;
    accountId: string;
    currency: string;
    securityIds: string[];
    first: string;
    last: string;
  }[]
> {
  if (scope.securityIds.length === 0 || scope.providers.length === 0) return [];
  const list = (values: readonly string[], cast: 'uuid' | 'text') =>
    sql.join(
      values.map((value) => sql`${value}::${sql.raw(cast)}`),
      sql`, `,
    );
  const skipped = scope.skipSubtypes.length
    ? sql`and coalesce(a.subtype, '') not in (${list(scope.skipSubtypes, 'text')})`
    : sql``;
  const excepted = scope.except.length ? sql`and a.id not in (${list(scope.except, 'uuid')})` : sql``;
  const result = await db.execute<{
    user_id: string;
    account_id: string;
    currency: string;
    security_ids: string[];
    first: string | null;
    last: string | null;
  }>(sql`
    select a.user_id, a.id as account_id, a.currency,
      array_agg(h.security_id::text) as security_ids,
      (select min(b.from_date) from balance_run b where b.user_id = a.user_id and b.account_id = a.id)::text as first,
      (select max(b.to_date) from balance_run b where b.user_id = a.user_id and b.account_id = a.id)::text as last
    from financial_account a
    join holding h on h.user_id = a.user_id and h.account_id = a.id
    where h.security_id in (${list(scope.securityIds, 'uuid')})
      and a.provider in (${list(scope.providers, 'text')})
      ${skipped} ${excepted}
    group by a.user_id, a.id, a.currency
    order by a.id`);
  return result.rows.flatMap((row) =>
    row.first && row.last
      ? [
          {
            userId: row.user_id,
            accountId: row.account_id,
            currency: row.currency,
            securityIds: row.security_ids,
            first: row.first,
            last: row.last,
          },
        ]
      : [],
  );
}

/** The close of a security on `date`, if stored. */
export async function closeOn(db: Executor, securityId: string, date: string): Promise<string | undefined> {
  const result = await db.execute<{ close: string }>(sql`
    select close::text as close from security_price where security_id = ${securityId} and date = ${date}::date`);
  return result.rows[0]?.close;
}

/** The newest balance snapshot date of an account, if it has one. */
export async function newestSnapshotDate(
  db: Executor,
  userId: string,
  accountId: string,
): Promise<string | undefined> {
  const result = await db.execute<{ newest: string | null }>(sql`
    select max(to_date)::text as newest from balance_run
    where user_id = ${userId} and account_id = ${accountId}`);
  return result.rows[0]?.newest ?? undefined;
}

/**
 * Daily balances of an account valued from its holdings (wallets): each day from `from` to `today` is
 * Σ quantity that day × the security's close on or before that day (the holding's own price when there
 * is none), rounded once to minor units of the account's currency (exponent `exponent`). The quantity of
 * a past day is today's minus the net changes dated after it (`changes`, when the source has them).
 */
export async function recomputeHoldingValueSnapshots(
  db: Executor,
  scope: {
    userId: string;
    accountId: string;
    from: string;
    today: string;
    currency: string;
    exponent: number;
    changes: readonly { securityId: string; date: string; change: string }[];
  },
): Promise<void> {
  const changes = JSON.stringify(
    scope.changes.map((item) => ({ security_id: item.securityId, date: item.date, change: item.change })),
  );
  await writeBalanceDays(
    db,
    scope,
    sql`
    changes as (
      select * from jsonb_to_recordset(${changes}::jsonb) as c(security_id uuid, date date, change numeric)
    ),
    days as (
      select generate_series(${scope.from}::date, ${scope.today}::date, interval '1 day')::date as date
    ),
    valued as (
      select days.date, coalesce(sum(
        (h.quantity - coalesce(
          (select sum(c.change) from changes c where c.security_id = h.security_id and c.date > days.date), 0))
        * coalesce(
          (select sp.close from security_price sp
            where sp.security_id = h.security_id and sp.date <= days.date
            order by sp.date desc limit 1),
          h.price)), 0) as value
      from days
      left join holding h on h.user_id = ${scope.userId} and h.account_id = ${scope.accountId}
      group by days.date
    )`,
    sql`select valued.date, round(valued.value * power(10::numeric, ${scope.exponent}))::bigint as balance_minor,
      ${scope.currency} as currency
    from valued`,
  );
}

export type WalletHoldingRow = {
  connectionId: string;
  accountId: string;
  /** The account's name and spec §3 type (an exchange has one account per market type). */
  accountName: string;
  accountType: string;
  symbol: string;
  name: string;
  /** The security's kind: `crypto`, or `cash` for a currency held at an exchange. */
  securityType: string;
  quantity: string;
  /** The newest quote's price (USD), or null when the asset has never been priced. */
  price: string | null;
  /** The price the holding was last written with (in `currency`). */
  holdingPrice: string;
  currency: string;
  priceAt: Date | null;
  change24hPercent: string | null;
  depegged: boolean;
};

/**
 * The holdings of the user's wallet accounts (provider `blockchain`), or of another crypto provider's
 * accounts (`ccxt` exchanges), with their newest quotes.
 */
export async function listWalletHoldings(
  db: Executor,
  userId: string,
  provider = 'blockchain',
): Promise<WalletHoldingRow[]> {
  const result = await db.execute<{
    connection_id: string;
    account_id: string;
    account_name: string;
    account_type: string;
    symbol: string | null;
    name: string;
    security_type: string;
    quantity: string;
    price: string | null;
    holding_price: string;
    currency: string;
    price_at: number | null;
    change: string | null;
    depegged: boolean | null;
  }>(sql`
    select a.connection_id, a.id as account_id, a.name as account_name, a.type as account_type,
      s.ticker as symbol, s.name, s.type as security_type, h.quantity::text as quantity,
      q.price::text as price, h.price::text as holding_price, h.currency,
      extract(epoch from q.price_at)::float8 as price_at,
      q.change_24h_percent::text as change, q.depegged
    from financial_account a
    join holding h on h.account_id = a.id and h.user_id = a.user_id
    join security s on s.id = h.security_id
    left join crypto_quote q on q.security_id = h.security_id
    where a.user_id = ${userId} and a.provider = ${provider} and a.connection_id is not null
    order by a.connection_id, a.name, s.ticker`);
  return result.rows.map((row) => ({
    connectionId: row.connection_id,
    accountId: row.account_id,
    accountName: row.account_name,
    accountType: row.account_type,
    symbol: row.symbol ?? row.name,
    name: row.name,
    securityType: row.security_type,
    quantity: row.quantity,
    price: row.price,
    holdingPrice: row.holding_price,
    currency: row.currency,
    priceAt: row.price_at === null ? null : new Date(Number(row.price_at) * 1000),
    change24hPercent: row.change,
    depegged: row.depegged ?? false,
  }));
}

/** A crypto asset the user holds (docs/markets-api.md "Crypto symbols"): its ticker, name and price id. */
export type HeldCryptoAsset = { symbol: string; name: string; priceId: string };

/**
 * The crypto assets (securities of provider `crypto` and type `crypto`, as wallet and exchange syncs
 * create them) held in the user's visible accounts, each once, by ticker then price id.
 */
export async function heldCryptoAssets(db: Executor, userId: string): Promise<HeldCryptoAsset[]> {
  const result = await db.execute<{ symbol: string; name: string; price_id: string }>(sql`
    select distinct s.ticker as symbol, s.name, s.external_id as price_id
    from holding h
    join financial_account a on a.id = h.account_id and a.user_id = h.user_id
    join security s on s.id = h.security_id
    where h.user_id = ${userId} and not a.hidden and s.provider = ${CRYPTO_SECURITY_PROVIDER}
      and s.type = 'crypto' and s.ticker is not null and s.ticker <> ''
    order by 1, 3`);
  return result.rows.map((row) => ({ symbol: row.symbol, name: row.name, priceId: row.price_id }));
}

/** The stored quotes of crypto assets by their price ids (the last known prices), with those ids. */
export async function cryptoQuotesByPriceId(
  db: Executor,
  priceIds: readonly string[],
): Promise<Map<string, CryptoQuoteRow>> {
  const quotes = new Map<string, CryptoQuoteRow>();
  if (priceIds.length === 0) return quotes;
  const rows = await db
    .select({ priceId: security.externalId, quote: cryptoQuote })
    .from(cryptoQuote)
    .innerJoin(security, eq(security.id, cryptoQuote.securityId))
    .where(and(eq(security.provider, CRYPTO_SECURITY_PROVIDER), inArray(security.externalId, [...priceIds])));
  for (const row of rows) quotes.set(row.priceId, row.quote);
  return quotes;
}
