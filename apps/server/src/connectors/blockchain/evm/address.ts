import { getAddress, isAddress } from 'viem';

/** EVM addresses as the wallet form and the API check them, and the EVM reader's messages. */

export const EVM_MESSAGES = {
  address:
    'This is not an EVM address: it is 0x followed by 40 hexadecimal characters (0-9, a-f), as your wallet shows it.',
  checksum:
    'This address’s capital letters do not match its checksum (EIP-55): check it for typos, or copy it again from your wallet.',
  ens: 'ENS names are looked up on Ethereum: choose Ethereum or all EVM chains, or paste the wallet’s 0x address.',
  unavailable: (chain: string) => `The ${chain} RPC node did not answer. The next sync tries again.`,
  rateLimited: (chain: string) => `The ${chain} RPC node asked us to slow down. The next sync tries again.`,
  tokenUnread: (symbol: string, chain: string) =>
    `The ${symbol} contract on ${chain} did not give this wallet’s balance. The next sync tries again.`,
  tokenDecimals: (symbol: string, chain: string, listed: number, onChain: number) =>
    `The ${symbol} contract on ${chain} has ${onChain} decimals, not the ${listed} its token list says: fix the list.`,
} as const;

/** What is wrong with an EVM address, or undefined: 0x + 40 hex, EIP-55 checksum when mixed case. */
export function evmAddressProblem(value: string): string | undefined {
  const text = value.trim();
  if (/\.eth$/i.test(text)) return EVM_MESSAGES.ens;
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return EVM_MESSAGES.address;
  // All lower or all upper case carries no checksum; mixed case must match EIP-55.
  const hex = text.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return undefined;
  return isAddress(text, { strict: true }) ? undefined : EVM_MESSAGES.checksum;
}

/** The address as stored and shown: its EIP-55 checksummed form. */
export function normalizeEvmAddress(value: string): string {
  return getAddress(value.trim());
}
