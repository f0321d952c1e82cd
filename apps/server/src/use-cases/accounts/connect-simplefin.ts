import {
  findConnection,
  insertConnection,
  setConnectionStatus,
  updateConnection,
  upsertInstitution,
  type ConnectionRow,
  type Database,
} from '@lodestar/db';
import type { OutboundPolicy } from '../../outbound/guard';
import { claimAccessUrl } from '../../connectors/simplefin/client';
import { SIMPLEFIN_INSTITUTION, SIMPLEFIN_PROVIDER } from '../../connectors/simplefin/simplefin-connector';
import { ProviderError } from '../../connectors/types';
import { AppError } from '../../http/app-error';
import { sealSecret } from '../../secrets/secret-box';

/** A provider refusal in the answer's terms: the token's fault is a 400 on the field, the rest 502/504. */
function asAppError(error: ProviderError): AppError {
  if (error.kind === 'invalid' || error.kind === 'needs_reauth')
    return new AppError('VALIDATION_FAILED', 'Validation failed', {
      items: [{ field: 'setupToken', message: error.message, code: 'invalid_token' }],
    });
  if (error.kind === 'timeout') return new AppError('TIMEOUT', error.message);
  return new AppError('EXTERNAL_SERVICE', error.message);
}

/**
 * Links SimpleFIN Bridge with a setup token (claimed once; the access URL it gives is stored sealed),
 * or gives an existing SimpleFIN connection a new access (its reconnect: the old access was revoked).
 * Nothing is written when the claim fails.
 */
export async function connectSimplefin(options: {
  db: Database;
  userId: string;
  setupToken: string;
  /** A SimpleFIN connection of the user to give the new access to. */
  connectionId?: string;
  encryptionKey: string;
  outbound: OutboundPolicy;
}): Promise<ConnectionRow> {
  const { db, userId } = options;
  let existing: ConnectionRow | undefined;
  if (options.connectionId) {
    existing = await findConnection(db, userId, options.connectionId);
    if (!existing) throw AppError.notFound('No such connection');
    if (existing.provider !== SIMPLEFIN_PROVIDER)
      throw new AppError('VALIDATION_FAILED', 'Validation failed', {
        items: [
          {
            field: 'connectionId',
            message: 'This connection is not a SimpleFIN connection',
            code: 'invalid_connection',
          },
        ],
      });
  }
  let accessUrl: string;
  try {
    accessUrl = await claimAccessUrl(options.setupToken, options.outbound);
  } catch (error) {
    if (error instanceof ProviderError) throw asAppError(error);
    throw error;
  }
  const sealed = sealSecret(accessUrl, options.encryptionKey);
  if (existing) {
    await updateConnection(db, userId, existing.id, {
      secretCiphertext: sealed.ciphertext,
      secretKeyId: sealed.keyId,
      lastError: null,
      lastErrorAt: null,
      consecutiveFailures: 0,
    });
    await setConnectionStatus(db, userId, existing.id, 'active');
    return (await findConnection(db, userId, existing.id)) ?? existing;
  }
  return db.transaction(async (tx) => {
    const institutionId = await upsertInstitution(tx, {
      provider: SIMPLEFIN_PROVIDER,
      ...SIMPLEFIN_INSTITUTION,
    });
    return insertConnection(tx, {
      userId,
      provider: SIMPLEFIN_PROVIDER,
      institutionId,
      displayName: SIMPLEFIN_INSTITUTION.name,
      settings: {},
      secretCiphertext: sealed.ciphertext,
      secretKeyId: sealed.keyId,
    });
  });
}
