import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEsplora, type FakeEsplora, type FakeTx } from '../../../testing/fake-esplora';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check, hex } from '@scure/base';
import { deriveAddress, isBitcoinAddress, parseExtendedPublicKey } from './addresses';
import { GAP_LIMIT, readBitcoinWallet } from './bitcoin-wallet';

/** BIP84's test vector (mnemonic "abandon … about"): account 0's zpub and its first addresses. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** BIP44's account-0 xpub of the same mnemonic; m/44'/0'/0'/0/0 is 1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA. */
const XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
/** SLIP-0132's test vector (same mnemonic): account 0's ypub (m/49'/0'/0') and its first receive address. */
const YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
/**
 * BIP49's own test vector is on testnet: account 0's upub (m/49'/1'/0') and the script hash of its first
 * receive address (2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2). The same key with mainnet ypub version bytes gives
 * the same script hash, written with the mainnet P2SH prefix (0x05).
 */
const BIP49_UPUB =
  'upub5EFU65HtV5TeiSHmZZm7FUffBGy8UKeqp7vw43jYbvZPpoVsgU93oac7Wk3u6moKegAEWtGNF8DehrnHtv21XXEMYRUocHqguyjknFHYfgY';
const BIP49_SCRIPT_HASH = '336caa13e08b96080a32b5d818d59b4ab3b36742';
const EXTERNAL = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const TODAY = '2026-11-20';
const base58check = createBase58check(sha256);
const at = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;

let esplora: FakeEsplora;
beforeAll(async () => {
  esplora = await startFakeEsplora();
});
afterAll(async () => {
  await esplora.close();
});
beforeEach(() => {
  esplora.txs = [];
  esplora.requests.length = 0;
  esplora.down = false;
});

