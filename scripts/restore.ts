// `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into the embedded database
// under DATA_DIR, which no server may be using (README "Backups"). A data directory that already holds a
// database is only replaced with --force, and is then kept beside the new one.
import { restoreDatabase } from '../apps/server/src/backup/backup';
import { parseBackupEnv } from '../apps/server/src/config/env';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => arg !== '--force');

try {
  const unknown = files.find((arg) => arg.startsWith('--'));
  if (unknown || files.length !== 1) {
    throw new Error(
      `${unknown ? `Unknown option ${unknown}. ` : ''}Usage: npm run restore -- FILE [--force]`,
    );
  }
  const settings = parseBackupEnv(process.env);
  if (settings.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set, but `npm run restore` restores into the embedded database under DATA_DIR only. ' +
        'Unset DATABASE_URL to restore there.',
    );
  }
  const restored = await restoreDatabase({ dataDir: settings.dataDir, file: files[0]!, force });
  process.stdout.write(
    `Restored ${restored.rows} rows of ${restored.tables} tables into ${settings.dataDir}\n`,
  );
  if (restored.previous) process.stdout.write(`The database it replaced is kept in ${restored.previous}\n`);
} catch (error) {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
