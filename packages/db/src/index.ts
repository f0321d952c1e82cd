export { createDb, pingDatabase, type Database, type DbHandle, type CreateDbOptions } from './client';
export {
  createReadRouter,
  REPLICA_LAG_SQL,
  type ReadChoice,
  type ReadRouter,
  type ReadRouterOptions,
} from './read-replica';
export { runMigrations, migrationsApplied, migrationsFolder } from './migrate';
export { EMBEDDED_DATABASE, ensureDatabase } from './provision';
export {
  runningEmbeddedAdminUrl,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type EmbeddedPostgresOptions,
  type EmbeddedLog,
} from './embedded/embedded-postgres';
export { DataDirInUseError, dataDirLockHolder } from './embedded/data-dir-lock';
export {
  readBackupHeader,
  restoreBackup,
  writeBackup,
  type BackupHeader,
  type BackupSummary,
} from './backup/logical-backup';
export * from './schema/index';
export * from './queries/app-instance';
export * from './queries/identity';
export * from './queries/household';
export * from './queries/preferences';
export * from './queries/sync';
export * from './queries/imports';
export * from './queries/import-jobs';
export * from './queries/export-jobs';
export * from './queries/cron-runs';
export * from './queries/job-queue';
export * from './queries/balances';
export * from './queries/balance-runs';
export * from './queries/accounts';
export * from './queries/holdings';
export * from './queries/manual-holdings';
export * from './queries/investment-performance';
export * from './queries/liabilities';
export * from './queries/transactions';
export * from './queries/rules';
export * from './queries/fx';
export * from './queries/net-worth';
export * from './queries/real-estate';
export * from './queries/spending';
export * from './queries/notifications';
export * from './queries/api-keys';
export * from './queries/market-data';
export * from './queries/user-data';
export * from './queries/transfer-progress';
export * from './queries/restore-staging';
export * from './queries/crypto';
export * from './queries/billing';
export * from './queries/budgets';
export * from './queries/webhooks';
export * from './queries/reports';
export * from './queries/saved-reports';
