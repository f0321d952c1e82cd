import {
  clearConnectionSecret,
  findConnectionByProviderItem,
  setConnectionStatus,
  updateConnection,
  type Database,
} from '@lodestar/db';
import type { Logger } from '../../logger';
import { PLAID_MESSAGES } from '../../connectors/plaid/client';
import { PLAID_PROVIDER } from '../../connectors/plaid/plaid-connector';
import { SYNC_MESSAGES } from '../../sync/engine';

/**
 * What a verified Plaid webhook does (plaid.com/docs/api/webhooks): new transaction data queues a sync
 * of the item's connection (one queued per connection at a time), a login or consent problem asks the
 * user to reconnect, revoked access disconnects the connection and forgets its token while the history
 * stays. Anything else is logged and acknowledged.
 */

export type PlaidWebhook = {
  webhook_type?: unknown;
  webhook_code?: unknown;
  item_id?: unknown;
  error?: { error_code?: unknown } | null;
};

export type WebhookOutcome =
  'queued' | 'already_queued' | 'needs_reauth' | 'disconnected' | 'repaired' | 'ignored';

const TRANSACTION_UPDATES = new Set([
  'SYNC_UPDATES_AVAILABLE',
  'DEFAULT_UPDATE',
  'INITIAL_UPDATE',
  'HISTORICAL_UPDATE',
  'TRANSACTIONS_REMOVED',
]);
const REAUTH_ITEM_CODES = new Set(['PENDING_EXPIRATION', 'PENDING_DISCONNECT']);
const REVOKED_ITEM_CODES = new Set(['USER_PERMISSION_REVOKED', 'USER_ACCOUNT_REVOKED']);

export async function handlePlaidWebhook(options: {
  db: Database;
  logger: Logger;
  body: PlaidWebhook;
  queueSync: (userId: string, connectionId: string) => Promise<boolean>;
}): Promise<WebhookOutcome> {
  const { db, body } = options;
  const type = typeof body.webhook_type === 'string' ? body.webhook_type : '';
  const code = typeof body.webhook_code === 'string' ? body.webhook_code : '';
  const log = options.logger.child({ component: 'plaid-webhook', webhookType: type, webhookCode: code });
  const itemId = typeof body.item_id === 'string' ? body.item_id : '';
  const connection = itemId ? await findConnectionByProviderItem(db, PLAID_PROVIDER, itemId) : undefined;
  if (!connection) {
    log.info('Plaid webhook for no known item; acknowledged');
    return 'ignored';
  }
  const { userId, id } = connection;
  if (connection.status === 'disconnected') return 'ignored';

  if (
    (type === 'TRANSACTIONS' && TRANSACTION_UPDATES.has(code)) ||
    type === 'HOLDINGS' ||
    type === 'INVESTMENTS_TRANSACTIONS'
  ) {
    return (await options.queueSync(userId, id)) ? 'queued' : 'already_queued';
  }
  if (type === 'ITEM') {
    const errorCode = typeof body.error?.error_code === 'string' ? body.error.error_code : '';
    if ((code === 'ERROR' && errorCode === 'ITEM_LOGIN_REQUIRED') || REAUTH_ITEM_CODES.has(code)) {
      await db.transaction(async (tx) => {
        await updateConnection(tx, userId, id, {
          lastError: SYNC_MESSAGES.needsReauth,
          lastErrorAt: new Date(),
        });
        await setConnectionStatus(tx, userId, id, 'needs_reauth');
      });
      return 'needs_reauth';
    }
    if (REVOKED_ITEM_CODES.has(code) || (code === 'ERROR' && REVOKED_ITEM_CODES.has(errorCode))) {
      await db.transaction(async (tx) => {
        await updateConnection(tx, userId, id, {
          lastError: PLAID_MESSAGES.revoked,
          lastErrorAt: new Date(),
        });
        await clearConnectionSecret(tx, userId, id);
        await setConnectionStatus(tx, userId, id, 'disconnected');
      });
      return 'disconnected';
    }
    if (code === 'LOGIN_REPAIRED' && connection.status === 'needs_reauth') {
      await db.transaction(async (tx) => {
        await updateConnection(tx, userId, id, { lastError: null, lastErrorAt: null });
        await setConnectionStatus(tx, userId, id, 'active');
      });
      await options.queueSync(userId, id);
      return 'repaired';
    }
  }
  log.info('Plaid webhook of a kind not acted on; acknowledged');
  return 'ignored';
}
