import { randomBytes } from 'node:crypto';
import { getAddress, isAddress } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeEvmRpc, type FakeEvmRpc } from '../../../testing/fake-evm-rpc';
import { EVM_CHAIN_IDS, EVM_CHAINS } from './chains';
import { EVM_MESSAGES, eip55Address, evmAddressProblem, normalizeEvmAddress } from './address';
import { readEvmWallet } from './evm-wallet';

/** EIP-55's own examples. */
const OWNER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
const POLYGON_USDC = '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359';
const POLYGON_USDC_E = '0x2791bca1f2de4661ed88a30c99a7a9449aa84174';
const LOOPBACK = { allowPrivate: ['127.0.0.0/8'] };

let rpc: FakeEvmRpc;
beforeAll(async () => {
  rpc = await startFakeEvmRpc();
});
afterAll(async () => {
  await rpc.close();
});
beforeEach(() => rpc.reset());

/** Every listed contract of a chain deployed on the fake with no balances, as on the real chain. */
function deployListed(chain: (typeof EVM_CHAIN_IDS)[number]) {
  for (const token of EVM_CHAINS[chain].tokens)
    rpc.chain(chain).tokens.set(token.address.toLowerCase(), {
      symbol: token.symbol,
      decimals: token.decimals,
      balances: new Map(),
    });
}

function read(chain: (typeof EVM_CHAIN_IDS)[number], address = OWNER) {
  return readEvmWallet({ chain, rpcUrl: rpc.chainUrl(chain), address, outbound: LOOPBACK });
}

