import type { ConnectionRow } from '@lodestar/db';
import { openSecret, sealSecret, type SealedSecret } from './secret-box';

/**
 * A connection's provider secret (Plaid access token, SimpleFIN access URL, exchange key), sealed with
 * ENCRYPTION_KEY (secret-box.ts).
 */

export function sealConnectionSecret(encryptionKey: string, secret: string): SealedSecret {
  return sealSecret(secret, encryptionKey);
}

/** The decrypted secret of a connection, or undefined when it has none. */
export function openConnectionSecret(
  encryptionKey: string,
  connection: Pick<ConnectionRow, 'secretCiphertext' | 'secretKeyId'>,
): string | undefined {
  if (!connection.secretCiphertext || !connection.secretKeyId) return undefined;
  return openSecret(
    { ciphertext: connection.secretCiphertext, keyId: connection.secretKeyId },
    encryptionKey,
  );
}
