import { HDKey } from '@scure/bip32';
import { p2ms, p2pkh, p2sh, p2tr, p2wpkh, p2wsh } from '@scure/btc-signer';

/**
 * Output descriptors (BIP 380–386) of the wallets we follow: what Bitcoin Core's `listdescriptors`,
 * Sparrow's or a hardware wallet's export gives, and the only way to say what a Taproot (BIP 86) or a
 * multisig wallet's addresses are — a bare xpub does not say it. Public keys only.
 *
 *   pkh(K)  wpkh(K)  sh(wpkh(K))  tr(K)
 *   multi(k,K1,…)  sortedmulti(k,K1,…)  inside wsh(…), sh(…) or sh(wsh(…))
 *
 * K is an extended public key with an optional origin (`[fingerprint/86'/0'/0']xpub…`), unhardened
 * steps and a final `/*`; one step may be `<0;1>` (receive and change in one descriptor). A descriptor
 * whose keys all end in `/0/*` (a receive chain, as Bitcoin Core lists it) is followed on its change
 * chain `/1/*` too, or the wallet's change would be missing from its balance. The checksum after `#`
 * (BIP 380) is checked when present.
 */

export const DESCRIPTOR_MESSAGES = {
  checksum: 'This descriptor’s checksum does not match: copy the whole descriptor again.',
  unsupported:
    'This kind of descriptor is not supported: use pkh, wpkh, sh(wpkh), tr without scripts, or multi/sortedmulti in wsh or sh.',
  notRanged: 'Each key of the descriptor must end in /* (the wallet’s addresses, not one of them).',
  invalid: 'This is not a valid descriptor: check the keys and the brackets.',
  hardened:
    'Steps after an extended public key cannot be hardened (’ or h): copy the descriptor your wallet exports.',
  multipath: 'Every key needs the same <…;…> step, with the same number of choices.',
  threshold: 'The multisig threshold must be between 1 and the number of keys.',
  tooManyKeys: 'A multisig can have at most 20 keys (15 inside sh).',
} as const;

export class DescriptorError extends Error {}

const INPUT_CHARSET =
  "0123456789()[],'/*abcdefgh@:$%{}" +
  'IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~' +
  'ijklmnopqrstuvwxyzABCDEFGH`#"\\ ';
const CHECKSUM_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn];

function polymod(symbols: number[]): bigint {
  let chk = 1n;
  for (const value of symbols) {
    const top = chk >> 35n;
    chk = ((chk & 0x7ffffffffn) << 5n) ^ BigInt(value);
    GENERATOR.forEach((generator, i) => {
      if ((top >> BigInt(i)) & 1n) chk ^= generator;
    });
  }
  return chk;
}

/** The BIP 380 checksum of a descriptor (without its `#`), or undefined for a character it cannot hold. */
export function descriptorChecksum(descriptor: string): string | undefined {
  const symbols: number[] = [];
  const groups: number[] = [];
  for (const char of descriptor) {
    const value = INPUT_CHARSET.indexOf(char);
    if (value < 0) return undefined;
    symbols.push(value & 31);
    groups.push(value >> 5);
    if (groups.length === 3)
      symbols.push((groups.shift() ?? 0) * 9 + (groups.shift() ?? 0) * 3 + (groups.shift() ?? 0));
  }
  if (groups.length === 1) symbols.push(groups[0] ?? 0);
  if (groups.length === 2) symbols.push((groups[0] ?? 0) * 3 + (groups[1] ?? 0));
  const checksum = polymod([...symbols, 0, 0, 0, 0, 0, 0, 0, 0]) ^ 1n;
  let text = '';
  for (let i = 0; i < 8; i += 1) text += CHECKSUM_CHARSET[Number((checksum >> BigInt(5 * (7 - i))) & 31n)];
  return text;
}

type Wrapper = 'pkh' | 'wpkh' | 'sh-wpkh' | 'tr' | 'sh' | 'wsh' | 'sh-wsh';

/** One key of a descriptor: the extended key, the steps before its chain step, the chain step's choices. */
type KeyPath = { key: HDKey; prefix: number[]; chains: number[] | null };

export type Descriptor = {
  wrapper: Wrapper;
  /** Multisig only. */
  threshold?: number;
  sorted?: boolean;
  keys: KeyPath[];
  /** How many chains (receive, change, …) the descriptor's addresses come in. */
  chainCount: number;
};

