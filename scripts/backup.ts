// `npm run backup`: a consistent backup of Lodestar's database into DATA_DIR/backups (README "Backups"),
// keeping the newest BACKUP_RETENTION. Works beside a running server (through its embedded PostgreSQL), with
// the server stopped (starting the embedded PostgreSQL for the backup), or on DATABASE_URL's server.
import { backupDatabase } from '../apps/server/src/backup/backup';
import { parseBackupEnv } from '../apps/server/src/config/env';

try {
  const settings = parseBackupEnv(process.env);
  const made = await backupDatabase({
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
    retention: settings.backup.retention,
  });
  const size = (made.bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(`Backed up ${made.rows} rows of ${made.tables} tables to ${made.file} (${size} MB)\n`);
  for (const name of made.deleted) process.stdout.write(`Deleted the older backup ${name}\n`);
} catch (error) {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
