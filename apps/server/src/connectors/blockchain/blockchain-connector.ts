import {
  HTTP_TIMEOUT_MS,
  addQuantities,
  currencyExponent,
  formatUnits,
  type CryptoAsset,
} from '@lodestar/domain';
import { productMinor } from '../../use-cases/holdings/decimal';
import { guardedFetch } from '../../outbound/guarded-fetch';
import { CRYPTO_QUOTE_CURRENCY } from '../../prices/crypto-prices';
import type { BitcoinTransaction } from './bitcoin/bitcoin-wallet';
import { EVM_CHAINS, isEvmChain } from './evm/chains';
import { cryptoAsset, parseWalletSettings, walletExternalId, type WalletSettings } from './wallets';
import {
  ProviderError,
  type Connector,
  type ConnectorAccount,
  type ConnectorContext,
  type ConnectorHolding,
  type ConnectorTransaction,
} from '../types';

/**
 * Blockchain wallets, read-only by public address (docs/crypto.md): one connection per wallet with one
 * `wallet` account valued in US dollars, one holding per asset. Nothing is signed and no key is held.
 * A Bitcoin wallet's transactions are the account's transactions (transfers in and out, never spending
 * or income); the cursor keeps, per address, the newest confirmed txid read, so a sync reads only what
 * is newer.
 */

export const BLOCKCHAIN_PROVIDER = 'blockchain';

type Balance = {
  asset: CryptoAsset;
  /** Whole units, decimal string. */
  quantity: string;
  /** Net change per day (whole units), when the chain's history was read. */
  changes?: { date: string; change: string }[];
  /** Its transactions, when the chain's are read (Bitcoin). */
  transactions?: BitcoinTransaction[];
  /** Where the next read of the chain stops (Bitcoin: the newest confirmed txid per address). */
  newest?: Record<string, string>;
  /** A token the price source does not know (a Solana mint): held at no value, under its own id. */
  unpriced?: boolean;
};

type Reading = {
  account: ConnectorAccount;
  holdings: ConnectorHolding[];
  transactions: ConnectorTransaction[];
  /** Transactions pending at the last sync that the chain no longer has (replaced or dropped). */
  removed: { externalId: string; accountExternalId: string }[];
  cursor: WalletCursor;
};

/**
 * What a wallet's sync keeps between runs: per Bitcoin address the newest confirmed txid read, and the
 * txids still unconfirmed at the end of the sync.
 */
type WalletCursor = { bitcoin: Record<string, string>; pending: string[] };

/** Transactions handed to the engine per batch. */
const BATCH = 1000;

/** A committed cursor (or one mid-batches) read back; anything else (`balances`, null) reads everything. */
export function walletCursorOf(cursor: string | null | undefined): WalletCursor {
  const text = /^page:\d+:(.*)$/s.exec(cursor ?? '')?.[1] ?? cursor ?? '';
  try {
    const value = JSON.parse(text) as Partial<WalletCursor> | null;
    const bitcoin = Object.fromEntries(
      Object.entries(value?.bitcoin ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && /^[0-9a-f]{64}$/.test(entry[1]),
      ),
    );
    const pending = Array.isArray(value?.pending)
      ? value.pending.filter((txid): txid is string => typeof txid === 'string')
      : [];
    return { bitcoin, pending };
  } catch {
    return { bitcoin: {}, pending: [] };
  }
}

/** `bc1qcr…6fyu`: enough of an address to recognise it. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** Satoshis as bitcoin with all 8 decimals (exact: integer arithmetic only). */
function btc(sats: bigint): string {
  const magnitude = sats < 0n ? -sats : sats;
  return `${magnitude / 100_000_000n}.${(magnitude % 100_000_000n).toString().padStart(8, '0')}`;
}

/**
 * One Bitcoin transaction as a transaction of the wallet account: in US dollars at today's price (as an
 * exchange's deposits and withdrawals are), the exact bitcoin amount in its description, filed as a
 * transfer in or out — a wallet moves the user's own money; it is never spending or income by default.
 */
function bitcoinRow(
  item: BitcoinTransaction,
  accountExternalId: string,
  usdPrice: string,
): ConnectorTransaction {
  const quantity = btc(item.net);
  const value = productMinor(quantity, usdPrice, currencyExponent(CRYPTO_QUOTE_CURRENCY));
  const fee = item.fee > 0n ? `, network fee ${btc(item.fee)} BTC` : '';
  const other = item.counterparty ? shortAddress(item.counterparty) : undefined;
  const text =
    item.kind === 'received'
      ? { name: `Received bitcoin${other ? ` from ${other}` : ''}`, description: `+${quantity} BTC` }
      : item.kind === 'sent'
        ? { name: `Sent bitcoin${other ? ` to ${other}` : ''}`, description: `-${quantity} BTC${fee}` }
        : {
            name: 'Moved bitcoin between own addresses',
            description: `-${quantity} BTC${fee}`,
          };
  const incoming = item.net > 0n;
  return {
    externalId: item.txid,
    accountExternalId,
    date: item.date,
    amountMinor: incoming ? value : -value,
    currency: CRYPTO_QUOTE_CURRENCY,
    ...text,
    providerCategory: incoming
      ? { primary: 'TRANSFER_IN', detailed: 'TRANSFER_IN_ACCOUNT_TRANSFER' }
      : { primary: 'TRANSFER_OUT', detailed: 'TRANSFER_OUT_ACCOUNT_TRANSFER' },
    status: item.confirmed ? 'posted' : 'pending',
  };
}

