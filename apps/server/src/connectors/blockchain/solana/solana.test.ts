import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSolanaRpc, TOKEN_2022_PROGRAM, type FakeSolanaRpc } from '../../../testing/fake-solana-rpc';
import { isSolanaAddress, readSolanaWallet } from './solana-wallet';

const OWNER = '4Qkev8aNZcqFNSRhQzwyLMFSsi94jHqE8WNVTJzTP99F';
/** The fake node listens on loopback, which the outbound guard refuses unless allowed. */
const LOOPBACK = { allowPrivate: ['127.0.0.0/8'] };
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const UNKNOWN_MINT = '2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
/** PayPal USD's mint, a Token-2022 token. */
const TOKEN_2022_MINT = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';

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
  it('reads SOL and every SPL Token and Token-2022 account, summed per mint, exactly', async () => {
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
      // 9 decimals, beyond 2^53 raw.
      {
        pubkey: 'HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3',
        mint: JUP,
        amount: '9007199254740993',
        decimals: 9,
      },
      // An empty account is left out.
      { pubkey: 'CKxTHwM9fPMRRvZmFnFoqKNd9pQR21c5Aq9bh5h9oghX', mint: BONK, amount: '0', decimals: 5 },
      // Token-2022, 18 decimals, in two accounts.
      {
        pubkey: '3NZ9JMVBmGAqocybic2c7LQCJScmgsAZ6vQqTDzcqmJh',
        mint: TOKEN_2022_MINT,
        amount: '123456789012345678901234567',
        decimals: 18,
        program: TOKEN_2022_PROGRAM,
      },
      {
        pubkey: 'FZxAuvyZtWdMV5jQ5hEQ2p3d9FTgUbhBjfZcXvNtqjQk',
        mint: TOKEN_2022_MINT,
        amount: '1',
        decimals: 18,
        program: TOKEN_2022_PROGRAM,
      },
    ]);
    const balances = await readSolanaWallet(rpc.url, OWNER, LOOPBACK);
    expect(balances.map((item) => [item.asset?.symbol ?? item.mint, item.quantity])).toEqual([
      ['SOL', '12345678.901234567'],
      ['USDC', '420000000.000002'],
      [UNKNOWN_MINT, '5'],
      [JUP, '9007199.254740993'],
      [TOKEN_2022_MINT, '123456789.012345678901234568'],
    ]);
    expect(rpc.requests.map((request) => request.method)).toEqual([
      'getBalance',
      'getTokenAccountsByOwner',
      'getTokenAccountsByOwner',
    ]);
    expect(rpc.requests.slice(1).map((request) => request.params)).toEqual([
      [
        OWNER,
        { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
        expect.objectContaining({ encoding: 'jsonParsed' }),
      ],
      [
        OWNER,
        { programId: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' },
        expect.objectContaining({ encoding: 'jsonParsed' }),
      ],
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
