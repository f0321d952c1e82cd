import { createECDH, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Secrets, VapidKeys } from './env';

/** What $DATA_DIR/secrets.json holds: app secrets plus the embedded cluster's superuser password. */
export type StoredSecrets = Partial<Secrets> & Partial<VapidKeys> & { postgresPassword?: string };

const FILE = 'secrets.json';
const generate = () => randomBytes(32).toString('base64url');

/**
 * Returns the stored secrets, generating (once) and saving any of `wanted` that are missing.
 * The file is written atomically with mode 0600 so a crash never leaves it half-written.
 */
export function loadOrCreateSecrets(
  dataDir: string,
  wanted: (keyof StoredSecrets)[],
  onGenerated?: (names: string[]) => void,
): StoredSecrets {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, FILE);
  const stored: StoredSecrets = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as StoredSecrets)
    : {};
  const generated = wanted.filter((name) => !stored[name]);
  if (generated.length) {
    for (const name of generated) {
      if (name === 'vapidPublicKey' || name === 'vapidPrivateKey') continue;
      stored[name] = generate();
    }
    // The VAPID keys are a pair: both are made together (a P-256 key pair), never one alone.
    if (generated.includes('vapidPublicKey') || generated.includes('vapidPrivateKey')) {
      Object.assign(stored, generateVapidKeys());
    }
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, path);
    onGenerated?.(generated);
  }
  chmodSync(path, 0o600);
  return stored;
}

/** A Web Push VAPID key pair: P-256, the public key uncompressed (65 bytes), the private key 32 bytes. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // getPrivateKey() drops leading zero bytes; VAPID wants exactly 32.
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return {
    vapidPublicKey: ecdh.getPublicKey().toString('base64url'),
    vapidPrivateKey: privateKey.toString('base64url'),
  };
}
