import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Secrets } from './env';

/** What $DATA_DIR/secrets.json holds: app secrets plus the embedded cluster's superuser password. */
export type StoredSecrets = Partial<Secrets> & { postgresPassword?: string };

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
    for (const name of generated) stored[name] = generate();
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, path);
    onGenerated?.(generated);
  }
  chmodSync(path, 0o600);
  return stored;
}
