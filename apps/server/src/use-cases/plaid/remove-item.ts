import type { ConnectionRow } from '@lodestar/db';
import type { Config } from '../../config/env';
import { plaidApiFor, plaidCall, plaidConfigured } from '../../connectors/plaid/client';
import { ProviderError } from '../../connectors/types';
import { openConnectionSecret } from '../../secrets/connection-secret';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../logger';

/**
 * Ends a Plaid item before its connection is removed (/item/remove: Plaid stops reading the bank and
 * billing for it). An item Plaid no longer knows, or one without a token, is simply gone; Plaid being
 * unreachable refuses the removal so nothing is half done.
 */
export async function removePlaidItem(options: {
  config: Config;
  logger: Logger;
  connection: ConnectionRow;
}): Promise<void> {
  const { config, connection } = options;
  const accessToken = openConnectionSecret(config.secrets.encryptionKey, connection);
  if (!accessToken) return;
  if (!plaidConfigured(config)) {
    options.logger.warn(
      { connectionId: connection.id },
      'Plaid is not configured; the item was not removed at Plaid',
    );
    return;
  }
  try {
    await plaidCall(() => plaidApiFor(config).itemRemove({ access_token: accessToken }));
  } catch (error) {
    if (error instanceof ProviderError && error.retryable) {
      throw new AppError(
        'EXTERNAL_SERVICE',
        'Plaid could not be reached to end access to this bank, so nothing was removed. Try again in a moment.',
      );
    }
    options.logger.info({ connectionId: connection.id }, 'Plaid no longer knows this item; removing it here');
  }
}
