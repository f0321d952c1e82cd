import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteConnection } from '@lodestar/db';
import type { AppEnv, RouteDeps } from '../app-types';
import { requireUser } from '../auth/current-user';
import { WALLET_CHAINS } from '../connectors/blockchain/wallets';
import { BLOCKCHAIN_PROVIDER } from '../connectors/blockchain/blockchain-connector';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { COOKIE_AUTH, jsonBody, jsonResponse, MoneySchema } from '../http/openapi';
import type { SyncRunner } from '../sync/runner';
import { startUserSyncs } from '../sync/start-syncs';
import { userLimits } from '../use-cases/limits/user-limits';
import {
  addWallet,
  ALL_EVM_CHAINS,
  ensResolver,
  findWallet,
  listWallets,
  WALLET_TEXTS,
} from '../use-cases/crypto/wallets';

/** Blockchain wallets (spec §7 blockchain/wallets, blockchain/sync; docs/crypto.md). */

const tags = ['Crypto'];

const HoldingSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    quantity: z.string().openapi({ description: 'Decimal string, exact (18-decimal tokens included)' }),
    quantityDecimals: z.number().int().openapi({ description: 'Decimals to show (spec §9: crypto 8)' }),
    price: z
      .object({ amount: z.string(), currency: z.string() })
      .nullable()
      .openapi({ description: 'Per unit; null when the asset has never been priced' }),
    priceAt: z.string().nullable().openapi({ description: 'When the price source last updated the price' }),
    priceStale: z
      .boolean()
      .openapi({ description: 'The price is more than 2 hours old (the source did not answer)' }),
    change24hPercent: z.number().nullable(),
    depegged: z
      .boolean()
      .openapi({ description: 'A stablecoin more than 2 % off its peg, valued at the market' }),
    value: MoneySchema.nullable(),
    converted: MoneySchema.nullable().openapi({
      description: 'In the reporting currency; null without a rate',
    }),
  })
  .openapi('WalletHolding');

const WalletSchema = z
  .object({
    id: z.string(),
    chain: z.enum(WALLET_CHAINS),
    label: z.string(),
    address: z.string().nullable(),
    xpub: z.string().nullable(),
    accountId: z.string().nullable(),
    total: MoneySchema,
    totalConverted: MoneySchema.nullable(),
    holdings: z.array(HoldingSchema),
    status: z.enum(['active', 'syncing', 'needs_reauth', 'error', 'disconnected']),
    lastSyncedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    syncing: z.boolean(),
  })
  .openapi('Wallet');

const ADD_CHAINS = [...WALLET_CHAINS, ALL_EVM_CHAINS] as const;
const CHAIN_MESSAGE = `Chain must be one of ${ADD_CHAINS.join(', ')}`;
const idParam = z.object({ id: z.uuid({ message: WALLET_TEXTS.notFound }) });

const routes = {
  list: createRoute({
    method: 'get',
    path: '/blockchain/wallets',
    tags,
    security: COOKIE_AUTH,
    summary: 'Wallets with their holdings, values and sync status',
    responses: {
      200: jsonResponse(
        z.object({ reportingCurrency: z.string(), wallets: z.array(WalletSchema) }),
        'Wallets',
      ),
    },
  }),
  add: createRoute({
    method: 'post',
    path: '/blockchain/wallets',
    tags,
    security: COOKIE_AUTH,
    summary:
      'Add a wallet by public address or extended public key (read-only); a private key or recovery phrase is refused',
    request: {
      body: jsonBody(
        z.object({
          chain: z.enum(ADD_CHAINS, CHAIN_MESSAGE).openapi({
            description: '`evm`: the address on every EVM chain (one wallet per chain not yet followed)',
          }),
          address: z.string().max(1_000, 'This is not an address').optional(),
          // A 15-key multisig descriptor with key origins is about 2,100 characters.
          xpub: z
            .string()
            .max(5_000, 'This is not an extended public key or descriptor')
            .optional()
            .openapi({ description: 'An xpub, ypub or zpub, or an output descriptor (BIP 380–386)' }),
          label: z.string().max(1_000, 'Name the wallet in 100 characters or fewer').optional(),
        }),
      ),
    },
    responses: {
      201: jsonResponse(
        z.object({
          wallet: WalletSchema,
          wallets: z.array(WalletSchema).openapi({ description: 'Every wallet added (several for `evm`)' }),
        }),
        'Added; the first sync runs now',
      ),
      400: { description: 'Not a valid address for the chain, or a secret was pasted' },
      409: { description: 'This wallet is already added' },
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/blockchain/wallets/{id}',
    tags,
    security: COOKIE_AUTH,
    summary: 'Remove a wallet with its account and history',
    request: { params: idParam },
    responses: { 200: jsonResponse(z.object({ id: z.string() }), 'Removed') },
  }),
  sync: createRoute({
    method: 'post',
    path: '/blockchain/sync',
    tags,
    security: COOKIE_AUTH,
    summary: 'Sync every wallet of the user now',
    responses: { 200: jsonResponse(z.object({ started: z.number().int() }), 'Started') },
  }),
};

export function blockchainRoutes(deps: RouteDeps & { syncRunner: SyncRunner }) {
  const { db, auth, syncRunner } = deps;

  async function walletViews(userId: string, ids: string[]) {
    const { wallets } = await listWallets(db, userId, deps.config, deps.now());
    const found = ids.flatMap((id) => wallets.filter((item) => item.id === id));
    if (!found.length) throw AppError.notFound(WALLET_TEXTS.notFound);
    return found;
  }

  return new OpenAPIHono<AppEnv>()
    .openapi(routes.list, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, await listWallets(db, userId, deps.config, deps.now()));
    })
    .openapi(routes.add, async (c) => {
      const { userId } = await requireUser(c, auth);
      const input = c.req.valid('json');
      const created = await addWallet({
        db,
        userId,
        input,
        limits: await userLimits(deps, userId),
        resolveEns: ensResolver(deps.config),
      });
      for (const connection of created) await syncRunner.start(userId, connection.id, { ignoreBudget: true });
      const wallets = await walletViews(
        userId,
        created.map((connection) => connection.id),
      );
      return ok(c, { wallet: wallets[0] as (typeof wallets)[number], wallets }, 201);
    })
    .openapi(routes.remove, async (c) => {
      const { userId } = await requireUser(c, auth);
      const { id } = c.req.valid('param');
      await findWallet(db, userId, id);
      if (!(await deleteConnection(db, userId, id))) throw AppError.notFound(WALLET_TEXTS.notFound);
      return ok(c, { id });
    })
    .openapi(routes.sync, async (c) => {
      const { userId } = await requireUser(c, auth);
      return ok(c, { started: await startUserSyncs(deps, userId, { provider: BLOCKCHAIN_PROVIDER }) });
    });
}
