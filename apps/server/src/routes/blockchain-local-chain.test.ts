import { formatUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVM_CHAINS } from '../connectors/blockchain/evm/chains';
import { readEvmWallet } from '../connectors/blockchain/evm/evm-wallet';
import { SYNC_MESSAGES } from '../sync/engine';
import { createAuthWorld, type AuthWorld } from '../testing/auth-fixtures';
import type { TestBrowser } from '../testing/browser';
import { startFakeCoinGecko, type FakeCoinGecko } from '../testing/fake-coingecko';
import { compileTestContracts, startLocalEvmChain, type LocalEvmChain } from '../testing/local-evm-chain';
import { signedInUser } from '../use-cases/transactions/test-fixtures';

/**
 * EVM wallets against a real chain (Hardhat 2's network in this process, ADR 067): ether sent and an
 * ERC-20 deployed and transferred with transactions, read back through the API exact to 18 decimals.
 * Failures a public node gives (429, errors) are covered with the JSON-RPC fake in evm.test.ts.
 */

const OWNER: Address = '0x52908400098527886E0F7030069857D2E4169EE7'; // EIP-55's example
/** 12.345678901234567891 ETH: all 18 decimals set, more digits than a float holds. */
const ETHER_WEI = 12_345_678_901_234_567_891n;
/** 1234.567890123456789012 tokens of 18 decimals. */
const TOKEN_UNITS = 1_234_567_890_123_456_789_012n;

let chain: LocalEvmChain;
let gecko: FakeCoinGecko;
let w: AuthWorld;
let browser: TestBrowser;
let token: Address;
let wrongDecimals: Address;

type Wallet = {
  id: string;
  chain: string;
  status: string;
  syncing: boolean;
  lastError: string | null;
  holdings: { symbol: string; quantity: string; value: { amountMinor: number } | null }[];
};

async function wallets(): Promise<Wallet[]> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const list = await browser.json<{ data: { wallets: Wallet[] } }>('/api/v1/blockchain/wallets');
    expect(list.status).toBe(200);
    if (list.body.data.wallets.every((wallet) => !wallet.syncing)) return list.body.data.wallets;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('wallet sync did not finish');
}

beforeAll(async () => {
  const contracts = compileTestContracts();
  chain = await startLocalEvmChain(contracts);
  // The listed contracts of Ethereum and Base exist on the chain, with their listed decimals and nobody's
  // balance: the runtime code of a token deployed with those decimals, put at each listed address.
  const templates = new Map<number, `0x${string}`>();
  for (const listed of [...EVM_CHAINS.ethereum.tokens, ...EVM_CHAINS.base.tokens]) {
    let code = templates.get(listed.decimals);
    if (!code) {
      const template = await chain.deployToken({
        name: 'Template',
        symbol: 'TPL',
        decimals: listed.decimals,
        supply: 0n,
      });
      code = await chain.code(template);
      templates.set(listed.decimals, code);
    }
    await chain.setCode(listed.address, code);
  }
  // Ether and the token reach the owner in transactions; the deployer keeps the rest of the supply.
  token = await chain.deployToken({
    name: 'Lodestar Test Token',
    symbol: 'LDT',
    decimals: 18,
    supply: TOKEN_UNITS * 3n,
  });
  await chain.transferToken(token, OWNER, TOKEN_UNITS);
  await chain.sendWei(OWNER, ETHER_WEI);
  // A second token whose contract has 6 decimals, listed with 18 on Base.
  wrongDecimals = await chain.deployToken({ name: 'Six', symbol: 'SIX', decimals: 6, supply: 10n ** 12n });
  await chain.transferToken(wrongDecimals, OWNER, 5n * 10n ** 6n);

  gecko = await startFakeCoinGecko();
  const now = Math.floor(Date.now() / 1000);
  gecko.coins.set('ethereum', { prices: { usd: 3000, eur: 2800 }, lastUpdatedAt: now });
  gecko.coins.set('lodestar-test-token', { prices: { usd: 2, eur: 1.8 }, lastUpdatedAt: now });
  w = await createAuthWorld({
    CRYPTO_PRICES_URL: gecko.url,
    EVM_RPC_URLS: JSON.stringify({ ethereum: chain.url, base: chain.url }),
    EVM_EXTRA_TOKENS: JSON.stringify([
      { chain: 'ethereum', address: token, symbol: 'LDT', decimals: 18, coingeckoId: 'lodestar-test-token' },
      { chain: 'base', address: wrongDecimals, symbol: 'SIX', decimals: 18, coingeckoId: 'six-test-token' },
    ]),
    OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
  });
  ({ browser } = await signedInUser(w));
}, 120_000);

afterAll(async () => {
  await w?.close();
  await gecko?.close();
  await chain?.close();
});

describe('EVM wallets on a local chain', () => {
  it('holds exactly the ether and tokens the chain gives the address, to 18 decimals', async () => {
    const added = await browser.json('/api/v1/blockchain/wallets', {
      method: 'POST',
      body: { chain: 'ethereum', address: OWNER, label: 'Local' },
    });
    expect(added.status).toBe(201);
    const [wallet] = (await wallets()).filter((item) => item.chain === 'ethereum');
    expect(wallet).toMatchObject({ status: 'active', lastError: null });
    const held = wallet!.holdings.map((holding) => [
      holding.symbol,
      holding.quantity,
      holding.value?.amountMinor,
    ]);
    expect(held).toEqual([
      ['ETH', '12.345678901234567891', 3703704], // × 3,000 = 37,037.04
      ['LDT', '1234.567890123456789012', 246914], // × 2 = 2,469.14
    ]);
    // The same figures the chain itself gives, read at the latest block.
    expect(held.map(([, quantity]) => quantity)).toEqual([
      formatUnits(await chain.balance(OWNER), 18),
      formatUnits(await chain.tokenBalance(token, OWNER), 18),
    ]);

    // One more wei of ether and one base unit of the token on chain: the next sync sees exactly that.
    await chain.sendWei(OWNER, 1n);
    await chain.transferToken(token, OWNER, 1n);
    const synced = await browser.json('/api/v1/blockchain/sync', { method: 'POST' });
    expect(synced.status).toBe(200);
    const [after] = (await wallets()).filter((item) => item.chain === 'ethereum');
    expect(after!.holdings.map((holding) => [holding.symbol, holding.quantity])).toEqual([
      ['ETH', '12.345678901234567892'],
      ['LDT', '1234.567890123456789013'],
    ]);
  });

  it('refuses a token whose contract has other decimals than its list says', async () => {
    const added = await browser.json('/api/v1/blockchain/wallets', {
      method: 'POST',
      body: { chain: 'base', address: OWNER, label: 'Local' },
    });
    expect(added.status).toBe(201);
    const [wallet] = (await wallets()).filter((item) => item.chain === 'base');
    // The user sees the sync's failure and no holdings; the reason is the reader's refusal.
    expect(wallet).toMatchObject({ status: 'error', lastError: SYNC_MESSAGES.failed, holdings: [] });
    await expect(
      readEvmWallet({
        chain: 'base',
        rpcUrl: chain.url,
        address: OWNER,
        outbound: { allowPrivate: ['127.0.0.1/32'] },
        extraTokens: [{ chain: 'base', address: wrongDecimals, symbol: 'SIX', decimals: 18, priceId: 'six' }],
      }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      message: 'The SIX contract on Base has 6 decimals, not the 18 its token list says: fix the list.',
    });
  });
});