/** Whether the text looks like a descriptor (as opposed to an address or a bare extended key). */
export function looksLikeDescriptor(text: string): boolean {
  return /^(pkh|wpkh|sh|wsh|tr)\(/.test(text.trim());
}

function parseStep(step: string): number {
  if (/['’h]$/.test(step)) throw new DescriptorError(DESCRIPTOR_MESSAGES.hardened);
  if (!/^\d{1,10}$/.test(step)) throw new DescriptorError(DESCRIPTOR_MESSAGES.invalid);
  const value = Number(step);
  if (value >= 0x80000000) throw new DescriptorError(DESCRIPTOR_MESSAGES.invalid);
  return value;
}

function parseKey(text: string): Omit<KeyPath, 'chains'> & { chains: number[] | null; receiveOnly: boolean } {
  // The origin ([fingerprint/path]) says where the key came from; addresses do not depend on it.
  const origin = /^\[[0-9a-fA-F]{8}((\/\d{1,10}['h]?)*)\]/.exec(text);
  const rest = origin ? text.slice(origin[0].length) : text;
  const [encoded = '', ...steps] = rest.split('/');
  if (!/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(encoded)) {
    throw new DescriptorError(DESCRIPTOR_MESSAGES.invalid);
  }
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(encoded);
  } catch {
    throw new DescriptorError(DESCRIPTOR_MESSAGES.invalid);
  }
  if (key.privateKey || !key.publicKey) throw new DescriptorError(DESCRIPTOR_MESSAGES.invalid);
  if (steps.at(-1) !== '*') throw new DescriptorError(DESCRIPTOR_MESSAGES.notRanged);
  const middle = steps.slice(0, -1);
  const multi = middle.findIndex((step) => step.startsWith('<'));
  if (multi >= 0) {
    if (middle.findIndex((step, i) => i > multi && step.startsWith('<')) >= 0) {
      throw new DescriptorError(DESCRIPTOR_MESSAGES.multipath);
    }
    const choices = /^<([^<>]+)>$/.exec(middle[multi] ?? '')?.[1]?.split(';') ?? [];
    if (choices.length < 2) throw new DescriptorError(DESCRIPTOR_MESSAGES.multipath);
    const prefix = middle.slice(0, multi).map(parseStep);
    // Steps after the <…;…> one are folded into the chain by deriving them per chain below.
    const after = middle.slice(multi + 1).map(parseStep);
    if (after.length > 0) throw new DescriptorError(DESCRIPTOR_MESSAGES.unsupported);
    return { key, prefix, chains: choices.map(parseStep), receiveOnly: false };
  }
  const path = middle.map(parseStep);
  const last = path.at(-1);
  return last === undefined
    ? { key, prefix: [], chains: null, receiveOnly: false }
    : { key, prefix: path.slice(0, -1), chains: [last], receiveOnly: last === 0 };
}

/** Splits `a,b,c` at the commas not inside brackets. */
function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(' || char === '[' || char === '{' || char === '<') depth += 1;
    else if (char === ')' || char === ']' || char === '}' || char === '>') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Whether every bracket is closed, in order. */
function balanced(text: string): boolean {
  const open: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{', '>': '<' };
  for (const char of text) {
    if ('([{<'.includes(char)) open.push(char);
    else if (char in pairs && open.pop() !== pairs[char]) return false;
  }
  return open.length === 0;
}

/** `name(inner)` → inner, or undefined. */
function call(text: string, name: string): string | undefined {
  return text.startsWith(`${name}(`) && text.endsWith(')') ? text.slice(name.length + 1, -1) : undefined;
}

/** A descriptor read, or a DescriptorError saying what is wrong with it. */
export function parseDescriptor(value: string): Descriptor {
  const text = value.trim().replace(/\s+/g, '');
  const [body = '', checksum, ...extra] = text.split('#');
  if (extra.length > 0) throw new DescriptorError(DESCRIPTOR_MESSAGES.checksum);
  if (checksum !== undefined && descriptorChecksum(body) !== checksum) {
    throw new DescriptorError(DESCRIPTOR_MESSAGES.checksum);
  }
  if (!balanced(body)) throw new DescriptorError(DESCRIPTOR_MESSAGES.invalid);
  let wrapper: Wrapper;
  let inner: string | undefined;
  const single: [Wrapper, string | undefined][] = [
    ['pkh', call(body, 'pkh')],
    ['wpkh', call(body, 'wpkh')],
    ['sh-wpkh', call(call(body, 'sh') ?? '', 'wpkh')],
    ['tr', call(body, 'tr')],
  ];
  const found = single.find(([, argument]) => argument !== undefined);
  let descriptor: Omit<Descriptor, 'chainCount'>;
  let keyTexts: string[];
  if (found) {
    [wrapper, inner] = found;
    keyTexts = splitArguments(inner ?? '');
    // tr(K,{…}) has a script tree: its outputs depend on scripts we do not read.
    if (keyTexts.length !== 1) throw new DescriptorError(DESCRIPTOR_MESSAGES.unsupported);
    descriptor = { wrapper, keys: [] };
  } else {
    const shWsh = call(call(body, 'sh') ?? '', 'wsh');
    const wsh = call(body, 'wsh');
    const sh = call(body, 'sh');
    [wrapper, inner] =
      shWsh !== undefined ? ['sh-wsh', shWsh] : wsh !== undefined ? ['wsh', wsh] : ['sh', sh];
    if (inner === undefined) throw new DescriptorError(DESCRIPTOR_MESSAGES.unsupported);
    const multi = call(inner, 'multi');
    const sorted = call(inner, 'sortedmulti');
    const argumentsText = multi ?? sorted;
    if (argumentsText === undefined) throw new DescriptorError(DESCRIPTOR_MESSAGES.unsupported);
    const [thresholdText = '', ...keys] = splitArguments(argumentsText);
    const threshold = /^\d{1,2}$/.test(thresholdText) ? Number(thresholdText) : 0;
    if (threshold < 1 || threshold > keys.length) throw new DescriptorError(DESCRIPTOR_MESSAGES.threshold);
    if (keys.length > (wrapper === 'sh' ? 15 : 20))
      throw new DescriptorError(DESCRIPTOR_MESSAGES.tooManyKeys);
    keyTexts = keys;
    descriptor = { wrapper, threshold, sorted: sorted !== undefined, keys: [] };
  }
  const keys = keyTexts.map(parseKey);
  const counts = new Set(keys.map((key) => key.chains?.length ?? 1));
  const multipath = keys.some((key) => (key.chains?.length ?? 1) > 1);
  if (multipath && (counts.size > 1 || keys.some((key) => key.chains === null))) {
    throw new DescriptorError(DESCRIPTOR_MESSAGES.multipath);
  }
  // Every key on its receive chain (…/0/*): its change chain (…/1/*) is the same wallet's.
  const withChange = !multipath && keys.every((key) => key.receiveOnly);
  return {
    ...descriptor,
    keys: keys.map(({ key, prefix, chains }) => ({
      key,
      prefix,
      chains: withChange ? [0, 1] : chains,
    })),
    chainCount: withChange ? 2 : multipath ? ([...counts][0] ?? 1) : 1,
  };
}

/** The key of `path` for the chain numbered `chain` (its position among the chains). */
function chainKey(path: KeyPath, chain: number): HDKey {
  let key = path.key;
  for (const step of path.prefix) key = key.deriveChild(step);
  const choice = path.chains?.[chain];
  return choice === undefined ? key : key.deriveChild(choice);
}

/** Derives addresses of a descriptor: `address(chain, index)`, the chain keys derived once. */
export function descriptorAddresses(descriptor: Descriptor): (chain: number, index: number) => string {
  const chainKeys = new Map<number, HDKey[]>();
  return (chain, index) => {
    let keys = chainKeys.get(chain);
    if (!keys) {
      keys = descriptor.keys.map((path) => chainKey(path, chain));
      chainKeys.set(chain, keys);
    }
    const publicKeys = keys.map((key) => {
      const publicKey = key.deriveChild(index).publicKey;
      if (!publicKey) throw new Error('No public key');
      return publicKey;
    });
    return scriptAddress(descriptor, publicKeys);
  };
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  }
  return a.length - b.length;
}

function scriptAddress(descriptor: Descriptor, publicKeys: Uint8Array[]): string {
  const [first] = publicKeys;
  if (!first) throw new Error('No key');
  let address: string | undefined;
  switch (descriptor.wrapper) {
    case 'pkh':
      address = p2pkh(first).address;
      break;
    case 'wpkh':
      address = p2wpkh(first).address;
      break;
    case 'sh-wpkh':
      address = p2sh(p2wpkh(first)).address;
      break;
    case 'tr':
      // BIP 86: the x-only internal key, tweaked with no script tree.
      address = p2tr(first.slice(1)).address;
      break;
    default: {
      const keys = descriptor.sorted ? [...publicKeys].sort(compareBytes) : publicKeys;
      const multisig = p2ms(descriptor.threshold ?? 1, keys);
      address =
        descriptor.wrapper === 'wsh'
          ? p2wsh(multisig).address
          : descriptor.wrapper === 'sh-wsh'
            ? p2sh(p2wsh(multisig)).address
            : p2sh(multisig).address;
    }
  }
  if (!address) throw new Error('No address');
  return address;
}
