import { Writable } from 'node:stream';
import { createDb } from '@lodestar/db';
import { createApp } from './app';
import { createMailer } from './email/mailer';
import { parseConfig } from './config/env';
import { createMemoryRateLimitStore } from './http/rate-limit';
import { createLogger } from './logger';

/** The version the generated document carries, so the web app's types do not change with each release. */
const DOCUMENT_VERSION = '0.0.0';
const PLACEHOLDER_SECRET = 'openapi-document-only-0123456789abcdef';

/**
 * The `/api/v1/openapi.json` document exactly as the server answers it, built without a running server
 * or a database: the app is created over a pool that never connects (serving the document queries
 * nothing) and asked for the document in memory. The web app's API types are generated from this.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = parseConfig({
    DATABASE_URL: 'postgres://openapi-document@127.0.0.1:1/none',
    ENCRYPTION_KEY: PLACEHOLDER_SECRET,
    AUTH_SECRET: PLACEHOLDER_SECRET,
    CRON_SECRET: PLACEHOLDER_SECRET,
    LOG_LEVEL: 'error',
  });
  const handle = createDb({ url: config.databaseUrl ?? 'postgres://127.0.0.1:1/none' });
  const logger = createLogger('error', new Writable({ write: (_chunk, _encoding, done) => done() }));
  const mailer = createMailer({
    db: handle.db,
    logger,
    from: config.email.from,
    smtpUrl: undefined,
    resendApiKey: undefined,
  });
  try {
    const app = createApp({
      config,
      db: handle.db,
      logger,
      version: DOCUMENT_VERSION,
      installedAt: new Date(0),
      // No sync runs here: the document is all this app is asked for.
      instanceId: '00000000-0000-0000-0000-000000000000',
      rateLimitStore: createMemoryRateLimitStore(),
      readiness: async () => 'ready',
      webDistDir: undefined,
      mailer,
    });
    const response = await app.request('/api/v1/openapi.json');
    if (!response.ok) throw new Error(`The OpenAPI document answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  } finally {
    mailer.close();
    await handle.close();
  }
}
