import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseBackupEnv, parseConfig } from './env';
import { generateVapidKeys, loadOrCreateSecrets } from './secrets-file';

const strong = 'k'.repeat(20) + 'Q'.repeat(20);
const external = {
  DATABASE_URL: 'postgres://user@db.example:5432/lodestar',
  ENCRYPTION_KEY: strong,
  AUTH_SECRET: strong,
  CRON_SECRET: strong,
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env, () => ({ encryptionKey: strong, authSecret: strong, cronSecret: strong }));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('server environment', () => {
  it('starts on embedded defaults with nothing set', () => {
    const config = parseConfig({}, () => ({ encryptionKey: strong, authSecret: strong, cronSecret: strong }));
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      logLevel: 'warn',
      publicUrl: 'http://localhost:3000',
      database: { poolMax: 20, connectionTimeoutMs: 5000, idleTimeoutMs: 10000, maxLifetimeMs: 1800000 },
      apiTimeoutMs: 30000,
      restoreMaxBytes: 2 * 1024 ** 3,
      features: { crypto: true, bankLinking: true, export: true, publicApi: false },
      plaid: { environment: 'sandbox' },
    });
  });

  it('honours PORT, HOST, DATA_DIR, LOG_LEVEL and feature flags', () => {
    const config = parseConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/srv/lodestar',
        LOG_LEVEL: 'debug',
        FEATURE_PUBLIC_API: 'true',
        FEATURE_CRYPTO: 'off',
      },
      () => ({ encryptionKey: strong, authSecret: strong, cronSecret: strong }),
    );
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe('/srv/lodestar');
    expect(config.logLevel).toBe('debug');
    expect(config.features.publicApi).toBe(true);
    expect(config.features.crypto).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('reports every problem at once', () => {
    const problems = problemsOf({
      ...external,
      DATABASE_URL: 'not a url',
      PUBLIC_URL: 'ftp://example.com',
      ENCRYPTION_KEY: 'short',
      CRON_SECRET: 'x'.repeat(40),
      STRIPE_SECRET_KEY: 'pk_wrong',
      STRIPE_PUBLISHABLE_KEY: 'sk_wrong',
      STRIPE_WEBHOOK_SECRET: 'secret',
      STRIPE_PRICE_ID_PRO_MONTHLY: 'prod_1',
      RESEND_API_KEY: 'key_1',
      PORT: '99999',
      FEATURE_EXPORT: 'maybe',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'DATABASE_URL: must be a valid URL (postgres:// or postgresql://)',
        'PUBLIC_URL: must be a valid URL (http:// or https://)',
        'ENCRYPTION_KEY: must be at least 32 characters',
        'CRON_SECRET: must not be one repeated character',
        'STRIPE_SECRET_KEY: must start with sk_',
        'STRIPE_PUBLISHABLE_KEY: must start with pk_',
        'STRIPE_WEBHOOK_SECRET: must start with whsec_',
        'STRIPE_PRICE_ID_PRO_MONTHLY: must start with price_',
        'RESEND_API_KEY: must start with re_',
        'PORT: must be a whole number from 0 to 65535',
        'FEATURE_EXPORT: must be true or false',
      ]),
    );
    expect(problems).toHaveLength(11);
  });

  it('requires the rest of the Stripe settings once STRIPE_SECRET_KEY is set, and reads STRIPE_API_URL', () => {
    expect(problemsOf({ ...external, STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set (pk_…)',
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set (whsec_…)',
      'STRIPE_PRICE_ID_PRO_MONTHLY: is required when STRIPE_SECRET_KEY is set (price_…)',
    ]);
    expect(
      problemsOf({ ...external, STRIPE_PRICE_ID_PRO_YEARLY: 'prod_1', STRIPE_API_URL: 'ftp://stripe.test' }),
    ).toEqual([
      'STRIPE_PRICE_ID_PRO_YEARLY: must start with price_',
      'STRIPE_API_URL: must be a valid URL (http:// or https://)',
    ]);
    const config = parseConfig(
      {
        ...external,
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PRICE_ID_PRO_MONTHLY: 'price_m',
        STRIPE_PRICE_ID_PRO_YEARLY: 'price_y',
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
      },
      () => ({ encryptionKey: strong, authSecret: strong, cronSecret: strong }),
    );
    expect(config.stripe).toMatchObject({
      proMonthlyPriceId: 'price_m',
      proYearlyPriceId: 'price_y',
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it('turns each sign-in provider on only with its client id and secret, and checks OIDC_ONLY and domains', () => {
    expect(
      problemsOf({
        ...external,
        GOOGLE_CLIENT_ID: 'id',
        OIDC_ISSUER_URL: 'https://id.example.org',
        OIDC_ONLY: 'true',
        ALLOWED_EMAIL_DOMAINS: 'example.org, not a domain',
      }),
    ).toEqual([
      'ALLOWED_EMAIL_DOMAINS: must be a comma-separated list of domains, e.g. example.com,example.org',
    ]);
    expect(
      problemsOf({
        ...external,
        GOOGLE_CLIENT_ID: 'id',
        OIDC_ISSUER_URL: 'https://id.example.org',
        OIDC_ONLY: 'true',
      }),
    ).toEqual([
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither',
      'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none',
      'OIDC_ONLY: needs a sign-in provider (OIDC_ISSUER_URL, GOOGLE_…, GITHUB_… or APPLE_…)',
    ]);
    const config = parseConfig(
      {
        ...external,
        GITHUB_CLIENT_ID: 'gh-id',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        OIDC_ISSUER_URL: 'https://id.example.org/realms/home/',
        OIDC_CLIENT_ID: 'lodestar',
        OIDC_CLIENT_SECRET: 'oidc-secret',
        ALLOWED_EMAIL_DOMAINS: '@Example.org,example.net',
      },
      () => ({ encryptionKey: strong, authSecret: strong, cronSecret: strong }),
    );
    expect(config.signIn).toEqual({
      providers: [
        {
          id: 'github',
          label: 'GitHub',
          clientId: 'gh-id',
          clientSecret: 'gh-secret',
          github: { webUrl: 'https://github.com', apiUrl: 'https://api.github.com' },
        },
        {
          id: 'oidc',
          label: 'single sign-on',
          clientId: 'lodestar',
          clientSecret: 'oidc-secret',
          issuerUrl: 'https://id.example.org/realms/home',
        },
      ],
      oidcOnly: false,
      allowedEmailDomains: ['example.org', 'example.net'],
    });
  });

  it('takes each provider’s address from its override, and checks that it is a URL', () => {
    expect(
      problemsOf({
        ...external,
        GOOGLE_ISSUER_URL: 'accounts.google.com',
        APPLE_ISSUER_URL: 'ftp://appleid.example',
        GITHUB_URL: 'github',
        GITHUB_API_URL: 'not a url',
      }),
    ).toEqual([
      'GOOGLE_ISSUER_URL: must be a valid URL (http:// or https://)',
      'APPLE_ISSUER_URL: must be a valid URL (http:// or https://)',
      'GITHUB_URL: must be a valid URL (http:// or https://)',
      'GITHUB_API_URL: must be a valid URL (http:// or https://)',
    ]);
    const config = parseConfig(
      {
        ...external,
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        GOOGLE_ISSUER_URL: 'http://127.0.0.1:9001/',
        APPLE_CLIENT_ID: 'a-id',
        APPLE_CLIENT_SECRET: 'a-secret',
        GITHUB_CLIENT_ID: 'gh-id',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        GITHUB_URL: 'https://github.example.com/',
        GITHUB_API_URL: 'https://github.example.com/api/v3',
      },
      () => ({ encryptionKey: strong, authSecret: strong, cronSecret: strong }),
    );
    expect(config.signIn.providers).toEqual([
      expect.objectContaining({ id: 'google', issuerUrl: 'http://127.0.0.1:9001' }),
      expect.objectContaining({
        id: 'github',
        github: { webUrl: 'https://github.example.com', apiUrl: 'https://github.example.com/api/v3' },
      }),
      expect.objectContaining({ id: 'apple', issuerUrl: 'https://appleid.apple.com' }),
    ]);
  });

  it('requires explicit secrets with an external database, naming each one', () => {
    expect(problemsOf({ DATABASE_URL: external.DATABASE_URL })).toEqual([
      'ENCRYPTION_KEY: is required when DATABASE_URL is set (at least 32 characters)',
      'AUTH_SECRET: is required when DATABASE_URL is set (at least 32 characters)',
      'CRON_SECRET: is required when DATABASE_URL is set (at least 32 characters)',
    ]);
    expect(problemsOf(external)).toEqual([]);
  });

  it('reads EVM_RPC_URLS and EVM_EXTRA_TOKENS, and names what is wrong with them', () => {
    const secrets = () => ({ encryptionKey: strong, authSecret: strong, cronSecret: strong });
    expect(parseConfig({}, secrets).crypto).toMatchObject({ evmRpcUrls: {}, evmExtraTokens: [] });
    const config = parseConfig(
      {
        EVM_RPC_URLS: '{"ethereum":"https://eth.example/rpc","bsc":"http://10.0.0.5:8545"}',
        EVM_EXTRA_TOKENS:
          '[{"chain":"arbitrum","address":"0x912CE59144191C1204E64559FE8253a0e49E6548","symbol":"arb","decimals":18,"coingeckoId":"arbitrum"}]',
      },
      secrets,
    );
    expect(config.crypto.evmRpcUrls).toEqual({
      ethereum: 'https://eth.example/rpc',
      bsc: 'http://10.0.0.5:8545',
    });
    expect(config.crypto.evmExtraTokens).toEqual([
      {
        chain: 'arbitrum',
        address: '0x912CE59144191C1204E64559FE8253a0e49E6548',
        symbol: 'ARB',
        decimals: 18,
        priceId: 'arbitrum',
      },
    ]);
    const problems = problemsOf({
      EVM_RPC_URLS: '{"dogechain":"https://rpc.example"}',
      // A mixed-case address whose checksum does not match.
      EVM_EXTRA_TOKENS:
        '[{"chain":"arbitrum","address":"0x912CE59144191C1204E64559FE8253a0e49E6549","symbol":"ARB","decimals":18,"coingeckoId":"arbitrum"}]',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^EVM_RPC_URLS: must be a JSON object of chain \(ethereum, polygon/),
      expect.stringMatching(/^EVM_EXTRA_TOKENS: must be a JSON list of/),
    ]);
    expect(problemsOf({ EVM_RPC_URLS: '{"base":"ftp://rpc.example"}' })).toHaveLength(1);
    expect(problemsOf({ EVM_EXTRA_TOKENS: '{"chain":"base"}' })).toHaveLength(1);
  });

  it('reads the backup schedule and retention, refusing a malformed cron or count', () => {
    expect(parseConfig(external).backup).toEqual({ schedule: undefined, retention: 7 });
    expect(parseConfig({ ...external, BACKUP_SCHEDULE: '0 3 * * *', BACKUP_RETENTION: '30' }).backup).toEqual(
      { schedule: '0 3 * * *', retention: 30 },
    );
    expect(problemsOf({ BACKUP_SCHEDULE: 'nightly', BACKUP_RETENTION: '0' })).toEqual([
      'BACKUP_SCHEDULE: must be a cron expression such as "0 3 * * *" (03:00 UTC every day)',
      'BACKUP_RETENTION: must be a whole number from 1 to 10000',
    ]);
    expect(parseBackupEnv({ DATA_DIR: '/srv/lodestar' })).toEqual({
      dataDir: '/srv/lodestar',
      databaseUrl: undefined,
      backup: { schedule: undefined, retention: 7 },
    });
    expect(() => parseBackupEnv({ BACKUP_RETENTION: 'all' })).toThrow(ConfigError);
  });

  it('reads the read replica and its lag limit, only beside DATABASE_URL', () => {
    expect(parseConfig(external).replica).toBeUndefined();
    const replica = 'postgres://reader@replica.example:5432/lodestar';
    expect(parseConfig({ ...external, DATABASE_REPLICA_URL: replica }).replica).toEqual({
      url: replica,
      maxLagSeconds: 5,
    });
    expect(
      parseConfig({ ...external, DATABASE_REPLICA_URL: replica, DATABASE_REPLICA_MAX_LAG_SECONDS: '0.5' })
        .replica,
    ).toEqual({ url: replica, maxLagSeconds: 0.5 });
    expect(
      problemsOf({
        ...external,
        DATABASE_REPLICA_URL: 'mysql://replica.example/lodestar',
        DATABASE_REPLICA_MAX_LAG_SECONDS: '0',
      }),
    ).toEqual([
      'DATABASE_REPLICA_URL: must be a valid URL (postgres:// or postgresql://)',
      'DATABASE_REPLICA_MAX_LAG_SECONDS: must be a number above 0 and at most 3600',
    ]);
    expect(problemsOf({ DATABASE_REPLICA_URL: replica })).toEqual([
      'DATABASE_REPLICA_URL: needs DATABASE_URL (the embedded database has no replica; unset DATABASE_REPLICA_URL or set DATABASE_URL)',
    ]);
  });

  it('reads the OpenTelemetry endpoint, off when unset', () => {
    expect(parseConfig(external).otelEndpoint).toBeUndefined();
    expect(
      parseConfig({ ...external, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.example:4318' }).otelEndpoint,
    ).toBe('http://collector.example:4318');
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT: must be a valid URL (http:// or https://)',
    ]);
  });

  it('explains the whole list in the error message', () => {
    expect(() => parseConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- LOG_LEVEL: /,
    );
  });
});

describe('secrets file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lodestar-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates missing secrets once, with mode 0600, and keeps them stable', () => {
    const generated: string[][] = [];
    const first = loadOrCreateSecrets(dir, ['encryptionKey', 'cronSecret'], (names) => generated.push(names));
    expect(first.encryptionKey).toMatch(/^[\w-]{43}$/);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const second = loadOrCreateSecrets(dir, ['encryptionKey', 'cronSecret', 'authSecret'], (names) =>
      generated.push(names),
    );
    expect(second.encryptionKey).toBe(first.encryptionKey);
    expect(second.cronSecret).toBe(first.cronSecret);
    expect(generated).toEqual([['encryptionKey', 'cronSecret'], ['authSecret']]);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual(second);
  });

  it('lets embedded-mode configuration fill the secrets from the file', () => {
    const config = parseConfig({ DATA_DIR: dir }, (missing) => loadOrCreateSecrets(dir, missing));
    expect(config.secrets.authSecret.length).toBeGreaterThanOrEqual(32);
  });
});

describe('Web Push (VAPID) configuration', () => {
  const keys = generateVapidKeys();

  it('generates the VAPID key pair once into secrets.json in the embedded default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lodestar-vapid-'));
    try {
      const first = parseConfig({ DATA_DIR: dir }, (missing) => loadOrCreateSecrets(dir, missing));
      expect(first.push?.publicKey).toMatch(/^[\w-]{87}$/);
      expect(Buffer.from(first.push?.publicKey ?? '', 'base64url')[0]).toBe(4);
      expect(Buffer.from(first.push?.privateKey ?? '', 'base64url')).toHaveLength(32);
      expect(first.push?.subject).toBe('mailto:admin@localhost');
      const again = parseConfig({ DATA_DIR: dir }, (missing) => loadOrCreateSecrets(dir, missing));
      expect(again.push).toEqual(first.push);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the keys from the environment, with the subject from EMAIL_FROM by default', () => {
    const config = parseConfig({
      ...external,
      VAPID_PUBLIC_KEY: keys.vapidPublicKey,
      VAPID_PRIVATE_KEY: keys.vapidPrivateKey,
      EMAIL_FROM: 'Lodestar <alerts@money.example>',
    });
    expect(config.push).toEqual({
      publicKey: keys.vapidPublicKey,
      privateKey: keys.vapidPrivateKey,
      subject: 'mailto:alerts@money.example',
    });
    expect(
      parseConfig({
        ...external,
        VAPID_PUBLIC_KEY: keys.vapidPublicKey,
        VAPID_PRIVATE_KEY: keys.vapidPrivateKey,
        VAPID_SUBJECT: 'https://money.example/contact',
      }).push?.subject,
    ).toBe('https://money.example/contact');
  });

  it('turns push off with an external database and no keys', () => {
    expect(parseConfig(external).push).toBeUndefined();
  });

  it('refuses malformed keys, half a pair and a bad subject', () => {
    expect(problemsOf({ ...external, VAPID_PUBLIC_KEY: keys.vapidPublicKey })).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
    ]);
    expect(
      problemsOf({ ...external, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.vapidPrivateKey }),
    ).toEqual(['VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key: 65 bytes, base64url']);
    expect(
      problemsOf({
        ...external,
        VAPID_PUBLIC_KEY: keys.vapidPublicKey,
        VAPID_PRIVATE_KEY: keys.vapidPrivateKey,
        VAPID_SUBJECT: 'http://money.example',
      }),
    ).toEqual(['VAPID_SUBJECT: must be a mailto: address or an https:// URL']);
  });
});

describe('origins and proxies', () => {
  const parse = (env: Record<string, string>) =>
    parseConfig(env, () => ({ encryptionKey: strong, authSecret: strong, cronSecret: strong }));

  it('trusts the loopback spellings of a loopback public URL on the same port, and only that origin otherwise', () => {
    expect(parse({ PORT: '8080' }).trustedOrigins).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    expect(parse({ PUBLIC_URL: 'https://money.example.org/' }).trustedOrigins).toEqual([
      'https://money.example.org',
    ]);
  });

  it('reads TRUST_PROXY as off, a hop count or trusted ranges', () => {
    expect(parse({}).trustProxy).toBe(false);
    expect(parse({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parse({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(parse({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(parse({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,fd00::/8' }).trustProxy).toEqual({
      ranges: ['loopback', '10.0.0.0/8', 'fd00::/8'],
    });
    expect(problemsOf({ ...external, TRUST_PROXY: 'nginx' })[0]).toMatch(/^TRUST_PROXY: must be false, true/);
  });
});