/** A Solana token the price source does not know: shown by its mint, never priced. */
function unknownSolanaToken(mint: string): CryptoAsset {
  return {
    symbol: shortAddress(mint),
    name: `Unknown token ${shortAddress(mint)}`,
    priceId: `solana:${mint}`,
  };
}

const readings = new WeakMap<ConnectorContext, Promise<Reading>>();

async function balancesOf(settings: WalletSettings, context: ConnectorContext): Promise<Balance[]> {
  const services = context.crypto;
  if (!services) throw new ProviderError('unavailable', 'Wallet syncing is not set up on this server.');
  // Every chain's requests go through the outbound-request guard; without the runner's policy (no
  // provider access configured) only public https nodes are reached.
  const outbound = context.outbound ?? { allowPrivate: false };
  // Each chain's libraries are loaded with the first wallet read on it, not when the server starts.
  if (settings.chain === 'bitcoin') {
    const { readBitcoinWallet } = await import('./bitcoin/bitcoin-wallet');
    const wallet = await readBitcoinWallet({
      esploraUrl: services.esploraUrl,
      ...(settings.xpub ? { xpub: settings.xpub } : { address: settings.address ?? '' }),
      today: context.today,
      known: walletCursorOf(context.cursor).bitcoin,
      fetchImpl: guardedFetch(outbound, { timeoutMs: HTTP_TIMEOUT_MS, maxResponseBytes: 8 * 1024 * 1024 }),
    });
    return [
      {
        asset: cryptoAsset('BTC'),
        quantity: formatUnits(wallet.sats, 8),
        changes: [...wallet.changes].map(([date, sats]) => ({ date, change: formatUnits(sats, 8) })),
        transactions: wallet.transactions,
        newest: wallet.newest,
      },
    ];
  }
  if (settings.chain === 'solana') {
    const { readSolanaWallet } = await import('./solana/solana-wallet');
    const read = await readSolanaWallet(services.solanaRpcUrl, settings.address ?? '', outbound);
    const mints = read.flatMap((item) => (item.mint ? [item.mint] : []));
    // A price source that does not answer fails the sync (retried by the engine): its tokens are never
    // taken for unknown ones, so the wallet's holdings and balance stay as they were.
    const known = await services.prices.contractAssets('solana', mints);
    // Two mints the source knows as one coin (a token and its bridged twin) are one holding.
    const byId = new Map<string, Balance>();
    for (const item of read) {
      const named = item.asset ? undefined : known.get(item.mint);
      const balance: Balance = item.asset
        ? { asset: item.asset, quantity: item.quantity }
        : named
          ? { asset: named, quantity: item.quantity }
          : { asset: unknownSolanaToken(item.mint), quantity: item.quantity, unpriced: true };
      const same = byId.get(balance.asset.priceId);
      if (same) same.quantity = addQuantities(same.quantity, balance.quantity);
      else byId.set(balance.asset.priceId, balance);
    }
    return [...byId.values()];
  }
  if (isEvmChain(settings.chain)) {
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
  const assets = balances.filter((balance) => !balance.unpriced).map((balance) => balance.asset);
  // Past closes are filled by the sync engine from the holdings' quantity changes (ADR 076).
  const prices = await services.prices.prices(assets, context.today);
  const externalId = walletExternalId(settings);
  const exponent = currencyExponent(CRYPTO_QUOTE_CURRENCY);
  let total = 0;
  const holdings = balances.map((balance): ConnectorHolding => {
    // An asset never priced is kept at no value (its quantity still shows), never at a made-up price.
    const price = (!balance.unpriced && prices.get(balance.asset.priceId)?.price) || '0';
    total += productMinor(balance.quantity, price, exponent);
    return {
      accountExternalId: externalId,
      security: {
        // An unknown token's id is the wallet connector's own (`solana:<mint>`), not a price id.
        ...(balance.unpriced ? {} : { provider: 'crypto' }),
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
  const transactions: ConnectorTransaction[] = [];
  const pending: string[] = [];
  for (const balance of balances)
    for (const item of balance.transactions ?? []) {
      transactions.push(bitcoinRow(item, externalId, prices.get(balance.asset.priceId)?.price ?? '0'));
      if (!item.confirmed) pending.push(item.txid);
    }
  const seen = new Set(transactions.map((item) => item.externalId));
  const previous = walletCursorOf(context.cursor);
  return {
    transactions,
    removed: previous.pending
      .filter((txid) => !seen.has(txid))
      .map((txid) => ({ externalId: txid, accountExternalId: externalId })),
    cursor: { bitcoin: Object.assign({}, ...balances.map((balance) => balance.newest ?? {})), pending },
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
  async sync(context, cursor) {
    const { transactions, removed, cursor: next } = await reading(context);
    // Batches of what was read. Until the last, the saved cursor keeps the one the sync started from,
    // so a sync cut short reads the same again next time (the txids make the rewrite harmless).
    const page = Number(/^page:(\d+):/.exec(cursor ?? '')?.[1] ?? 0);
    const start = page * BATCH;
    const slice = transactions.slice(start, start + BATCH);
    const hasMore = start + BATCH < transactions.length;
    return {
      added: slice,
      modified: [],
      removed: hasMore ? [] : removed,
      nextCursor: hasMore
        ? `page:${page + 1}:${JSON.stringify(walletCursorOf(context.cursor))}`
        : JSON.stringify(next),
      hasMore,
      progress: transactions.length ? Math.min(1, (start + slice.length) / transactions.length) : 1,
    };
  },
  async holdings(context) {
    return { holdings: (await reading(context)).holdings, prices: [] };
  },
};
