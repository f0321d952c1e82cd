import pg from 'pg';

/** The app's database in the embedded cluster. */
export const EMBEDDED_DATABASE = 'lodestar';

/**
 * Creates `name` on the server behind `adminUrl` if it does not exist, and returns its URL.
 * Used for the embedded cluster, whose app database is made on first start.
 */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`create database ${client.escapeIdentifier(name)}`);
      } catch (error) {
        // Another process created it between our check and our CREATE.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
