import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema, type Schema } from './schema/index';

export type Database = NodePgDatabase<Schema>;

export type DbHandle = {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
};

export type CreateDbOptions = {
  url: string;
  /** Spec §9: pool 20, connection timeout 5000 ms, idle timeout 10000 ms, max lifetime 1800000 ms. */
  poolMax?: number;
  connectionTimeoutMs?: number;
  idleTimeoutMs?: number;
  maxLifetimeSeconds?: number;
  onError?: (error: Error) => void;
};

// bigint columns hold integer minor units, which the schema reads with mode 'number' after a safe-integer
// check; int8 results of aggregates (count, sum) arrive as strings unless parsed here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`Integer ${value} exceeds the safe range`);
  return parsed;
});

/** Opens a connection pool and a typed Drizzle handle over it. */
export function createDb(options: CreateDbOptions): DbHandle {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 20,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: options.idleTimeoutMs ?? 10_000,
    maxLifetimeSeconds: options.maxLifetimeSeconds ?? 1_800,
    application_name: 'lodestar',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.onError?.(error));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

/** Round-trips a trivial query; used by readiness checks. */
export async function pingDatabase(pool: pg.Pool): Promise<void> {
  await pool.query('select 1');
}
