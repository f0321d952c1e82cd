import { createTestDatabase, type TestDatabase } from '@lodestar/db/testing';
import { cryptoAssetBySymbol, type CryptoAsset } from '@lodestar/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { startFakeCoinGecko, type FakeCoinGecko } from '../testing/fake-coingecko';
import { createCryptoPriceService, cryptoServices } from './crypto-prices';

let t: TestDatabase;
let gecko: FakeCoinGecko;
beforeAll(async () => {
  t = await createTestDatabase();
  gecko = await startFakeCoinGecko();
});
afterAll(async () => {
  await gecko.close();
  await t.drop();
});
beforeEach(() => {
  gecko.coins.clear();
  gecko.contracts.clear();
  gecko.requests.length = 0;
  gecko.down = false;
  gecko.rateLimited = false;
  gecko.now = () => Date.parse('2026-11-20T10:00:00Z');
});

const asset = (symbol: string) => cryptoAssetBySymbol(symbol) as CryptoAsset;
const TODAY = '2026-11-20';
/** Coins only these tests ask for (the database is shared by the file's tests). */
const LATE: CryptoAsset = { symbol: 'LATE', name: 'Late Coin', priceId: 'late-coin' };
const SLOW: CryptoAsset = { symbol: 'SLOW', name: 'Slow Coin', priceId: 'slow-coin' };
const UPDATED = Date.parse('2026-11-20T09:30:00Z') / 1000;

function service() {
  return createCryptoPriceService({
    db: t.db,
    baseUrl: gecko.url,
    logger: createLogger('silent'),
    retryDelayMs: 1,
    now: () => new Date('2026-11-20T10:00:00Z'),
  });
}

async function closes(priceId: string) {
  const result = await t.db.execute<{ date: string; close: string }>(sql`
    select sp.date::text as date, sp.close::text as close from security_price sp
    join security s on s.id = sp.security_id
    where s.provider = 'crypto' and s.external_id = ${priceId} order by sp.date`);
  return result.rows;
}

