/**
 * What must never be pasted into Lodestar (docs/crypto.md): a wallet's private key or recovery phrase.
 * Lodestar reads wallets by public address only; anything that looks like a secret is refused before
 * it is stored or logged, in every field of the wallet form.
 */

export const PUBLIC_ADDRESS_ONLY = 'Lodestar only needs your public address';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const SECRET_SHAPES: readonly RegExp[] = [
  // BIP32 extended private keys (mainnet and testnet, every script type).
  new RegExp(`^[xyztuv]prv${BASE58}{100,112}$`),
  // WIF private keys (uncompressed 5…, compressed K…/L…; testnet 9…/c…).
  new RegExp(`^[5KL9c]${BASE58}{50,51}$`),
  // A raw 32-byte private key in hex (EVM, Bitcoin).
  /^(0x)?[0-9a-fA-F]{64}$/,
  // A Solana keypair: 64 bytes in base58 …
  new RegExp(`^${BASE58}{85,90}$`),
  // … or as the JSON array of bytes its CLI writes.
  /^\[\s*\d{1,3}(\s*,\s*\d{1,3}){31,63}\s*\]$/,
];

/** The Bitcoin private keys (an xprv or a WIF), which an output descriptor can also hold. */
const BITCOIN_SECRET_SHAPES = SECRET_SHAPES.slice(0, 2);

/**
 * Whether `value` looks like a private key or a recovery phrase: a BIP32 xprv, a WIF or hex key, a
 * Solana keypair, an output descriptor holding an xprv or WIF key, or 12 to 24 lower-case words (a
 * BIP39 phrase, with or without numbering).
 */
export function looksLikeWalletSecret(value: string): boolean {
  const text = value.trim();
  if (!text) return false;
  if (SECRET_SHAPES.some((shape) => shape.test(text.replace(/\s+/g, text.startsWith('[') ? ' ' : ''))))
    return true;
  // A descriptor's keys sit between brackets, commas and derivation steps: wpkh([…]xprv…/0/*).
  const tokens = text.split(/[\s()[\],/#]+/).filter((token) => token.length >= 50);
  if (tokens.some((token) => BITCOIN_SECRET_SHAPES.some((shape) => shape.test(token)))) return true;
  const words = text
    .toLowerCase()
    .replace(/\b\d+[.)]/g, ' ')
    .split(/[\s,]+/)
    .filter(Boolean);
  return (
    words.length >= 12 && words.length <= 25 && words.filter((word) => /^[a-z]{3,8}$/.test(word)).length >= 12
  );
}
