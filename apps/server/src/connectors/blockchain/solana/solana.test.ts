import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSolanaRpc, type FakeSolanaRpc } from '../../../testing/fake-solana-rpc';
import { isSolanaAddress, readSolanaWallet } from './solana-wallet';

const OWNER = '4Qkev8aNZcqFNSRhQzwyLMFSsi94jHqE8WNVTJzTP99F';
/** The fake node listens on loopback, which the outbound guard refuses unless allowed. */
const LOOPBACK = { allowPrivate: ['127.0.0.0/8'] };
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const UNKNOWN_MINT = '2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR';

let rpc: FakeSolanaRpc;
beforeAll(async () => {
  rpc = await startFakeSolanaRpc();
});
afterAll(async () => {
  await rpc.close();
});
beforeEach(() => {
  rpc.balances.clear();
  rpc.tokenAccounts.clear();
  rpc.requests.length = 0;
  rpc.down = false;
});

describe('Solana wallet through JSON-RPC', () => {
  it('reads SOL in lamports and the listed SPL tokens by mint, exactly', async () => {
    rpc.balances.set(OWNER, '12345678901234567');
    rpc.tokenAccounts.set(OWNER, [
      {
        pubkey: 'BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA',
        mint: USDC,
        amount: '420000000000001',
        decimals: 6,
      },
      { pubkey: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', mint: USDC, amount: '1', decimals: 6 },
      {
        pubkey: '7dHbWXmci3dT8UFYWYZweBLXgycu7Y3iL6trKn1Y7ARj',
        mint: UNKNOWN_MINT,
        amount: '5',
        decimals: 0,
      },
    ]);
    const balances = await readSolanaWallet(rpc.url, OWNER, LOOPBACK);
    expect(balances.map((item) => [item.asset.symbol, item.quantity])).toEqual([
      ['SOL', '12345678.901234567'],
      ['USDC', '420000000.000002'],
    ]);
    expect(rpc.requests.map((request) => request.method)).toEqual(['getBalance', 'getTokenAccountsByOwner']);
    expect(rpc.requests[1]?.params).toEqual([
      OWNER,
      { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
      expect.objectContaining({ encoding: 'jsonParsed' }),
    ]);
  });

  it('checks an address is 32 bytes of base58', () => {
    expect(isSolanaAddress(OWNER)).toBe(true);
    expect(isSolanaAddress('4Qkev8aNZcqFNSRhQzwyLMFSsi94jHqE8WNVTJzTP99')).toBe(false);
    expect(isSolanaAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });

  it('reaches a node on a private or loopback address only when the server allows it', async () => {
    rpc.balances.set(OWNER, '1');
    await expect(readSolanaWallet(rpc.url, OWNER, { allowPrivate: false })).rejects.toMatchObject({
      kind: 'unavailable',
    });
    expect(rpc.requests).toEqual([]);
  });

  it('says the node did not answer, without its address', async () => {
    rpc.down = true;
    await expect(readSolanaWallet(rpc.url, OWNER, LOOPBACK)).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'The Solana RPC node did not answer. The next sync tries again.',
    });
  });
});
