import { findConnection, setConnectionStatus, updateConnection, type Database } from '@lodestar/db';
import { connectorFor, type ConnectorConfig } from '../../connectors/registry';
import { openConnectionSecret } from '../../secrets/connection-secret';
import { ProviderError } from '../../connectors/types';
import { AppError } from '../../http/app-error';
import { todayFor } from './today';

/** Said when a source has no way to sign in again in place. */
export const cannotReconnect = (name: string) =>
  `${name} cannot be reconnected here: remove it and link it again.`;

/**
 * Signs in to a connection's source again, through its connector. Only a connector that can
 * reauthenticate moves the connection back to active; any other source, or a sign-in the source
 * refuses, is an error and changes nothing, so the user is never told it worked when it did not.
 */
export async function reconnectConnection(options: {
  db: Database;
  config: ConnectorConfig & { secrets: { encryptionKey: string } };
  userId: string;
  connectionId: string;
  now: Date;
}): Promise<void> {
  const { db, userId, connectionId } = options;
  const found = await findConnection(db, userId, connectionId);
  if (!found) throw AppError.notFound('No such connection');
  const connector = connectorFor(found.provider, options.config);
  if (!connector?.reauthenticate) throw new AppError('CONFLICT', cannotReconnect(found.displayName));
  let settings: Record<string, unknown>;
  try {
    const secret = openConnectionSecret(options.config.secrets.encryptionKey, found);
    settings = await connector.reauthenticate({
      settings: found.settings,
      ...(secret === undefined ? {} : { secret }),
      today: await todayFor(db, userId, options.now),
    });
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new AppError('EXTERNAL_SERVICE', `${found.displayName} did not accept the sign-in`, {
        details: error.message,
      });
    }
    throw error;
  }
  await updateConnection(db, userId, connectionId, { settings });
  await setConnectionStatus(db, userId, connectionId, 'active');
}
