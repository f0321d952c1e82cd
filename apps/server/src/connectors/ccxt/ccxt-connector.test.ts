import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertConnection } from '@lodestar/db';
import type { TestDatabase } from '@lodestar/db/testing';
import {
  startFakeBinance,
  startFakeKraken,
  type FakeBinance,
  type FakeKraken,
} from '../../testing/fake-exchanges';
import type { FakeCoinGecko } from '../../testing/fake-coingecko';
import {
  EXCHANGE_TODAY as TODAY,
  noon as ms,
  startExchangeTestBed,
  type ExchangeTestBed,
} from '../../testing/exchange-sync';
import { ccxtLoaded, createExchange } from './client';
import { readKeyPermissions } from './permissions';

const SERVER_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BINANCE_KEY = { apiKey: 'binance-read-only-key', secret: 'binance-secret-value' };
const KRAKEN_KEY = {
  apiKey: 'kraken-read-only-key',
  secret: Buffer.from('kraken-secret-bytes').toString('base64'),
};

let bed: ExchangeTestBed;
let t: TestDatabase;
let binance: FakeBinance;
let kraken: FakeKraken;
let gecko: FakeCoinGecko;

beforeAll(async () => {
  bed = await startExchangeTestBed();
  ({ t, gecko } = bed);
  binance = await startFakeBinance(BINANCE_KEY);
  kraken = await startFakeKraken(KRAKEN_KEY);
  bed.apiUrls.binance = binance.url;
  bed.apiUrls.kraken = kraken.url;
});
afterAll(async () => {
  await binance.close();
  await kraken.close();
  await bed.close();
});
beforeEach(() => {
  for (const fake of [binance, kraken]) {
    fake.down = false;
    fake.tooManyRequests = 0;
    fake.requests.length = 0;
  }
  binance.funding = {};
  gecko.down = false;
  gecko.now = () => Date.parse(`${TODAY}T10:00:00Z`);
});

const access = () => bed.access();
const connect: ExchangeTestBed['connect'] = (...args) => bed.connect(...args);
const sync: ExchangeTestBed['sync'] = (...args) => bed.sync(...args);
const accountsOf: ExchangeTestBed['accountsOf'] = (userId) => bed.accountsOf(userId);
const holdingsOf: ExchangeTestBed['holdingsOf'] = (userId) => bed.holdingsOf(userId);
const transactionsOf: ExchangeTestBed['transactionsOf'] = (userId) => bed.transactionsOf(userId);