describe('EVM wallet through JSON-RPC', () => {
  it('reads the native coin and the listed tokens at one block, exact to 18 decimals', async () => {
    deployListed('ethereum');
    const owner = OWNER.toLowerCase();
    // 123456789.123456789123456789 ETH: more digits than a float holds.
    rpc.chain('ethereum').balances.set(owner, 123456789123456789123456789n);
    rpc.chain('ethereum').tokens.get(USDC)!.balances.set(owner, 1_234_567_890_123n);
    rpc.chain('ethereum').tokens.get(DAI)!.balances.set(owner, 1n);
    const balances = await read('ethereum');
    expect(balances.map((item) => [item.asset.symbol, item.quantity])).toEqual([
      ['ETH', '123456789.123456789123456789'],
      ['USDC', '1234567.890123'],
      ['DAI', '0.000000000000000001'],
    ]);
    // Zero balances (the other eleven tokens) are not holdings. Balance and multicall at one block, in one batch.
    const methods = rpc.requests.map((request) => request.method);
    expect(methods[0]).toBe('eth_blockNumber');
    expect(methods.slice(1).sort()).toEqual(['eth_call', 'eth_getBalance']);
    const call = rpc.requests.find((request) => request.method === 'eth_call')!;
    expect(call.params[0]).toMatchObject({ to: '0xca11bde05977b3631167028862be2a173976ca11' });
    expect(call.params[1]).toBe('0x3938700'); // 60,000,000: the block eth_blockNumber gave
    expect(rpc.requests.find((request) => request.method === 'eth_getBalance')!.params).toEqual([
      OWNER,
      '0x3938700',
    ]);
    // The block number, then the balance and the multicall together in one batch: two HTTP requests.
    expect(rpc.httpRequests).toBe(2);
    expect(rpc.requests.filter((request) => request.batch)).toHaveLength(3);
  });

  it('reads POL on Polygon and sums native and bridged USDC exactly', async () => {
    deployListed('polygon');
    const owner = OWNER.toLowerCase();
    rpc.chain('polygon').balances.set(owner, 10n ** 18n * 5n);
    rpc.chain('polygon').tokens.get(POLYGON_USDC)!.balances.set(owner, 2_500_000n);
    rpc.chain('polygon').tokens.get(POLYGON_USDC_E)!.balances.set(owner, 1n);
    const balances = await read('polygon');
    expect(balances.map((item) => [item.asset.symbol, item.asset.priceId, item.quantity])).toEqual([
      ['POL', 'polygon-ecosystem-token', '5'],
      ['USDC', 'usd-coin', '2.500001'],
    ]);
  });

  it('reads BNB and 18-decimal Binance-Peg USDT on BNB Chain', async () => {
    deployListed('bsc');
    const owner = OWNER.toLowerCase();
    rpc.chain('bsc').balances.set(owner, 1n);
    rpc
      .chain('bsc')
      .tokens.get('0x55d398326f99059ff775485246999027b3197955')!
      .balances.set(owner, 10n ** 18n + 7n);
    expect((await read('bsc')).map((item) => [item.asset.symbol, item.quantity])).toEqual([
      ['BNB', '0.000000000000000001'],
      ['USDT', '1.000000000000000007'],
    ]);
  });

  it('gives no holdings for an empty wallet', async () => {
    deployListed('base');
    expect(await read('base')).toEqual([]);
  });

  it('reads tokens from the extra list by their price-source id', async () => {
    deployListed('arbitrum');
    const arb = '0x912ce59144191c1204e64559fe8253a0e49e6548';
    rpc.chain('arbitrum').tokens.set(arb, {
      symbol: 'ARB',
      decimals: 18,
      balances: new Map([[OWNER.toLowerCase(), 25n * 10n ** 17n]]),
    });
    const balances = await readEvmWallet({
      chain: 'arbitrum',
      rpcUrl: rpc.chainUrl('arbitrum'),
      address: OWNER,
      outbound: LOOPBACK,
      extraTokens: [
        {
          chain: 'arbitrum',
          symbol: 'ARB',
          address: normalizeEvmAddress(arb) as `0x${string}`,
          decimals: 18,
          priceId: 'arbitrum',
        },
        {
          chain: 'base',
          symbol: 'XYZ',
          address: normalizeEvmAddress(arb) as `0x${string}`,
          decimals: 18,
          priceId: 'xyz',
        },
      ],
    });
    expect(balances.map((item) => [item.asset.symbol, item.asset.priceId, item.quantity])).toEqual([
      ['ARB', 'arbitrum', '2.5'],
    ]);
  });

  it('refuses a token whose contract has other decimals than its list says', async () => {
    deployListed('optimism');
    rpc.chain('optimism').tokens.get('0x0b2c639c533813f4aa9d7837caf62653d097ff85')!.decimals = 18;
    await expect(read('optimism')).rejects.toMatchObject({
      kind: 'invalid',
      message: 'The USDC contract on Optimism has 18 decimals, not the 6 its token list says: fix the list.',
    });
  });

  it('says the node limits us on HTTP 429, and did not answer on a JSON-RPC error or a 503', async () => {
    deployListed('ethereum');
    rpc.rateLimited = true;
    await expect(read('ethereum')).rejects.toMatchObject({
      kind: 'rate_limited',
      message: 'The Ethereum RPC node asked us to slow down. The next sync tries again.',
    });
    rpc.rateLimited = false;
    rpc.failing = true;
    await expect(read('ethereum')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'The Ethereum RPC node did not answer. The next sync tries again.',
    });
    rpc.failing = false;
    rpc.down = true;
    await expect(read('ethereum')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('sends nothing to a loopback node unless private addresses are allowed', async () => {
    await expect(
      readEvmWallet({
        chain: 'ethereum',
        rpcUrl: rpc.chainUrl('ethereum'),
        address: OWNER,
        outbound: { allowPrivate: false },
      }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
    expect(rpc.httpRequests).toBe(0);
  });

  it('checks addresses: hex, EIP-55 checksum when mixed case, ENS names refused', () => {
    expect(evmAddressProblem(OWNER)).toBeUndefined();
    expect(evmAddressProblem(OWNER.toLowerCase())).toBeUndefined();
    expect(evmAddressProblem(`0x${OWNER.slice(2).toUpperCase()}`)).toBeUndefined();
    expect(evmAddressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(EVM_MESSAGES.checksum);
    expect(evmAddressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(EVM_MESSAGES.address);
    expect(evmAddressProblem('vitalik.eth')).toBe(EVM_MESSAGES.ens);
    expect(normalizeEvmAddress(OWNER.toLowerCase())).toBe(OWNER);
  });

  it('writes the same EIP-55 form as viem, and tells a checksum from a typo as viem does', () => {
    for (let round = 0; round < 500; round += 1) {
      const lower = `0x${randomBytes(20).toString('hex')}`;
      const checksummed = getAddress(lower);
      expect(eip55Address(lower)).toBe(checksummed);
      expect(normalizeEvmAddress(` 0x${lower.slice(2).toUpperCase()} `)).toBe(checksummed);
      // One letter's case flipped breaks the checksum, for viem and for us alike.
      const letter = checksummed.slice(2).search(/[a-fA-F]/);
      if (letter < 0) continue;
      const at = letter + 2;
      const char = checksummed[at] ?? '';
      const typo = `${checksummed.slice(0, at)}${char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()}${checksummed.slice(at + 1)}`;
      const hex = typo.slice(2);
      if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) continue;
      expect(isAddress(typo, { strict: true })).toBe(false);
      expect(evmAddressProblem(typo)).toBe(EVM_MESSAGES.checksum);
    }
  });

  it('lists every contract with a valid EIP-55 checksum', () => {
    for (const chain of EVM_CHAIN_IDS)
      for (const token of EVM_CHAINS[chain].tokens)
        expect(isAddress(token.address, { strict: true }), `${chain} ${token.symbol}`).toBe(true);
  });
});

describe('ENS names on Ethereum', () => {
  it('resolves a name through the Universal Resolver, and gives null for a name without an address', async () => {
    const { resolveEnsName } = await import('./ens');
    rpc.chain('ethereum');
    rpc.ensNames.set('lodestar-test.eth', OWNER);
    const options = { rpcUrl: rpc.chainUrl('ethereum'), outbound: LOOPBACK };
    expect(await resolveEnsName('Lodestar-Test.eth', options)).toBe(OWNER);
    expect(await resolveEnsName('nobody-here.eth', options)).toBeNull();
    rpc.down = true;
    await expect(resolveEnsName('lodestar-test.eth', options)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
