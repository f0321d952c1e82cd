import { randomUUID } from 'node:crypto';
import { webhookDelivery, webhookEndpoint } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondInstance } from '../notifications/test-fixtures';
import { sealSecret } from '../secrets/secret-box';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import { signedInUser } from '../use-cases/transactions/test-fixtures';

/**
 * The delivery log keeps finished deliveries for 30 days (ADR 050): the scheduled `webhook-deliveries`
 * job deletes older succeeded and failed ones, and never a delivery still waiting for an attempt.
 */

const NOW = new Date('2026-11-20T15:00:00Z');
const DAY = 24 * 60 * 60_000;
let w: AuthWorld;
let server: ReturnType<typeof secondInstance>;
beforeAll(async () => {
  w = await createAuthWorld({}, { now: () => NOW });
  server = secondInstance(w, () => NOW);
});
afterAll(async () => {
  await server.close();
  await w.close();
});

describe('webhook delivery log pruning', () => {
  it('deletes finished deliveries older than 30 days and keeps the rest', async () => {
    const { userId } = await signedInUser(w);
    const db = w.t.database.db;
    const sealed = sealSecret('whsec_prune-test', w.t.config.secrets.encryptionKey);
    const [endpoint] = await db
      .insert(webhookEndpoint)
      .values({
        userId,
        url: 'https://hooks.example.com/lodestar',
        events: ['transactions.added'],
        secretCiphertext: sealed.ciphertext,
        secretKeyId: sealed.keyId,
        secretPrefix: 'whsec_prune',
      })
      .returning();
    const rows = [
      { name: 'succeeded 31 days ago', status: 'succeeded', ageDays: 31, kept: false },
      { name: 'failed 45 days ago', status: 'failed', ageDays: 45, kept: false },
      { name: 'succeeded 29 days ago', status: 'succeeded', ageDays: 29, kept: true },
      { name: 'failed yesterday', status: 'failed', ageDays: 1, kept: true },
      // Never finished: stays until its attempts end, whatever its age.
      { name: 'pending 40 days ago', status: 'pending', ageDays: 40, kept: true },
    ];
    const inserted = await db
      .insert(webhookDelivery)
      .values(
        rows.map((row) => ({
          userId,
          endpointId: endpoint?.id ?? '',
          eventId: randomUUID(),
          eventType: 'transactions.added',
          body: JSON.stringify({ name: row.name }),
          status: row.status,
          createdAt: new Date(NOW.getTime() - row.ageDays * DAY),
          // Not due: the sweep must not try to send it in this test.
          nextAttemptAt: row.status === 'pending' ? new Date(NOW.getTime() + DAY) : null,
        })),
      )
      .returning({ id: webhookDelivery.id, body: webhookDelivery.body });

    await server.handlers['webhook-deliveries']();

    const left = await w.t.database.pool.query<{ body: string }>(
      'select body from webhook_delivery where endpoint_id = $1',
      [endpoint?.id],
    );
    const names = left.rows.map((row) => (JSON.parse(row.body) as { name: string }).name).sort();
    expect(inserted).toHaveLength(rows.length);
    expect(names).toEqual(
      rows
        .filter((row) => row.kept)
        .map((row) => row.name)
        .sort(),
    );
  });
});
