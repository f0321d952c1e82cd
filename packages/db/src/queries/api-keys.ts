import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKey, user } from '../schema/index';
import type { Executor } from './sync';

/** API keys (docs/settings-api.md "API keys"). Rows hold the SHA-256 of a key, never the key. */

export type ApiKeyRow = typeof apiKey.$inferSelect;
export type ApiKeyScope = 'read' | 'read_write';

/** What the list shows of a key: everything but the hash. */
export type ApiKeyMetadata = Omit<ApiKeyRow, 'userId' | 'secretHash'>;

const metadataColumns = {
  id: apiKey.id,
  name: apiKey.name,
  scope: apiKey.scope,
  prefix: apiKey.prefix,
  createdAt: apiKey.createdAt,
  expiresAt: apiKey.expiresAt,
  lastUsedAt: apiKey.lastUsedAt,
  revokedAt: apiKey.revokedAt,
};

/** Stores a new key (its hash and prefix) and returns its metadata. */
export async function insertApiKey(
  db: Executor,
  value: {
    userId: string;
    name: string;
    scope: ApiKeyScope;
    prefix: string;
    secretHash: string;
    expiresAt: Date | null;
    createdAt: Date;
  },
): Promise<ApiKeyMetadata> {
  const [row] = await db.insert(apiKey).values(value).returning(metadataColumns);
  if (!row) throw new Error('api key insert returned no row');
  return row;
}

/** The user's keys, newest first, revoked ones included. */
export async function listApiKeys(db: Executor, userId: string): Promise<ApiKeyMetadata[]> {
  return db
    .select(metadataColumns)
    .from(apiKey)
    .where(eq(apiKey.userId, userId))
    .orderBy(desc(apiKey.createdAt), desc(apiKey.id));
}

/**
 * Revokes one of the user's keys (revoking twice keeps the first time); undefined when the user has no
 * such key.
 */
export async function revokeApiKey(
  db: Executor,
  userId: string,
  keyId: string,
  at: Date,
): Promise<ApiKeyMetadata | undefined> {
  const [row] = await db
    .update(apiKey)
    .set({ revokedAt: sql`coalesce(${apiKey.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(apiKey.userId, userId), eq(apiKey.id, keyId)))
    .returning(metadataColumns);
  return row;
}

/** A key found by its hash, with the user it signs in (revocation and expiry are the caller's call). */
export async function findApiKeyByHash(db: Executor, secretHash: string) {
  const [row] = await db
    .select({
      key: metadataColumns,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt,
        twoFactorEnabled: user.twoFactorEnabled,
      },
    })
    .from(apiKey)
    .innerJoin(user, eq(user.id, apiKey.userId))
    .where(eq(apiKey.secretHash, secretHash))
    .limit(1);
  return row;
}

/**
 * Records that a key was used; writes at most once per `minIntervalSeconds` per key, so a busy client
 * does not turn every read into a write.
 */
export async function touchApiKey(
  db: Executor,
  keyId: string,
  at: Date,
  minIntervalSeconds = 60,
): Promise<void> {
  const threshold = new Date(at.getTime() - minIntervalSeconds * 1000);
  await db
    .update(apiKey)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKey.id, keyId), or(isNull(apiKey.lastUsedAt), lt(apiKey.lastUsedAt, threshold))));
}
