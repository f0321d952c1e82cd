import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../client';
import { startEmbeddedPostgres } from '../embedded/embedded-postgres';
import { runMigrations } from '../migrate';
import { ensureDatabase } from '../provision';

/**
 * One PostgreSQL server per test run: TEST_DATABASE_URL when set, else a throw-away embedded
 * cluster. A migrated template database is made once; each test file clones it (see
 * createTestDatabase), which takes milliseconds and keeps files isolated.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = mkdtempSync(join(tmpdir(), 'lodestar-test-pg-'));
    const server = await startEmbeddedPostgres({
      dataDir: tempDir,
      password: randomBytes(16).toString('hex'),
      lockDataDir: false,
    });
    adminUrl = server.adminUrl;
    stopServer = server.stop;
  }

  const templateName = `lodestar_tpl_${randomBytes(6).toString('hex')}`;
  const templateUrl = await ensureDatabase(adminUrl, templateName);
  const handle = createDb({ url: templateUrl, poolMax: 2 });
  await runMigrations(handle.pool);
  await handle.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplateDatabase', templateName);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${client.escapeIdentifier(templateName)} with (force)`);
    await client.end();
    await stopServer?.();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}
