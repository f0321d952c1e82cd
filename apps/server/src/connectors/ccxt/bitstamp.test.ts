import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { connectExchange, supportedExchanges } from '../../use-cases/crypto/exchanges';
import { noon, SEALING_KEY, startExchangeTestBed, type ExchangeTestBed } from '../../testing/exchange-sync';
import { startFakeBitstamp, type BitstampRow, type FakeBitstamp } from '../../testing/fake-bitstamp';
import { EXCHANGE_MESSAGES } from './client';
import { READ_ONLY_ADVICE } from './exchanges';

const KEY = { apiKey: 'bsKey7Hq2Lm9Xr4Tz', secret: 'bsSecret3Vn8Pw1Qk6' };

let bed: ExchangeTestBed;
let bitstamp: FakeBitstamp;

beforeAll(async () => {
  bed = await startExchangeTestBed();
  bitstamp = await startFakeBitstamp(KEY);
  bed.apiUrls.bitstamp = bitstamp.url;
});
afterAll(async () => {
  await bitstamp.close();
  await bed.close();
});
beforeEach(() => {
  bitstamp.down = false;
  bitstamp.tooManyRequests = 0;
  bitstamp.requests.length = 0;
  bitstamp.balances = {};
  bitstamp.transactions = [];
});

/** `count` btc_usd market trades an hour apart from `from`. */
function trades(count: number, from: number, first = 1): BitstampRow[] {
  return Array.from({ length: count }, (_, index) => {
    const selling = index % 4 === 0;
    return {
      id: 30_000 + first + index,
      type: '2' as const,
      time: from + index * 3_600_000,
      amounts: { btc: selling ? '-0.001' : '0.001', usd: selling ? '50.00' : '-50.00' },
      pair: { id: 'btc_usd', price: '50000' },
    };
  });
}

async function connectWith(key: typeof KEY) {
  const userId = await bed.newUser();
  return connectExchange({
    db: bed.t.db,
    userId,
    input: { exchange: 'bitstamp', ...key },
    limits: { accounts: null, transactions: null },
    encryptionKey: SEALING_KEY,
    access: bed.access(),
  });
}

function refusal(error: unknown): string | undefined {
  return error instanceof AppError ? error.extra.items?.[0]?.message : undefined;
}

