import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

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
  return hasValidChecksum(text) ? undefined : EVM_MESSAGES.checksum;
}

/**
 * An address (0x + 40 hex) in its EIP-55 form: each letter upper case where the same position of the
 * Keccak-256 hash of the lower-case hex digits is 8 or more. Written over @noble/hashes rather than
 * imported from viem, whose import costs about 30 MB and 0.3 s at every start (ADR 089); viem reads
 * the chains, and a test checks both give the same form.
 */
export function eip55Address(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let checksummed = '0x';
  for (let index = 0; index < hex.length; index += 1) {
    const digit = hex[index] ?? '';
    checksummed += Number.parseInt(hash[index] ?? '0', 16) >= 8 ? digit.toUpperCase() : digit;
  }
  return checksummed;
}

/** 0x + 40 hex whose case carries no checksum (all lower or all upper case) or a matching EIP-55 one. */
export function hasValidChecksum(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return eip55Address(address) === address;
}

/** The address as stored and shown: its EIP-55 checksummed form. */
export function normalizeEvmAddress(value: string): string {
  return eip55Address(value.trim());
}
