import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { holding, security, securityPrice } from '../schema/index';
import { CRYPTO_QUOTE_CURRENCY, CRYPTO_SECURITY_PROVIDER } from './crypto';
import { MANUAL_SECURITY_PROVIDER } from './manual-holdings-constants';
import type { Executor } from './sync';

export type SecurityUpsert = {
  provider: string;
  externalId: string;
  ticker: string | null;
  isin?: string | null;
  cusip?: string | null;
  name: string;
  type: string;
  currency: string;
};

/** Creates or refreshes securities; returns externalId → id. */
export async function upsertSecurities(db: Executor, rows: readonly SecurityUpsert[]) {
  const ids = new Map<string, string>();
  if (rows.length === 0) return ids;
  const written = await db
    .insert(security)
    .values([...rows])
    .onConflictDoUpdate({
      target: [security.provider, security.externalId],
      set: {
        ticker: sql`excluded.ticker`,
        isin: sql`coalesce(excluded.isin, ${security.isin})`,
        cusip: sql`coalesce(excluded.cusip, ${security.cusip})`,
        name: sql`excluded.name`,
        type: sql`excluded.type`,
      },
    })
    .returning({ id: security.id, externalId: security.externalId });
  for (const row of written) ids.set(row.externalId, row.id);
  return ids;
}

/**
 * Writes daily closes; a close equal to the stored one is left alone. Answers, per security, the
 * oldest date whose close is new or changed (the day its holders' history must be valued again from).
 */
export async function upsertSecurityPrices(
  db: Executor,
  rows: readonly { securityId: string; date: string; close: string }[],
): Promise<Map<string, string>> {
  const oldestChanged = new Map<string, string>();
  for (let start = 0; start < rows.length; start += 5_000) {
    const written = await db
      .insert(securityPrice)
      .values(rows.slice(start, start + 5_000))
      .onConflictDoUpdate({
        target: [securityPrice.securityId, securityPrice.date],
        set: { close: sql`excluded.close` },
        setWhere: sql`${securityPrice.close} is distinct from excluded.close`,
      })
      .returning({ securityId: securityPrice.securityId, date: securityPrice.date });
    for (const { securityId, date } of written) {
      const current = oldestChanged.get(securityId);
      if (!current || date < current) oldestChanged.set(securityId, date);
    }
  }
  return oldestChanged;
}

/** Holdings of a security added by hand (provider `manual`), as a condition on the holding table. */
const isManualHolding = sql`exists (select 1 from ${security} s where s.id = ${holding.securityId} and s.provider = ${MANUAL_SECURITY_PROVIDER})`;

/**
 * The newest date an account's holdings are stated as of, or undefined when it has none. With
 * `exceptManual`, holdings added by hand are left out (their `as_of` is a purchase date, not the date
 * of a statement of the account's positions).
 */
export async function newestHoldingDate(
  db: Executor,
  scope: { userId: string; accountId: string },
  options: { exceptManual?: boolean } = {},
): Promise<string | undefined> {
  const [row] = await db
    .select({ asOf: sql<string | null>`max(${holding.asOf})` })
    .from(holding)
    .where(
      and(
        eq(holding.userId, scope.userId),
        eq(holding.accountId, scope.accountId),
        ...(options.exceptManual ? [sql`not ${isManualHolding}`] : []),
      ),
    );
  return row?.asOf ?? undefined;
}

/** Each security's quantity in an account, in one comparable string (numeric's text is exact). */
async function quantitiesOf(db: Executor, scope: { userId: string; accountId: string }) {
  const [row] = await db
    .select({
      value: sql<string>`coalesce(string_agg(${holding.securityId}::text || '=' || ${holding.quantity}::text, ',' order by ${holding.securityId}), '')`,
    })
    .from(holding)
    .where(and(eq(holding.userId, scope.userId), eq(holding.accountId, scope.accountId)));
  return row?.value ?? '';
}

/**
 * Replaces an account's holdings with the provider's current list (positions the provider no longer
 * reports are removed, not left as ghosts). Holdings added by hand (a `manual` security, ADR 069) are
 * neither removed nor written: they stay beside the list's, even of the same symbol (another security).
 * Answers whether any quantity changed (a position added, removed or resized); prices alone do not count.
 */
