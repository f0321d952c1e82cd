import { startServer, type RunningServer } from '../boot';

/**
 * A whole server (`startServer`, as `npm start` runs it) inside the test process, on a test database:
 * the secrets from `secret`, silent, no exchange-rate refresh, on a port the kernel picks unless `env`
 * says otherwise. (server-process.ts starts servers as processes of their own.)
 */
export function startInProcessServer(
  databaseUrl: string,
  secret: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  return startServer({
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: secret,
    AUTH_SECRET: secret,
    CRON_SECRET: secret,
    PORT: '0',
    LOG_LEVEL: 'silent',
    FX_REFRESH: 'off',
    ...env,
  });
}