describe('crypto price service', () => {
  it('reaches the price source through the outbound guard: a loopback source only when allowed', async () => {
    gecko.coins.set('bitcoin', { prices: { usd: 67187.33, eur: 61000.5 }, lastUpdatedAt: UPDATED });
    const services = (allowPrivate: false | string[]) =>
      cryptoServices({
        db: t.db,
        config: {
          crypto: { pricesUrl: gecko.url, esploraUrl: gecko.url, solanaRpcUrl: gecko.url },
          outbound: { allowPrivate },
        },
        logger: createLogger('silent'),
        now: () => new Date('2026-11-20T10:00:00Z'),
      });
    const refused = await services(false).prices.prices([asset('BTC')], TODAY);
    expect(refused.get('bitcoin')).not.toMatchObject({ price: '67187.33' });
    expect(gecko.requests).toEqual([]);
    const allowed = await services(['127.0.0.0/8']).prices.prices([asset('BTC')], TODAY);
    expect(allowed.get('bitcoin')).toMatchObject({ price: '67187.33' });
  });

  it('asks for coins by id and stores the price as today’s close with the 24-hour change', async () => {
    gecko.coins.set('bitcoin', {
      prices: { usd: 67187.33, eur: 61000.5 },
      change24h: 3.6312,
      lastUpdatedAt: UPDATED,
    });
    const prices = await service().prices([asset('BTC')], TODAY);
    expect(prices.get('bitcoin')).toMatchObject({
      price: '67187.33',
      change24hPercent: '3.63120000',
      depegged: false,
      stale: false,
      priceAt: new Date(UPDATED * 1000),
    });
    expect(gecko.requests[0]).toContain('/simple/price?ids=bitcoin&vs_currencies=usd%2Ceur');
    expect(await closes('bitcoin')).toEqual([{ date: TODAY, close: '67187.330000000000000000' }]);
  });

  it('values a stablecoin at its peg within 2 % and at the market with a depegged flag beyond', async () => {
    gecko.coins.set('usd-coin', { prices: { usd: 0.9985, eur: 0.92 }, lastUpdatedAt: UPDATED });
    gecko.coins.set('tether', { prices: { usd: 0.97, eur: 0.9 }, lastUpdatedAt: UPDATED });
    gecko.coins.set('stasis-eurs', { prices: { usd: 1.08, eur: 1.001 }, lastUpdatedAt: UPDATED });
    const prices = await service().prices([asset('USDC'), asset('USDT'), asset('EURS')], TODAY);
    expect(prices.get('usd-coin')).toMatchObject({ price: '1', marketPrice: '0.9985', depegged: false });
    expect(prices.get('tether')).toMatchObject({ price: '0.97', marketPrice: '0.97', depegged: true });
    // A euro coin on its peg is worth one euro in dollars, as the source's own two prices say.
    expect(prices.get('stasis-eurs')?.price).toBe('1.078921078921078921');
    expect(prices.get('stasis-eurs')?.depegged).toBe(false);
  });

  it('keeps the last known price with its time when the source is down, and never makes one up', async () => {
    gecko.coins.set('ethereum', { prices: { usd: 3000.12, eur: 2800 }, lastUpdatedAt: UPDATED });
    await service().prices([asset('ETH')], TODAY);
    gecko.down = true;
    const prices = await service().prices([asset('ETH'), asset('SOL')], '2026-11-21');
    expect(prices.get('ethereum')).toMatchObject({
      price: '3000.120000000000000000',
      stale: true,
      priceAt: new Date(UPDATED * 1000),
    });
    expect(prices.get('solana')).toMatchObject({ price: null, priceAt: null, stale: true });
    expect(await closes('ethereum')).toEqual([{ date: TODAY, close: '3000.120000000000000000' }]);
    // 3 attempts of a 503 (spec §9: retry 3 times).
    expect(gecko.requests.filter((path) => path.startsWith('/api/v3/simple/price'))).toHaveLength(4);
  });

  it('backfills the missing daily closes of held assets from the market chart, once', async () => {
    gecko.coins.set('solana', {
      prices: { usd: 150 },
      history: {
        usd: [
          ['2026-11-15', 140.5],
          ['2026-11-16', 141],
          ['2026-11-17', 1e-7],
          ['2026-11-18', 143.25],
          ['2026-11-19', 144],
        ],
      },
    });
    await service().backfill([{ asset: asset('SOL'), from: '2026-11-16' }], TODAY);
    expect(await closes('solana')).toEqual([
      { date: '2026-11-16', close: '141.000000000000000000' },
      { date: '2026-11-17', close: '0.000000100000000000' },
      { date: '2026-11-18', close: '143.250000000000000000' },
      { date: '2026-11-19', close: '144.000000000000000000' },
    ]);
    const charts = gecko.requests.filter((path) => path.includes('market_chart'));
    expect(charts).toEqual([
      '/api/v3/coins/solana/market_chart?vs_currency=usd&days=5&interval=daily&precision=full',
    ]);
    await service().backfill([{ asset: asset('SOL'), from: '2026-11-16' }], TODAY);
    expect(gecko.requests.filter((path) => path.includes('market_chart'))).toHaveLength(1);
  });

  it('asks once for the days a coin has no close for, and again only for new recent days', async () => {
    // Listed on the 16th: nothing before it, and no close on the 18th.
    gecko.coins.set('late-coin', {
      prices: { usd: 150 },
      history: {
        usd: [
          ['2026-11-16', 141],
          ['2026-11-17', 142],
          ['2026-11-19', 144],
        ],
      },
    });
    const charts = () => gecko.requests.filter((path) => path.includes('market_chart'));
    const written = await service().backfill([{ asset: LATE, from: '2026-11-10' }], TODAY);
    expect(charts()).toEqual([
      '/api/v3/coins/late-coin/market_chart?vs_currency=usd&days=11&interval=daily&precision=full',
    ]);
    expect([...written.values()]).toEqual(['2026-11-16']);
    expect((await closes('late-coin')).map((row) => row.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-19',
    ]);
    // The same days again (another holder, the next sync): not asked again.
    expect(await service().backfill([{ asset: LATE, from: '2026-11-10' }], TODAY)).toEqual(new Map());
    expect(charts()).toHaveLength(1);
    // A day later only the new day is asked for.
    gecko.coins.get('late-coin')?.history?.usd?.push(['2026-11-20', 145]);
    gecko.now = () => Date.parse('2026-11-21T10:00:00Z');
    await service().backfill([{ asset: LATE, from: '2026-11-10' }], '2026-11-21');
    expect(charts()).toHaveLength(2);
    expect(charts()[1]).toContain('days=2&');
    expect((await closes('late-coin')).map((row) => row.date).at(-1)).toBe('2026-11-20');
    // A longer history needed later (an older holding) asks for the days before the span asked.
    await service().backfill([{ asset: LATE, from: '2026-11-01' }], '2026-11-21');
    expect(charts()).toHaveLength(3);
    await service().backfill([{ asset: LATE, from: '2026-11-01' }], '2026-11-21');
    expect(charts()).toHaveLength(3);
  });

  it('replaces the close a sync stored from a quote with the day’s close once the day is over', async () => {
    const QUOTED: CryptoAsset = { symbol: 'QTD', name: 'Quoted Coin', priceId: 'quoted-coin' };
    const charts = () => gecko.requests.filter((path) => path.includes('market_chart'));
    // A sync on the 20th at 10:00 stores the quote of that moment as the 20th's close.
    gecko.coins.set('quoted-coin', {
      prices: { usd: 10.5 },
      lastUpdatedAt: UPDATED,
      history: {
        usd: [
          ['2026-11-18', 9],
          ['2026-11-19', 10],
        ],
      },
    });
    await service().prices([QUOTED], TODAY);
    await service().backfill([{ asset: QUOTED, from: '2026-11-18' }], TODAY);
    expect(await closes('quoted-coin')).toEqual([
      { date: '2026-11-18', close: '9.000000000000000000' },
      { date: '2026-11-19', close: '10.000000000000000000' },
      { date: '2026-11-20', close: '10.500000000000000000' },
    ]);
    // The next sync, four days later: the 20th is asked for again with the days since, and its close
    // is the day's (12), not the quote's.
    gecko.coins
      .get('quoted-coin')
      ?.history?.usd?.push(
        ['2026-11-20', 12],
        ['2026-11-21', 12.5],
        ['2026-11-22', 13],
        ['2026-11-23', 13.5],
      );
    gecko.now = () => Date.parse('2026-11-24T10:00:00Z');
    const written = await service().backfill([{ asset: QUOTED, from: '2026-11-18' }], '2026-11-24');
    expect([...written.values()]).toEqual(['2026-11-20']);
    expect((await closes('quoted-coin')).slice(2)).toEqual([
      { date: '2026-11-20', close: '12.000000000000000000' },
      { date: '2026-11-21', close: '12.500000000000000000' },
      { date: '2026-11-22', close: '13.000000000000000000' },
      { date: '2026-11-23', close: '13.500000000000000000' },
    ]);
    expect(charts()).toHaveLength(2);
    // Days with their own close are not asked for again.
    await service().backfill([{ asset: QUOTED, from: '2026-11-18' }], '2026-11-24');
    expect(charts()).toHaveLength(2);
  });

  it('asks again for recent days the source has not closed yet', async () => {
    gecko.coins.set('slow-coin', { prices: { usd: 3000 }, history: { usd: [['2026-11-17', 2900]] } });
    const charts = () => gecko.requests.filter((path) => path.includes('market_chart'));
    await service().backfill([{ asset: SLOW, from: '2026-11-17' }], TODAY);
    expect(charts()).toHaveLength(1);
    gecko.coins.get('slow-coin')?.history?.usd?.push(['2026-11-18', 2950], ['2026-11-19', 2990]);
    await service().backfill([{ asset: SLOW, from: '2026-11-17' }], TODAY);
    expect(charts()).toHaveLength(2);
    expect((await closes('slow-coin')).map((row) => row.date)).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
    ]);
  });

  it('makes one request per asset for all its holders, and a source outage writes nothing', async () => {
    gecko.coins.set('binancecoin', {
      prices: { usd: 600 },
      history: {
        usd: [
          ['2026-11-18', 590],
          ['2026-11-19', 595],
        ],
      },
    });
    gecko.down = true;
    const wanted = [
      { asset: asset('BNB'), from: '2026-11-19' },
      { asset: asset('BNB'), from: '2026-11-18' },
    ];
    expect(await service().backfill(wanted, TODAY)).toEqual(new Map());
    expect(await closes('binancecoin')).toEqual([]);
    gecko.down = false;
    gecko.requests.length = 0;
    await service().backfill(wanted, TODAY);
    expect(gecko.requests).toEqual([
      '/api/v3/coins/binancecoin/market_chart?vs_currency=usd&days=3&interval=daily&precision=full',
    ]);
    expect((await closes('binancecoin')).map((row) => row.date)).toEqual(['2026-11-18', '2026-11-19']);
  });

  it('finds tokens by contract in batches, names each known one once, and leaves unknown ones out', async () => {
    // 101 Solana-style mints (base58, mixed case): two batches of contract addresses.
    const mints = Array.from(
      { length: 101 },
      (_, index) => `Mint${String(index).padStart(3, '0')}Zx9aBcDeFgHiJkLmNoPqRsTuVw`,
    );
    gecko.coins.set('first-token', { symbol: 'fst', name: 'First Token', prices: { usd: 0.25 } });
    gecko.coins.set('last-token', { symbol: 'lst', name: 'Last Token', prices: { usd: 3 } });
    gecko.contracts.set(`solana:${mints[0]}`, 'first-token');
    gecko.contracts.set(`solana:${mints[100]}`, 'last-token');
    const prices = service();
    const found = await prices.contractAssets('solana', mints);
    expect([...found]).toEqual([
      [mints[0], { symbol: 'FST', name: 'First Token', priceId: 'first-token' }],
      [mints[100], { symbol: 'LST', name: 'Last Token', priceId: 'last-token' }],
    ]);
    expect(
      gecko.requests.filter((path) => path.startsWith('/api/v3/simple/token_price/solana?')),
    ).toHaveLength(2);
    expect(gecko.requests.filter((path) => path.includes('/contract/'))).toHaveLength(2);

    // Names are kept: the next call asks only which mints are priced.
    gecko.requests.length = 0;
    expect(await prices.contractAssets('solana', mints)).toEqual(found);
    expect(gecko.requests.filter((path) => path.includes('/contract/'))).toEqual([]);
    expect(gecko.requests).toHaveLength(2);

    // The source down is an error, never "unknown".
    gecko.down = true;
    await expect(prices.contractAssets('solana', mints)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
