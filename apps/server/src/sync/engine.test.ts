import { insertConnection, findConnection } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import {
  ProviderError,
  type Connector,
  type ConnectorAccount,
  type ConnectorTransaction,
  type SyncPage,
} from '../connectors/types';
import { createLogger } from '../logger';
import { runSync, SYNC_MESSAGES } from './engine';

let w: AuthWorld;
beforeAll(async () => {
  w = await createAuthWorld();
});
afterAll(async () => {
  await w.close();
});

const TODAY = '2026-11-20';

/**
 * A provider that serves fixed pages of transactions (as an aggregator's /transactions/sync does:
 * added/modified/removed plus a cursor) and can be told to fail.
 */
function fakeProvider(options: {
  accounts: ConnectorAccount[];
  pages: Omit<SyncPage, 'nextCursor' | 'hasMore'>[];
  failAccounts?: ProviderError[];
  failSync?: ProviderError[];
}): Connector & { calls: { accounts: number; sync: (string | null)[] } } {
  const calls = { accounts: 0, sync: [] as (string | null)[] };
  const failAccounts = [...(options.failAccounts ?? [])];
  const failSync = [...(options.failSync ?? [])];
  return {
    provider: 'fake',
    institution: { externalId: 'fake-bank', name: 'Fake Bank' },
    calls,
    async accounts() {
      calls.accounts += 1;
      const failure = failAccounts.shift();
      if (failure) throw failure;
      return options.accounts;
    },
    async sync(_context, cursor) {
      calls.sync.push(cursor);
      const failure = failSync.shift();
      if (failure) throw failure;
      const index = cursor === null ? 0 : Number(cursor);
      const page = options.pages[index] ?? { added: [], modified: [], removed: [] };
      const next = Math.min(index + 1, options.pages.length);
      return { ...page, nextCursor: String(next), hasMore: next < options.pages.length };
    },
  };
}

const checking: ConnectorAccount = {
  externalId: 'acc-checking',
  name: 'Everyday Checking',
  type: 'depository',
  subtype: 'checking',
  currency: 'USD',
  mask: '1234',
  currentBalanceMinor: 250_000,
  availableBalanceMinor: 240_000,
};
const card: ConnectorAccount = {
  externalId: 'acc-card',
  name: 'Rewards Card',
  type: 'credit',
  currency: 'USD',
  mask: '9876',
  currentBalanceMinor: -45_000,
  creditLimitMinor: 500_000,
};

let counter = 0;
function tx(overrides: Partial<ConnectorTransaction> & { externalId: string }): ConnectorTransaction {
  counter += 1;
  return {
    accountExternalId: 'acc-checking',
    date: '2026-11-01',
    amountMinor: -1_000 - counter,
    currency: 'USD',
    name: `Coffee ${counter}`,
    status: 'posted',
    providerCategory: {
      primary: 'FOOD_AND_DRINK',
      detailed: 'FOOD_AND_DRINK_COFFEE',
      confidence: 'VERY_HIGH',
    },
    ...overrides,
  };
}

async function newConnection() {
  const { browser } = await w.signUp();
  const me = await browser.json<{ data: { id: string } }>('/api/v1/user');
  const userId = me.body.data.id;
  const connection = await insertConnection(w.t.database.db, {
    userId,
    provider: 'fake',
    institutionId: null,
    displayName: 'Fake Bank',
  });
  return { userId, connection, browser };
}

async function transactionsOf(userId: string) {
  const result = await w.t.database.pool.query<{
    external_id: string;
    status: string;
    amount_minor: number;
    category: string | null;
    excluded: boolean;
    transfer_pair_id: string | null;
    notes: string | null;
  }>(
    'select external_id, status, amount_minor, category, excluded, transfer_pair_id, notes from "transaction" where user_id = $1 order by external_id',
    [userId],
  );
  return result.rows;
}

