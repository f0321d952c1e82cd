import { isBitcoinAddress, readWatchedKey } from './bitcoin/addresses';
import { isSolanaAddress, SOLANA_MESSAGES } from './solana/solana-wallet';
import { isEvmChain } from './evm/chains';
import { evmAddressProblem, normalizeEvmAddress } from './evm/address';
import { WALLET_MESSAGES, type WalletChain } from './wallets';

/**
 * A wallet's address or extended key checked by its chain's rules. Apart from wallets.ts because these
 * need the chains' libraries (@scure for Bitcoin keys, @solana/kit), which the server loads when a
 * wallet is added rather than at start.
 */

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