export async function replaceHoldings(
  db: Executor,
  scope: { userId: string; accountId: string },
  rows: readonly {
    securityId: string;
    quantity: string;
    price: string;
    costBasis: string | null;
    currency: string;
    asOf: string;
  }[],
): Promise<{ quantitiesChanged: boolean }> {
  const before = await quantitiesOf(db, scope);
  const manual = rows.length
    ? await db
        .select({ id: security.id })
        .from(security)
        .where(
          and(
            inArray(security.id, [...new Set(rows.map((row) => row.securityId))]),
            eq(security.provider, MANUAL_SECURITY_PROVIDER),
          ),
        )
    : [];
  const manualIds = new Set(manual.map((row) => row.id));
  const written = rows.filter((row) => !manualIds.has(row.securityId));
  if (written.length) {
    await db
      .insert(holding)
      .values(written.map((row) => ({ ...row, userId: scope.userId, accountId: scope.accountId })))
      .onConflictDoUpdate({
        target: [holding.accountId, holding.securityId],
        set: {
          quantity: sql`excluded.quantity`,
          price: sql`excluded.price`,
          costBasis: sql`excluded.cost_basis`,
          asOf: sql`excluded.as_of`,
          updatedAt: sql`now()`,
        },
      });
  }
  const kept = written.map((row) => row.securityId);
  await db
    .delete(holding)
    .where(
      and(
        eq(holding.userId, scope.userId),
        eq(holding.accountId, scope.accountId),
        sql`not ${isManualHolding}`,
        ...(kept.length ? [notInArray(holding.securityId, kept)] : []),
      ),
    );
  return { quantitiesChanged: (await quantitiesOf(db, scope)) !== before };
}

export type UserHoldingRow = {
  id: string;
  accountId: string;
  accountName: string;
  accountType: string;
  ticker: string | null;
  name: string;
  securityType: string;
  /** Decimal strings as stored (numeric). */
  quantity: string;
  price: string;
  costBasis: string | null;
  currency: string;
  priceAsOf: string;
  /**
   * The per-unit price a holding added by hand was bought at (its own price; docs/domain.md "Manual
   * holdings"); null for holdings from connections and files, whose own price is the provider's.
   */
  buyPrice: string | null;
  /** How many buys (lots) a holding added by hand is made of (its buy price their average when more than one). */
  buys: number | null;
  /** A holding added by hand that no stored close prices: valued at its buy price. */
  valuedAtBuyPrice: boolean;
  /**
   * The crypto price service's newest quote of a crypto asset (security provider `crypto`) held in the
   * quote's currency (USD), which values it (`price`, `priceAsOf` its UTC day); null for the others.
   */
  cryptoQuote: {
    /** The price source's id of the asset (the security's external id). */
    priceId: string;
    change24hPercent: string | null;
    depegged: boolean;
    priceAt: Date;
  } | null;
};

/**
 * Every holding of the user's visible accounts, priced at the newest close on or before `today` when
 * the security has one of the holding's price's day or later, else at the holding's price. A holding added
 * by hand (a `manual` security) is priced at the newest close on or before `today` whatever its date, as
 * its daily balances are: its own price is what it was bought at, which values it only while no close is
 * known. A crypto asset held in US dollars is priced at the crypto price service's newest quote when there
 * is one (docs/crypto.md; the quote is at least as new as any close the service stored).
 */
