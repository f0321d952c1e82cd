import { looksLikeWalletSecret } from '@lodestar/domain';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check, hex } from '@scure/base';
import { Address, NETWORK } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEsplora, type FakeEsplora } from '../../../testing/fake-esplora';
import { xpubProblem } from '../wallet-checks';
import { readWatchedKey, type WatchedKey } from './addresses';
import { readBitcoinWallet } from './bitcoin-wallet';
import { DESCRIPTOR_MESSAGES, descriptorChecksum } from './descriptors';

// Test vectors of the BIPs themselves (mnemonic "abandon … about" where a seed is involved).
/** BIP86: account 0 (m/86'/0'/0') and its first receive and change addresses. */
const BIP86_XPUB =
  'xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ';
const BIP86_RECEIVE_0 = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
const BIP86_RECEIVE_1 = 'bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh';
const BIP86_CHANGE_0 = 'bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7';
/** BIP84's and SLIP-0132's account keys of the same mnemonic, and their first receive addresses. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
const BIP44_XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
/** BIP383's sortedmulti vector: its keys and the multisig scripts of indexes 0, 1 and 2. */
const MULTI_KEY_A =
  'xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL';
const MULTI_KEY_B =
  'xpub68NZiKmJWnxxS6aaHmn81bvJeTESw724CRDs6HbuccFQN9Ku14VQrADWgqbhhTHBaohPX4CjNLf9fq9MYo6oDaPPLPxSb7gwQN3ih19Zm4Y';
const MULTI_SCRIPTS = [
  '5221025d5fc65ebb8d44a5274b53bac21ff8307fec2334a32df05553459f8b1f7fe1b62102fbd47cc8034098f0e6a94c6aeee8528abf0a2153a5d8e46d325b7284c046784652ae',
  '52210264fd4d1f5dea8ded94c61e9641309349b62f27fbffe807291f664e286bfbe6472103f4ece6dfccfa37b211eb3d0af4d0c61dba9ef698622dc17eecdf764beeb005a652ae',
  '5221022ccabda84c30bad578b13c89eb3b9544ce149787e5b538175b1d1ba259cbb83321024d902e1a2fc7a8755ab5b694c575fce742c48d9ff192e63df5193e4c7afe1f9c52ae',
];

const base58check = createBase58check(sha256);
/** A ypub/zpub written with xpub version bytes, as descriptors carry every key. */
function asXpub(key: string): string {
  const bytes = Uint8Array.from(base58check.decode(key));
  bytes.set([0x04, 0x88, 0xb2, 0x1e], 0);
  return base58check.encode(bytes);
}

function watched(text: string): WatchedKey {
  const read = readWatchedKey(text);
  if (!('key' in read)) throw new Error(`not read: ${read.problem ?? 'neither'}`);
  return read.key;
}

