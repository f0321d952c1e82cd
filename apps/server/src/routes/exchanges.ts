import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { providerOutboundPolicy } from '../connectors/access';
import { EXCHANGE_IDS } from '../connectors/ccxt/exchanges';
import { CCXT_PROVIDER } from '../connectors/ccxt/settings';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { AccountStatusSchema, COOKIE_AUTH, jsonBody, jsonResponse, MoneySchema } from '../http/openapi';
import type { SyncRunner } from '../sync/runner';
import { startUserSyncs } from '../sync/start-syncs';
import { userLimits } from '../use-cases/limits/user-limits';
import {
  connectExchange,
  listExchanges,
  supportedExchanges,
  EXCHANGE_TEXTS,
} from '../use-cases/crypto/exchanges';

/**
 * Centralised exchanges through ccxt (docs/crypto.md): connected with a read-only API key as a
 * connection (removed and synced one by one through the connections endpoints), listed with their
 * holdings, and synced together by `crypto/sync` (spec §7).
 */

const tags = ['Crypto'];

const HoldingSchema = z
  .object({
    accountId: z.string(),
    account: z
      .string()
      .openapi({ description: 'The account (one per market type: Spot, Margin, Futures, Options)' }),
    accountType: z.string().openapi({
      description: 'exchange_spot, exchange_margin, exchange_futures, exchange_options or staking',
    }),
    symbol: z.string(),
    name: z.string(),
    quantity: z.string().openapi({ description: 'Decimal string, exact' }),
    quantityDecimals: z.number().int().openapi({ description: 'Decimals to show (spec §9: crypto 8)' }),
    price: z
      .object({ amount: z.string(), currency: z.string() })
      .nullable()
      .openapi({ description: 'Per unit; null when the asset has never been priced' }),
    priceAt: z.string().nullable(),
    priceStale: z.boolean(),
    change24hPercent: z.number().nullable(),
    depegged: z.boolean(),
    value: MoneySchema.nullable(),
    converted: MoneySchema.nullable().openapi({ description: 'In the reporting currency' }),
  })
  .openapi('ExchangeHolding');

const ExchangeConnectionSchema = z
  .object({
    id: z.string().openapi({ description: 'The connection id (DELETE /connections/{id} removes it)' }),
    exchange: z.enum(EXCHANGE_IDS),
    exchangeName: z.string(),
    label: z.string(),
    totalConverted: MoneySchema.nullable(),
    holdings: z.array(HoldingSchema),
    status: AccountStatusSchema,
    lastSyncedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    syncing: z.boolean(),
  })
  .openapi('ExchangeConnection');

const SupportedSchema = z
  .object({
    advice: z.string(),
    exchanges: z.array(
      z.object({
        id: z.enum(EXCHANGE_IDS),
        name: z.string(),
        fields: z
          .array(z.object({ name: z.enum(['apiKey', 'secret', 'password', 'uid']), label: z.string() }))
          .openapi({ description: 'The credentials this exchange’s key has (ccxt requiredCredentials)' }),
        keyHelp: z.string(),
        accountTypes: z.array(z.string()),
      }),
    ),
  })
  .openapi('SupportedExchanges');

const credential = (label: string) => z.string().max(2_000, EXCHANGE_TEXTS.tooLong(label)).optional();

const routes = {
  supported: createRoute({
    method: 'get',
    path: '/connections/exchanges/supported',
    tags,
    security: COOKIE_AUTH,
    summary: 'The exchanges that can be connected, each with the credential fields its API key has',
    responses: { 200: jsonResponse(SupportedSchema, 'Supported exchanges') },
  }),
  list: createRoute({
    method: 'get',
    path: '/connections/exchanges',
    tags,
    security: COOKIE_AUTH,
    summary: 'Exchange connections with their holdings per account, values and sync status',
    responses: {
      200: jsonResponse(
        z.object({
          reportingCurrency: z.string(),
          advice: z.string(),
          exchanges: z.array(ExchangeConnectionSchema),
        }),
        'Exchange connections',
      ),
    },
  }),
  connect: createRoute({
    method: 'post',
    path: '/connections/exchanges',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Connect an exchange with a read-only API key; a key that can trade or withdraw is refused where the exchange tells',
    request: {
      body: jsonBody(
        z.object({
          exchange: z.enum(EXCHANGE_IDS, `Exchange must be one of ${EXCHANGE_IDS.join(', ')}`),
          apiKey: credential('Key'),
          secret: credential('Secret'),
          password: credential('Passphrase'),
          uid: credential('User ID'),
          label: z.string().max(1_000, 'Name the exchange in 100 characters or fewer').optional(),
        }),
      ),
    },
    responses: {
      201: jsonResponse(
        z.object({ connection: ExchangeConnectionSchema }),
        'Connected; the first sync runs now',
      ),
      400: {
        description: 'A field is missing, the exchange refused the key, or the key can trade or withdraw',
      },
      409: { description: 'This API key is already connected' },
      502: { description: 'The exchange did not answer' },
    },
  }),
  sync: createRoute({
    method: 'post',
    path: '/crypto/sync',
    tags,
    security: COOKIE_AUTH,
    summary: 'Sync every exchange connection of the user now (spec §7 crypto/sync)',
    responses: { 200: jsonResponse(z.object({ started: z.number().int() }), 'Started') },
  }),
};

export function exchangesRoutes(deps: RouteDeps & { syncRunner: SyncRunner }) {
  const { db, auth, syncRunner } = deps;

  return new OpenAPIHono<AppEnv>()
    .openapi(routes.supported, async (c) => {
      await requireUser(c, auth);
      return ok(c, supportedExchanges());
    })
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await listExchanges(db, userId, deps.config, deps.now()));
    })
    .openapi(routes.connect, async (c) => {
      const { userId } = await requireUser(c, auth);
      const input = c.req.valid('json');
      const created = await connectExchange({
        db,
        userId,
        input,
        limits: await userLimits(deps, userId),
        encryptionKey: deps.config.secrets.encryptionKey,
        access: {
          outbound: providerOutboundPolicy(deps.config),
          apiUrls: deps.config.crypto.exchangeApiUrls,
        },
      });
      await syncRunner.start(userId, created.id, { ignoreBudget: true });
      const { exchanges } = await listExchanges(db, userId, deps.config, deps.now());
      const connection = exchanges.find((item) => item.id === created.id);
      if (!connection) throw AppError.notFound(EXCHANGE_TEXTS.notFound);
      return ok(c, { connection }, 201);
    })
    .openapi(routes.sync, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, { started: await startUserSyncs(deps, userId, { provider: CCXT_PROVIDER }) });
    });
}
