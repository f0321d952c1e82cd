import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEsplora, type FakeEsplora, type FakeTx } from '../../../testing/fake-esplora';
import { deriveAddress, isBitcoinAddress, parseExtendedPublicKey } from './addresses';
import { GAP_LIMIT, readBitcoinWallet } from './bitcoin-wallet';

/** BIP84's test vector (mnemonic "abandon … about"): account 0's zpub and its first addresses. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** BIP44's account-0 xpub of the same mnemonic; m/44'/0'/0'/0/0 is 1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA. */
const XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
const EXTERNAL = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const TODAY = '2026-11-20';
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
