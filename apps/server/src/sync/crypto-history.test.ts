import { randomUUID } from 'node:crypto';
import { findConnection, insertConnection, user } from '@lodestar/db';
import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blockchainConnector } from '../connectors/blockchain/blockchain-connector';
import { ccxtConnector } from '../connectors/ccxt/ccxt-connector';
import { CCXT_PROVIDER, serializeCredentials } from '../connectors/ccxt/settings';
import type { Connector } from '../connectors/types';
import { createLogger } from '../logger';
import { createCryptoPriceService } from '../prices/crypto-prices';
import { sealSecret } from '../secrets/secret-box';
import { startFakeCoinGecko, type FakeCoinGecko } from '../testing/fake-coingecko';
import { startFakeBinance, type FakeBinance } from '../testing/fake-exchanges';
import { startFakeEsplora, type FakeEsplora } from '../testing/fake-esplora';
import { startFakeSolanaRpc, type FakeSolanaRpc } from '../testing/fake-solana-rpc';
import { runSync } from './engine';

/**
 * Daily closes of the crypto a sync holds are filled between syncs (ADR 076), against a fake CoinGecko,
 * a fake Binance and a fake Solana node on 127.0.0.1.
 */

const KEY = 'k'.repeat(64);
const BINANCE_KEY = { apiKey: 'binance-read-only-key', secret: 'binance-secret-value' };
const SOLANA_OWNER = '4Qkev8aNZcqFNSRhQzwyLMFSsi94jHqE8WNVTJzTP99F';
const logger = createLogger('silent');

let t: TestDatabase;
let gecko: FakeCoinGecko;
let binance: FakeBinance;
let solana: FakeSolanaRpc;
let esplora: FakeEsplora;

beforeAll(async () => {
  t = await createTestDatabase();
  gecko = await startFakeCoinGecko();
  binance = await startFakeBinance(BINANCE_KEY);
  solana = await startFakeSolanaRpc();
  esplora = await startFakeEsplora();
});
afterAll(async () => {
  await esplora.close();
  await solana.close();
  await binance.close();
  await gecko.close();
  await t.drop();
});
beforeEach(() => {
  gecko.coins.clear();
  gecko.requests.length = 0;
  gecko.down = false;
  binance.spot = {};
  binance.trades = [];
  solana.balances.clear();
  solana.tokenAccounts.clear();
  esplora.txs = [];
});

function crypto(today: string) {
  return {
    esploraUrl: esplora.url,
    solanaRpcUrl: solana.url,
    exchanges: { apiUrls: { binance: binance.url }, rateLimitMs: 1 },
    prices: createCryptoPriceService({
      db: t.db,
      baseUrl: gecko.url,
      logger,
      retryDelayMs: 1,
      now: () => new Date(`${today}T10:00:00Z`),
    }),
  };
}

async function newUser() {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name: 'Crypto Owner', email: `${id}@example.test` });
  return id;
}

async function exchange(userId: string) {
  const sealed = sealSecret(serializeCredentials(BINANCE_KEY), KEY);
  const connection = await insertConnection(t.db, {
    userId,
    provider: CCXT_PROVIDER,
    institutionId: null,
    displayName: 'binance',
    settings: { exchange: 'binance', label: 'Binance' },
    secretCiphertext: sealed.ciphertext,
    secretKeyId: sealed.keyId,
  });
  return { connector: ccxtConnector, id: connection.id, secret: serializeCredentials(BINANCE_KEY) };
}

async function solanaWallet(userId: string) {
  const connection = await insertConnection(t.db, {
    userId,
    provider: 'blockchain',
    institutionId: null,
    displayName: 'Phantom',
    settings: { chain: 'solana', address: SOLANA_OWNER, label: 'Phantom' },
  });
  return { connector: blockchainConnector as Connector, id: connection.id };
}

/** A sync on `today`, with the price source's clock on that day. */
async function syncOn(
  today: string,
  userId: string,
  target: { connector: Connector; id: string; secret?: string },
) {
  gecko.now = () => Date.parse(`${today}T10:00:00Z`);
  const connection = (await findConnection(t.db, userId, target.id))!;
  return runSync({
    db: t.db,
    connector: target.connector,
    connection,
    instanceId: randomUUID(),
    logger,
    today,
    retryDelayMs: 1,
    ...(target.secret ? { secret: target.secret } : {}),
    outbound: { allowPrivate: true },
    crypto: crypto(today),
  });
}

