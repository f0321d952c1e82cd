import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { Address, NETWORK, p2pkh, p2sh, p2wpkh } from '@scure/btc-signer';
import { sha256 } from '@noble/hashes/sha2.js';
import { DescriptorError, descriptorAddresses, looksLikeDescriptor, parseDescriptor } from './descriptors';

/**
 * Bitcoin addresses and extended public keys (docs/crypto.md). An address is checked by its own
 * checksum (base58check for 1…/3…, bech32/bech32m for bc1…); an extended public key (xpub, ypub, zpub)
 * yields the receive (0) and change (1) chains of its account: xpub → P2PKH (BIP44), ypub → P2SH-P2WPKH
 * (BIP49), zpub → P2WPKH (BIP84). An output descriptor (./descriptors.ts) says the address type itself:
 * Taproot and multisig wallets are followed through one.
 */

const base58check = createBase58check(sha256);

export type ScriptKind = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh';

/** Version bytes of mainnet extended public keys (SLIP-132). */
const PUBLIC_VERSIONS: Record<string, { version: number; kind: ScriptKind }> = {
  xpub: { version: 0x0488b21e, kind: 'p2pkh' },
  ypub: { version: 0x049d7cb2, kind: 'p2sh-p2wpkh' },
  zpub: { version: 0x04b24746, kind: 'p2wpkh' },
};
const XPUB_VERSION = 0x0488b21e;

/** Whether `value` is a mainnet Bitcoin address whose checksum holds. */
export function isBitcoinAddress(value: string): boolean {
  try {
    Address(NETWORK).decode(value.trim());
    return true;
  } catch {
    return false;
  }
}

export type ExtendedKey = { key: HDKey; kind: ScriptKind };

/** An xpub/ypub/zpub read into a key and the address type it stands for, or undefined. */
export function parseExtendedPublicKey(value: string): ExtendedKey | undefined {
  const text = value.trim();
  const prefix = PUBLIC_VERSIONS[text.slice(0, 4)];
  if (!prefix) return undefined;
  try {
    const bytes = Uint8Array.from(base58check.decode(text));
    if (bytes.length !== 78) return undefined;
    const version =
      ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    if (version >>> 0 !== prefix.version) return undefined;
    // The BIP32 library reads xpub version bytes; ypub and zpub differ only in them.
    bytes.set(
      [XPUB_VERSION >>> 24, (XPUB_VERSION >>> 16) & 0xff, (XPUB_VERSION >>> 8) & 0xff, XPUB_VERSION & 0xff],
      0,
    );
    const key = HDKey.fromExtendedKey(base58check.encode(bytes));
    if (key.privateKey || !key.publicKey) return undefined;
    return { key, kind: prefix.kind };
  } catch {
    return undefined;
  }
}

/** The address at `chain` (0 receive, 1 change) / `index` under an extended public key. */
export function deriveAddress(extended: ExtendedKey, chain: 0 | 1, index: number): string {
  const publicKey = extended.key.deriveChild(chain).deriveChild(index).publicKey;
  if (!publicKey) throw new Error('No public key');
  const address =
    extended.kind === 'p2pkh'
      ? p2pkh(publicKey).address
      : extended.kind === 'p2wpkh'
        ? p2wpkh(publicKey).address
        : p2sh(p2wpkh(publicKey)).address;
  if (!address) throw new Error('No address');
  return address;
}

/** The addresses a followed wallet key stands for, chain by chain (0 receive, 1 change, …). */
export type WatchedKey = { chains: number; address(chain: number, index: number): string };

/**
 * An xpub/ypub/zpub or an output descriptor read into its addresses, or what is wrong with it (a
 * descriptor's own problem, or undefined for text that is neither).
 */
export function readWatchedKey(value: string): { key: WatchedKey } | { problem: string | undefined } {
  if (looksLikeDescriptor(value)) {
    try {
      const descriptor = parseDescriptor(value);
      return { key: { chains: descriptor.chainCount, address: descriptorAddresses(descriptor) } };
    } catch (error) {
      if (error instanceof DescriptorError) return { problem: error.message };
      throw error;
    }
  }
  const extended = parseExtendedPublicKey(value);
  if (!extended) return { problem: undefined };
  return { key: { chains: 2, address: (chain, index) => deriveAddress(extended, chain as 0 | 1, index) } };
}