describe('Binance (HMAC-SHA256 query signing)', () => {
  it('loads ccxt only when an exchange is first used', () => {
    // In a process of its own: the test files of a worker share their modules, and another exchange
    // test may have loaded ccxt already.
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `await import('./src/connectors/ccxt/ccxt-connector.ts');
         const client = await import('./src/connectors/ccxt/client.ts');
         process.stdout.write(String(client.ccxtLoaded()));`,
      ],
      { cwd: SERVER_ROOT, encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('false');
  });

  it('reads balances per market type into accounts with one holding per asset', async () => {
    binance.spot = { BTC: '0.50000000', USDT: '1000.00000000', XYZ: '12.00000000', ETH: '0.00000000' };
    binance.margin = { ETH: '2.00000000' };
    binance.futures = { USDT: '250.00000000' };
    binance.funding = { USDT: '40.00000000', BTC: '0.01000000' };
    binance.trades = [];
    const { userId, connectionId } = await connect('binance', BINANCE_KEY);
    const outcome = await sync(userId, connectionId, BINANCE_KEY);
    expect(outcome).toMatchObject({ ok: true });
    expect(ccxtLoaded()).toBe(true);
    const accounts = await accountsOf(userId);
    expect(accounts.map((a) => [a.name, a.type])).toEqual([
      ['Binance Funding', 'exchange_spot'],
      ['Binance Margin', 'exchange_margin'],
      ['Binance Spot', 'exchange_spot'],
      ['Binance USD-M Futures', 'exchange_futures'],
    ]);
    expect(await holdingsOf(userId)).toEqual([
      { account: 'Binance Funding', ticker: 'BTC', quantity: '0.01' },
      { account: 'Binance Funding', ticker: 'USDT', quantity: '40' },
      { account: 'Binance Margin', ticker: 'ETH', quantity: '2' },
      { account: 'Binance Spot', ticker: 'BTC', quantity: '0.5' },
      { account: 'Binance Spot', ticker: 'USDT', quantity: '1000' },
      { account: 'Binance Spot', ticker: 'XYZ', quantity: '12' },
      { account: 'Binance USD-M Futures', ticker: 'USDT', quantity: '250' },
    ]);
    // BTC at 60,000 and USDT at its peg: 30,000 + 1,000; XYZ has no price, so no value.
    expect(accounts.find((a) => a.name === 'Binance Spot')).toMatchObject({
      balance: '3100000',
      currency: 'USD',
    });
    expect(accounts.find((a) => a.type === 'exchange_futures')).toMatchObject({ balance: '25000' });
    // Binance Pay and P2P money: 0.01 BTC at 60,000 and 40 USDT at its peg, read by a signed POST.
    expect(accounts.find((a) => a.name === 'Binance Funding')).toMatchObject({ balance: '64000' });
    expect(binance.requests).toContainEqual({ method: 'POST', path: '/sapi/v1/asset/get-funding-asset' });
  });

  it('reads Simple Earn positions, flexible and locked, page by page into a staking account', async () => {
    binance.spot = { BTC: '0.10000000' };
    binance.margin = null;
    binance.futures = null;
    // 150 locked positions of 1 USDT (two pages of 100) beside flexible ETH, USDT and an unpriced XYZ.
    binance.earn = {
      flexible: [
        ['ETH', '1.50000000'],
        ['USDT', '50.00000000'],
        ['XYZ', '3.00000000'],
      ],
      locked: Array.from({ length: 150 }, (): [string, string] => ['USDT', '1.00000000']),
    };
    binance.funding = { USDT: '40.00000000' };
    binance.trades = [];
    try {
      const { userId, connectionId } = await connect('binance', BINANCE_KEY);
      expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true });
      const earnPages = binance.requests.filter((request) =>
        request.path.startsWith('/sapi/v1/simple-earn/'),
      );
      expect(earnPages.map((request) => request.path)).toEqual([
        '/sapi/v1/simple-earn/flexible/position',
        '/sapi/v1/simple-earn/locked/position',
        '/sapi/v1/simple-earn/locked/position',
      ]);
      const accounts = await accountsOf(userId);
      expect(accounts.map((a) => [a.name, a.type, a.balance])).toEqual([
        ['Binance Earn', 'staking', '470000'], // 1.5 × 3,000 + (50 + 150) at the peg; XYZ has no price
        ['Binance Funding', 'exchange_spot', '4000'],
        ['Binance Spot', 'exchange_spot', '600000'],
      ]);
      expect(await holdingsOf(userId)).toEqual([
        { account: 'Binance Earn', ticker: 'ETH', quantity: '1.5' },
        { account: 'Binance Earn', ticker: 'USDT', quantity: '200' },
        { account: 'Binance Earn', ticker: 'XYZ', quantity: '3' },
        { account: 'Binance Funding', ticker: 'USDT', quantity: '40' },
        { account: 'Binance Spot', ticker: 'BTC', quantity: '0.1' },
      ]);

      // An endpoint taken down (a bare 404) leaves the Earn account as it was; the rest syncs, and a
      // Funding wallet emptied since comes to zero.
      binance.earn = 'retired';
      binance.spot = { BTC: '0.20000000' };
      binance.funding = {};
      expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true });
      expect((await accountsOf(userId)).map((a) => [a.name, a.balance])).toEqual([
        ['Binance Earn', '470000'],
        ['Binance Funding', '0'],
        ['Binance Spot', '1200000'],
      ]);
    } finally {
      binance.earn = { flexible: [], locked: [] };
    }
  });

  it('reads trades page by page per market, then only those after the newest it has', async () => {
    binance.spot = { BTC: '1.00000000', USDT: '10.00000000' };
    binance.margin = null;
    binance.futures = null;
    const start = ms('2026-10-01');
    binance.trades = Array.from({ length: 1500 }, (_, index) => ({
      symbol: 'BTCUSDT',
      id: index + 1,
      price: '50000.00',
      qty: '0.00100000',
      quoteQty: '50.00000000',
      time: start + index * 60_000,
      isBuyer: index % 3 !== 0,
    }));
    const { userId, connectionId } = await connect('binance', BINANCE_KEY);
    expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 1500 });
    const pages = binance.requests.filter((request) => request.path === '/api/v3/myTrades');
    expect(pages).toHaveLength(2);
    const rows = await transactionsOf(userId);
    expect(rows).toHaveLength(1500);
    expect(rows.find((row) => row.name.startsWith('Sold'))).toMatchObject({
      name: 'Sold 0.001 BTC at 50000 USDT',
      amount: '5000',
      currency: 'USD',
    });
    expect(rows.find((row) => row.name.startsWith('Bought'))).toMatchObject({ amount: '-5000' });
    // Trades never count as spending or income.
    const spending = await t.db.execute<{ n: string }>(sql`
      select count(*)::text as n from "transaction" t where t.user_id = ${userId}
        and transaction_counts_toward_spending(t.status, t.excluded, t.transfer_pair_id,
          transaction_category_shown(t.category, t.category_source, t.category_confidence),
          t.provider_category, t.detailed_category)`);
    expect(spending.rows[0]?.n).toBe('0');

    binance.trades.push({
      symbol: 'BTCUSDT',
      id: 1501,
      price: '51000.00',
      qty: '0.01000000',
      quoteQty: '510.00000000',
      time: start + 1500 * 60_000,
      isBuyer: true,
    });
    binance.requests.length = 0;
    expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 1 });
    const again = binance.requests.filter((request) => request.path === '/api/v3/myTrades');
    expect(again).toHaveLength(1);
    expect(await transactionsOf(userId)).toHaveLength(1501);
  });

  it('reads a European Options account into an exchange_options account, only where one exists', async () => {
    binance.spot = { BTC: '0.10000000' };
    binance.margin = null;
    binance.futures = null;
    binance.trades = [];
    // A user who never opened options: refused with -2015, no account and no error.
    binance.options = null;
    const { userId, connectionId } = await connect('binance', BINANCE_KEY);
    try {
      expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true });
      expect(binance.requests).toContainEqual({ method: 'GET', path: '/eapi/v1/marginAccount' });
      expect((await accountsOf(userId)).map((a) => a.name)).toEqual(['Binance Spot']);

      // Options opened: the account is worth its equity (the balance plus the options held, at mark).
      binance.options = { USDT: ['1000.00000000', '1250.50000000'] };
      expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true });
      expect((await accountsOf(userId)).map((a) => [a.name, a.type, a.balance])).toEqual([
        ['Binance Options', 'exchange_options', '125050'],
        ['Binance Spot', 'exchange_spot', '600000'],
      ]);
      expect(await holdingsOf(userId)).toEqual([
        { account: 'Binance Options', ticker: 'USDT', quantity: '1250.5' },
        { account: 'Binance Spot', ticker: 'BTC', quantity: '0.1' },
      ]);

      // The key no longer reads options (or the endpoint is down): the account stays as it was.
      binance.options = null;
      expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true });
      expect((await accountsOf(userId)).map((a) => [a.name, a.balance])).toEqual([
        ['Binance Options', '125050'],
        ['Binance Spot', '600000'],
      ]);
    } finally {
      binance.options = null;
    }
  });

  it('reads every trade of months with gaps longer than a day, by trade id, then only newer ones', async () => {
    binance.spot = { ETH: '1.00000000' };
    binance.margin = null;
    binance.futures = null;
    // 1,000 trades a minute apart in March, 99 three days apart, 1,001 a minute apart in October.
    const trade = (id: number, time: number) => ({
      symbol: 'ETHUSDT',
      id,
      price: '3000.00',
      qty: '0.01000000',
      quoteQty: '30.00000000',
      time,
      isBuyer: true,
    });
    binance.trades = [
      ...Array.from({ length: 1000 }, (_, i) => trade(i + 1, ms('2026-03-01') + i * 60_000)),
      ...Array.from({ length: 99 }, (_, i) => trade(1001 + i, ms('2026-03-10') + i * 3 * 86_400_000)),
      ...Array.from({ length: 1001 }, (_, i) => trade(1100 + i, ms('2026-10-01') + i * 60_000)),
    ];
    binance.tradeQueries.length = 0;
    const queries = () =>
      binance.tradeQueries
        .filter((query) => query.symbol === 'ETHUSDT')
        .map(({ startTime, endTime, fromId }) => ({ startTime, endTime, fromId }));
    const { userId, connectionId } = await connect('binance', BINANCE_KEY);
    expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 2100 });
    expect(await transactionsOf(userId)).toHaveLength(2100);
    // Three pages of at most 1,000, each from the id after the last read.
    expect(queries()).toEqual([
      { startTime: null, endTime: null, fromId: '0' },
      { startTime: null, endTime: null, fromId: '1001' },
      { startTime: null, endTime: null, fromId: '2001' },
    ]);

    // A trade more than a day after the newest read: the next sync asks for what follows the last id.
    binance.trades.push(trade(2101, ms('2026-11-15')));
    binance.tradeQueries.length = 0;
    expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 1 });
    expect(queries()).toEqual([{ startTime: null, endTime: null, fromId: '2101' }]);
    expect(await transactionsOf(userId)).toHaveLength(2101);

    binance.tradeQueries.length = 0;
    expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true, added: 0 });
    expect(queries()).toEqual([{ startTime: null, endTime: null, fromId: '2102' }]);

    // A cursor from when trades were read by time (no trade ids), after a reading that stopped at the
    // first day without trades: the market is read again from its first trade, the missed ones added
    // and none twice.
    await t.db.execute(sql`
      delete from "transaction" where user_id = ${userId} and external_id like 'trade:ETH/USDT:%'
        and split_part(external_id, ':', 3)::int > 1000`);
    await t.db.execute(sql`
      update connection set cursor = ${JSON.stringify({ trades: { 'ETH/USDT': ms('2026-03-01') + 999 * 60_000 } })}
      where id = ${connectionId}`);
    binance.tradeQueries.length = 0;
    expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true });
    expect(queries()[0]).toEqual({ startTime: null, endTime: null, fromId: '0' });
    const rows = await transactionsOf(userId);
    expect(rows).toHaveLength(2101);
  });

  it('retries after HTTP 429 and finishes', async () => {
    binance.spot = { BTC: '0.10000000' };
    binance.trades = [];
    const { userId, connectionId } = await connect('binance', BINANCE_KEY);
    binance.tooManyRequests = 1;
    expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true });
    expect(await holdingsOf(userId)).toEqual([{ account: 'Binance Spot', ticker: 'BTC', quantity: '0.1' }]);
  });

  it('leaves balances and holdings as they were when the exchange is down', async () => {
    binance.spot = { BTC: '0.20000000' };
    binance.trades = [];
    const { userId, connectionId } = await connect('binance', BINANCE_KEY);
    expect(await sync(userId, connectionId, BINANCE_KEY)).toMatchObject({ ok: true });
    const before = { accounts: await accountsOf(userId), holdings: await holdingsOf(userId) };
    binance.spot = { BTC: '0.00000000' };
    binance.down = true;
    const outcome = await sync(userId, connectionId, BINANCE_KEY);
    expect(outcome).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await accountsOf(userId), holdings: await holdingsOf(userId) }).toEqual(before);
  });

  it('refuses a request whose signature does not verify', async () => {
    const { userId, connectionId } = await connect('binance', { ...BINANCE_KEY, secret: 'wrong-secret' });
    const outcome = await sync(userId, connectionId, { ...BINANCE_KEY, secret: 'wrong-secret' });
    expect(outcome).toMatchObject({ ok: false, status: 'needs_reauth' });
    expect(await accountsOf(userId)).toEqual([]);
  });

  it('names the permissions a key must not have, from apiRestrictions', async () => {
    const exchange = createExchange('binance', BINANCE_KEY, access());
    expect(await readKeyPermissions('binance', exchange)).toEqual({ known: true, remove: [] });
    binance.restrictions = {
      ...binance.restrictions,
      enableWithdrawals: true,
      enableSpotAndMarginTrading: true,
    };
    expect(await readKeyPermissions('binance', exchange)).toEqual({
      known: true,
      remove: ['Enable Withdrawals', 'Enable Spot & Margin Trading'],
    });
    binance.restrictions = {
      ...binance.restrictions,
      enableWithdrawals: false,
      enableSpotAndMarginTrading: false,
    };
  });
});