export async function listUserHoldings(
  db: Executor,
  userId: string,
  today: string,
): Promise<UserHoldingRow[]> {
  const result = await db.execute<{
    id: string;
    account_id: string;
    account_name: string;
    account_type: string;
    ticker: string | null;
    name: string;
    security_type: string;
    quantity: string;
    price: string;
    cost_basis: string | null;
    currency: string;
    price_as_of: string;
    buy_price: string | null;
    buys: number | null;
    valued_at_buy_price: boolean;
    price_id: string | null;
    change_24h_percent: string | null;
    depegged: boolean | null;
    price_at: number | null;
  }>(sql`
    select h.id, h.account_id, a.name as account_name, a.type as account_type, s.ticker, s.name,
      s.type as security_type, h.quantity::text as quantity,
      coalesce(q.price, latest.close, h.price)::text as price, h.cost_basis::text as cost_basis, h.currency,
      coalesce((q.price_at at time zone 'UTC')::date, latest.date, h.as_of)::text as price_as_of,
      case when q.security_id is not null then s.external_id end as price_id,
      q.change_24h_percent::text as change_24h_percent, q.depegged,
      extract(epoch from q.price_at)::float8 as price_at,
      case when s.provider = ${MANUAL_SECURITY_PROVIDER} then h.price::text end as buy_price,
      case when s.provider = ${MANUAL_SECURITY_PROVIDER}
        then (select count(*)::int from holding_lot l where l.holding_id = h.id) end as buys,
      (s.provider = ${MANUAL_SECURITY_PROVIDER} and latest.close is null) as valued_at_buy_price
    from holding h
    join financial_account a on a.id = h.account_id and a.user_id = h.user_id
    join security s on s.id = h.security_id
    left join lateral (
      select sp.close, sp.date from security_price sp
      where sp.security_id = h.security_id and sp.date <= ${today}::date
        and (sp.date >= h.as_of or s.provider = ${MANUAL_SECURITY_PROVIDER})
      order by sp.date desc limit 1
    ) latest on true
    left join crypto_quote q on q.security_id = h.security_id
      and s.provider = ${CRYPTO_SECURITY_PROVIDER} and h.currency = ${CRYPTO_QUOTE_CURRENCY}
    where h.user_id = ${userId} and not a.hidden`);
  return result.rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    accountType: row.account_type,
    ticker: row.ticker,
    name: row.name,
    securityType: row.security_type,
    quantity: row.quantity,
    price: row.price,
    costBasis: row.cost_basis,
    currency: row.currency,
    priceAsOf: row.price_as_of,
    buyPrice: row.buy_price,
    buys: row.buys === null ? null : Number(row.buys),
    valuedAtBuyPrice: row.valued_at_buy_price === true,
    cryptoQuote:
      row.price_id === null || row.price_at === null
        ? null
        : {
            priceId: row.price_id,
            change24hPercent: row.change_24h_percent,
            depegged: row.depegged === true,
            priceAt: new Date(Number(row.price_at) * 1000),
          },
  }));
}

/** The tickers of the user's holdings in visible accounts (as `listUserHoldings` lists them), each once. */
export async function heldTickers(db: Executor, userId: string): Promise<string[]> {
  const result = await db.execute<{ ticker: string }>(sql`
    select distinct s.ticker
    from holding h
    join financial_account a on a.id = h.account_id and a.user_id = h.user_id
    join security s on s.id = h.security_id
    where h.user_id = ${userId} and not a.hidden and s.ticker is not null
    order by 1`);
  return result.rows.map((row) => row.ticker);
}

/** Securities whose daily closes come from elsewhere than the market-data provider. */
export const SELF_PRICED_SECURITY_PROVIDERS = ['crypto', 'demo'] as const;
/** Securities created for watched symbols (`external_id` is the market-data symbol). */
export const MARKET_SECURITY_PROVIDER = 'market';

export type PricedSecurity = {
  securityId: string;
  /** The market-data symbol (the ticker). */
  symbol: string;
  currency: string;
  /** The first day a close is wanted for. */
  from: string;
  /** The oldest and newest stored closes, if any. */
  oldest: string | null;
  newest: string | null;
};

/**
 * Every held security the market-data provider prices (one with a ticker, not cash, not priced by its own
 * source), with the first day its closes are wanted: the first day of the history of the oldest account
 * holding it (holdings carry no purchase date, so a holding is taken to be held over its account's whole
 * history), else the day the holding is stated as of.
 */
export async function heldSecuritiesToPrice(db: Executor): Promise<PricedSecurity[]> {
  const result = await db.execute<{
    security_id: string;
    symbol: string;
    currency: string;
    from: string;
    oldest: string | null;
    newest: string | null;
  }>(sql`
    with held as (
      select h.security_id, min(coalesce(
        (select min(b.from_date) from balance_run b where b.user_id = h.user_id and b.account_id = h.account_id),
        h.as_of)) as from_date
      from holding h
      group by h.security_id
    )
    select s.id as security_id, upper(s.ticker) as symbol, s.currency, held.from_date::text as from,
      (select min(sp.date) from security_price sp where sp.security_id = s.id)::text as oldest,
      (select max(sp.date) from security_price sp where sp.security_id = s.id)::text as newest
    from held join security s on s.id = held.security_id
    where s.ticker is not null and s.ticker <> '' and s.type not in ('cash', 'crypto')
      and s.provider not in (${sql.join(
        SELF_PRICED_SECURITY_PROVIDERS.map((provider) => sql`${provider}`),
        sql`, `,
      )})
    order by s.ticker, s.id`);
  return result.rows.map((row) => ({
    securityId: row.security_id,
    symbol: row.symbol,
    currency: row.currency,
    from: row.from,
    oldest: row.oldest,
    newest: row.newest,
  }));
}

