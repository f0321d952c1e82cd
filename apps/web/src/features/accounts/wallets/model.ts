import { looksLikeWalletSecret, PUBLIC_ADDRESS_ONLY } from '@lodestar/domain';

/**
 * What the wallet form checks as you type (docs/crypto.md). The server checks again, checksums
 * included; here a pasted private key or recovery phrase is caught before it is ever sent.
 */

/** Every chain a wallet can be on, with its name (a wallet card says which). */
export const CHAINS = [
  { value: 'bitcoin', label: 'Bitcoin' },
  { value: 'solana', label: 'Solana' },
  { value: 'ethereum', label: 'Ethereum' },
  { value: 'polygon', label: 'Polygon' },
  { value: 'arbitrum', label: 'Arbitrum' },
  { value: 'optimism', label: 'Optimism' },
  { value: 'base', label: 'Base' },
  { value: 'bsc', label: 'BNB Chain' },
] as const;

/** What the form offers first: Bitcoin, Solana, or an EVM address (then on which networks). */
export const CHAIN_KINDS = [
  { value: 'bitcoin', label: 'Bitcoin' },
  { value: 'solana', label: 'Solana' },
  { value: 'evm', label: 'Ethereum & EVM' },
] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number]['value'];

/** An EVM address is followed on every EVM chain (`evm`, one wallet each) or on one. */
export const EVM_NETWORKS = [
  { value: 'evm', label: 'All EVM chains' },
  ...CHAINS.filter((chain) => !['bitcoin', 'solana'].includes(chain.value)),
] as const;
export type EvmNetwork = (typeof EVM_NETWORKS)[number]['value'];

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BITCOIN_ADDRESS = new RegExp(
  `^(bc1[02-9ac-hj-np-z]{8,87}|BC1[02-9AC-HJ-NP-Z]{8,87}|[13]${BASE58}{25,34})$`,
);
const SOLANA_ADDRESS = new RegExp(`^${BASE58}{32,44}$`);
const EXTENDED_KEY = new RegExp(`^[xyz]pub${BASE58}{100,112}$`);
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const WALLET_FORM_TEXT = {
  required: 'Enter the wallet’s public address',
  solana: 'A Solana address is 32 to 44 letters and digits (base58), as your wallet shows it.',
  bitcoin:
    'A Bitcoin address starts with 1, 3 or bc1; an extended public key with xpub, ypub or zpub; a descriptor with pkh(, wpkh(, sh(, wsh( or tr(.',
  evm: 'An EVM address is 0x followed by 40 hexadecimal characters (0-9, a-f).',
  ens: 'ENS names are looked up on Ethereum: choose Ethereum or all EVM chains, or paste the wallet’s 0x address.',
} as const;

/** An output descriptor (Taproot, multisig, or any single-key wallet as its software exports it). */
const DESCRIPTOR = /^(pkh|wpkh|sh|wsh|tr)\(/;

/** Whether the text is an output descriptor. */
export function isDescriptor(value: string): boolean {
  return DESCRIPTOR.test(value.trim());
}

/** Whether the text is an extended public key or a descriptor (sent as `xpub`) rather than an address. */
export function isExtendedKey(value: string): boolean {
  return /^[xyz]pub/.test(value.trim()) || isDescriptor(value);
}

/**
 * The problem with what is typed so far, or null: a secret is refused at once; the format is judged
 * once the text is long enough to be complete (so typing is not interrupted by a premature error).
 */
export function addressProblem(chain: string, value: string, final = false): string | null {
  const text = value.trim();
  if (!text) return final ? WALLET_FORM_TEXT.required : null;
  if (looksLikeWalletSecret(text)) return PUBLIC_ADDRESS_ONLY;
  if (chain === 'evm' || EVM_NETWORKS.some((network) => network.value === chain)) {
    // An ENS name is looked up by the server on Ethereum (for Ethereum or every EVM chain).
    if (/\.eth$/i.test(text)) return chain === 'evm' || chain === 'ethereum' ? null : WALLET_FORM_TEXT.ens;
    if (EVM_ADDRESS.test(text)) return null;
    return final || text.length >= 42 || !/^(0x?)?[0-9a-fA-F]*$/.test(text) ? WALLET_FORM_TEXT.evm : null;
  }
  if (chain === 'solana') {
    if (SOLANA_ADDRESS.test(text)) return null;
    return final || text.length > 44 ? WALLET_FORM_TEXT.solana : null;
  }
  // A descriptor's keys, brackets and checksum are checked by the server, which says what is wrong.
  if (isDescriptor(text)) return null;
  const valid = isExtendedKey(text) ? EXTENDED_KEY.test(text) : BITCOIN_ADDRESS.test(text);
  if (valid) return null;
  return final || text.length >= 26 ? WALLET_FORM_TEXT.bitcoin : null;
}

/** A quantity with the crypto precision (spec §9: 8 decimals), trailing zeros kept out. */
export function formatQuantity(quantity: string, decimals: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: decimals }).format(
    Number(quantity),
  );
}

/** A unit price with as many decimals as it has (at least the currency's 2, at most 8). */
export function formatPrice(price: { amount: string; currency: string }, locale: string): string {
  const fraction = /\.(\d*?)0*$/.exec(price.amount)?.[1] ?? '';
  const digits = Math.min(8, Math.max(2, fraction.length));
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: price.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(price.amount));
}

/** '+1.25%' / '-3.40%' over 24 hours; null when the source gave none. */
export function changeText(percent: number | null, locale: string): string | null {
  if (percent === null) return null;
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(percent);
  return `${text}%`;
}

/** How long ago `at` was, in words: 'just now', '5 minutes ago', '3 hours ago', '2 days ago'. */
export function timeAgo(at: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
