import { cryptoAssetBySymbol, type CryptoAsset } from '@lodestar/domain';
import { isBitcoinAddress, readWatchedKey } from './bitcoin/addresses';
import { isSolanaAddress, SOLANA_MESSAGES } from './solana/solana-wallet';
import { EVM_CHAIN_IDS, EVM_CHAINS, isEvmChain } from './evm/chains';
import { evmAddressProblem, normalizeEvmAddress } from './evm/address';

/** Chains a wallet can be on, and what identifies a wallet on each (docs/crypto.md). */

export const WALLET_CHAINS = ['bitcoin', 'solana', ...EVM_CHAIN_IDS] as const;
export type WalletChain = (typeof WALLET_CHAINS)[number];

export const CHAIN_LABELS: Record<WalletChain, string> = {
  bitcoin: 'Bitcoin',
  solana: 'Solana',
  ...(Object.fromEntries(EVM_CHAIN_IDS.map((id) => [id, EVM_CHAINS[id].label])) as Record<
    (typeof EVM_CHAIN_IDS)[number],
    string
  >),
};

export type WalletSettings = {
  chain: WalletChain;
  label: string;
  address?: string;
  xpub?: string;
};

export const WALLET_MESSAGES = {
  bitcoinAddress:
    'This is not a Bitcoin address: check it for typos (it starts with 1, 3 or bc1, and its checksum must match).',
  bitcoinXpub:
    'This is not an extended public key: paste the xpub, ypub or zpub your wallet shows, or its output descriptor.',
  oneOf: 'Give an address or an extended public key, not both.',
  noExtendedKey: 'Extended public keys are for Bitcoin wallets: give this wallet’s address.',
} as const;

/** The asset with this symbol (a known one). */
export function cryptoAsset(symbol: string): CryptoAsset {
  const asset = cryptoAssetBySymbol(symbol);
  if (!asset) throw new Error(`Unknown asset ${symbol}`);
  return asset;
}

/** What is wrong with an address for a chain, or undefined when it is valid. */
export function addressProblem(chain: WalletChain, address: string): string | undefined {
  if (chain === 'bitcoin') return isBitcoinAddress(address) ? undefined : WALLET_MESSAGES.bitcoinAddress;
  if (isEvmChain(chain)) return evmAddressProblem(address);
  return isSolanaAddress(address) ? undefined : SOLANA_MESSAGES.address;
}

/** A valid address as stored: EVM addresses in their EIP-55 checksummed form, others as given. */
export function normalizeAddress(chain: WalletChain, address: string): string {
  return isEvmChain(chain) ? normalizeEvmAddress(address) : address;
}

/** What is wrong with an extended public key or output descriptor for a chain, or undefined when it is valid. */
export function xpubProblem(chain: WalletChain, xpub: string): string | undefined {
  if (chain !== 'bitcoin') return WALLET_MESSAGES.noExtendedKey;
  const read = readWatchedKey(xpub);
  return 'key' in read ? undefined : (read.problem ?? WALLET_MESSAGES.bitcoinXpub);
}

/** A connection's settings read back as a wallet, or undefined when they are not one. */
export function parseWalletSettings(settings: Record<string, unknown>): WalletSettings | undefined {
  const chain = settings.chain;
  if (typeof chain !== 'string' || !(WALLET_CHAINS as readonly string[]).includes(chain)) return undefined;
  const address = typeof settings.address === 'string' ? settings.address : undefined;
  const xpub = typeof settings.xpub === 'string' ? settings.xpub : undefined;
  if (!address === !xpub) return undefined;
  const label =
    typeof settings.label === 'string' && settings.label
      ? settings.label
      : CHAIN_LABELS[chain as WalletChain];
  return { chain: chain as WalletChain, label, ...(address ? { address } : {}), ...(xpub ? { xpub } : {}) };
}

/** The wallet account's provider id: the chain and its address (or extended key). */
export function walletExternalId(settings: WalletSettings): string {
  return `${settings.chain}:${settings.address ?? settings.xpub ?? ''}`;
}
