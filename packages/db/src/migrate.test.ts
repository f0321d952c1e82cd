import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './client';
import { migrationsApplied, runMigrations } from './migrate';
import { ensureDatabase } from './provision';
import { recordStart } from './queries/app-instance';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

describe('migrations', () => {
  it('are applied to a test database cloned from the template', async () => {
    expect(await migrationsApplied(testDb.pool)).toBe(true);
  });

  it('run exactly once when several instances start at the same time', async () => {
    const name = `lodestar_race_${Date.now()}`;
    const url = await ensureDatabase(testDb.adminUrl, name);
    const handles = [1, 2, 3].map(() => createDb({ url, poolMax: 2 }));
    try {
      expect(await migrationsApplied(handles[0]!.pool)).toBe(false);
      await Promise.all(handles.map((handle) => runMigrations(handle.pool)));
      const { rows } = await handles[0]!.pool.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(await migrationsApplied(handles[0]!.pool)).toBe(true);
      const { rows: again } = await handles[0]!.pool.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(again[0]!.count).toBe(rows[0]!.count);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      const admin = new pg.Client({ connectionString: testDb.adminUrl });
      await admin.connect();
      await admin.query(`drop database ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
    }
  });
});

describe('app instance record', () => {
  it('keeps the first install time and updates the started version', async () => {
    const first = await recordStart(testDb.db, '0.1.0');
    const second = await recordStart(testDb.db, '0.2.0');
    expect(second.installedAt.getTime()).toBe(first.installedAt.getTime());
    const { rows } = await testDb.pool.query('select last_started_version from app_instance');
    expect(rows).toEqual([{ last_started_version: '0.2.0' }]);
  });

  it('cannot hold a second row', async () => {
    await expect(
      testDb.pool.query("insert into app_instance (id, last_started_version) values (2, 'x')"),
    ).rejects.toThrow(/app_instance_singleton/);
  });
});
