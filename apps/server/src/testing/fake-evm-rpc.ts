import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeFunctionData,
  encodeErrorResult,
  encodeFunctionResult,
  erc20Abi,
  multicall3Abi,
  numberToHex,
  parseAbi,
  type Hex,
} from 'viem';
import { namehash } from 'viem/ens';

/**
 * A loopback stand-in for EVM JSON-RPC nodes on 127.0.0.1, one chain per path (`/ethereum`, `/polygon`…),
 * answering as ethereum.org's JSON-RPC API documents them: `eth_chainId`, `eth_blockNumber` (hex
 * quantities), `eth_getBalance` (wei, hex) and `eth_call` to an ERC-20 contract (`balanceOf`, `decimals`,
 * `symbol`) or to Multicall3 (`aggregate3`, each call answered as the contract would), ABI-encoded with
 * viem's own encoder. Batches (a JSON array) get an array of answers. Unknown methods answer error -32601,
 * calls to unknown contracts revert (error 3); `rateLimited` answers HTTP 429, `failing` a JSON-RPC error
 * object -32603 and `down` HTTP 503. On Ethereum it also answers the ENS Universal Resolver
 * (`resolveWithGateways(bytes name, bytes data, string[] gateways)` returning `(bytes, address)`, as ENSIP-10
 * and the resolver's published ABI say) for `addr(bytes32 node)` of the names in `ensNames`; an unknown
 * name reverts with `ResolverNotFound(bytes)`.
 */

/** The ENS Universal Resolver on Ethereum (viem's mainnet definition). */
export const ENS_UNIVERSAL_RESOLVER = '0xeeeeeeee14d718c2b47d9923deab1335e144eeee';
const ENS_RESOLVER = '0x231b0Ee14048e9dCcD1d247744d114a4EB5E8E63';

const universalResolverAbi = parseAbi([
  'function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)',
  'error ResolverNotFound(bytes name)',
]);
const addrAbi = parseAbi(['function addr(bytes32 node) view returns (address)']);

export const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';

const CHAIN_IDS: Record<string, number> = {
  ethereum: 1,
  polygon: 137,
  arbitrum: 42161,
  optimism: 10,
  base: 8453,
  bsc: 56,
};

export type FakeErc20 = { symbol: string; decimals: number; balances: Map<string, bigint> };

export type FakeEvmChain = {
  blockNumber: bigint;
  /** Wei per address (lower case). */
  balances: Map<string, bigint>;
  /** Contracts by address (lower case). */
  tokens: Map<string, FakeErc20>;
};

export type FakeEvmRpc = {
  url: string;
  /** The URL of one chain's node (`EVM_RPC_URLS` value). */
  chainUrl(chain: string): string;
  chain(chain: string): FakeEvmChain;
  /** Every JSON-RPC call received, with its chain and whether it came in a batch. */
  requests: { chain: string; method: string; params: unknown[]; batch: boolean }[];
  /** ENS name → the address its resolver gives (Ethereum only). */
  ensNames: Map<string, string>;
  /** HTTP requests received (a batch is one). */
  httpRequests: number;
  down: boolean;
  rateLimited: boolean;
  failing: boolean;
  reset(): void;
  close(): Promise<void>;
};

type Call = { id?: unknown; jsonrpc?: string; method?: string; params?: unknown[] };
type Answer = { result: unknown } | { error: { code: number; message: string; data?: string } };

class Revert extends Error {
  constructor(readonly data: Hex = '0x') {
    super('execution reverted');
  }
}