async function history(userId: string) {
  const result = await t.db.execute<{ account: string; date: string; balance: string }>(sql`
    select a.name as account, s.date::text as date, s.balance_minor::text as balance
    from balance_snapshot s join financial_account a on a.id = s.account_id
    where s.user_id = ${userId} order by a.name, s.date`);
  return result.rows.map((row) => `${row.account} ${row.date} ${row.balance}`);
}

async function balances(userId: string) {
  const result = await t.db.execute<{ name: string; balance: string }>(sql`
    select name, current_balance_minor::text as balance from financial_account
    where user_id = ${userId} order by name`);
  return result.rows;
}

async function closes(priceId: string) {
  const result = await t.db.execute<{ date: string; close: string }>(sql`
    select sp.date::text as date, sp.close::text as close from security_price sp
    join security s on s.id = sp.security_id
    where s.provider = 'crypto' and s.external_id = ${priceId} order by sp.date`);
  return result.rows.map((row) => `${row.date} ${Number(row.close)}`);
}

const charts = (priceId: string) =>
  gecko.requests.filter((path) => path.startsWith(`/api/v3/coins/${priceId}/market_chart`));

describe('daily closes of held crypto between syncs', () => {
  it('fills the days between two syncs of an exchange and a Solana wallet, and values them', async () => {
    binance.spot = { BTC: '0.50000000', USDT: '1000.00000000' };
    solana.balances.set(SOLANA_OWNER, '2000000000'); // 2 SOL
    gecko.coins.set('bitcoin', {
      // The quote of the first sync's moment, replaced by the day's close once the day is over.
      prices: { usd: 59_000, eur: 54_000 },
      history: {
        usd: [
          ['2026-11-17', 60_000],
          ['2026-11-18', 61_000],
          ['2026-11-19', 62_000],
        ],
      },
    });
    gecko.coins.set('solana', {
      prices: { usd: 150, eur: 140 },
      history: {
        usd: [
          ['2026-11-17', 150],
          ['2026-11-18', 151],
          ['2026-11-19', 152],
        ],
      },
    });
    gecko.coins.set('tether', { prices: { usd: 1, eur: 0.92 } });
    const userId = await newUser();
    const cex = await exchange(userId);
    const wallet = await solanaWallet(userId);
    expect(await syncOn('2026-11-17', userId, cex)).toMatchObject({ ok: true });
    expect(await syncOn('2026-11-17', userId, wallet)).toMatchObject({ ok: true });
    // A first sync has no past to fill.
    expect(gecko.requests.filter((path) => path.includes('market_chart'))).toEqual([]);

    gecko.coins.get('bitcoin')!.prices = { usd: 63_000, eur: 58_000 };
    gecko.coins.get('solana')!.prices = { usd: 155, eur: 143 };
    expect(await syncOn('2026-11-20', userId, cex)).toMatchObject({ ok: true });
    expect(await syncOn('2026-11-20', userId, wallet)).toMatchObject({ ok: true });
    expect(await closes('bitcoin')).toEqual([
      '2026-11-17 60000',
      '2026-11-18 61000',
      '2026-11-19 62000',
      '2026-11-20 63000',
    ]);
    expect(await closes('solana')).toEqual([
      '2026-11-17 150',
      '2026-11-18 151',
      '2026-11-19 152',
      '2026-11-20 155',
    ]);
    // One request per asset, for the days from the first sync's on.
    expect(charts('bitcoin')).toEqual([
      '/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=4&interval=daily&precision=full',
    ]);
    expect(charts('solana')).toHaveLength(1);
    expect(await history(userId)).toEqual([
      // 0.5 BTC at each day's close + 1,000 USDT at the peg.
      'Binance Spot 2026-11-17 3100000',
      'Binance Spot 2026-11-18 3150000',
      'Binance Spot 2026-11-19 3200000',
      'Binance Spot 2026-11-20 3250000',
      // 2 SOL at each day's close.
      'Phantom 2026-11-17 30000',
      'Phantom 2026-11-18 30200',
      'Phantom 2026-11-19 30400',
      'Phantom 2026-11-20 31000',
    ]);
  });

  it('asks once for a coin whose history starts after the days needed, not on every sync', async () => {
    binance.spot = { PAXG: '2.00000000' };
    gecko.coins.set('pax-gold', {
      prices: { usd: 2_600, eur: 2_400 },
      history: { usd: [['2026-11-19', 2_590]] },
    });
    const userId = await newUser();
    const cex = await exchange(userId);
    expect(await syncOn('2026-11-15', userId, cex)).toMatchObject({ ok: true });
    // Listed on the 19th: the source has no close for the 16th to the 18th.
    expect(await syncOn('2026-11-20', userId, cex)).toMatchObject({ ok: true });
    expect(charts('pax-gold')).toHaveLength(1);
    expect(await syncOn('2026-11-20', userId, cex)).toMatchObject({ ok: true });
    expect(await syncOn('2026-11-20', userId, cex)).toMatchObject({ ok: true });
    expect(charts('pax-gold')).toHaveLength(1);
    expect(await closes('pax-gold')).toEqual(['2026-11-15 2600', '2026-11-19 2590', '2026-11-20 2600']);
    // Two days later the days after the source's newest close are asked for: the 21st, without a sync,
    // and the 20th, whose close is the quote of that day's sync (the source has none for it yet).
    gecko.coins.get('pax-gold')!.history!.usd!.push(['2026-11-21', 2_595]);
    expect(await syncOn('2026-11-22', userId, cex)).toMatchObject({ ok: true });
    expect(charts('pax-gold')).toHaveLength(2);
    expect(charts('pax-gold')[1]).toContain('days=3&');
    expect((await closes('pax-gold')).slice(-2)).toEqual(['2026-11-21 2595', '2026-11-22 2600']);
  });

  it('leaves balances as they were when CoinGecko is down, and the next sync fills and values the gap', async () => {
    binance.spot = { ETH: '2.00000000' };
    gecko.coins.set('ethereum', {
      prices: { usd: 3_000, eur: 2_800 },
      history: {
        usd: [
          ['2026-11-17', 3_000],
          ['2026-11-18', 3_100],
          ['2026-11-19', 3_200],
          ['2026-11-20', 3_300],
        ],
      },
    });
    const userId = await newUser();
    const cex = await exchange(userId);
    // Another user holding the same coin, whose own next sync has not come yet.
    const otherId = await newUser();
    const other = await exchange(otherId);
    expect(await syncOn('2026-11-17', userId, cex)).toMatchObject({ ok: true });
    expect(await syncOn('2026-11-17', otherId, other)).toMatchObject({ ok: true });
    const before = await balances(userId);
    expect(before).toEqual([{ name: 'Binance Spot', balance: '600000' }]);

    gecko.down = true;
    expect(await syncOn('2026-11-20', userId, cex)).toMatchObject({ ok: true });
    expect(await syncOn('2026-11-20', otherId, other)).toMatchObject({ ok: true });
    expect(await balances(userId)).toEqual(before);
    expect(await closes('ethereum')).toEqual(['2026-11-17 3000']);
    expect(await history(otherId)).toEqual([
      'Binance Spot 2026-11-17 600000',
      'Binance Spot 2026-11-18 600000',
      'Binance Spot 2026-11-19 600000',
      'Binance Spot 2026-11-20 600000',
    ]);

    gecko.down = false;
    gecko.coins.get('ethereum')!.prices = { usd: 3_400, eur: 3_100 };
    expect(await syncOn('2026-11-21', userId, cex)).toMatchObject({ ok: true });
    expect(await history(userId)).toEqual([
      'Binance Spot 2026-11-17 600000',
      'Binance Spot 2026-11-18 620000',
      'Binance Spot 2026-11-19 640000',
      'Binance Spot 2026-11-20 660000',
      'Binance Spot 2026-11-21 680000',
    ]);
    // The closes filled value the other user's days too (its history still ends on its last sync).
    expect(await history(otherId)).toEqual([
      'Binance Spot 2026-11-17 600000',
      'Binance Spot 2026-11-18 620000',
      'Binance Spot 2026-11-19 640000',
      'Binance Spot 2026-11-20 660000',
    ]);
  });

  it('fills a Bitcoin wallet’s closes from its first change, and never values its older days with new quantities', async () => {
    const address = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
    const from = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
    const at = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;
    const receive = (id: string, date: string) => ({
      txid: id.padStart(64, '0'),
      blockTime: at(date),
      inputs: [{ address: from, value: 200_000_000 }],
      outputs: [{ address, value: 100_000_000 }],
    });
    // October: the other tests' bitcoin closes are in November.
    esplora.txs = [receive('a1', '2026-10-10'), receive('a2', '2026-10-12')];
    gecko.coins.set('bitcoin', {
      prices: { usd: 60_000, eur: 55_000 },
      history: {
        usd: Array.from({ length: 10 }, (_, index): [string, number] => [
          `2026-10-${String(10 + index).padStart(2, '0')}`,
          50_000 + index * 1_000,
        ]),
      },
    });
    const userId = await newUser();
    const connection = await insertConnection(t.db, {
      userId,
      provider: 'blockchain',
      institutionId: null,
      displayName: 'Cold storage',
      settings: { chain: 'bitcoin', address, label: 'Cold storage' },
    });
    const wallet = { connector: blockchainConnector as Connector, id: connection.id };
    expect(await syncOn('2026-10-17', userId, wallet)).toMatchObject({ ok: true });
    // From the first receive on: 1 BTC, then 2 BTC, at each day's close.
    expect(charts('bitcoin')).toHaveLength(1);
    const first = await history(userId);
    expect(first.slice(0, 3)).toEqual([
      'Cold storage 2026-10-10 5000000',
      'Cold storage 2026-10-11 5100000',
      'Cold storage 2026-10-12 10400000',
    ]);
    // A later sync reads only newer transactions (none): the days already written keep their values.
    gecko.coins.get('bitcoin')!.prices = { usd: 62_000, eur: 57_000 };
    expect(await syncOn('2026-10-20', userId, wallet)).toMatchObject({ ok: true });
    const second = await history(userId);
    expect(second.slice(0, 7)).toEqual(first.slice(0, 7));
    expect(second.slice(-3)).toEqual([
      'Cold storage 2026-10-18 11600000',
      'Cold storage 2026-10-19 11800000',
      'Cold storage 2026-10-20 12400000',
    ]);
  });
  it('leaves a Bitcoin wallet’s days before its last sync to its chain’s history, not today’s quantity', async () => {
    const address = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
    const from = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
    const at = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;
    const receive = (id: string, date: string) => ({
      txid: id.padStart(64, '0'),
      blockTime: at(date),
      inputs: [{ address: from, value: 200_000_000 }],
      outputs: [{ address, value: 100_000_000 }],
    });
    // September: no other test has bitcoin closes then.
    esplora.txs = [receive('a1', '2026-09-10'), receive('a2', '2026-09-12')];
    gecko.coins.set('bitcoin', {
      prices: { usd: 60_000, eur: 55_000 },
      history: {
        usd: Array.from({ length: 10 }, (_, index): [string, number] => [
          `2026-09-${String(10 + index).padStart(2, '0')}`,
          50_000 + index * 1_000,
        ]),
      },
    });
    const userId = await newUser();
    const connection = await insertConnection(t.db, {
      userId,
      provider: 'blockchain',
      institutionId: null,
      displayName: 'Cold storage',
      settings: { chain: 'bitcoin', address, label: 'Cold storage' },
    });
    const wallet = { connector: blockchainConnector as Connector, id: connection.id };
    gecko.down = true;
    expect(await syncOn('2026-09-17', userId, wallet)).toMatchObject({ ok: true });
    gecko.down = false;
    // The source is down: every day at the last known price, if any (1 BTC from the 10th, 2 from the 12th).
    const first = await history(userId);
    expect(first).toHaveLength(8);
    // The next sync reads only newer transactions (none) and fills every close from the first receive,
    // but values again only from its last day: the 10th and 11th were never 2 BTC.
    expect(await syncOn('2026-09-20', userId, wallet)).toMatchObject({ ok: true });
    expect((await closes('bitcoin')).filter((row) => row.startsWith('2026-09'))).toHaveLength(11);
    const second = await history(userId);
    expect(second.slice(0, 7)).toEqual(first.slice(0, 7));
    expect(second.slice(-4)).toEqual([
      'Cold storage 2026-09-17 11400000',
      'Cold storage 2026-09-18 11600000',
      'Cold storage 2026-09-19 11800000',
      'Cold storage 2026-09-20 12000000',
    ]);
  });
});
