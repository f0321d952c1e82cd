import { HTTP_TIMEOUT_MS, currencyExponent, formatUnits, type CryptoAsset } from '@lodestar/domain';
import { productMinor } from '../../use-cases/holdings/decimal';
import { guardedFetch } from '../../outbound/guarded-fetch';
import { CRYPTO_QUOTE_CURRENCY } from '../../prices/crypto-prices';
import { readBitcoinWallet } from './bitcoin/bitcoin-wallet';
import { readSolanaWallet } from './solana/solana-wallet';
import { EVM_CHAINS, isEvmChain } from './evm/chains';
import { cryptoAsset, parseWalletSettings, walletExternalId, type WalletSettings } from './wallets';
import {
  ProviderError,
  type Connector,
  type ConnectorAccount,
  type ConnectorContext,
  type ConnectorHolding,
} from '../types';

/**
 * Blockchain wallets, read-only by public address (docs/crypto.md): one connection per wallet with one
 * `wallet` account valued in US dollars, one holding per asset. Nothing is signed and no key is held.
 */

export const BLOCKCHAIN_PROVIDER = 'blockchain';

type Balance = {
  asset: CryptoAsset;
  /** Whole units, decimal string. */
  quantity: string;
  /** Net change per day (whole units), when the chain's history was read. */
  changes?: { date: string; change: string }[];
};

type Reading = { account: ConnectorAccount; holdings: ConnectorHolding[] };

const readings = new WeakMap<ConnectorContext, Promise<Reading>>();

async function balancesOf(settings: WalletSettings, context: ConnectorContext): Promise<Balance[]> {
  const services = context.crypto;
  if (!services) throw new ProviderError('unavailable', 'Wallet syncing is not set up on this server.');
  // Every chain's requests go through the outbound-request guard; without the runner's policy (no
  // provider access configured) only public https nodes are reached.
  const outbound = context.outbound ?? { allowPrivate: false };
  if (settings.chain === 'bitcoin') {
    const wallet = await readBitcoinWallet({
      esploraUrl: services.esploraUrl,
      ...(settings.xpub ? { xpub: settings.xpub } : { address: settings.address ?? '' }),
      today: context.today,
      fetchImpl: guardedFetch(outbound, { timeoutMs: HTTP_TIMEOUT_MS, maxResponseBytes: 8 * 1024 * 1024 }),
    });
    return [
      {
        asset: cryptoAsset('BTC'),
        quantity: formatUnits(wallet.sats, 8),
        changes: [...wallet.changes].map(([date, sats]) => ({ date, change: formatUnits(sats, 8) })),
      },
    ];
  }
  if (settings.chain === 'solana') {
    return readSolanaWallet(services.solanaRpcUrl, settings.address ?? '', outbound);
  }
  if (isEvmChain(settings.chain)) {
    // viem is loaded with the first EVM wallet read, not when the server starts.
    const { readEvmWallet } = await import('./evm/evm-wallet');
    return readEvmWallet({
      chain: settings.chain,
      rpcUrl: services.evmRpcUrls?.[settings.chain] ?? EVM_CHAINS[settings.chain].defaultRpcUrl,
      address: settings.address ?? '',
      outbound,
      extraTokens: services.evmExtraTokens ?? [],
    });
  }
  throw new ProviderError('invalid', 'This chain is not supported yet.');
}

async function read(context: ConnectorContext): Promise<Reading> {
  const settings = parseWalletSettings(context.settings);
  const services = context.crypto;
  if (!settings || !services) throw new ProviderError('invalid', 'This wallet’s settings are incomplete.');
  const balances = await balancesOf(settings, context);
  const assets = balances.map((balance) => balance.asset);
  const changeDates = balances.flatMap((balance) => (balance.changes ?? []).map((change) => change.date));
  const firstChange = changeDates.sort()[0];
  await services.prices.backfill(assets, firstChange ?? context.today, context.today);
  const prices = await services.prices.prices(assets, context.today);
  const externalId = walletExternalId(settings);
  const exponent = currencyExponent(CRYPTO_QUOTE_CURRENCY);
  let total = 0;
  const holdings = balances.map((balance): ConnectorHolding => {
    // An asset never priced is kept at no value (its quantity still shows), never at a made-up price.
    const price = prices.get(balance.asset.priceId)?.price ?? '0';
    total += productMinor(balance.quantity, price, exponent);
    return {
      accountExternalId: externalId,
      security: {
        provider: 'crypto',
        externalId: balance.asset.priceId,
        ticker: balance.asset.symbol,
        name: balance.asset.name,
        type: 'crypto',
        currency: CRYPTO_QUOTE_CURRENCY,
      },
      quantity: balance.quantity,
      price,
      asOf: context.today,
      ...(balance.changes ? { quantityChanges: balance.changes } : {}),
    };
  });
  return {
    account: {
      externalId,
      name: settings.label,
      type: 'wallet',
      subtype: settings.chain,
      currency: CRYPTO_QUOTE_CURRENCY,
      mask: settings.address ? settings.address.slice(-4) : null,
      currentBalanceMinor: total,
    },
    holdings,
  };
}

function reading(context: ConnectorContext): Promise<Reading> {
  let pending = readings.get(context);
  if (!pending) {
    pending = read(context);
    readings.set(context, pending);
    // A failed reading is not kept: the engine's retry reads again.
    pending.catch(() => readings.delete(context));
  }
  return pending;
}

export const blockchainConnector: Connector = {
  provider: BLOCKCHAIN_PROVIDER,
  institution: { externalId: 'blockchain', name: 'Blockchain' },
  valuedByHoldings: true,
  async accounts(context) {
    return [(await reading(context)).account];
  },
  async sync() {
    return { added: [], modified: [], removed: [], nextCursor: 'balances', hasMore: false };
  },
  async holdings(context) {
    return { holdings: (await reading(context)).holdings, prices: [] };
  },
};