describe('Kraken (API-Sign: HMAC-SHA512 over path and SHA256(nonce + data))', () => {
  it('reads the balance, every trade page by offset, and pairs a fiat deposit with the bank leg', async () => {
    kraken.balances = { XXBT: '0.2500000000', ZEUR: '100.5000', ZUSD: '20.0000' };
    const start = Date.parse('2026-11-01T00:00:00Z') / 1000;
    kraken.trades = Array.from({ length: 120 }, (_, index) => ({
      txid: `T${String(index).padStart(4, '0')}`,
      pair: 'XXBTZUSD' as const,
      time: start + index * 3600 + 0.25,
      type: 'buy' as const,
      price: '60000.0',
      vol: '0.00100000',
      cost: '60.00000',
      fee: '0.10000',
    }));
    kraken.deposits = [
      { refid: 'D1', asset: 'ZEUR', amount: '100.5000', time: ms('2026-11-10') / 1000, method: 'SEPA' },
    ];
    kraken.withdrawals = [];
    kraken.tradePages.length = 0;
    const { userId, connectionId } = await connect('kraken', KRAKEN_KEY);
    // The user's bank shows the money leaving a day earlier.
    const bank = await insertConnection(t.db, {
      userId,
      provider: 'manual',
      institutionId: null,
      displayName: 'Bank',
    });
    const [{ id: bankAccount }] = (
      await t.db.execute<{ id: string }>(sql`
        insert into financial_account (user_id, connection_id, provider, name, type, currency, current_balance_minor)
        values (${userId}, ${bank.id}, 'manual', 'Checking', 'depository', 'EUR', 0) returning id`)
    ).rows as [{ id: string }];
    await t.db.execute(sql`
      insert into "transaction" (user_id, account_id, external_id, date, amount_minor, currency, name, original_name, status)
      values (${userId}, ${bankAccount}, 'bank-1', '2026-11-09', -10050, 'EUR', 'To Kraken', 'To Kraken', 'posted')`);

    expect(await sync(userId, connectionId, KRAKEN_KEY)).toMatchObject({ ok: true, added: 121 });
    expect(kraken.tradePages.map((page) => page.ofs)).toEqual([0, 50, 100, 120]);
    expect(await holdingsOf(userId)).toEqual([
      { account: 'Kraken Spot', ticker: 'BTC', quantity: '0.25' },
      { account: 'Kraken Spot', ticker: 'EUR', quantity: '100.5' },
      { account: 'Kraken Spot', ticker: 'USD', quantity: '20' },
    ]);
    const paired = await t.db.execute<{ name: string; pair: string | null }>(sql`
      select name, transfer_pair_id::text as pair from "transaction"
      where user_id = ${userId} and (name like 'Deposit%' or name = 'To Kraken') order by name`);
    expect(paired.rows).toHaveLength(2);
    expect(paired.rows[0]!.pair).not.toBeNull();
    expect(paired.rows[0]!.pair).toBe(paired.rows[1]!.pair);

    kraken.tradePages.length = 0;
    expect(await sync(userId, connectionId, KRAKEN_KEY)).toMatchObject({ ok: true });
    expect(kraken.tradePages[0]?.start).toBe(String(Math.floor(start + 119 * 3600 + 0.25)));
  });

  it('puts staked and earning balances (DOT.S, XBT.M, ETH2, USDC.F) in a staking account', async () => {
    gecko.coins.set('usd-coin', { prices: { usd: 1, eur: 0.92 } });
    kraken.balances = {
      XXBT: '0.2500000000',
      'XBT.M': '0.1000000000',
      'DOT.S': '10.5000000000',
      'ETH2.S': '1.0000000000',
      ETH2: '0.5000000000',
      'USDC.F': '50.00000000',
    };
    kraken.trades = [];
    kraken.deposits = [];
    kraken.withdrawals = [];
    const { userId, connectionId } = await connect('kraken', KRAKEN_KEY);
    expect(await sync(userId, connectionId, KRAKEN_KEY)).toMatchObject({ ok: true });
    // One BalanceEx answer gives both accounts.
    expect(kraken.requests.filter((request) => request.path === '/0/private/BalanceEx')).toHaveLength(1);
    const accounts = await accountsOf(userId);
    expect(accounts.map((a) => [a.name, a.type, a.balance])).toEqual([
      ['Kraken Spot', 'exchange_spot', '1500000'],
      ['Kraken Staking', 'staking', '1055000'], // 0.1 × 60,000 + 1.5 × 3,000 + 50; DOT has no price
    ]);
    expect(await holdingsOf(userId)).toEqual([
      { account: 'Kraken Spot', ticker: 'BTC', quantity: '0.25' },
      { account: 'Kraken Staking', ticker: 'BTC', quantity: '0.1' },
      { account: 'Kraken Staking', ticker: 'DOT', quantity: '10.5' },
      { account: 'Kraken Staking', ticker: 'ETH', quantity: '1.5' },
      { account: 'Kraken Staking', ticker: 'USDC', quantity: '50' },
    ]);

    // Everything unstaked: the staking account comes to zero instead of keeping what it held.
    kraken.balances = { XXBT: '0.2500000000' };
    expect(await sync(userId, connectionId, KRAKEN_KEY)).toMatchObject({ ok: true });
    expect((await accountsOf(userId)).map((a) => [a.name, a.balance])).toEqual([
      ['Kraken Spot', '1500000'],
      ['Kraken Staking', '0'],
    ]);
    expect(await holdingsOf(userId)).toEqual([{ account: 'Kraken Spot', ticker: 'BTC', quantity: '0.25' }]);
  });

  it('refuses a bad signature and tells a key that can withdraw', async () => {
    const wrong = { ...KRAKEN_KEY, secret: Buffer.from('another-secret').toString('base64') };
    const { userId, connectionId } = await connect('kraken', wrong);
    expect(await sync(userId, connectionId, wrong)).toMatchObject({ ok: false, status: 'needs_reauth' });
    const exchange = createExchange('kraken', KRAKEN_KEY, access());
    kraken.canWithdraw = false;
    expect(await readKeyPermissions('kraken', exchange)).toEqual({ known: false, remove: [] });
    kraken.canWithdraw = true;
    expect(await readKeyPermissions('kraken', exchange)).toEqual({
      known: false,
      remove: ['Withdraw Funds'],
    });
    kraken.canWithdraw = false;
  });
});