/** Every symbol on any user's watchlist (the `watchlist_symbols` preference), upper case, each once. */
export async function allWatchedSymbols(db: Executor): Promise<string[]> {
  const result = await db.execute<{ symbol: string }>(sql`
    select distinct upper(symbol) as symbol
    from user_preferences p,
      jsonb_array_elements_text(case when jsonb_typeof(p.preferences -> 'watchlist_symbols') = 'array'
        then p.preferences -> 'watchlist_symbols' else '[]'::jsonb end) as symbol
    order by 1`);
  return result.rows.map((row) => row.symbol);
}

/** The securities of watched symbols (provider `market`), with their stored closes' span, by symbol. */
export async function marketSecurities(
  db: Executor,
  symbols: readonly string[],
): Promise<Map<string, Omit<PricedSecurity, 'from'>>> {
  if (symbols.length === 0) return new Map();
  const result = await db.execute<{
    security_id: string;
    symbol: string;
    currency: string;
    oldest: string | null;
    newest: string | null;
  }>(sql`
    select s.id as security_id, s.external_id as symbol, s.currency,
      (select min(sp.date) from security_price sp where sp.security_id = s.id)::text as oldest,
      (select max(sp.date) from security_price sp where sp.security_id = s.id)::text as newest
    from security s
    where s.provider = ${MARKET_SECURITY_PROVIDER}
      and s.external_id in (${sql.join(
        symbols.map((symbol) => sql`${symbol}`),
        sql`, `,
      )})`);
  return new Map(
    result.rows.map((row) => [
      row.symbol,
      {
        securityId: row.security_id,
        symbol: row.symbol,
        currency: row.currency,
        oldest: row.oldest,
        newest: row.newest,
      },
    ]),
  );
}

/** The days from `from` on that a security has a stored close for. */
/** The dates of the stored closes of each security from its own first day asked for on. */
export async function closesFrom(
  db: Executor,
  wanted: readonly { securityId: string; from: string }[],
): Promise<Map<string, Set<string>>> {
  const stored = new Map<string, Set<string>>(wanted.map((item) => [item.securityId, new Set<string>()]));
  if (wanted.length === 0) return stored;
  const result = await db.execute<{ security_id: string; date: string }>(sql`
    select p.security_id::text as security_id, p.date::text as date
    from security_price p
    join (values ${sql.join(
      wanted.map((item) => sql`(${item.securityId}::uuid, ${item.from}::date)`),
      sql`, `,
    )}) as wanted(security_id, from_date)
      on p.security_id = wanted.security_id and p.date >= wanted.from_date`);
  for (const row of result.rows) stored.get(row.security_id)?.add(row.date);
  return stored;
}

/**
 * The accounts holding any of these securities (which of them), with the first and last day of their
 * balance history.
 */
export async function accountsHolding(
  db: Executor,
  securityIds: readonly string[],
): Promise<
  { userId: string; accountId: string; securityIds: string[]; first: string | null; last: string | null }[]
> {
  if (securityIds.length === 0) return [];
  const result = await db.execute<{
    user_id: string;
    account_id: string;
    first: string | null;
    last: string | null;
    security_ids: string[];
  }>(sql`
    select h.user_id, h.account_id, array_agg(h.security_id::text) as security_ids,
      (select min(b.from_date) from balance_run b where b.user_id = h.user_id and b.account_id = h.account_id)::text as first,
      (select max(b.to_date) from balance_run b where b.user_id = h.user_id and b.account_id = h.account_id)::text as last
    from holding h
    where h.security_id in (${sql.join(
      securityIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by h.user_id, h.account_id`);
  return result.rows.map((row) => ({
    userId: row.user_id,
    accountId: row.account_id,
    securityIds: row.security_ids,
    first: row.first,
    last: row.last,
  }));
}
