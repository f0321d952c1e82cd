import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Provider secrets at rest (DESIGN.md: access tokens, exchange keys, SimpleFIN access URLs):
 * AES-256-GCM under a key derived from ENCRYPTION_KEY (HKDF-SHA256), a fresh 12-byte nonce per value.
 * The stored text is base64 of nonce | tag | ciphertext; the key id beside it names the key that
 * sealed it (a hash of the derived key), so a value sealed under another key is refused, not misread.
 */

export type SealedSecret = { ciphertext: string; keyId: string };

const INFO = 'lodestar provider secret v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

function deriveKey(encryptionKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(encryptionKey, 'utf8'), Buffer.alloc(0), INFO, 32));
}

/** The id of the key ENCRYPTION_KEY makes (not secret: a hash prefix). */
export function secretKeyId(encryptionKey: string): string {
  return `k1-${createHash('sha256').update(deriveKey(encryptionKey)).digest('hex').slice(0, 16)}`;
}

export function sealSecret(plaintext: string, encryptionKey: string): SealedSecret {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(encryptionKey), nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    ciphertext: Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64'),
    keyId: secretKeyId(encryptionKey),
  };
}

/** Why a stored secret could not be opened (the message names nothing secret). */
export class SecretUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretUnreadableError';
  }
}

export function openSecret(sealed: SealedSecret, encryptionKey: string): string {
  if (sealed.keyId !== secretKeyId(encryptionKey))
    throw new SecretUnreadableError('The secret was sealed under another encryption key');
  const raw = Buffer.from(sealed.ciphertext, 'base64');
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretUnreadableError('The stored secret is damaged');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(encryptionKey), raw.subarray(0, NONCE_BYTES));
  decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretUnreadableError('The stored secret is damaged');
  }
}
