import {
  findConnection,
  insertConnection,
  listConnections,
  listWalletHoldings,
  upsertInstitution,
  type Database,
} from '@lodestar/db';
import {
  DECIMALS,
  PUBLIC_ADDRESS_ONLY,
  isCryptoPriceStale,
  looksLikeWalletSecret,
  money,
} from '@lodestar/domain';
import { CHAIN_LABELS, parseWalletSettings, type WalletChain } from '../../connectors/blockchain/wallets';
import { BLOCKCHAIN_PROVIDER } from '../../connectors/blockchain/blockchain-connector';
import { EVM_CHAIN_IDS, EVM_CHAINS } from '../../connectors/blockchain/evm/chains';
import { ProviderError } from '../../connectors/provider-error';
import { providerOutboundPolicy } from '../../connectors/access';
import type { Config } from '../../config/env';
import type { ConnectorConfig } from '../../connectors/registry';
import { AppError } from '../../http/app-error';
import { reportingFor } from '../../fx/reporting';
import { normalizeDecimal, productMinor } from '../holdings/decimal';
import { todaysReporting } from '../holdings/reporting';
import { connectionView } from '../accounts/views';
import { assertWithinLimits, type UserLimits } from '../limits/user-limits';

/** Blockchain wallets (docs/crypto.md): add by public address or extended public key, list, remove. */

export const WALLET_TEXTS = {
  duplicate: 'This wallet is already added',
  notFound: 'No such wallet',
} as const;

/** `evm` follows one address on every EVM chain: one wallet per chain. */
export const ALL_EVM_CHAINS = 'evm';

export type WalletInput = {
  chain: WalletChain | typeof ALL_EVM_CHAINS;
  address?: string;
  xpub?: string;
  label?: string;
};

type CheckedWallet = { chain: WalletChain; address?: string; xpub?: string; label: string };

function refuse(field: string, message: string, code = 'invalid'): never {
  throw new AppError('VALIDATION_FAILED', 'Validation failed', { items: [{ field, message, code }] });
}

/**
 * Checks a wallet as the user typed it: a private key or recovery phrase in any field is refused first
 * (and never stored or logged), then the address or key by the chain's own checksum rules.
 */
function refuseSecrets(input: WalletInput): void {
  for (const field of ['address', 'xpub', 'label'] as const) {
    const value = input[field];
    if (typeof value === 'string' && looksLikeWalletSecret(value))
      refuse(field, PUBLIC_ADDRESS_ONLY, 'secret_refused');
  }
}

export async function checkWalletInput(input: WalletInput & { chain: WalletChain }): Promise<CheckedWallet> {
  refuseSecrets(input);
  // The chains' address libraries are loaded with the first wallet added, not at start.
  const { addressProblem, normalizeAddress, xpubProblem } =
    await import('../../connectors/blockchain/wallet-checks');
  const typed = input.address?.trim() || undefined;
  const xpub = input.xpub?.trim() || undefined;
  if (!typed && !xpub) refuse('address', 'Enter the wallet’s public address', 'required');
  if (typed && xpub) refuse('xpub', 'Give an address or an extended public key, not both.');
  if (typed) {
    const problem = addressProblem(input.chain, typed);
    if (problem) refuse('address', problem);
  }
  const address = typed ? normalizeAddress(input.chain, typed) : undefined;
  if (xpub) {
    const problem = xpubProblem(input.chain, xpub);
    if (problem) refuse('xpub', problem);
  }
  const label = input.label?.trim() || `${CHAIN_LABELS[input.chain]} wallet`;
  if (label.length > 100) refuse('label', 'Name the wallet in 100 characters or fewer');
  return { chain: input.chain, ...(address ? { address } : {}), ...(xpub ? { xpub } : {}), label };
}

/** Looks an ENS name up on Ethereum (EVM_RPC_URLS' node, through the outbound guard); null without an address. */
export type EnsResolver = (name: string) => Promise<string | null>;

export function ensResolver(config: Pick<Config, 'crypto' | 'outbound'>): EnsResolver {
  return async (name) => {
    // viem's ENS code is loaded only when a name is added.
    const { resolveEnsName } = await import('../../connectors/blockchain/evm/ens');
    return resolveEnsName(name, {
      rpcUrl: config.crypto.evmRpcUrls.ethereum ?? EVM_CHAINS.ethereum.defaultRpcUrl,
      outbound: providerOutboundPolicy(config),
    });
  };
}

/**
 * An ENS name given for Ethereum (or every EVM chain) replaced by the address it points to; the name
 * becomes the wallet's name unless one was given.
 */
async function resolveName(input: WalletInput, resolve: EnsResolver | undefined): Promise<WalletInput> {
  const name = input.address?.trim();
  if (!resolve || !name || !/\.eth$/i.test(name)) return input;
  if (input.chain !== 'ethereum' && input.chain !== ALL_EVM_CHAINS) return input;
  refuseSecrets(input);
  let address: string | null;
  try {
    address = await resolve(name);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'invalid') refuse('address', error.message);
    throw new AppError('EXTERNAL_SERVICE', error.message);
  }
  if (!address)
    refuse('address', 'This ENS name has no Ethereum address set: paste the wallet’s 0x address instead.');
  return { ...input, address, label: input.label?.trim() || name.toLowerCase() };
}

