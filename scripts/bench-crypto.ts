// `npm run bench:crypto`: the Bitcoin part of a wallet sync — an xpub (BIP84's test vector) with 200 used
// receive addresses, two transactions each, scanned with the gap limit of 20 through a fake Esplora on
// 127.0.0.1 (every address lookup and transaction page is a real HTTP request, four at a time, as against
// a real explorer on a fast network). BENCH_RUNS runs (default 5); prints min, median and max and the
// request count. Then an exchange account with 20,000 trades (BENCH_TRADES) on three markets, synced by
// the sync engine through ccxt against the fake Binance REST API on 127.0.0.1 (signed requests, pages of
// 1,000, ccxt's own rate limit) into a real database (embedded PostgreSQL unless DATABASE_URL is set):
// the first sync, one with 200 new trades, and one with none. Asserts nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { findConnection, insertConnection, registerServerInstance, user } from '@lodestar/db';
import { ccxtConnector } from '@lodestar/server/connectors/ccxt/ccxt-connector';
import { CCXT_PROVIDER, serializeCredentials } from '@lodestar/server/connectors/ccxt/settings';
import { createLogger } from '@lodestar/server/logger';
import { cryptoServices } from '@lodestar/server/prices/crypto-prices';
import { sealSecret } from '@lodestar/server/secrets/secret-box';
import { runSync } from '@lodestar/server/sync/engine';
import { startFakeCoinGecko } from '@lodestar/server/testing/fake-coingecko';
import { startFakeBinance, type BinanceTrade } from '@lodestar/server/testing/fake-exchanges';
import {
  deriveAddress,
  parseExtendedPublicKey,
} from '../apps/server/src/connectors/blockchain/bitcoin/addresses';
import { readBitcoinWallet } from '../apps/server/src/connectors/blockchain/bitcoin/bitcoin-wallet';
import { startFakeEsplora } from '../apps/server/src/testing/fake-esplora';
import { openThrowawayDatabase } from './bench-database';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const USED = Number(process.env.BENCH_ADDRESSES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXTERNAL = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

const key = parseExtendedPublicKey(ZPUB);
if (!key) throw new Error('bad zpub');
const esplora = await startFakeEsplora();
const start = Math.floor(Date.now() / 1000) - 400 * 86_400;
esplora.txs = Array.from({ length: USED }, (_, index) => {
  const address = deriveAddress(key, 0, index);
  return [
    {
      txid: `${index.toString(16)}a`.padStart(64, '0'),
      blockTime: start + index * 86_400,
      inputs: [{ address: EXTERNAL, value: 200_000 }],
      outputs: [{ address, value: 100_000 + index }],
    },
    {
      txid: `${index.toString(16)}b`.padStart(64, '0'),
      blockTime: start + index * 86_400 + 3_600,
      inputs: [{ address, value: 100_000 + index }],
      outputs: [{ address: EXTERNAL, value: 50_000 }],
    },
  ];
}).flat();

const times: number[] = [];
let requests = 0;
for (let run = 0; run < RUNS; run += 1) {
  esplora.requests.length = 0;
  const began = performance.now();
  const wallet = await readBitcoinWallet({ esploraUrl: esplora.url, xpub: ZPUB, today: '2026-11-26' });
  times.push(performance.now() - began);
  requests = esplora.requests.length;
  if (wallet.usedAddresses !== USED) throw new Error(`found ${wallet.usedAddresses} used addresses`);
}
await esplora.close();
times.sort((a, b) => a - b);
const ms = (value: number) => `${Math.round(value)} ms`;
console.log(
  `xpub scan, ${USED} used addresses (gap limit 20), ${requests} Esplora requests per sync, ${RUNS} runs`,
);
console.log(
  `  min ${ms(times[0] ?? 0)}  median ${ms(times[Math.floor(times.length / 2)] ?? 0)}  max ${ms(times.at(-1) ?? 0)}`,
);

// --- An exchange account with many trades.

const TRADES = Number(process.env.BENCH_TRADES ?? 20_000);
const MARKETS = [
  { symbol: 'BTCUSDT', share: 0.6, price: '60000.00', qty: '0.00100000' },
  { symbol: 'ETHUSDT', share: 0.3, price: '3000.00', qty: '0.01000000' },
  { symbol: 'ETHBTC', share: 0.1, price: '0.05000000', qty: '0.10000000' },
] as const;
const BINANCE_KEY = { apiKey: 'bench-read-only-key', secret: randomBytes(32).toString('hex') };
const TODAY = '2026-11-26';
const tradeStart = Date.parse('2024-01-01T00:00:00Z');
let tradeId = 0;
/** `count` trades spread over the markets by their share, a minute apart from `from`. */
function trades(count: number, from: number): BinanceTrade[] {
  return MARKETS.flatMap((market) =>
    Array.from({ length: Math.round(count * market.share) }, (_, index) => {
      tradeId += 1;
      const quote = (Number(market.price) * Number(market.qty)).toFixed(8);
      return {
        symbol: market.symbol,
        id: tradeId,
        price: market.price,
        qty: market.qty,
        quoteQty: quote,
        time: from + index * 60_000,
        isBuyer: tradeId % 3 !== 0,
        commission: '0.00000100',
        commissionAsset: 'BNB',
      };
    }),
  );
}

const binance = await startFakeBinance(BINANCE_KEY);
binance.spot = { BTC: '1.50000000', ETH: '12.00000000', USDT: '25000.00000000' };
binance.margin = null;
binance.futures = null;
binance.trades = trades(TRADES, tradeStart);
const gecko = await startFakeCoinGecko();
gecko.coins.set('bitcoin', { prices: { usd: 60_000, eur: 55_000 } });
gecko.coins.set('ethereum', { prices: { usd: 3_000, eur: 2_750 } });
gecko.coins.set('tether', { prices: { usd: 1, eur: 0.92 } });
const database = await openThrowawayDatabase('lodestar_bench_crypto');
try {
  const db = database.db;
  const logger = createLogger('silent');
  const userId = `bench-crypto-${randomUUID()}`;
  await db.insert(user).values({ id: userId, name: 'Bench Mark', email: `${userId}@example.com` });
  const instanceId = await registerServerInstance(db, { host: 'bench', pid: process.pid, version: 'bench' });
  const encryptionKey = randomBytes(32).toString('hex');
  const secret = serializeCredentials(BINANCE_KEY);
  const sealed = sealSecret(secret, encryptionKey);
  const created = await insertConnection(db, {
    userId,
    provider: CCXT_PROVIDER,
    institutionId: null,
    displayName: 'Binance',
    settings: { exchange: 'binance', label: 'Binance' },
    secretCiphertext: sealed.ciphertext,
    secretKeyId: sealed.keyId,
  });
  const outbound = { allowPrivate: ['127.0.0.1'] as readonly string[] };
  const crypto = cryptoServices({
    db,
    config: {
      crypto: {
        pricesUrl: gecko.url,
        esploraUrl: 'http://127.0.0.1:9',
        solanaRpcUrl: 'http://127.0.0.1:9',
        exchangeApiUrls: { binance: binance.url },
      },
      outbound,
    },
    logger,
    now: () => new Date(`${TODAY}T10:00:00Z`),
  });
  const countRows = async () =>
    (
      await database.pool.query<{ n: number }>('select count(*)::int as n from "transaction" where user_id = $1', [
        userId,
      ])
    ).rows[0]?.n ?? 0;
  const sync = async () => {
    binance.requests.length = 0;
    const connection = (await findConnection(db, userId, created.id))!;
    const began = performance.now();
    const outcome = await runSync({
      db,
      connector: ccxtConnector,
      connection,
      instanceId,
      logger,
      today: TODAY,
      secret,
      outbound,
      crypto,
    });
    const elapsed = performance.now() - began;
    if (!outcome.ok) throw new Error(`exchange sync failed: ${outcome.message}`);
    const pages = binance.requests.filter((request) => request.path === '/api/v3/myTrades').length;
    return { elapsed, pages, requests: binance.requests.length, rows: await countRows() };
  };
  const first = await sync();
  if (first.rows !== binance.trades.length) throw new Error(`first sync wrote ${first.rows} rows`);
  binance.trades.push(...trades(200, Date.parse(`${TODAY}T00:00:00Z`)));
  const more = await sync();
  if (more.rows !== binance.trades.length) throw new Error(`second sync left ${more.rows} rows`);
  const none = await sync();
  console.log(
    `\nexchange sync (Binance through ccxt, fake REST API on 127.0.0.1), ${TRADES.toLocaleString('en-US')} trades on ${MARKETS.length} markets, ${database.label}`,
  );
  console.log('| sync | time | trade pages | requests | transactions after |');
  console.log('|---|---|---|---|---|');
  for (const [label, run] of [
    ['first (every trade)', first],
    ['200 new trades', more],
    ['nothing new', none],
  ] as const) {
    console.log(
      `| ${label} | ${ms(run.elapsed)} | ${run.pages} | ${run.requests} | ${run.rows.toLocaleString('en-US')} |`,
    );
  }
} finally {
  await database.stop();
  await binance.close();
  await gecko.close();
}