export async function startFakeEvmRpc(): Promise<FakeEvmRpc> {
  const chains = new Map<string, FakeEvmChain>();
  const requests: FakeEvmRpc['requests'] = [];
  const ensNames = new Map<string, string>();
  const state = { down: false, rateLimited: false, failing: false, httpRequests: 0 };

  function chainState(name: string): FakeEvmChain {
    let found = chains.get(name);
    if (!found) {
      // A recent block on every chain: Multicall3 was deployed long before it.
      found = { blockNumber: 60_000_000n, balances: new Map(), tokens: new Map() };
      chains.set(name, found);
    }
    return found;
  }

  /** An ERC-20 call's return data (or a revert). */
  function erc20Call(chain: FakeEvmChain, to: string, data: Hex): Hex {
    const token = chain.tokens.get(to.toLowerCase());
    if (!token) throw new Revert();
    const call = decodeFunctionData({ abi: erc20Abi, data });
    if (call.functionName === 'balanceOf') {
      const owner = String(call.args[0]).toLowerCase();
      return encodeFunctionResult({
        abi: erc20Abi,
        functionName: 'balanceOf',
        result: token.balances.get(owner) ?? 0n,
      });
    }
    if (call.functionName === 'decimals')
      return encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: token.decimals });
    if (call.functionName === 'symbol')
      return encodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', result: token.symbol });
    throw new Revert();
  }

  function ethCall(chain: FakeEvmChain, params: unknown[]): Hex {
    const tx = params[0] as { to?: string; data?: Hex; input?: Hex };
    const to = (tx.to ?? '').toLowerCase();
    const data = tx.data ?? tx.input ?? '0x';
    if (to === ENS_UNIVERSAL_RESOLVER && chain === chains.get('ethereum')) {
      const call = decodeFunctionData({ abi: universalResolverAbi, data });
      const inner = decodeFunctionData({ abi: addrAbi, data: call.args[1] });
      const name = [...ensNames.keys()].find((item) => namehash(item) === inner.args[0]);
      if (!name)
        throw new Revert(
          encodeErrorResult({
            abi: universalResolverAbi,
            errorName: 'ResolverNotFound',
            args: [call.args[0]],
          }),
        );
      const result = encodeFunctionResult({
        abi: addrAbi,
        functionName: 'addr',
        result: ensNames.get(name) as Hex,
      });
      return encodeFunctionResult({
        abi: universalResolverAbi,
        functionName: 'resolveWithGateways',
        result: [result, ENS_RESOLVER],
      });
    }
    if (to === MULTICALL3) {
      const call = decodeFunctionData({ abi: multicall3Abi, data });
      if (call.functionName !== 'aggregate3') throw new Revert();
      const results = call.args[0].map((item) => {
        try {
          return { success: true, returnData: erc20Call(chain, item.target, item.callData) };
        } catch (error) {
          if (!(error instanceof Revert) || !item.allowFailure) throw error;
          return { success: false, returnData: '0x' as Hex };
        }
      });
      return encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results });
    }
    return erc20Call(chain, to, data);
  }

  function answer(chainName: string, call: Call, batch: boolean): Answer {
    const params = call.params ?? [];
    requests.push({ chain: chainName, method: call.method ?? '', params, batch });
    if (state.failing) return { error: { code: -32603, message: 'Internal error' } };
    const chain = chainState(chainName);
    try {
      switch (call.method) {
        case 'eth_chainId':
          return { result: numberToHex(CHAIN_IDS[chainName] ?? 1) };
        case 'eth_blockNumber':
          return { result: numberToHex(chain.blockNumber) };
        case 'eth_getBalance':
          return { result: numberToHex(chain.balances.get(String(params[0]).toLowerCase()) ?? 0n) };
        case 'eth_call':
          return { result: ethCall(chain, params) };
        default:
          return { error: { code: -32601, message: 'Method not found' } };
      }
    } catch (error) {
      if (error instanceof Revert)
        return { error: { code: 3, message: 'execution reverted', data: error.data } };
      return { error: { code: -32602, message: 'Invalid params' } };
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.httpRequests += 1;
      if (state.down) {
        response.writeHead(503, { 'content-type': 'text/plain' });
        return response.end('Service Unavailable');
      }
      if (state.rateLimited) {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        return response.end(
          '{"jsonrpc":"2.0","error":{"code":-32005,"message":"Too many requests"},"id":null}',
        );
      }
      const chainName = (request.url ?? '/').replace(/^\/+|\/+$/g, '') || 'ethereum';
      let body: Call | Call[];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[];
      } catch {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}');
      }
      const reply = (call: Call, batch: boolean) => ({
        jsonrpc: '2.0',
        id: call.id ?? null,
        ...answer(chainName, call, batch),
      });
      const out = Array.isArray(body) ? body.map((call) => reply(call, true)) : reply(body, false);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    chainUrl: (chain) => `${url}/${chain}`,
    chain: chainState,
    requests,
    ensNames,
    get httpRequests() {
      return state.httpRequests;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get rateLimited() {
      return state.rateLimited;
    },
    set rateLimited(value: boolean) {
      state.rateLimited = value;
    },
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    reset() {
      chains.clear();
      requests.length = 0;
      ensNames.clear();
      state.down = false;
      state.rateLimited = false;
      state.failing = false;
      state.httpRequests = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