export async function addWallet(options: {
  db: Database;
  userId: string;
  input: WalletInput;
  limits: UserLimits;
  resolveEns?: EnsResolver;
}) {
  const { db, userId } = options;
  const input = await resolveName(options.input, options.resolveEns);
  const all = input.chain === ALL_EVM_CHAINS;
  const checked: CheckedWallet[] = [];
  for (const chain of all ? EVM_CHAIN_IDS : [input.chain as WalletChain]) {
    const wallet = await checkWalletInput({ ...input, chain });
    // One name for several chains: each wallet says which chain it is on.
    checked.push(
      all && input.label?.trim() ? { ...wallet, label: `${wallet.label} (${CHAIN_LABELS[chain]})` } : wallet,
    );
  }
  const existing = await listConnections(db, userId);
  const followed = (wallet: CheckedWallet) =>
    existing.some(({ connection }) => {
      if (connection.provider !== BLOCKCHAIN_PROVIDER) return false;
      const settings = parseWalletSettings(connection.settings);
      const key = settings?.address ?? settings?.xpub;
      const same = isEvm(wallet.chain)
        ? key?.toLowerCase() === wallet.address?.toLowerCase()
        : key === (wallet.address ?? wallet.xpub);
      return settings?.chain === wallet.chain && same;
    });
  // On every EVM chain, the chains already followed are left as they are.
  const wallets = checked.filter((wallet) => !followed(wallet));
  if (!wallets.length) throw new AppError('CONFLICT', WALLET_TEXTS.duplicate);
  await assertWithinLimits(db, userId, { addAccounts: wallets.length }, options.limits);
  return db.transaction(async (tx) => {
    const created = [];
    for (const wallet of wallets) {
      const institutionId = await upsertInstitution(tx, {
        provider: BLOCKCHAIN_PROVIDER,
        externalId: wallet.chain,
        name: CHAIN_LABELS[wallet.chain],
      });
      created.push(
        await insertConnection(tx, {
          userId,
          provider: BLOCKCHAIN_PROVIDER,
          institutionId,
          displayName: wallet.label,
          settings: wallet,
        }),
      );
    }
    return created;
  });
}

function isEvm(chain: WalletChain): boolean {
  return (EVM_CHAIN_IDS as readonly string[]).includes(chain);
}

/** The user's wallets with their holdings, valued in US dollars and in the reporting currency. */
export async function listWallets(db: Database, userId: string, config: ConnectorConfig, now: Date) {
  const connections = (await listConnections(db, userId)).filter(
    (row) => row.connection.provider === BLOCKCHAIN_PROVIDER,
  );
  const rows = await listWalletHoldings(db, userId);
  const basis = await reportingFor(db, userId, now);
  const reporting = await todaysReporting(db, userId, basis, ['USD']);
  return {
    reportingCurrency: basis.currency,
    wallets: connections.flatMap((row) => {
      const settings = parseWalletSettings(row.connection.settings);
      if (!settings) return [];
      const holdings = rows
        .filter((holding) => holding.connectionId === row.connection.id)
        .map((holding) => {
          const priced = holding.price !== null;
          const valueMinor = priced ? productMinor(holding.quantity, holding.price as string, 2) : null;
          const converted = valueMinor === null ? null : reporting.convert(valueMinor, holding.currency);
          return {
            symbol: holding.symbol,
            name: holding.name,
            quantity: normalizeDecimal(holding.quantity),
            quantityDecimals: DECIMALS.crypto,
            price: priced
              ? { amount: normalizeDecimal(holding.price as string), currency: holding.currency }
              : null,
            priceAt: holding.priceAt?.toISOString() ?? null,
            priceStale: holding.priceAt ? isCryptoPriceStale(holding.priceAt, now) : false,
            change24hPercent: holding.change24hPercent === null ? null : Number(holding.change24hPercent),
            depegged: holding.depegged,
            value: valueMinor === null ? null : money(valueMinor, holding.currency),
            converted: converted === null ? null : money(converted, basis.currency),
          };
        });
      const view = connectionView(row, config, now);
      const account = rows.find((holding) => holding.connectionId === row.connection.id);
      const totalMinor = holdings.reduce((sum, item) => sum + (item.value?.amountMinor ?? 0), 0);
      const totalConverted = reporting.convert(totalMinor, 'USD');
      return [
        {
          id: row.connection.id,
          chain: settings.chain,
          label: row.connection.displayName,
          address: settings.address ?? null,
          xpub: settings.xpub ?? null,
          accountId: account?.accountId ?? null,
          total: money(totalMinor, 'USD'),
          totalConverted: totalConverted === null ? null : money(totalConverted, basis.currency),
          holdings,
          status: view.status,
          lastSyncedAt: view.lastSyncedAt,
          lastError: view.lastError,
          syncing: view.sync.state === 'running',
        },
      ];
    }),
  };
}

export async function findWallet(db: Database, userId: string, id: string) {
  const found = await findConnection(db, userId, id);
  if (!found || found.provider !== BLOCKCHAIN_PROVIDER) throw AppError.notFound(WALLET_TEXTS.notFound);
  return found;
}
