import { randomUUID } from 'node:crypto';
import { findConnection, insertConnection, user } from '@lodestar/db';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { EXCHANGES, type ExchangeId } from '../connectors/ccxt/exchanges';
import { ccxtConnector } from '../connectors/ccxt/ccxt-connector';
import { CCXT_PROVIDER, serializeCredentials } from '../connectors/ccxt/settings';
import type { ExchangeCredentials } from '../connectors/ccxt/client';
import { createLogger } from '../logger';
import { createCryptoPriceService } from '../prices/crypto-prices';
import { sealSecret } from '../secrets/secret-box';
import { runSync } from '../sync/engine';
import { startFakeCoinGecko, type FakeCoinGecko } from './fake-coingecko';

/**
 * What the exchange connector tests share: a test database, CoinGecko's fake pricing BTC, ETH and
 * USDT, a connection per exchange key, a sync through the engine, and the accounts, holdings and
 * transactions it wrote. `apiUrls` takes each exchange fake's URL once it listens.
 */

export const EXCHANGE_TODAY = '2026-11-20';
export const SEALING_KEY = 'k'.repeat(64);
export const logger = createLogger((process.env.EXCH_LOG as 'silent') ?? 'silent');
export const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);

export type ExchangeTestBed = {
  t: TestDatabase;
  gecko: FakeCoinGecko;
  apiUrls: Record<string, string>;
  /** ccxt's access to the fakes, as the connect use case and the connector get it. */
  access(): { outbound: { allowPrivate: boolean }; apiUrls: Record<string, string>; rateLimitMs: number };
  /** A new user and a stored connection of `exchange` with `key`. */
  connect(exchange: ExchangeId, key: ExchangeCredentials): Promise<{ userId: string; connectionId: string }>;
  /** A new user (for the connect use case). */
  newUser(): Promise<string>;
  sync(userId: string, connectionId: string, key: ExchangeCredentials): ReturnType<typeof runSync>;
  accountsOf(userId: string): Promise<{ name: string; type: string; balance: string; currency: string }[]>;
  holdingsOf(userId: string): Promise<{ account: string; ticker: string; quantity: string }[]>;
  transactionsOf(userId: string): Promise<{ name: string; amount: string; currency: string; date: string }[]>;
  close(): Promise<void>;
};

export async function startExchangeTestBed(): Promise<ExchangeTestBed> {
  const t = await createTestDatabase();
  const gecko = await startFakeCoinGecko();
  gecko.coins.set('bitcoin', { prices: { usd: 60_000, eur: 55_000 } });
  gecko.coins.set('ethereum', { prices: { usd: 3_000, eur: 2_750 } });
  gecko.coins.set('tether', { prices: { usd: 1, eur: 0.92 } });
  const apiUrls: Record<string, string> = {};

  const crypto = () => ({
    esploraUrl: 'http://127.0.0.1:9',
    solanaRpcUrl: 'http://127.0.0.1:9',
    exchanges: { apiUrls, rateLimitMs: 1 },
    prices: createCryptoPriceService({
      db: t.db,
      baseUrl: gecko.url,
      logger,
      retryDelayMs: 1,
      now: () => new Date(`${EXCHANGE_TODAY}T10:00:00Z`),
    }),
  });

  const newUser = async () => {
    const userId = randomUUID();
    await t.db.insert(user).values({ id: userId, name: 'Exchange Owner', email: `${userId}@example.test` });
    return userId;
  };

  return {
    t,
    gecko,
    apiUrls,
    access: () => ({ outbound: { allowPrivate: true }, apiUrls, rateLimitMs: 1 }),
    newUser,
    async connect(exchange, key) {
      const userId = await newUser();
      const sealed = sealSecret(serializeCredentials(key), SEALING_KEY);
      const connection = await insertConnection(t.db, {
        userId,
        provider: CCXT_PROVIDER,
        institutionId: null,
        displayName: exchange,
        settings: { exchange, label: EXCHANGES[exchange].name },
        secretCiphertext: sealed.ciphertext,
        secretKeyId: sealed.keyId,
      });
      return { userId, connectionId: connection.id };
    },
    async sync(userId, connectionId, key) {
      const connection = (await findConnection(t.db, userId, connectionId))!;
      return runSync({
        db: t.db,
        connector: ccxtConnector,
        connection,
        instanceId: randomUUID(),
        logger,
        today: EXCHANGE_TODAY,
        retryDelayMs: 1,
        secret: serializeCredentials(key),
        outbound: { allowPrivate: true },
        crypto: crypto(),
      });
    },
    async accountsOf(userId) {
      const result = await t.db.execute<{
        name: string;
        type: string;
        balance: string;
        currency: string;
      }>(sql`
        select name, type, current_balance_minor::text as balance, currency from financial_account
        where user_id = ${userId} order by name`);
      return result.rows;
    },
    async holdingsOf(userId) {
      const result = await t.db.execute<{ account: string; ticker: string; quantity: string }>(sql`
        select a.name as account, s.ticker, h.quantity::text as quantity
        from holding h join financial_account a on a.id = h.account_id join security s on s.id = h.security_id
        where h.user_id = ${userId} order by a.name, s.ticker`);
      return result.rows.map((row) => ({ ...row, quantity: row.quantity.replace(/\.?0+$/, '') }));
    },
    async transactionsOf(userId) {
      const result = await t.db.execute<{ name: string; amount: string; currency: string; date: string }>(sql`
        select name, amount_minor::text as amount, currency, date::text as date from "transaction"
        where user_id = ${userId} order by date, name`);
      return result.rows;
    },
    async close() {
      await gecko.close();
      await t.drop();
    },
  };
}

/**
 * An exchange's Earn reading refused (403), gone (404) and down (503) in turn, `fail` setting its fake up
 * for each: every sync still succeeds, the Earn account keeps its balance and holdings (a part read would
 * understate it), and the trading account, holding 2, 3 then 4 BTC (`trade` sets that), still syncs.
 */
export async function expectEarnKeptThroughFailures(
  bed: ExchangeTestBed,
  sync: { userId: string; connectionId: string; key: ExchangeCredentials },
  accounts: { earn: string; trading: string },
  fake: { fail(status: 403 | 404 | 503): void; trade(btc: string): void },
): Promise<void> {
  const { userId, connectionId, key } = sync;
  const earnOf = async () =>
    (await bed.holdingsOf(userId)).filter((holding) => holding.account === accounts.earn);
  const earn = await earnOf();
  const balance = (await bed.accountsOf(userId)).find((account) => account.name === accounts.earn)?.balance;
  expect(earn.length).toBeGreaterThan(0);
  for (const [index, status] of ([403, 404, 503] as const).entries()) {
    fake.fail(status);
    fake.trade(String(index + 2));
    expect(await bed.sync(userId, connectionId, key)).toMatchObject({ ok: true });
    expect((await bed.accountsOf(userId)).map((a) => [a.name, a.balance])).toEqual([
      [accounts.earn, balance],
      [accounts.trading, String((index + 2) * 6_000_000)],
    ]);
    expect(await earnOf()).toEqual(earn);
  }
}
