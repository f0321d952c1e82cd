import { insertConnection } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector, ConnectorTransaction, SyncPage } from '../connectors/types';
import { createLogger } from '../logger';
import { runSync } from '../sync/engine';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { startWebhookReceiver } from '../testing/webhook-receiver';
import { type Envelope } from '../use-cases/transactions/test-fixtures';
import { webhookDepsFrom, webhooksAfterSync, webhooksIdle } from './deliver';

/**
 * The `transactions.added`, `transactions.changed` and `transactions.removed` events of a sync (ADR 050)
 * reach a receiver on 127.0.0.1 with the ids of the transactions, after the sync's batches committed: a
 * row the provider sends again unchanged is in none of them.
 */

let w: AuthWorld;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  w = await createAuthWorld({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
}, 60_000);
afterAll(async () => {
  await w.close();
  await receiver.close();
});

function tx(externalId: string, overrides: Partial<ConnectorTransaction> = {}): ConnectorTransaction {
  return {
    externalId,
    accountExternalId: 'acc-checking',
    date: '2026-11-01',
    amountMinor: -1_250,
    currency: 'USD',
    name: `Coffee ${externalId}`,
    status: 'posted',
    ...overrides,
  };
}

/** A provider whose one page is whatever `next` holds when the sync reads it. */
function scriptedProvider(next: { page: Omit<SyncPage, 'nextCursor' | 'hasMore'> }): Connector {
  return {
    provider: 'fake',
    institution: { externalId: 'fake-bank', name: 'Fake Bank' },
    async accounts() {
      return [
        {
          externalId: 'acc-checking',
          name: 'Everyday Checking',
          type: 'depository',
          currency: 'USD',
          currentBalanceMinor: 100_000,
        },
      ];
    },
    async sync() {
      return { ...next.page, nextCursor: 'c', hasMore: false };
    },
  };
}

type Event = {
  id: string;
  type: string;
  data: { connectionId: string; count: number; total: number; transactionIds: string[] };
};

describe('transaction events after a sync', () => {
  it('sends added, changed and removed with the transaction ids, each once', async () => {
    const { browser } = await w.signUp();
    const me = await browser.json<Envelope<{ id: string }>>('/api/v1/user');
    const userId = me.body.data.id;
    const created = await browser.json('/api/v1/webhooks', {
      body: {
        url: receiver.url,
        events: ['transactions.added', 'transactions.changed', 'transactions.removed'],
      },
    });
    expect(created.status).toBe(201);
    const db = w.t.database.db;
    const connection = await insertConnection(db, {
      userId,
      provider: 'fake',
      institutionId: null,
      displayName: 'Fake Bank',
    });
    const deps = webhookDepsFrom({
      db,
      logger: createLogger('silent'),
      now: () => new Date(),
      config: w.t.config,
    });
    const afterSync = webhooksAfterSync(deps);
    const next = {
      page: {
        added: [tx('a'), tx('b'), tx('c')],
        modified: [] as ConnectorTransaction[],
        removed: [] as SyncPage['removed'],
      },
    };
    const sync = async () => {
      const outcome = await runSync({
        db,
        connector: scriptedProvider(next),
        connection,
        instanceId: w.t.instanceId,
        logger: createLogger('silent'),
        today: '2026-11-20',
      });
      expect(outcome.ok).toBe(true);
      await afterSync({ userId, connection, outcome });
      await webhooksIdle();
    };
    const idsOf = async () => {
      const rows = await w.t.database.pool.query<{ id: string; external_id: string }>(
        'select id, external_id from "transaction" where user_id = $1',
        [userId],
      );
      return new Map(rows.rows.map((row) => [row.external_id, row.id]));
    };
    const eventsSince = (before: number) =>
      receiver.received.slice(before).map((request) => JSON.parse(request.body) as Event);

    let before = receiver.received.length;
    await sync();
    const first = await idsOf();
    let events = eventsSince(before);
    expect(events.map((event) => event.type)).toEqual(['transactions.added']);
    expect(events[0]?.data).toMatchObject({ connectionId: connection.id, count: 3, total: 3 });
    expect(new Set(events[0]?.data.transactionIds)).toEqual(
      new Set([first.get('a'), first.get('b'), first.get('c')]),
    );

    // 'a' comes again unchanged, 'b' with a new amount, 'c' is withdrawn and 'd' is new.
    next.page = {
      added: [tx('a'), tx('d')],
      modified: [tx('b', { amountMinor: -9_999 })],
      removed: [{ externalId: 'c', accountExternalId: 'acc-checking' }],
    };
    before = receiver.received.length;
    await sync();
    const second = await idsOf();
    events = eventsSince(before);
    const byType = new Map(events.map((event) => [event.type, event.data.transactionIds]));
    expect(events).toHaveLength(3);
    expect(byType.get('transactions.added')).toEqual([second.get('d')]);
    expect(byType.get('transactions.changed')).toEqual([first.get('b')]);
    expect(byType.get('transactions.removed')).toEqual([first.get('c')]);
    expect(new Set(events.map((event) => event.id)).size).toBe(3);

    // The same page again changes nothing: no event at all.
    before = receiver.received.length;
    await sync();
    expect(eventsSince(before)).toEqual([]);
  });
});