describe('Bitstamp (X-Auth-Signature: hex HMAC-SHA256 of the v2 message)', () => {
  it('reads the balances into one spot account with one holding per asset', async () => {
    bitstamp.balances = { BTC: '0.5', USD: '1000.25', ETH: '0.00000000', USDT: '40' };
    const { userId, connectionId } = await bed.connect('bitstamp', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true });
    expect((await bed.accountsOf(userId)).map((a) => [a.name, a.type, a.balance, a.currency])).toEqual([
      ['Bitstamp Spot', 'exchange_spot', '3104025', 'USD'], // 0.5 × 60,000 + 1,000.25 + 40
    ]);
    expect(await bed.holdingsOf(userId)).toEqual([
      { account: 'Bitstamp Spot', ticker: 'BTC', quantity: '0.5' },
      { account: 'Bitstamp Spot', ticker: 'USD', quantity: '1000.25' },
      { account: 'Bitstamp Spot', ticker: 'USDT', quantity: '40' },
    ]);
  });

  it('reads every trade over more than one page, then only newer ones', async () => {
    bitstamp.balances = { BTC: '1', USD: '10' };
    bitstamp.transactions = trades(1_300, noon('2026-06-01'));
    const { userId, connectionId } = await bed.connect('bitstamp', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 1_300 });
    const pages = bitstamp.requests.filter((r) => r.path === '/api/v2/user_transactions/' && r.form.offset);
    expect(pages.map((page) => page.form.offset)).toContain('1000');
    const rows = await bed.transactionsOf(userId);
    expect(rows.find((row) => row.name.startsWith('Sold'))).toMatchObject({
      date: '2026-06-01',
      name: 'Sold 0.001 BTC at 50000 USD',
      amount: '5000',
      currency: 'USD',
    });
    expect(rows.find((row) => row.name.startsWith('Bought'))).toMatchObject({ amount: '-5000' });
    bitstamp.transactions.push(...trades(2, noon('2026-11-18'), 1_301));
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 2 });
    expect(await bed.transactionsOf(userId)).toHaveLength(1_302);
  });

  it('writes a deposit and a withdrawal', async () => {
    bitstamp.balances = { BTC: '0.1' };
    bitstamp.transactions = [
      { id: 801, type: '0', time: noon('2026-11-10'), amounts: { btc: '0.1' } },
      { id: 802, type: '1', time: noon('2026-11-12'), amounts: { usdt: '-250.5' } },
    ];
    const { userId, connectionId } = await bed.connect('bitstamp', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 2 });
    expect(await bed.transactionsOf(userId)).toEqual([
      { date: '2026-11-10', name: 'Deposit 0.1 BTC', amount: '600000', currency: 'USD' },
      { date: '2026-11-12', name: 'Withdrawal 250.5 USDT', amount: '-25050', currency: 'USD' },
    ]);
  });

  it('reads trades and deposits from one list over several pages, then only newer ones', async () => {
    bitstamp.balances = { USDT: '1', BTC: '1' };
    const start = noon('2026-02-01');
    bitstamp.transactions = [
      ...trades(300, start),
      ...Array.from({ length: 1_100 }, (_, index) => ({
        id: 60_000 + index,
        type: '0' as const,
        time: start + index * 3_600_000 + 60_000,
        amounts: { usdt: '1.00000000' },
      })),
    ];
    const { userId, connectionId } = await bed.connect('bitstamp', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 1_400 });
    bitstamp.transactions.push({ id: 70_000, type: '0', time: noon('2026-11-19'), amounts: { usdt: '2' } });
    bitstamp.transactions.push(...trades(1, noon('2026-11-19') + 1_000, 400));
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true, added: 2 });
  });

  it('gives the read-only advice on the form and takes the key, which Bitstamp cannot check', async () => {
    const form = supportedExchanges();
    expect(form.advice).toBe(READ_ONLY_ADVICE);
    expect(form.exchanges.find((exchange) => exchange.id === 'bitstamp')).toMatchObject({
      keyHelp: 'Settings → API access → New API key with only “Account balance” and “User transactions”',
      fields: [
        { name: 'apiKey', label: 'API key' },
        { name: 'secret', label: 'API secret' },
      ],
    });
    bitstamp.balances = { BTC: '0.1' };
    expect(await connectWith(KEY)).toMatchObject({ provider: 'ccxt' });
    expect(bitstamp.requests.map((request) => request.path)).toEqual(['/api/v2/account_balances/']);
  });

  it('refuses a bad signature with a clear message', async () => {
    bitstamp.balances = { BTC: '0.1' };
    const wrong = { ...KEY, secret: 'another-secret' };
    expect(refusal(await connectWith(wrong).catch((error: unknown) => error))).toBe(
      EXCHANGE_MESSAGES.badKey('Bitstamp'),
    );
    const { userId, connectionId } = await bed.connect('bitstamp', wrong);
    expect(await bed.sync(userId, connectionId, wrong)).toMatchObject({ ok: false, status: 'needs_reauth' });
    expect(await bed.accountsOf(userId)).toEqual([]);
  });

  it('leaves balances and holdings as they were through a persistent 429 and an outage', async () => {
    bitstamp.balances = { BTC: '0.2', USDT: '5' };
    const { userId, connectionId } = await bed.connect('bitstamp', KEY);
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: true });
    const before = { accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) };
    expect(before.holdings).toHaveLength(2);
    bitstamp.balances = { BTC: '0' };

    bitstamp.tooManyRequests = 1_000;
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );

    bitstamp.tooManyRequests = 0;
    bitstamp.down = true;
    expect(await bed.sync(userId, connectionId, KEY)).toMatchObject({ ok: false, status: 'error' });
    expect({ accounts: await bed.accountsOf(userId), holdings: await bed.holdingsOf(userId) }).toEqual(
      before,
    );
  });
});