describe('Bitcoin addresses', () => {
  it('derives the BIP84 vector’s receive and change addresses from its zpub, and BIP44’s from its xpub', () => {
    const zpub = parseExtendedPublicKey(ZPUB)!;
    expect(zpub.kind).toBe('p2wpkh');
    expect(deriveAddress(zpub, 0, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveAddress(zpub, 0, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(deriveAddress(zpub, 1, 0)).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
    expect(deriveAddress(parseExtendedPublicKey(XPUB)!, 0, 0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
  });

  it('derives P2SH-wrapped segwit receive and change addresses from a ypub (BIP49)', () => {
    const ypub = parseExtendedPublicKey(YPUB)!;
    expect(ypub.kind).toBe('p2sh-p2wpkh');
    expect(deriveAddress(ypub, 0, 0)).toBe('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf');
    // The next receive and the first change addresses, derived from the mnemonic's seed along
    // m/49'/0'/0'/{0,1}/i with a BIP32 library, not through the ypub.
    expect(deriveAddress(ypub, 0, 1)).toBe('3LtMnn87fqUeHBUG414p9CWwnoV6E2pNKS');
    expect(deriveAddress(ypub, 1, 0)).toBe('34K56kSjgUCUSD8GTtuF7c9Zzwokbs6uZ7');
    expect(deriveAddress(ypub, 1, 1)).toBe('3516F2wmK51jVRrggEJsTUBNWMSLLjzvJ2');

    // BIP49's testnet vector, read as the same key with mainnet version bytes.
    const bytes = Uint8Array.from(base58check.decode(BIP49_UPUB));
    bytes.set([0x04, 0x9d, 0x7c, 0xb2], 0);
    const fromBip49 = parseExtendedPublicKey(base58check.encode(bytes))!;
    expect(deriveAddress(fromBip49, 0, 0)).toBe(
      base58check.encode(Uint8Array.from([0x05, ...hex.decode(BIP49_SCRIPT_HASH)])),
    );
    // A upub (testnet) itself is not a mainnet key.
    expect(parseExtendedPublicKey(BIP49_UPUB)).toBeUndefined();
  });

  it('checks base58 and bech32 checksums', () => {
    expect(isBitcoinAddress('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(true);
    expect(isBitcoinAddress('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA')).toBe(true);
    expect(isBitcoinAddress('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv')).toBe(false);
    expect(isBitcoinAddress('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabB')).toBe(false);
    expect(isBitcoinAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
    expect(parseExtendedPublicKey(`${ZPUB.slice(0, -1)}t`)).toBeUndefined();
  });
});

describe('Bitcoin wallet through Esplora', () => {
  it('scans receive and change addresses up to 20 unused in a row, across a gap after used ones', async () => {
    const key = parseExtendedPublicKey(ZPUB)!;
    const receive = (index: number) => deriveAddress(key, 0, index);
    const change = (index: number) => deriveAddress(key, 1, index);
    const tx = (
      txid: string,
      date: string | undefined,
      inputs: FakeTx['inputs'],
      outputs: FakeTx['outputs'],
    ) => ({
      txid: txid.padStart(64, '0'),
      ...(date ? { blockTime: at(date) } : {}),
      inputs,
      outputs,
    });
    esplora.txs = [
      tx(
        'a1',
        '2026-11-10',
        [{ address: EXTERNAL, value: 150_000_000 }],
        [{ address: receive(0), value: 100_000_000 }],
      ),
      // Receive 3 and 22 come after gaps of 2 and 18 unused addresses: still inside the gap limit.
      tx(
        'a2',
        '2026-11-12',
        [{ address: EXTERNAL, value: 60_000_000 }],
        [{ address: receive(3), value: 50_000_000 }],
      ),
      tx('a3', '2026-11-15', [{ address: EXTERNAL, value: 1_000 }], [{ address: receive(22), value: 1 }]),
      // Index 43 is 21 past the last used one: a wallet would never hand it out, and the scan stops before it.
      tx('a4', '2026-11-15', [{ address: EXTERNAL, value: 5_000 }], [{ address: receive(43), value: 5_000 }]),
      // A payment out with change back to the wallet: only what left counts.
      tx(
        'b1',
        '2026-11-18',
        [{ address: receive(0), value: 100_000_000 }],
        [
          { address: EXTERNAL, value: 30_000_000 },
          { address: change(0), value: 69_990_000 },
        ],
      ),
      // Unconfirmed: counted today.
      tx(
        'c1',
        undefined,
        [{ address: EXTERNAL, value: 2_000_000 }],
        [{ address: change(0), value: 1_234_567 }],
      ),
    ];
    const wallet = await readBitcoinWallet({ esploraUrl: esplora.url, xpub: ZPUB, today: TODAY });
    expect(wallet.usedAddresses).toBe(4);
    expect(wallet.sats).toBe(50_000_000n + 1n + 69_990_000n + 1_234_567n);
    expect(Object.fromEntries(wallet.changes)).toEqual({
      '2026-11-10': 100_000_000n,
      '2026-11-12': 50_000_000n,
      '2026-11-15': 1n,
      '2026-11-18': -30_010_000n,
      [TODAY]: 1_234_567n,
    });
    const scanned = esplora.requests.filter((path) => /^\/api\/address\/[^/]+$/.test(path));
    // Receive: 0..22 then 20 more (23..42); change: 0 then 20 more.
    expect(scanned).toHaveLength(22 + 1 + GAP_LIMIT + 1 + GAP_LIMIT);
    expect(scanned).not.toContain(`/api/address/${receive(43)}`);
  });

  it('reads a ypub’s P2SH-wrapped segwit receive and change addresses', async () => {
    const key = parseExtendedPublicKey(YPUB)!;
    const receive = (index: number) => deriveAddress(key, 0, index);
    const change = (index: number) => deriveAddress(key, 1, index);
    expect(receive(0)).toBe('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf');
    expect(change(0)).toBe('34K56kSjgUCUSD8GTtuF7c9Zzwokbs6uZ7');
    esplora.txs = [
      {
        txid: 'e1'.padStart(64, '0'),
        blockTime: at('2026-11-02'),
        inputs: [{ address: EXTERNAL, value: 10_000_000 }],
        outputs: [{ address: receive(0), value: 9_990_000 }],
      },
      {
        txid: 'e2'.padStart(64, '0'),
        blockTime: at('2026-11-04'),
        inputs: [{ address: EXTERNAL, value: 3_000_000 }],
        outputs: [{ address: receive(5), value: 2_500_000 }],
      },
      {
        txid: 'e3'.padStart(64, '0'),
        blockTime: at('2026-11-06'),
        inputs: [{ address: receive(0), value: 9_990_000 }],
        outputs: [
          { address: EXTERNAL, value: 4_000_000 },
          { address: change(0), value: 5_989_000 },
        ],
      },
    ];
    const wallet = await readBitcoinWallet({ esploraUrl: esplora.url, xpub: YPUB, today: TODAY });
    expect(wallet.usedAddresses).toBe(3);
    expect(wallet.sats).toBe(2_500_000n + 5_989_000n);
    expect(Object.fromEntries(wallet.changes)).toEqual({
      '2026-11-02': 9_990_000n,
      '2026-11-04': 2_500_000n,
      '2026-11-06': -4_001_000n,
    });
    expect(wallet.transactions.map((tx) => [tx.txid.slice(-2), tx.kind, tx.net])).toEqual([
      ['e3', 'sent', -4_001_000n],
      ['e2', 'received', 2_500_000n],
      ['e1', 'received', 9_990_000n],
    ]);
    const scanned = esplora.requests.flatMap((path) => /^\/api\/address\/([^/]+)$/.exec(path)?.[1] ?? []);
    // Only P2SH addresses are asked for: receive 0..5 then 20 more, change 0 then 20 more.
    expect(scanned.every((address) => address.startsWith('3'))).toBe(true);
    expect(scanned).toHaveLength(6 + GAP_LIMIT + 1 + GAP_LIMIT);
    expect(scanned).toContain(change(0));
  });

  it('pages an address’s confirmed transactions 25 at a time', async () => {
    const address = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
    esplora.txs = Array.from({ length: 60 }, (_, index) => ({
      txid: index.toString(16).padStart(64, '0'),
      blockTime: at('2026-10-01') + index * 3600,
      inputs: [{ address: EXTERNAL, value: 2_000 }],
      outputs: [{ address, value: 1_000 }],
    }));
    const wallet = await readBitcoinWallet({ esploraUrl: esplora.url, address, today: TODAY });
    expect(wallet.sats).toBe(60_000n);
    expect([...wallet.changes.values()].reduce((a, b) => a + b, 0n)).toBe(60_000n);
    expect(esplora.requests.filter((path) => path.includes('/txs/chain/'))).toHaveLength(2);
    expect(wallet.transactions).toHaveLength(60);
    expect(new Set(wallet.transactions.map((tx) => tx.txid)).size).toBe(60);
    expect(wallet.newest).toEqual({ [address]: (59).toString(16).padStart(64, '0') });

    // Three more arrive: the next read stops at the newest one already read, on the first page.
    esplora.txs.push(
      ...[60, 61, 62].map((index) => ({
        txid: index.toString(16).padStart(64, '0'),
        blockTime: at('2026-10-01') + index * 3600,
        inputs: [{ address: EXTERNAL, value: 2_000 }],
        outputs: [{ address, value: 1_000 }],
      })),
    );
    esplora.requests.length = 0;
    const next = await readBitcoinWallet({
      esploraUrl: esplora.url,
      address,
      today: TODAY,
      known: wallet.newest,
    });
    expect(next.sats).toBe(63_000n);
    expect(next.transactions.map((tx) => tx.txid)).toEqual(
      [62, 61, 60].map((index) => index.toString(16).padStart(64, '0')),
    );
    expect([...next.changes.values()].reduce((a, b) => a + b, 0n)).toBe(3_000n);
    expect(next.newest).toEqual({ [address]: (62).toString(16).padStart(64, '0') });
    expect(esplora.requests.filter((path) => path.includes('/txs'))).toEqual([`/api/address/${address}/txs`]);
  });

  it('gives each transaction’s net effect on the wallet, its fee and the other side', async () => {
    const key = parseExtendedPublicKey(ZPUB)!;
    const receive = (index: number) => deriveAddress(key, 0, index);
    const change = (index: number) => deriveAddress(key, 1, index);
    const id = (text: string) => text.padStart(64, '0');
    esplora.txs = [
      // Received: 0.5 BTC from outside (the sender paid the fee).
      {
        txid: id('d1'),
        blockTime: at('2026-11-01'),
        inputs: [{ address: EXTERNAL, value: 50_010_000 }],
        outputs: [{ address: receive(0), value: 50_000_000 }],
      },
      // Sent 0.2 BTC with change back to a change address: net −0.2 − fee.
      {
        txid: id('d2'),
        blockTime: at('2026-11-05'),
        inputs: [{ address: receive(0), value: 50_000_000 }],
        outputs: [
          { address: EXTERNAL, value: 20_000_000 },
          { address: change(0), value: 29_999_859 },
        ],
      },
      // Between the wallet's own addresses: only the fee leaves.
      {
        txid: id('d3'),
        blockTime: at('2026-11-07'),
        inputs: [{ address: change(0), value: 29_999_859 }],
        outputs: [{ address: receive(1), value: 29_999_718 }],
      },
      // Unconfirmed: dated today.
      {
        txid: id('d4'),
        inputs: [{ address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', value: 12_345 }],
        outputs: [
          { address: receive(2), value: 10_000 },
          { address: EXTERNAL, value: 2_000 },
        ],
      },
    ];
    const wallet = await readBitcoinWallet({ esploraUrl: esplora.url, xpub: ZPUB, today: TODAY });
    expect(wallet.transactions).toEqual([
      {
        txid: id('d4'),
        date: TODAY,
        confirmed: false,
        net: 10_000n,
        fee: 345n,
        kind: 'received',
        counterparty: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      },
      { txid: id('d3'), date: '2026-11-07', confirmed: true, net: -141n, fee: 141n, kind: 'self' },
      {
        txid: id('d2'),
        date: '2026-11-05',
        confirmed: true,
        net: -20_000_141n,
        fee: 141n,
        kind: 'sent',
        counterparty: EXTERNAL,
      },
      {
        txid: id('d1'),
        date: '2026-11-01',
        confirmed: true,
        net: 50_000_000n,
        fee: 10_000n,
        kind: 'received',
        counterparty: EXTERNAL,
      },
    ]);
    // History and balance agree: the balance from the address stats is the sum of every net effect.
    expect(wallet.sats).toBe(wallet.transactions.reduce((sum, tx) => sum + tx.net, 0n));
    expect(wallet.sats).toBe(29_999_718n + 10_000n);
  });
});