describe('output descriptors', () => {
  it('computes BIP380’s checksum vector', () => {
    expect(descriptorChecksum('raw(deadbeef)')).toBe('89f8spxm');
  });

  it('derives BIP86’s Taproot addresses from tr(), its change chain too', () => {
    for (const text of [
      `tr([73c5da0a/86'/0'/0']${BIP86_XPUB}/0/*)`,
      `tr([73c5da0a/86h/0h/0h]${BIP86_XPUB}/<0;1>/*)`,
    ]) {
      const key = watched(text);
      expect(key.chains).toBe(2);
      expect(key.address(0, 0)).toBe(BIP86_RECEIVE_0);
      expect(key.address(0, 1)).toBe(BIP86_RECEIVE_1);
      expect(key.address(1, 0)).toBe(BIP86_CHANGE_0);
    }
    // Only the change chain, when that is what is given.
    const change = watched(`tr(${BIP86_XPUB}/1/*)`);
    expect(change.chains).toBe(1);
    expect(change.address(0, 0)).toBe(BIP86_CHANGE_0);
  });

  it('derives the same addresses as the BIP84, BIP49 and BIP44 vectors through wpkh, sh(wpkh) and pkh', () => {
    expect(watched(`wpkh(${asXpub(ZPUB)}/0/*)`).address(0, 0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(watched(`wpkh(${asXpub(ZPUB)}/0/*)`).address(1, 0)).toBe(
      'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el',
    );
    expect(watched(`sh(wpkh(${asXpub(YPUB)}/0/*))`).address(0, 0)).toBe('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf');
    expect(watched(`pkh(${BIP44_XPUB}/0/*)`).address(0, 0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
  });

  it('derives BIP383’s sortedmulti scripts in lockstep, as P2WSH and P2SH addresses', () => {
    const wsh = watched(`wsh(sortedmulti(2,${MULTI_KEY_A}/*,${MULTI_KEY_B}/0/0/*))`);
    const sh = watched(`sh(sortedmulti(2,${MULTI_KEY_B}/0/0/*,${MULTI_KEY_A}/*))`);
    expect(wsh.chains).toBe(1);
    MULTI_SCRIPTS.forEach((script, index) => {
      const bytes = hex.decode(script);
      expect(wsh.address(0, index)).toBe(Address(NETWORK).encode({ type: 'wsh', hash: sha256(bytes) }));
      expect(sh.address(0, index)).toBe(Address(NETWORK).encode({ type: 'sh', hash: hash160(bytes) }));
    });
    // multi() keeps the order given: with the keys the other way round, other addresses.
    const unsorted = watched(`wsh(multi(2,${MULTI_KEY_B}/0/0/*,${MULTI_KEY_A}/*))`);
    const sorted = watched(`wsh(multi(2,${MULTI_KEY_A}/*,${MULTI_KEY_B}/0/0/*))`);
    expect(new Set([unsorted.address(0, 0), sorted.address(0, 0)]).size).toBe(2);
    expect(wsh.address(0, 0)).toMatch(/^bc1q.{58}$/);
  });

  it('checks the checksum when one is given', () => {
    const body = `tr(${BIP86_XPUB}/0/*)`;
    const checksum = descriptorChecksum(body) ?? '';
    expect(watched(`${body}#${checksum}`).address(0, 0)).toBe(BIP86_RECEIVE_0);
    const wrong = `${checksum.slice(0, -1)}${checksum.endsWith('q') ? 'p' : 'q'}`;
    expect(readWatchedKey(`${body}#${wrong}`)).toEqual({ problem: DESCRIPTOR_MESSAGES.checksum });
    // One changed character in the body is caught by the same checksum.
    expect(readWatchedKey(`tr(${BIP86_XPUB}/2/*)#${checksum}`)).toEqual({
      problem: DESCRIPTOR_MESSAGES.checksum,
    });
  });

  it('says what is wrong with a descriptor it cannot follow', () => {
    const problem = (text: string) => xpubProblem('bitcoin', text);
    expect(problem(`tr(${BIP86_XPUB}/0'/*)`)).toBe(DESCRIPTOR_MESSAGES.hardened);
    expect(problem(`tr(${BIP86_XPUB}/0/0)`)).toBe(DESCRIPTOR_MESSAGES.notRanged);
    expect(problem(`tr(${BIP86_XPUB}/0/*,{pk(${MULTI_KEY_A}/*)})`)).toBe(DESCRIPTOR_MESSAGES.unsupported);
    expect(problem(`wsh(sortedmulti(3,${MULTI_KEY_A}/*,${MULTI_KEY_B}/*))`)).toBe(
      DESCRIPTOR_MESSAGES.threshold,
    );
    expect(problem(`wsh(sortedmulti(0,${MULTI_KEY_A}/*))`)).toBe(DESCRIPTOR_MESSAGES.threshold);
    expect(problem(`wsh(pkh(${MULTI_KEY_A}/*))`)).toBe(DESCRIPTOR_MESSAGES.unsupported);
    expect(problem(`wsh(sortedmulti(2,${MULTI_KEY_A}/<0;1>/*,${MULTI_KEY_B}/0/*))`)).toBe(
      DESCRIPTOR_MESSAGES.multipath,
    );
    expect(problem(`wpkh(${BIP86_XPUB.slice(0, -1)}R/0/*)`)).toBe(DESCRIPTOR_MESSAGES.invalid);
    expect(problem(`wpkh(${BIP86_XPUB}/0/*`)).toBe(DESCRIPTOR_MESSAGES.invalid);
    expect(problem('combo(xpub…)')).toBe(
      'This is not an extended public key: paste the xpub, ypub or zpub your wallet shows, or its output descriptor.',
    );
    const many = Array.from({ length: 16 }, () => `${MULTI_KEY_A}/*`).join(',');
    expect(problem(`sh(multi(2,${many}))`)).toBe(DESCRIPTOR_MESSAGES.tooManyKeys);
  });

  it('takes a descriptor holding a private key for the secret it is', () => {
    const xprv =
      'xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu';
    expect(looksLikeWalletSecret(`tr([73c5da0a/86'/0'/0']${xprv}/0/*)`)).toBe(true);
    expect(looksLikeWalletSecret(`wpkh(L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1)`)).toBe(true);
    expect(looksLikeWalletSecret(`tr([73c5da0a/86'/0'/0']${BIP86_XPUB}/0/*)`)).toBe(false);
  });
});

describe('a Taproot wallet through Esplora', () => {
  let esplora: FakeEsplora;
  beforeAll(async () => {
    esplora = await startFakeEsplora();
  });
  afterAll(async () => {
    await esplora.close();
  });

  it('reads receive and change addresses of a tr() descriptor into one balance', async () => {
    const external = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
    const day = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;
    esplora.txs = [
      {
        txid: 'd1'.padStart(64, '0'),
        blockTime: day('2026-11-10'),
        inputs: [{ address: external, value: 60_000_000 }],
        outputs: [{ address: BIP86_RECEIVE_1, value: 50_000_000 }],
      },
      {
        txid: 'd2'.padStart(64, '0'),
        blockTime: day('2026-11-12'),
        inputs: [{ address: BIP86_RECEIVE_1, value: 50_000_000 }],
        outputs: [
          { address: external, value: 20_000_000 },
          { address: BIP86_CHANGE_0, value: 29_990_000 },
        ],
      },
    ];
    const wallet = await readBitcoinWallet({
      esploraUrl: esplora.url,
      xpub: `tr([73c5da0a/86'/0'/0']${BIP86_XPUB}/0/*)`,
      today: '2026-11-20',
    });
    expect(wallet.usedAddresses).toBe(2);
    expect(wallet.sats).toBe(29_990_000n);
    expect(Object.fromEntries(wallet.changes)).toEqual({
      '2026-11-10': 50_000_000n,
      '2026-11-12': -20_010_000n,
    });
  });
});

function hash160(bytes: Uint8Array): Uint8Array {
  // RIPEMD-160 of SHA-256, as P2SH addresses hash their script.
  return ripemd160(sha256(bytes));
}
