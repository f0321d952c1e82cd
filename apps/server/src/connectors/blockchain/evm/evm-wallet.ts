import {
  BaseError,
  createPublicClient,
  erc20Abi,
  getAddress,
  http,
  HttpRequestError,
  RpcRequestError,
  TimeoutError,
} from 'viem';
import * as viemChains from 'viem/chains';
import { cryptoAssetBySymbol, formatUnits, HTTP_TIMEOUT_MS, type CryptoAsset } from '@lodestar/domain';
import type { OutboundPolicy } from '../../../outbound/guard';
import { guardedFetch } from '../../../outbound/guarded-fetch';
import { ProviderError } from '../../provider-error';
import { EVM_MESSAGES } from './address';
import { EVM_CHAINS, type EvmChainId, type EvmToken, type ExtraEvmToken } from './chains';

/**
 * EVM wallets (Ethereum, Polygon, Arbitrum, Optimism, Base, BNB Chain) through JSON-RPC with viem: at one
 * block (`eth_blockNumber`), the native balance (`eth_getBalance`, wei: 10^18 per coin) and, in one
 * Multicall3 `aggregate3` (`eth_call`), `balanceOf(owner)` and `decimals()` of every listed token on the
 * chain. Amounts are integers turned into exact decimal strings; zero balances are left out. Requests go
 * through the outbound guard in JSON-RPC batches; retries are the sync engine's (three attempts). viem
 * and its chain definitions are loaded when a wallet is first read, not when the server starts.
 */

export type EvmBalance = { asset: CryptoAsset; quantity: string };

/** The asset a token is priced as: a listed one by symbol, an extra one by its price-source id. */
function tokenAsset(token: EvmToken): CryptoAsset {
  const listed = cryptoAssetBySymbol(token.symbol);
  if (listed && (!token.priceId || token.priceId === listed.priceId)) return listed;
  return { symbol: token.symbol.toUpperCase(), name: token.symbol, priceId: token.priceId ?? token.symbol };
}

function nativeAsset(symbol: string): CryptoAsset {
  const asset = cryptoAssetBySymbol(symbol);
  if (!asset) throw new Error(`Unknown asset ${symbol}`);
  return asset;
}

/** viem's failure as a ProviderError whose message names neither the node's URL nor the address. */
function providerFailure(error: unknown, chain: string): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof BaseError) {
    const http = error.walk((item) => item instanceof HttpRequestError) as HttpRequestError | null;
    const rpc = error.walk((item) => item instanceof RpcRequestError) as RpcRequestError | null;
    const status = http?.status ?? rpc?.status;
    // -32005: the node's request limit (EIP-1474).
    if (status === 429 || rpc?.code === -32005 || (error as { code?: number }).code === -32005)
      return new ProviderError('rate_limited', EVM_MESSAGES.rateLimited(chain), { cause: error });
    if (error.walk((item) => item instanceof TimeoutError))
      return new ProviderError('timeout', EVM_MESSAGES.unavailable(chain), { cause: error });
  }
  return new ProviderError('unavailable', EVM_MESSAGES.unavailable(chain), { cause: error });
}

export async function readEvmWallet(options: {
  chain: EvmChainId;
  rpcUrl: string;
  address: string;
  outbound: OutboundPolicy;
  extraTokens?: readonly ExtraEvmToken[];
}): Promise<EvmBalance[]> {
  const chain = EVM_CHAINS[options.chain];
  const owner = getAddress(options.address);
  const tokens = [
    ...chain.tokens,
    ...(options.extraTokens ?? []).filter((token) => token.chain === options.chain),
  ];
  const client = createPublicClient({
    chain: viemChains[chain.viemChain],
    transport: http(options.rpcUrl, {
      batch: true,
      retryCount: 0,
      timeout: HTTP_TIMEOUT_MS,
      fetchFn: guardedFetch(options.outbound, {
        timeoutMs: HTTP_TIMEOUT_MS,
        maxResponseBytes: 4 * 1024 * 1024,
      }),
    }),
  });
  let wei: bigint;
  let results: { status: 'success' | 'failure'; result?: unknown }[];
  try {
    // Every balance at one block, so a transfer between two reads cannot count twice.
    const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
    [wei, results] = await Promise.all([
      client.getBalance({ address: owner, blockNumber }),
      tokens.length
        ? client.multicall({
            allowFailure: true,
            blockNumber,
            contracts: tokens.flatMap((token) => [
              { address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] } as const,
              { address: token.address, abi: erc20Abi, functionName: 'decimals' } as const,
            ]),
          })
        : Promise.resolve([]),
    ]);
  } catch (error) {
    throw providerFailure(error, chain.label);
  }
  const byAsset = new Map<string, { asset: CryptoAsset; amount: bigint; decimals: number }[]>();
  tokens.forEach((token, index) => {
    const balance = results[index * 2];
    const decimals = results[index * 2 + 1];
    if (balance?.status !== 'success' || typeof balance.result !== 'bigint')
      throw new ProviderError('unavailable', EVM_MESSAGES.tokenUnread(token.symbol, chain.label));
    if (decimals?.status === 'success' && Number(decimals.result) !== token.decimals)
      throw new ProviderError(
        'invalid',
        EVM_MESSAGES.tokenDecimals(token.symbol, chain.label, token.decimals, Number(decimals.result)),
      );
    if (balance.result === 0n) return;
    const asset = tokenAsset(token);
    const list = byAsset.get(asset.priceId) ?? [];
    list.push({ asset, amount: balance.result, decimals: token.decimals });
    byAsset.set(asset.priceId, list);
  });
  const balances: EvmBalance[] = [];
  if (wei > 0n) balances.push({ asset: nativeAsset(chain.native), quantity: formatUnits(wei, 18) });
  for (const parts of byAsset.values()) {
    // Two contracts of one asset (native and bridged USDC) are summed at the larger scale, exactly.
    const scale = Math.max(...parts.map((part) => part.decimals));
    const sum = parts.reduce((total, part) => total + part.amount * 10n ** BigInt(scale - part.decimals), 0n);
    balances.push({ asset: (parts[0] as (typeof parts)[number]).asset, quantity: formatUnits(sum, scale) });
  }
  return balances;
}
