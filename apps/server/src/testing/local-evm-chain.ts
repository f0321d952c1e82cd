import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  numberToHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import solc from 'solc';
import { resolveConfig } from 'hardhat/internal/core/config/config-resolution';
import { createProvider } from 'hardhat/internal/core/providers/construction';
import { JsonRpcServer } from 'hardhat/internal/hardhat-network/jsonrpc/server';

/**
 * A real EVM chain in the test process: Hardhat 2's network (EDR) with its JSON-RPC server on 127.0.0.1,
 * and our test contracts (`contracts/*.sol`) compiled with solc-js (WebAssembly). The chain starts past
 * block 20,000,000, so viem accepts the canonical Multicall3 address at its block (Multicall3 was deployed
 * on Ethereum at block 14,353,601); `TestMulticall`'s runtime code is put there with `hardhat_setCode`.
 * Hardhat's twenty unlocked accounts (10,000 ETH each) send the transactions.
 */

/** The canonical Multicall3 address (the same on every chain viem knows). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

export const SOLC_VERSION = '0.8.28';

export type CompiledContract = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };
export type TestContracts = { TestToken: CompiledContract; TestMulticall: CompiledContract };

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};

/** Compiles the test contracts (about a second: call it once per test file). */
export function compileTestContracts(): TestContracts {
  const version = solc.version();
  if (!version.startsWith(`${SOLC_VERSION}+`))
    throw new Error(`solc ${SOLC_VERSION} expected, not ${version}`);
  const names = ['TestToken', 'TestMulticall'] as const;
  const sources = Object.fromEntries(
    names.map((name) => [
      `${name}.sol`,
      { content: readFileSync(fileURLToPath(new URL(`./contracts/${name}.sol`, import.meta.url)), 'utf8') },
    ]),
  );
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources,
        settings: {
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
        },
      }),
    ),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = (name: (typeof names)[number]): CompiledContract => {
    const compiled = output.contracts[`${name}.sol`]?.[name];
    if (!compiled) throw new Error(`${name} did not compile`);
    return {
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    };
  };
  return { TestToken: contract('TestToken'), TestMulticall: contract('TestMulticall') };
}

export type LocalEvmChain = {
  /** The node's JSON-RPC URL (http://127.0.0.1:port). */
  url: string;
  /** The unlocked account that deploys and sends (10,000 ETH at the start). */
  deployer: Address;
  /** Any JSON-RPC method, Hardhat's own (`hardhat_setCode`…) included. */
  request<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Deploys a TestToken with a transaction; its supply goes to the deployer. */
  deployToken(token: { name: string; symbol: string; decimals: number; supply: bigint }): Promise<Address>;
  /** Sends `amount` base units of a token from the deployer, in a transaction. */
  transferToken(token: Address, to: Address, amount: bigint): Promise<void>;
  /** Sends wei from the deployer, in a transaction. */
  sendWei(to: Address, wei: bigint): Promise<void>;
  /** The deployed (runtime) code at an address. */
  code(address: Address): Promise<Hex>;
  /** Puts runtime code at an address (`hardhat_setCode`), with empty storage. */
  setCode(address: Address, code: Hex): Promise<void>;
  balance(address: Address): Promise<bigint>;
  tokenBalance(token: Address, owner: Address): Promise<bigint>;
  close(): Promise<void>;
};

export async function startLocalEvmChain(contracts: TestContracts): Promise<LocalEvmChain> {
  // Hardhat's defaults (chain 31337, automine, twenty funded accounts); no project or config file is read.
  const config = resolveConfig(fileURLToPath(import.meta.url), {});
  const provider = await createProvider(config, 'hardhat');
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port: 0, provider });
  const { port } = await server.listen();
  const url = `http://127.0.0.1:${port}`;
  const request = <T>(method: string, params: unknown[] = []) =>
    provider.request({ method, params }) as Promise<T>;
  const [first] = await request<string[]>('eth_accounts');
  if (!first) throw new Error('Hardhat gave no account');
  const deployer = getAddress(first);
  const transport = http(url, { retryCount: 0 });
  const publicClient = createPublicClient({ transport });
  const walletClient = createWalletClient({ account: deployer, transport });

  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  await request('hardhat_mine', [numberToHex(20_000_000)]);
  await request('hardhat_setCode', [MULTICALL3_ADDRESS, contracts.TestMulticall.deployedBytecode]);
  const token = contracts.TestToken;
  return {
    url,
    deployer,
    request,
    async deployToken({ name, symbol, decimals, supply }) {
      const hash = await walletClient.deployContract({
        chain: null,
        abi: token.abi,
        bytecode: token.bytecode,
        args: [name, symbol, decimals, supply],
      });
      const receipt = await mined(hash);
      if (!receipt.contractAddress) throw new Error(`${symbol} was not deployed`);
      return getAddress(receipt.contractAddress);
    },
    async transferToken(address, to, amount) {
      await mined(
        await walletClient.writeContract({
          chain: null,
          address,
          abi: token.abi,
          functionName: 'transfer',
          args: [to, amount],
        }),
      );
    },
    async sendWei(to, wei) {
      await mined(await walletClient.sendTransaction({ chain: null, to, value: wei }));
    },
    code: async (address) => (await publicClient.getCode({ address })) ?? '0x',
    async setCode(address, code) {
      await request('hardhat_setCode', [address, code]);
    },
    balance: (address) => publicClient.getBalance({ address }),
    tokenBalance: async (address, owner) =>
      (await publicClient.readContract({
        address,
        abi: token.abi,
        functionName: 'balanceOf',
        args: [owner],
      })) as bigint,
    close: () => server.close(),
  };
}
