import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '@lodestar/domain';
import cronParser from 'cron-parser';
import ipaddr from 'ipaddr.js';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { eip55Address } from '../connectors/blockchain/evm/address';
import { EVM_CHAIN_IDS, type EvmChainId, type ExtraEvmToken } from '../connectors/blockchain/evm/chains';

/**
 * Server configuration from the environment (spec §5 "Server environment", DESIGN.md §8).
 * Every problem is collected and reported at once, never one per start attempt.
 */

const boolean = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const normalised = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(normalised)) return true;
      if (['false', '0', 'no', 'off'].includes(normalised)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

/** A number above 0 and at most `max` (fractions allowed), or `fallback` when unset. */
const positiveNumber = (fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || parsed <= 0 || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be a number above 0 and at most ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** CCXT_API_URLS: a JSON object of exchange id → http(s) base URL. */
const exchangeApiUrls = optionalText.transform((value, context) => {
  if (value === undefined) return {} as Record<string, string>;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const ok =
    parsed !== null &&
    typeof parsed === 'object' &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((item) => {
      if (typeof item !== 'string') return false;
      try {
        return ['http:', 'https:'].includes(new URL(item).protocol);
      } catch {
        return false;
      }
    });
  if (!ok) {
    context.addIssue({
      code: 'custom',
      message:
        'must be a JSON object of exchange id to http(s) URL, e.g. {"binance":"https://proxy.example"}',
    });
    return z.NEVER;
  }
  return parsed as Record<string, string>;
});

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** EVM_RPC_URLS: a JSON object of EVM chain id → http(s) JSON-RPC URL (chains left out keep their default). */
const evmRpcUrls = optionalText.transform((value, context) => {
  if (value === undefined) return {} as Partial<Record<EvmChainId, string>>;
  const parsed = parseJson(value);
  const ok =
    parsed !== null &&
    typeof parsed === 'object' &&
    !Array.isArray(parsed) &&
    Object.entries(parsed).every(
      ([chain, item]) => (EVM_CHAIN_IDS as readonly string[]).includes(chain) && isHttpUrl(item),
    );
  if (!ok) {
    context.addIssue({
      code: 'custom',
      message: `must be a JSON object of chain (${EVM_CHAIN_IDS.join(', ')}) to http(s) URL, e.g. {"ethereum":"https://rpc.example"}`,
    });
    return z.NEVER;
  }
  return parsed as Partial<Record<EvmChainId, string>>;
});

/** EVM_EXTRA_TOKENS: a JSON list of ERC-20 tokens to read besides the listed stablecoins. */
const evmExtraTokens = optionalText.transform((value, context) => {
  if (value === undefined) return [] as ExtraEvmToken[];
  const parsed = parseJson(value);
  const valid = (item: unknown): item is Record<string, unknown> => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
    const token = item as Record<string, unknown>;
    return (
      typeof token.chain === 'string' &&
      (EVM_CHAIN_IDS as readonly string[]).includes(token.chain) &&
      typeof token.address === 'string' &&
      /^0x[0-9a-fA-F]{40}$/.test(token.address) &&
      (token.address === token.address.toLowerCase() || eip55Address(token.address) === token.address) &&
      typeof token.symbol === 'string' &&
      /^[A-Za-z0-9.]{1,12}$/.test(token.symbol) &&
      typeof token.decimals === 'number' &&
      Number.isInteger(token.decimals) &&
      token.decimals >= 0 &&
      token.decimals <= 36 &&
      typeof token.coingeckoId === 'string' &&
      /^[a-z0-9-]{1,100}$/.test(token.coingeckoId)
    );
  };
  if (!Array.isArray(parsed) || !parsed.every(valid)) {
    context.addIssue({
      code: 'custom',
      message:
        'must be a JSON list of {"chain","address","symbol","decimals","coingeckoId"}, e.g. [{"chain":"arbitrum","address":"0x912CE59144191C1204E64559FE8253a0e49E6548","symbol":"ARB","decimals":18,"coingeckoId":"arbitrum"}]',
    });
    return z.NEVER;
  }
  return parsed.map((token): ExtraEvmToken => ({
    chain: token.chain as EvmChainId,
    address: token.address as `0x${string}`,
    symbol: (token.symbol as string).toUpperCase(),
    decimals: token.decimals as number,
    priceId: token.coingeckoId as string,
  }));
});

const url = (protocols: string[]) =>
  optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a valid URL (${protocols.map((p) => p.replace(':', '://')).join(' or ')})` },
  );

const prefixed = (prefix: string) =>
  optionalText.refine((value) => value === undefined || value.startsWith(prefix), {
    message: `must start with ${prefix}`,
  });

const secret = (minLength: number) =>
  optionalText
    .refine((value) => value === undefined || value.length >= minLength, {
      message: `must be at least ${minLength} characters`,
    })
    .refine((value) => value === undefined || new Set(value).size > 1, {
      message: 'must not be one repeated character',
    });

/** A base64url text of exactly `bytes` bytes (Web Push VAPID keys). */
const base64url = (bytes: number, what: string) =>
  optionalText.refine(
    (value) =>
      value === undefined ||
      (/^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes),
    { message: `must be ${what}: ${bytes} bytes, base64url` },
  );

/** proxy-addr's names for whole ranges, accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: off (false), the number of proxies in front of us (true means one), or the addresses
 * and ranges of the proxies we trust (`10.0.0.0/8, loopback`).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim().toLowerCase() ?? '';
    if (['', 'false', '0', 'no', 'off'].includes(text)) return false;
    if (['true', 'yes', 'on'].includes(text)) return { hops: 1 };
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= 32) return { hops };
    } else {
      const ranges = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      try {
        // compile() throws on anything that is not an address, a CIDR range or a range name.
        proxyAddr.compile(ranges.filter((range) => !PROXY_RANGE_NAMES.has(range)));
        return { ranges };
      } catch {
        // reported below
      }
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, true (one proxy), a number of proxies (1 to 32), or a comma-separated list of proxy addresses or CIDR ranges (loopback, linklocal and uniquelocal name whole ranges)',
    });
    return z.NEVER;
  });

/** OUTBOUND_ALLOW_PRIVATE: false, true (every non-public address), or a list of addresses / CIDR ranges. */
const allowPrivate = z
  .string()
  .optional()
  .transform((value, ctx): boolean | string[] => {
    const text = value?.trim().toLowerCase() ?? '';
    if (['', 'false', '0', 'no', 'off'].includes(text)) return false;
    if (['true', '1', 'yes', 'on'].includes(text)) return true;
    const ranges = text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const valid = ranges.every((range) =>
      range.includes('/') ? ipaddr.isValidCIDR(range) : ipaddr.isValid(range),
    );
    if (valid && ranges.length) return ranges;
    ctx.addIssue({
      code: 'custom',
      message: 'must be false, true, or a comma-separated list of addresses or CIDR ranges',
    });
    return z.NEVER;
  });

/** ALLOWED_EMAIL_DOMAINS: a comma-separated list of domains (lower-cased), or empty for any. */
const emailDomains = optionalText.transform((value, ctx): string[] => {
  if (value === undefined) return [];
  const domains = value
    .split(',')
    .map((part) => part.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  if (domains.every((domain) => /^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z0-9-]{2,}$/.test(domain))) return domains;
  ctx.addIssue({
    code: 'custom',
    message: 'must be a comma-separated list of domains, e.g. example.com,example.org',
  });
  return z.NEVER;
});

/** Market-data providers MARKET_DATA_PROVIDER may name. */
export const MARKET_DATA_PROVIDERS = ['yahoo', 'twelve-data'] as const;
export type MarketDataProviderId = (typeof MARKET_DATA_PROVIDERS)[number];
export const DEFAULT_YAHOO_FINANCE_BASE_URL = 'https://query1.finance.yahoo.com';
export const DEFAULT_TWELVE_DATA_BASE_URL = 'https://api.twelvedata.com';

/** BACKUP_SCHEDULE: a cron expression (UTC, as pg-boss reads it); unset means no scheduled backups. */
const cronExpression = optionalText.refine(
  (value) => {
    if (value === undefined) return true;
    try {
      cronParser.parseExpression(value);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a cron expression such as "0 3 * * *" (03:00 UTC every day)' },
);

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: integer(3000, 0, 65_535), // 0 picks a free port (tests, benchmarks)
  HOST: optionalText.transform((value) => value ?? '127.0.0.1'),
  DATA_DIR: optionalText.transform((value) => value ?? './data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  /** A read replica of DATABASE_URL for read-only listings and analytics (ADR 060); off when unset. */
  DATABASE_REPLICA_URL: url(['postgres:', 'postgresql:']),
  /** The largest replica lag, in seconds, at which reads still go to the replica. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: positiveNumber(5, 3_600),
  /** OTLP/HTTP collector for OpenTelemetry traces (off when unset). */
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:']),
  DB_POOL_MAX: integer(20, 1, 500),
  DB_CONNECTION_TIMEOUT_MS: integer(5_000, 100, 120_000),
  DB_IDLE_TIMEOUT_MS: integer(10_000, 100, 3_600_000),
  DB_MAX_LIFETIME_MS: integer(1_800_000, 1_000, 86_400_000),
  API_TIMEOUT_MS: integer(30_000, 1_000, 600_000),
  /** The largest export file a restore reads (and its inflated JSON when gzipped): 2 GiB by default. */
  RESTORE_MAX_BYTES: integer(2 * 1024 ** 3, 1_024, 64 * 1024 ** 3),
  /** A file import of more rows than this runs as a background job (202 and its progress). */
  IMPORT_JOB_ROWS: integer(10_000, 1, 10_000_000),
  /** How long an import job may run before it is taken for lost (its instance killed) and retried. */
  IMPORT_JOB_TIMEOUT_SECONDS: integer(30 * 60, 2, 24 * 3_600),
  /** When the backup job runs (cron, UTC); off when unset (README "Backups"). */
  BACKUP_SCHEDULE: cronExpression,
  /** How many backups DATA_DIR/backups keeps (the newest; older ones are deleted after each backup). */
  BACKUP_RETENTION: integer(7, 1, 10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  PUBLIC_URL: url(['http:', 'https:']),
  TRUST_PROXY: trustProxy,
  ENCRYPTION_KEY: secret(32),
  AUTH_SECRET: secret(32),
  CRON_SECRET: secret(32),
  VAPID_PUBLIC_KEY: base64url(65, 'an uncompressed P-256 public key'),
  VAPID_PRIVATE_KEY: base64url(32, 'a P-256 private key'),
  VAPID_SUBJECT: optionalText.refine(
    (value) => value === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value),
    { message: 'must be a mailto: address or an https:// URL' },
  ),
  REDIS_URL: url(['redis:', 'rediss:']),
  /** GET /metrics on the app's port for `Authorization: Bearer METRICS_TOKEN` (off when unset). */
  METRICS_TOKEN: secret(32),
  /** GET /metrics, without a token, on a listener of its own at this port (off when unset). */
  METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a port number from 1 to 65535')
      .transform(Number)
      .refine((port) => port >= 1 && port <= 65_535, 'must be a port number from 1 to 65535')
      .optional(),
  ),
  RATE_LIMIT_MAX: integer(600, 1, 1_000_000),
  RATE_LIMIT_WINDOW_MS: integer(60_000, 1_000, 86_400_000),
  SIGN_UP_LIMIT_PER_HOUR: integer(10, 1, 10_000),
  SIGN_IN_LIMIT_PER_15_MINUTES: integer(30, 1, 100_000),
  SMTP_URL: url(['smtp:', 'smtps:']),
  EMAIL_FROM: optionalText,
  RESEND_API_KEY: prefixed('re_'),
  STRIPE_SECRET_KEY: prefixed('sk_'),
  STRIPE_PUBLISHABLE_KEY: prefixed('pk_'),
  STRIPE_WEBHOOK_SECRET: prefixed('whsec_'),
  STRIPE_PRICE_ID_PRO_MONTHLY: prefixed('price_'),
  STRIPE_PRICE_ID_PRO_YEARLY: prefixed('price_'),
  STRIPE_API_URL: url(['http:', 'https:']),
  PLAID_CLIENT_ID: optionalText,
  PLAID_SECRET: optionalText,
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  PLAID_BASE_URL: url(['http:', 'https:']),
  SIMPLEFIN_BRIDGE_URL: url(['http:', 'https:']),
  PUSH_ALLOW_ANY_HOST: boolean(false),
  OUTBOUND_ALLOW_PRIVATE: allowPrivate,
  WEBHOOKS_ALLOW_PRIVATE: boolean(false),
  HIBP_ENABLED: boolean(false),
  HIBP_API_URL: url(['http:', 'https:']),
  FX_RATES_URL: url(['http:', 'https:']),
  FX_REFRESH: boolean(true),
  MARKET_DATA_PROVIDER: z
    .enum(MARKET_DATA_PROVIDERS, { message: `must be one of: ${MARKET_DATA_PROVIDERS.join(', ')}` })
    .default('yahoo'),
  YAHOO_FINANCE_BASE_URL: url(['http:', 'https:']),
  TWELVE_DATA_API_KEY: optionalText,
  TWELVE_DATA_BASE_URL: url(['http:', 'https:']),
  /** Twelve Data's per-minute API credits of the key's plan (Basic: 8); the closes job keeps within them. */
  TWELVE_DATA_CREDITS_PER_MINUTE: integer(8, 1, 100_000),
  CRYPTO_PRICES_URL: url(['http:', 'https:']),
  BTC_ESPLORA_URL: url(['http:', 'https:']),
  SOLANA_RPC_URL: url(['http:', 'https:']),
  EVM_RPC_URLS: evmRpcUrls,
  EVM_EXTRA_TOKENS: evmExtraTokens,
  CCXT_API_URLS: exchangeApiUrls,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  APPLE_CLIENT_ID: optionalText,
  APPLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER_URL: url(['http:', 'https:']),
  APPLE_ISSUER_URL: url(['http:', 'https:']),
  GITHUB_URL: url(['http:', 'https:']),
  GITHUB_API_URL: url(['http:', 'https:']),
  OIDC_ISSUER_URL: url(['http:', 'https:']),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_BUTTON_LABEL: optionalText.refine((value) => value === undefined || value.length <= 40, {
    message: 'must be at most 40 characters',
  }),
  OIDC_ONLY: boolean(false),
  ALLOWED_EMAIL_DOMAINS: emailDomains,
  FEATURE_CRYPTO: boolean(DEFAULT_FEATURE_FLAGS.crypto),
  FEATURE_BANK_LINKING: boolean(DEFAULT_FEATURE_FLAGS.bankLinking),
  FEATURE_EXPORT: boolean(DEFAULT_FEATURE_FLAGS.export),
  FEATURE_PUBLIC_API: boolean(DEFAULT_FEATURE_FLAGS.publicApi),
});

type ParsedEnv = z.infer<typeof envSchema>;

/**
 * Which proxies may set X-Forwarded-For: none, the nearest `hops` of them, or those at the given
 * addresses and ranges (proxy-addr's trust rules; the client address is the first untrusted hop).
 */
export type TrustProxy = false | { hops: number } | { ranges: string[] };

export type BackupSettings = { schedule: string | undefined; retention: number };

/**
 * What `npm run backup` and `npm run restore` read: the data directory, the database and the retention,
 * validated as the server validates them (they need none of the server's secrets).
 */
export function parseBackupEnv(env: Record<string, string | undefined>): {
  dataDir: string;
  databaseUrl: string | undefined;
  backup: BackupSettings;
} {
  const result = envSchema
    .pick({ DATA_DIR: true, DATABASE_URL: true, BACKUP_SCHEDULE: true, BACKUP_RETENTION: true })
    .safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const parsed = result.data;
  return {
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    backup: { schedule: parsed.BACKUP_SCHEDULE, retention: parsed.BACKUP_RETENTION },
  };
}

export type Secrets = { encryptionKey: string; authSecret: string; cronSecret: string };

/** Web Push VAPID key pair (base64url, as `web-push` and the browser's PushManager take them). */
export type VapidKeys = { vapidPublicKey: string; vapidPrivateKey: string };

/** What the embedded default can generate into secrets.json. */
export type GeneratableSecret = keyof Secrets | keyof VapidKeys;

export type Config = {
  nodeEnv: ParsedEnv['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** External PostgreSQL; undefined means the embedded server under `dataDir`. */
  databaseUrl: string | undefined;
  database: { poolMax: number; connectionTimeoutMs: number; idleTimeoutMs: number; maxLifetimeMs: number };
  /**
   * A read replica of `databaseUrl` (DATABASE_REPLICA_URL, ADR 060): read-only listings and analytics go
   * to it while its lag is at most `maxLagSeconds`. Undefined when unset (only meaningful with DATABASE_URL).
   */
  replica: { url: string; maxLagSeconds: number } | undefined;
  /** OpenTelemetry traces go to this OTLP/HTTP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT); off when undefined. */
  otelEndpoint: string | undefined;
  apiTimeoutMs: number;
  /** The largest export file (and inflated JSON) POST /user/restore reads; more is a 413. */
  restoreMaxBytes: number;
  /**
   * File imports of more than `jobRows` rows run as pg-boss jobs (ADR 063); one not finished within
   * `jobTimeoutSeconds` is taken for lost and retried on another instance.
   */
  imports: { jobRows: number; jobTimeoutSeconds: number };
  /** Database backups into DATA_DIR/backups: the job's cron schedule (off when undefined), how many kept. */
  backup: BackupSettings;
  logLevel: ParsedEnv['LOG_LEVEL'];
  publicUrl: string;
  /**
   * Origins a state-changing browser request may come from: PUBLIC_URL's, and when that names this
   * machine (localhost, 127.0.0.1 or [::1]), the other two loopback spellings of it on the same port.
   */
  trustedOrigins: string[];
  trustProxy: TrustProxy;
  secrets: Secrets;
  redisUrl: string | undefined;
  /** Prometheus metrics (GET /metrics): a bearer token on the app's port, and/or a port of its own. */
  metrics: { token: string | undefined; port: number | undefined };
  rateLimit: { max: number; windowMs: number };
  /** New accounts one client address may create per hour (several people behind one address need more). */
  signUpLimitPerHour: number;
  /** Sign-in attempts per client address per 15 minutes. */
  signInLimitPer15Minutes: number;
  email: { smtpUrl: string | undefined; from: string; resendApiKey: string | undefined };
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    proMonthlyPriceId: string | undefined;
    proYearlyPriceId: string | undefined;
    /**
     * Another origin for Stripe's API (STRIPE_API_URL: proxies, and tests against a fake); Stripe's own
     * (https://api.stripe.com) when unset.
     */
    apiUrl: string | undefined;
  };
  /**
   * Plaid (bank-data aggregator): credentials, environment, and `baseUrl`, the API origin (PLAID_BASE_URL,
   * for proxies and tests; otherwise the environment's own origin). Linking is off without credentials.
   */
  plaid: {
    clientId: string | undefined;
    secret: string | undefined;
    environment: 'sandbox' | 'production';
    baseUrl: string | undefined;
  };
  /**
   * SimpleFIN: the Bridge's root URL, whose `/create` page the app sends users to for a setup token (the
   * token itself names where it is claimed).
   */
  simplefin: { bridgeUrl: string; createUrl: string };
  /** Online breached-password range check (opt-in); the offline list always applies. */
  hibp: { enabled: boolean; apiUrl: string };
  /** ECB reference rates: base URL of the eurofxref feeds, and whether to fetch them every 12 hours. */
  fx: { ratesUrl: string; refresh: boolean };
  /**
   * Quotes, searches and price histories (ADR 020): the provider in use, each provider's API origin
   * (YAHOO_FINANCE_BASE_URL, TWELVE_DATA_BASE_URL: proxies and tests) and Twelve Data's key.
   */
  marketData: {
    provider: MarketDataProviderId;
    yahooBaseUrl: string;
    twelveDataBaseUrl: string;
    twelveDataApiKey: string | undefined;
    /** The key's API credits per minute (TWELVE_DATA_CREDITS_PER_MINUTE): one per history request. */
    twelveDataCreditsPerMinute: number;
  };
  /** Crypto: the CoinGecko-compatible price API (base URL, e.g. …/api/v3). */
  crypto: {
    pricesUrl: string;
    esploraUrl: string;
    solanaRpcUrl: string;
    /** EVM chain id → JSON-RPC URL replacing the chain's public default (EVM_RPC_URLS). */
    evmRpcUrls: Partial<Record<EvmChainId, string>>;
    /** ERC-20 tokens read besides the listed stablecoins (EVM_EXTRA_TOKENS). */
    evmExtraTokens: ExtraEvmToken[];
    /** Exchange id → base URL replacing the exchange's API origin (CCXT_API_URLS: proxies, tests). */
    exchangeApiUrls: Record<string, string>;
  };
  features: FeatureFlags;
  /**
   * Signing in (ADR 037): the identity providers whose client id and secret are set, whether password
   * sign-up is off (OIDC_ONLY), and the email domains that may sign up (empty: any).
   */
  signIn: SignInConfig;
  /**
   * Outbound requests to addresses the user chooses (push endpoints; later webhooks and provider URLs):
   * `allowPrivate` lets them reach loopback, private, link-local and unique-local addresses (all, or those
   * in the listed ranges) over https or plain http (self-hosters whose services live on their own network,
   * and tests); `pushAnyHost` lets push endpoints be on any public https host instead of the known push
   * services only.
   */
  outbound: { allowPrivate: boolean | string[]; pushAnyHost: boolean };
  /** Outgoing webhooks (ADR 040): `allowPrivate` lets endpoints be on loopback, private or link-local addresses. */
  webhooks: { allowPrivate: boolean };
  /**
   * Web Push (docs/settings-api.md "Notifications"): undefined when no VAPID keys are configured (an
   * external database without VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), which turns push off.
   */
  push: { publicKey: string; privateKey: string; subject: string } | undefined;
};

/** The identity providers Lodestar knows; `oidc` is any OpenID Connect provider found by discovery. */
export const SIGN_IN_PROVIDERS = ['google', 'github', 'apple', 'oidc'] as const;
export type SignInProviderId = (typeof SIGN_IN_PROVIDERS)[number];

export type SignInProviderConfig = {
  id: SignInProviderId;
  /** What the button says after "Continue with". */
  label: string;
  clientId: string;
  clientSecret: string;
  /**
   * OpenID Connect providers (Google, Apple, any `oidc`): the issuer whose
   * /.well-known/openid-configuration is read (GOOGLE_ISSUER_URL, APPLE_ISSUER_URL, OIDC_ISSUER_URL).
   */
  issuerUrl?: string;
  /** GitHub only: its web origin (GITHUB_URL: /login/oauth/…) and its REST API root (GITHUB_API_URL). */
  github?: { webUrl: string; apiUrl: string };
};

/** Where the providers are when no override is set. */
export const PROVIDER_DEFAULT_URLS = {
  googleIssuer: 'https://accounts.google.com',
  appleIssuer: 'https://appleid.apple.com',
  github: 'https://github.com',
  githubApi: 'https://api.github.com',
} as const;

export type SignInConfig = {
  providers: SignInProviderConfig[];
  oidcOnly: boolean;
  allowedEmailDomains: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const SECRET_VARIABLES = {
  ENCRYPTION_KEY: 'encryptionKey',
  AUTH_SECRET: 'authSecret',
  CRON_SECRET: 'cronSecret',
} as const;

/** The ECB's eurofxref feeds (FX_RATES_URL's default; also what `npm run fx:snapshot` reads). */
export const DEFAULT_FX_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref';

/** Blockstream's public Esplora (BTC_ESPLORA_URL's default). */
export const DEFAULT_BTC_ESPLORA_URL = 'https://blockstream.info/api';

/** Solana's public mainnet RPC (SOLANA_RPC_URL's default; rate-limited, a private node is better). */
export const DEFAULT_SOLANA_RPC_URL = 'https://api.mainnet-beta.solana.com';

/** CoinGecko's public API (CRYPTO_PRICES_URL's default). */
export const DEFAULT_CRYPTO_PRICES_URL = 'https://api.coingecko.com/api/v3';

/**
 * Parses the environment. `generatedSecrets` fills secrets the environment leaves unset (the embedded
 * default keeps them in $DATA_DIR/secrets.json); with an external database they must be set explicitly,
 * because every instance sharing that database needs the same ones.
 */
export function parseConfig(
  env: Record<string, string | undefined>,
  generatedSecrets?: (missing: GeneratableSecret[], dataDir: string) => Partial<Secrets> & Partial<VapidKeys>,
): Config {
  const result = envSchema.safeParse(env);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (!result.success) throw new ConfigError(problems);
  const parsed = result.data;

  const provided: Partial<Secrets> = {};
  const missing: (keyof Secrets)[] = [];
  for (const [variable, key] of Object.entries(SECRET_VARIABLES) as [
    keyof typeof SECRET_VARIABLES,
    keyof Secrets,
  ][]) {
    const value = parsed[variable];
    if (value === undefined) missing.push(key);
    else provided[key] = value;
  }
  const vapidGiven = Boolean(parsed.VAPID_PUBLIC_KEY) || Boolean(parsed.VAPID_PRIVATE_KEY);
  if (vapidGiven && !(parsed.VAPID_PUBLIC_KEY && parsed.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  }
  // The embedded default generates the VAPID pair once; an external database shares keys between
  // instances, so there push stays off until both are set.
  const wanted: GeneratableSecret[] = [...missing, ...(vapidGiven ? [] : VAPID_SECRETS)];
  const generated =
    wanted.length && !parsed.DATABASE_URL ? (generatedSecrets?.(wanted, parsed.DATA_DIR) ?? {}) : {};
  const filled = { ...generated, ...provided };
  const vapid = vapidGiven
    ? { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY }
    : { publicKey: generated.vapidPublicKey, privateKey: generated.vapidPrivateKey };
  for (const [variable, key] of Object.entries(SECRET_VARIABLES) as [
    keyof typeof SECRET_VARIABLES,
    keyof Secrets,
  ][]) {
    if (!filled[key])
      problems.push(`${variable}: is required when DATABASE_URL is set (at least 32 characters)`);
  }
  if (parsed.STRIPE_SECRET_KEY) {
    for (const [variable, value, prefix] of [
      ['STRIPE_PUBLISHABLE_KEY', parsed.STRIPE_PUBLISHABLE_KEY, 'pk_'],
      ['STRIPE_WEBHOOK_SECRET', parsed.STRIPE_WEBHOOK_SECRET, 'whsec_'],
      ['STRIPE_PRICE_ID_PRO_MONTHLY', parsed.STRIPE_PRICE_ID_PRO_MONTHLY, 'price_'],
    ] as const) {
      if (!value) problems.push(`${variable}: is required when STRIPE_SECRET_KEY is set (${prefix}…)`);
    }
  }
  if (Boolean(parsed.PLAID_CLIENT_ID) !== Boolean(parsed.PLAID_SECRET)) {
    problems.push('PLAID_CLIENT_ID and PLAID_SECRET: set both or neither');
  }
  if (parsed.MARKET_DATA_PROVIDER === 'twelve-data' && !parsed.TWELVE_DATA_API_KEY) {
    problems.push('TWELVE_DATA_API_KEY: is required when MARKET_DATA_PROVIDER is twelve-data');
  }
  if (parsed.DATABASE_REPLICA_URL && !parsed.DATABASE_URL) {
    problems.push(
      'DATABASE_REPLICA_URL: needs DATABASE_URL (the embedded database has no replica; unset DATABASE_REPLICA_URL or set DATABASE_URL)',
    );
  }
  const signIn = signInConfig(parsed, problems);
  if (problems.length) throw new ConfigError(problems);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    database: {
      poolMax: parsed.DB_POOL_MAX,
      connectionTimeoutMs: parsed.DB_CONNECTION_TIMEOUT_MS,
      idleTimeoutMs: parsed.DB_IDLE_TIMEOUT_MS,
      maxLifetimeMs: parsed.DB_MAX_LIFETIME_MS,
    },
    replica: parsed.DATABASE_REPLICA_URL
      ? { url: parsed.DATABASE_REPLICA_URL, maxLagSeconds: parsed.DATABASE_REPLICA_MAX_LAG_SECONDS }
      : undefined,
    otelEndpoint: parsed.OTEL_EXPORTER_OTLP_ENDPOINT,
    apiTimeoutMs: parsed.API_TIMEOUT_MS,
    restoreMaxBytes: parsed.RESTORE_MAX_BYTES,
    imports: { jobRows: parsed.IMPORT_JOB_ROWS, jobTimeoutSeconds: parsed.IMPORT_JOB_TIMEOUT_SECONDS },
    backup: { schedule: parsed.BACKUP_SCHEDULE, retention: parsed.BACKUP_RETENTION },
    logLevel: parsed.LOG_LEVEL,
    publicUrl,
    trustedOrigins: trustedOrigins(publicUrl),
    trustProxy: parsed.TRUST_PROXY,
    secrets: {
      encryptionKey: filled.encryptionKey ?? '',
      authSecret: filled.authSecret ?? '',
      cronSecret: filled.cronSecret ?? '',
    },
    redisUrl: parsed.REDIS_URL,
    metrics: { token: parsed.METRICS_TOKEN, port: parsed.METRICS_PORT },
    rateLimit: { max: parsed.RATE_LIMIT_MAX, windowMs: parsed.RATE_LIMIT_WINDOW_MS },
    signUpLimitPerHour: parsed.SIGN_UP_LIMIT_PER_HOUR,
    signInLimitPer15Minutes: parsed.SIGN_IN_LIMIT_PER_15_MINUTES,
    email: {
      smtpUrl: parsed.SMTP_URL,
      from: parsed.EMAIL_FROM ?? 'Lodestar <no-reply@localhost>',
      resendApiKey: parsed.RESEND_API_KEY,
    },
    stripe: {
      secretKey: parsed.STRIPE_SECRET_KEY,
      publishableKey: parsed.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
      proMonthlyPriceId: parsed.STRIPE_PRICE_ID_PRO_MONTHLY,
      proYearlyPriceId: parsed.STRIPE_PRICE_ID_PRO_YEARLY,
      apiUrl: parsed.STRIPE_API_URL?.replace(/\/+$/, ''),
    },
    plaid: {
      clientId: parsed.PLAID_CLIENT_ID,
      secret: parsed.PLAID_SECRET,
      environment: parsed.PLAID_ENV,
      baseUrl: parsed.PLAID_BASE_URL?.replace(/\/+$/, ''),
    },
    simplefin: simplefinConfig(parsed.SIMPLEFIN_BRIDGE_URL),
    hibp: {
      enabled: parsed.HIBP_ENABLED,
      apiUrl: (parsed.HIBP_API_URL ?? 'https://api.pwnedpasswords.com').replace(/\/$/, ''),
    },
    fx: {
      ratesUrl: (parsed.FX_RATES_URL ?? DEFAULT_FX_RATES_URL).replace(/\/+$/, ''),
      refresh: parsed.FX_REFRESH,
    },
    marketData: {
      provider: parsed.MARKET_DATA_PROVIDER,
      yahooBaseUrl: (parsed.YAHOO_FINANCE_BASE_URL ?? DEFAULT_YAHOO_FINANCE_BASE_URL).replace(/\/+$/, ''),
      twelveDataBaseUrl: (parsed.TWELVE_DATA_BASE_URL ?? DEFAULT_TWELVE_DATA_BASE_URL).replace(/\/+$/, ''),
      twelveDataApiKey: parsed.TWELVE_DATA_API_KEY,
      twelveDataCreditsPerMinute: parsed.TWELVE_DATA_CREDITS_PER_MINUTE,
    },
    crypto: {
      pricesUrl: (parsed.CRYPTO_PRICES_URL ?? DEFAULT_CRYPTO_PRICES_URL).replace(/\/+$/, ''),
      esploraUrl: (parsed.BTC_ESPLORA_URL ?? DEFAULT_BTC_ESPLORA_URL).replace(/\/+$/, ''),
      solanaRpcUrl: parsed.SOLANA_RPC_URL ?? DEFAULT_SOLANA_RPC_URL,
      evmRpcUrls: parsed.EVM_RPC_URLS,
      evmExtraTokens: parsed.EVM_EXTRA_TOKENS,
      exchangeApiUrls: parsed.CCXT_API_URLS,
    },
    features: {
      crypto: parsed.FEATURE_CRYPTO,
      bankLinking: parsed.FEATURE_BANK_LINKING,
      export: parsed.FEATURE_EXPORT,
      publicApi: parsed.FEATURE_PUBLIC_API,
    },
    signIn,
    outbound: { allowPrivate: parsed.OUTBOUND_ALLOW_PRIVATE, pushAnyHost: parsed.PUSH_ALLOW_ANY_HOST },
    webhooks: { allowPrivate: parsed.WEBHOOKS_ALLOW_PRIVATE },
    push:
      vapid.publicKey && vapid.privateKey
        ? {
            publicKey: vapid.publicKey,
            privateKey: vapid.privateKey,
            subject: parsed.VAPID_SUBJECT ?? defaultVapidSubject(parsed.EMAIL_FROM),
          }
        : undefined,
  };
}

const PROVIDER_LABELS: Record<Exclude<SignInProviderId, 'oidc'>, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
};

/** Each provider is on when its client id and secret are both set; one without the other is a problem. */
function signInConfig(parsed: ParsedEnv, problems: string[]): SignInConfig {
  const providers: SignInProviderConfig[] = [];
  const pairs = [
    ['google', 'GOOGLE', parsed.GOOGLE_CLIENT_ID, parsed.GOOGLE_CLIENT_SECRET],
    ['github', 'GITHUB', parsed.GITHUB_CLIENT_ID, parsed.GITHUB_CLIENT_SECRET],
    ['apple', 'APPLE', parsed.APPLE_CLIENT_ID, parsed.APPLE_CLIENT_SECRET],
  ] as const;
  const trim = (value: string) => value.replace(/\/+$/, '');
  const where = {
    google: { issuerUrl: trim(parsed.GOOGLE_ISSUER_URL ?? PROVIDER_DEFAULT_URLS.googleIssuer) },
    apple: { issuerUrl: trim(parsed.APPLE_ISSUER_URL ?? PROVIDER_DEFAULT_URLS.appleIssuer) },
    github: {
      github: {
        webUrl: trim(parsed.GITHUB_URL ?? PROVIDER_DEFAULT_URLS.github),
        apiUrl: trim(parsed.GITHUB_API_URL ?? PROVIDER_DEFAULT_URLS.githubApi),
      },
    },
  };
  for (const [id, prefix, clientId, clientSecret] of pairs) {
    if (clientId && clientSecret)
      providers.push({ id, label: PROVIDER_LABELS[id], clientId, clientSecret, ...where[id] });
    else if (clientId || clientSecret)
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET: set both or neither`);
  }
  const oidc = [parsed.OIDC_ISSUER_URL, parsed.OIDC_CLIENT_ID, parsed.OIDC_CLIENT_SECRET];
  if (parsed.OIDC_ISSUER_URL && parsed.OIDC_CLIENT_ID && parsed.OIDC_CLIENT_SECRET) {
    providers.push({
      id: 'oidc',
      label: parsed.OIDC_BUTTON_LABEL ?? 'single sign-on',
      clientId: parsed.OIDC_CLIENT_ID,
      clientSecret: parsed.OIDC_CLIENT_SECRET,
      issuerUrl: parsed.OIDC_ISSUER_URL.replace(/\/+$/, ''),
    });
  } else if (oidc.some(Boolean)) {
    problems.push('OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none');
  }
  if (parsed.OIDC_ONLY && providers.length === 0) {
    problems.push('OIDC_ONLY: needs a sign-in provider (OIDC_ISSUER_URL, GOOGLE_…, GITHUB_… or APPLE_…)');
  }
  return { providers, oidcOnly: parsed.OIDC_ONLY, allowedEmailDomains: parsed.ALLOWED_EMAIL_DOMAINS };
}

export const DEFAULT_SIMPLEFIN_BRIDGE_URL = 'https://beta-bridge.simplefin.org/simplefin';

function simplefinConfig(bridgeUrl: string | undefined): Config['simplefin'] {
  const root = (bridgeUrl ?? DEFAULT_SIMPLEFIN_BRIDGE_URL).replace(/\/+$/, '');
  return { bridgeUrl: root, createUrl: `${root}/create` };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The public origin, plus its other loopback spellings when it is this machine (see Config.trustedOrigins). */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, ...LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`)].filter(
    (origin, index, all) => all.indexOf(origin) === index,
  );
}

const VAPID_SECRETS: (keyof VapidKeys)[] = ['vapidPublicKey', 'vapidPrivateKey'];

/** `mailto:` + the address of EMAIL_FROM ('Name <a@b>' or 'a@b'), else mailto:admin@localhost. */
function defaultVapidSubject(from: string | undefined): string {
  const address = from ? (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim()) : undefined;
  return address && /^[^\s@]+@[^\s@]+$/.test(address) ? `mailto:${address}` : 'mailto:admin@localhost';
}
