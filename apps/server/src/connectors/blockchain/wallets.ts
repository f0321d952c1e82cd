import { cryptoAssetBySymbol, type CryptoAsset } from '@lodestar/domain';
import { EVM_CHAIN_IDS, EVM_CHAINS } from './evm/chains';

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