const logger = createLogger('silent');
const sync = (
  connector: Connector,
  connection: Awaited<ReturnType<typeof newConnection>>['connection'],
  extra: Partial<Parameters<typeof runSync>[0]> = {},
) =>
  runSync({
    db: w.t.database.db,
    connector,
    connection,
    instanceId: w.t.instanceId,
    logger,
    today: TODAY,
    retryDelayMs: 1,
    ...extra,
  });

describe('sync engine', () => {
  it('writes accounts with balances and transactions, and a replayed batch changes nothing', async () => {
    const { userId, connection } = await newConnection();
    const pages = [
      { added: [tx({ externalId: 't1' }), tx({ externalId: 't2' })], modified: [], removed: [] },
    ];
    const provider = fakeProvider({ accounts: [checking], pages });
    const first = await sync(provider, connection);
    expect(first).toMatchObject({ ok: true, batches: 1, added: 2 });
    const replay = fakeProvider({ accounts: [checking], pages });
    const fresh = (await findConnection(w.t.database.db, userId, connection.id))!;
    await sync(replay, { ...fresh, cursor: null });
    const rows = await transactionsOf(userId);
    expect(rows.map((row) => row.external_id)).toEqual(['t1', 't2']);
    expect(rows[0]?.category).toBe('FOOD_AND_DRINK');
    const account = await w.t.database.pool.query(
      'select current_balance_minor, available_balance_minor, status from financial_account where user_id = $1',
      [userId],
    );
    expect(account.rows[0]).toEqual({
      current_balance_minor: 250_000,
      available_balance_minor: 240_000,
      status: 'active',
    });
  });

  it('resumes after a crash between batches and ends with exactly the provider data', async () => {
    const { userId, connection } = await newConnection();
    const pages = [0, 1, 2, 3].map((page) => ({
      added: [tx({ externalId: `p${page}-a` }), tx({ externalId: `p${page}-b` })],
      modified: [],
      removed: page === 3 ? [{ externalId: 'p0-a', accountExternalId: 'acc-checking' }] : [],
    }));
    const crashed = await sync(fakeProvider({ accounts: [checking], pages }), connection, {
      crashAfterBatches: 2,
    });
    expect(crashed).toMatchObject({ ok: false, status: 'error' });
    expect((await transactionsOf(userId)).map((row) => row.external_id)).toEqual([
      'p0-a',
      'p0-b',
      'p1-a',
      'p1-b',
    ]);
    const saved = (await findConnection(w.t.database.db, userId, connection.id))!;
    expect(saved.cursor).toBe('2');
    const provider = fakeProvider({ accounts: [checking], pages });
    const resumed = await sync(provider, saved);
    expect(resumed).toMatchObject({ ok: true, batches: 2 });
    expect(provider.calls.sync).toEqual(['2', '3']);
    expect((await transactionsOf(userId)).map((row) => row.external_id)).toEqual([
      'p0-b',
      'p1-a',
      'p1-b',
      'p2-a',
      'p2-b',
      'p3-a',
      'p3-b',
    ]);
  });

  it('replaces a pending transaction by its posted one without counting twice, keeping the user’s notes', async () => {
    const { userId, connection } = await newConnection();
    const pending = tx({ externalId: 'pend-1', status: 'pending', amountMinor: -2_000, name: 'Bistro' });
    const first = fakeProvider({
      accounts: [checking],
      pages: [{ added: [pending], modified: [], removed: [] }],
    });
    await sync(first, connection);
    await w.t.database.pool.query(
      "update \"transaction\" set notes = 'Dinner with Sam', category = 'TRAVEL', category_source = 'user' where external_id = 'pend-1'",
    );
    const posted = tx({
      externalId: 'post-1',
      status: 'posted',
      amountMinor: -2_400,
      name: 'Bistro',
      pendingExternalId: 'pend-1',
    });
    const saved = (await findConnection(w.t.database.db, userId, connection.id))!;
    const second = fakeProvider({
      accounts: [checking],
      pages: [
        { added: [], modified: [], removed: [] },
        { added: [posted], modified: [], removed: [] },
      ],
    });
    await sync(second, { ...saved, cursor: '1' });
    const rows = await transactionsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      external_id: 'post-1',
      status: 'posted',
      amount_minor: -2_400,
      notes: 'Dinner with Sam',
      category: 'TRAVEL',
    });
  });

  it('keeps the newest rows up to the plan limit, says so on the connection, and brings the rest in once there is room', async () => {
    const { userId, connection } = await newConnection();
    const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}`;
    const pages = [
      {
        added: [1, 9, 4, 7].map((n) => tx({ externalId: `d${n}`, date: day(n) })),
        modified: [],
        removed: [],
      },
      {
        added: [2, 8].map((n) => tx({ externalId: `d${n}`, date: day(n) })),
        // A change to a stored row still applies at the limit.
        modified: [tx({ externalId: 'd9', date: day(9), name: 'Renamed at the limit' })],
        removed: [],
      },
    ];
    const limited = await sync(fakeProvider({ accounts: [checking], pages }), connection, {
      limits: { transactions: 3 },
    });
    expect(limited).toMatchObject({ ok: true, batches: 2, added: 4 });
    // The first page fits its three newest new rows; the second has no room left for new rows.
    expect((await transactionsOf(userId)).map((row) => row.external_id)).toEqual(['d4', 'd7', 'd9']);
    const names = await w.t.database.pool.query<{ name: string }>(
      'select name from "transaction" where user_id = $1 and external_id = \'d9\'',
      [userId],
    );
    expect(names.rows[0]?.name).toBe('Renamed at the limit');
    const saved = (await findConnection(w.t.database.db, userId, connection.id))!;
    expect(saved.status).toBe('active');
    expect(saved.lastError).toBeNull();
    expect(saved.providerNotices).toEqual([
      'Transaction limit reached: your plan allows 3 transactions, so 3 older transactions were not imported. Upgrade and the next sync brings them in.',
    ]);

    // Still at the limit: an incremental sync, nothing more is read again.
    const same = fakeProvider({ accounts: [checking], pages });
    await sync(same, saved, { limits: { transactions: 3 } });
    expect(same.calls.sync).toEqual(['2']);
    expect((await findConnection(w.t.database.db, userId, connection.id))!.providerNotices).toEqual(
      saved.providerNotices,
    );

    // Upgraded (no limit): the next sync reads everything again and every row is there.
    const upgraded = fakeProvider({ accounts: [checking], pages });
    const after = await sync(upgraded, (await findConnection(w.t.database.db, userId, connection.id))!, {
      limits: { transactions: null },
    });
    expect(after).toMatchObject({ ok: true });
    expect(upgraded.calls.sync[0]).toBeNull();
    expect((await transactionsOf(userId)).map((row) => row.external_id)).toEqual([
      'd1',
      'd2',
      'd4',
      'd7',
      'd8',
      'd9',
    ]);
    expect((await findConnection(w.t.database.db, userId, connection.id))!.providerNotices).toEqual([]);
  });

  it('deletes transactions the provider removed', async () => {
    const { userId, connection } = await newConnection();
    const pages = [
      { added: [tx({ externalId: 'keep' }), tx({ externalId: 'gone' })], modified: [], removed: [] },
      { added: [], modified: [], removed: [{ externalId: 'gone', accountExternalId: 'acc-checking' }] },
    ];
    await sync(fakeProvider({ accounts: [checking], pages }), connection);
    expect((await transactionsOf(userId)).map((row) => row.external_id)).toEqual(['keep']);
  });

  it('never touches balances when the provider fails, and says what to do', async () => {
    const { userId, connection } = await newConnection();
    await sync(
      fakeProvider({
        accounts: [checking],
        pages: [{ added: [tx({ externalId: 'x' })], modified: [], removed: [] }],
      }),
      connection,
    );
    const saved = (await findConnection(w.t.database.db, userId, connection.id))!;
    const broken = { ...checking, currentBalanceMinor: 0, currency: 'EUR' };
    const down = fakeProvider({
      accounts: [broken],
      pages: [],
      failAccounts: [
        new ProviderError('unavailable', 'HTTP 503'),
        new ProviderError('unavailable', 'HTTP 503'),
        new ProviderError('unavailable', 'HTTP 503'),
      ],
    });
    const outcome = await sync(down, saved);
    expect(outcome).toEqual({ ok: false, status: 'error', message: SYNC_MESSAGES.failed });
    expect(down.calls.accounts).toBe(3);
    const account = await w.t.database.pool.query(
      'select current_balance_minor, currency, status from financial_account where user_id = $1',
      [userId],
    );
    expect(account.rows[0]).toEqual({ current_balance_minor: 250_000, currency: 'USD', status: 'error' });
    const after = (await findConnection(w.t.database.db, userId, connection.id))!;
    expect(after).toMatchObject({
      status: 'error',
      lastError: SYNC_MESSAGES.failed,
      consecutiveFailures: 1,
      syncStartedAt: null,
    });

    const reauth = fakeProvider({
      accounts: [checking],
      pages: [],
      failSync: [new ProviderError('needs_reauth', 'ITEM_LOGIN_REQUIRED')],
    });
    const reauthOutcome = await sync(reauth, after);
    expect(reauthOutcome).toMatchObject({ ok: false, status: 'needs_reauth' });
    expect(reauth.calls.sync).toHaveLength(1);
    expect((await findConnection(w.t.database.db, userId, connection.id))?.lastError).toBe(
      SYNC_MESSAGES.needsReauth,
    );
  });

  it('retries rate limits with backoff and then succeeds', async () => {
    const { userId, connection } = await newConnection();
    const provider = fakeProvider({
      accounts: [checking],
      pages: [{ added: [tx({ externalId: 'r1' })], modified: [], removed: [] }],
      failSync: [new ProviderError('rate_limited', '429'), new ProviderError('timeout', 'timed out')],
    });
    const outcome = await sync(provider, connection);
    expect(outcome).toMatchObject({ ok: true });
    expect(provider.calls.sync).toEqual([null, null, null]);
    expect(await transactionsOf(userId)).toHaveLength(1);
  });

  it('lets only one sync of a connection run at a time', async () => {
    const { connection } = await newConnection();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: Connector = {
      ...fakeProvider({ accounts: [checking], pages: [] }),
      async accounts() {
        await gate;
        return [checking];
      },
    };
    const first = sync(slow, connection);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(sync(fakeProvider({ accounts: [checking], pages: [] }), connection)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    release();
    expect(await first).toMatchObject({ ok: true });
  });

  it('pairs transfers between own accounts and leaves them out of spending', async () => {
    const { userId, connection } = await newConnection();
    const pages = [
      {
        added: [
          tx({ externalId: 'pay-out', amountMinor: -45_000, name: 'Card payment', transferGroup: 'tg-1' }),
          tx({
            externalId: 'pay-in',
            accountExternalId: 'acc-card',
            amountMinor: 45_000,
            name: 'Payment thank you',
            transferGroup: 'tg-1',
          }),
          tx({ externalId: 'groceries', accountExternalId: 'acc-card', amountMinor: -8_000, name: 'Grocer' }),
        ],
        modified: [],
        removed: [],
      },
    ];
    await sync(fakeProvider({ accounts: [checking, card], pages }), connection);
    const rows = await transactionsOf(userId);
    const out = rows.find((row) => row.external_id === 'pay-out');
    const into = rows.find((row) => row.external_id === 'pay-in');
    expect(out?.excluded).toBe(true);
    expect(into?.excluded).toBe(true);
    expect(out?.transfer_pair_id).toBeTruthy();
    expect(out?.transfer_pair_id).toBe(into?.transfer_pair_id);
    expect(rows.find((row) => row.external_id === 'groceries')).toMatchObject({
      excluded: false,
      transfer_pair_id: null,
    });
  });

  it('keeps daily balance snapshots that end at the reported balance', async () => {
    const { userId, connection } = await newConnection();
    const pages = [
      {
        added: [
          tx({ externalId: 's1', date: '2026-11-18', amountMinor: -10_000 }),
          tx({ externalId: 's2', date: '2026-11-19', amountMinor: 30_000 }),
        ],
        modified: [],
        removed: [],
      },
    ];
    await sync(fakeProvider({ accounts: [checking], pages }), connection);
    const snapshots = await w.t.database.pool.query<{ date: string; balance_minor: number }>(
      'select date::text as date, balance_minor from balance_snapshot where user_id = $1 order by date',
      [userId],
    );
    // History starts at the earliest changed day and ends today at the reported 250,000.
    expect(snapshots.rows).toEqual([
      { date: '2026-11-18', balance_minor: 220_000 },
      { date: '2026-11-19', balance_minor: 250_000 },
      { date: '2026-11-20', balance_minor: 250_000 },
    ]);
  });

  it('values a brokerage’s past days again only when its quantities or closes change', async () => {
    const { userId, connection } = await newConnection();
    const brokerage: ConnectorAccount = {
      externalId: 'acc-broker',
      name: 'Brokerage',
      type: 'investment',
      subtype: 'brokerage',
      currency: 'USD',
      currentBalanceMinor: 150_000,
    };
    const held = {
      quantity: '10',
      closes: { '2026-11-17': '100', '2026-11-18': '101', '2026-11-19': '102' },
    };
    const connector: Connector = {
      ...fakeProvider({
        accounts: [brokerage],
        pages: [
          {
            added: [
              tx({
                externalId: 'b1',
                accountExternalId: 'acc-broker',
                date: '2026-11-17',
                amountMinor: -500,
              }),
            ],
            modified: [],
            removed: [],
          },
        ],
      }),
      async holdings() {
        return {
          holdings: [
            {
              accountExternalId: 'acc-broker',
              security: {
                externalId: 'sec-xyz',
                ticker: 'XYZ',
                name: 'XYZ Corp',
                type: 'equity',
                currency: 'USD',
              },
              quantity: held.quantity,
              price: '103',
              asOf: TODAY,
            },
          ],
          prices: Object.entries(held.closes).map(([date, close]) => ({
            securityExternalId: 'sec-xyz',
            date,
            close,
          })),
        };
      },
    };
    const snapshots = async () => {
      const result = await w.t.database.pool.query<{ date: string; balance_minor: number }>(
        'select date::text as date, balance_minor from balance_snapshot where user_id = $1 order by date',
        [userId],
      );
      return Object.fromEntries(result.rows.map((row) => [row.date, row.balance_minor]));
    };
    const mark = (date: string) =>
      w.t.database.pool.query(
        'update balance_snapshot set balance_minor = 1 where user_id = $1 and date = $2',
        [userId, date],
      );

    expect((await sync(connector, connection)).ok).toBe(true);
    const valued = await snapshots();
    expect(Object.keys(valued)).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);

    // The same quantities and closes: only today is valued again (a marked past day stays marked).
    await mark('2026-11-17');
    await mark('2026-11-18');
    await sync(connector, connection);
    expect(await snapshots()).toEqual({ ...valued, '2026-11-17': 1, '2026-11-18': 1 });

    // A close that changed: the days from it on.
    held.closes['2026-11-18'] = '99';
    await sync(connector, connection);
    const afterClose = await snapshots();
    expect(afterClose['2026-11-17']).toBe(1);
    expect(afterClose['2026-11-18']).not.toBe(1);
    expect(afterClose['2026-11-18']).toBe(valued['2026-11-18']! - 2 * 10 * 100);

    // A resized position: every day.
    held.quantity = '12';
    await sync(connector, connection);
    const afterResize = await snapshots();
    // Today's figure stays the reported balance: the cash part gives up what the two units are worth at
    // the price the provider sent with them today (103: no close of today yet, so Assets shows it too),
    // and the 17th gains them at its close (100).
    expect(afterResize['2026-11-17']).toBe(valued['2026-11-17']! + 2 * 100 * 100 - 2 * 103 * 100);
  });
});
