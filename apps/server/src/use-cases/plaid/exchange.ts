import { insertConnection, listConnections, upsertInstitution, type Database } from '@lodestar/db';
import type { Config } from '../../config/env';
import { plaidApiFor, plaidCall } from '../../connectors/plaid/client';
import { PLAID_PROVIDER, type PlaidConnectionSettings } from '../../connectors/plaid/plaid-connector';
import { ProviderError } from '../../connectors/types';
import { sealConnectionSecret } from '../../secrets/connection-secret';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../logger';
import { assertWithinLimits } from '../limits/user-limits';
import { assertPlaidConfigured } from './link';

export type ExchangeInput = {
  publicToken: string;
  institution: { institutionId: string; name: string } | null;
};

export type ExchangeResult =
  { kind: 'linked'; connectionId: string } | { kind: 'duplicate'; connectionId: string; displayName: string };

/** Said when the same bank login is linked a second time. */
export const duplicateMessage = (name: string) =>
  `${name} is already linked with this login. Reconnect it instead of linking it again.`;

function plaidFailure(error: unknown): AppError {
  const message =
    error instanceof ProviderError && error.kind === 'invalid'
      ? 'Plaid did not accept this link. Open "Bank (Plaid)" again and finish linking.'
      : 'Plaid is not answering right now. Try linking again in a moment.';
  return new AppError('EXTERNAL_SERVICE', message);
}

/**
 * Link's public token → an access token (sealed with ENCRYPTION_KEY), the connection and, through its
 * first sync, its accounts. Everything Plaid is asked happens before anything is written; a second
 * link of a login already linked (same item, or same institution with the same account masks) is
 * removed at Plaid again and answered as a duplicate to reconnect instead.
 */
export async function exchangePublicToken(options: {
  db: Database;
  config: Config;
  logger: Logger;
  userId: string;
  input: ExchangeInput;
  accountLimit: { accounts: number | null; transactions: number | null };
}): Promise<ExchangeResult> {
  const { db, config, userId, input } = options;
  assertPlaidConfigured(config);
  const api = plaidApiFor(config);
  const exchanged = await plaidCall(() =>
    api.itemPublicTokenExchange({ public_token: input.publicToken }),
  ).catch((error: unknown) => {
    throw plaidFailure(error);
  });
  const accessToken = exchanged.access_token;
  const removeAtPlaid = () =>
    plaidCall(() => api.itemRemove({ access_token: accessToken })).catch((error: unknown) => {
      options.logger.warn({ err: error }, 'Plaid item could not be removed after a refused link');
    });

  try {
    const [item, accounts] = await Promise.all([
      plaidCall(() => api.itemGet({ access_token: accessToken })),
      plaidCall(() => api.accountsGet({ access_token: accessToken })),
    ]);
    const institutionId = item.item.institution_id ?? input.institution?.institutionId ?? null;
    const masks = accounts.accounts
      .map((account) => account.mask ?? '')
      .filter(Boolean)
      .sort()
      .join(',');

    for (const { connection } of await listConnections(db, userId)) {
      if (connection.provider !== PLAID_PROVIDER) continue;
      const settings = connection.settings as Partial<PlaidConnectionSettings> & { masks?: string };
      const sameItem = settings.itemId === exchanged.item_id;
      const sameLogin =
        institutionId !== null &&
        settings.institutionId === institutionId &&
        masks !== '' &&
        settings.masks === masks;
      if (sameItem || sameLogin) {
        if (!sameItem) await removeAtPlaid();
        return { kind: 'duplicate', connectionId: connection.id, displayName: connection.displayName };
      }
    }

    const products = [
      ...new Set([...(item.item.products ?? []), ...(item.item.billed_products ?? [])].map(String)),
    ];
    const name = input.institution?.name.trim() || 'Bank (Plaid)';
    const sealed = sealConnectionSecret(config.secrets.encryptionKey, accessToken);
    const settings: PlaidConnectionSettings & { masks: string } = {
      itemId: exchanged.item_id,
      institutionId,
      products: products.length ? products : ['transactions'],
      masks,
    };
    const connectionId = await db.transaction(async (tx) => {
      await assertWithinLimits(tx, userId, { addAccounts: accounts.accounts.length }, options.accountLimit);
      const institution = institutionId
        ? await upsertInstitution(tx, { provider: PLAID_PROVIDER, externalId: institutionId, name })
        : null;
      const created = await insertConnection(tx, {
        userId,
        provider: PLAID_PROVIDER,
        institutionId: institution,
        displayName: name,
        settings,
        secretCiphertext: sealed.ciphertext,
        secretKeyId: sealed.keyId,
      });
      return created.id;
    });
    return { kind: 'linked', connectionId };
  } catch (error) {
    await removeAtPlaid();
    if (error instanceof AppError) throw error;
    throw plaidFailure(error);
  }
}
