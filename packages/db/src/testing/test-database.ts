import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '../client';

export type TestDatabase = DbHandle & { url: string; adminUrl: string; drop(): Promise<void> };

/**
 * A fresh, migrated database cloned from the run's template; call `drop()` in afterAll. With `empty`, a
 * database with no table at all (for tests of what migrates it).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = options.empty ? 'template0' : inject('pgTemplateDatabase');
  const name = `lodestar_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `create database ${admin.escapeIdentifier(name)} template ${admin.escapeIdentifier(template)}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDb({ url: url.toString(), poolMax: 5 });
  return {
    ...handle,
    url: url.toString(),
    adminUrl,
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
      await client.end();
    },
  };
}

declare module 'vitest' {
  // Module augmentation can only extend an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateDatabase: string;
  }
}
