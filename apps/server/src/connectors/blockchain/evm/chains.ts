/**
 * The EVM chains Lodestar reads wallets on, each with its native coin, a public JSON-RPC endpoint
 * (EVM_RPC_URLS replaces any of them) and the contracts of the spec's stablecoin/token list (§3) issued
 * on it. Addresses are the issuers' official contracts, written with their EIP-55 checksum (a test checks
 * every one). Decimals are the contract's own: the spec's list gives them for Ethereum; Binance-Peg USDT and
 * USDC on BNB Chain have 18, not 6 (a sync reads `decimals()` and refuses a token whose contract disagrees).
 */

export const EVM_CHAIN_IDS = ['ethereum', 'polygon', 'arbitrum', 'optimism', 'base', 'bsc'] as const;
export type EvmChainId = (typeof EVM_CHAIN_IDS)[number];

export type EvmToken = {
  symbol: string;
  address: `0x${string}`;
  decimals: number;
  /** The price source's id, for tokens from EVM_EXTRA_TOKENS (listed ones are known by symbol). */
  priceId?: string;
};

/** A token from EVM_EXTRA_TOKENS, on one chain. */
export type ExtraEvmToken = EvmToken & { chain: EvmChainId };

export type EvmChain = {
  id: EvmChainId;
  label: string;
  /** viem's definition of the chain (`viem/chains`, loaded with the reader). */
  viemChain: 'mainnet' | 'polygon' | 'arbitrum' | 'optimism' | 'base' | 'bsc';
  /** The native coin's symbol (18 decimals on every one of these chains). */
  native: 'ETH' | 'POL' | 'BNB';
  defaultRpcUrl: string;
  tokens: readonly EvmToken[];
};

export const EVM_CHAINS: Record<EvmChainId, EvmChain> = {
  ethereum: {
    id: 'ethereum',
    label: 'Ethereum',
    viemChain: 'mainnet',
    native: 'ETH',
    defaultRpcUrl: 'https://ethereum-rpc.publicnode.com',
    tokens: [
      { symbol: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
      { symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
      { symbol: 'BUSD', address: '0x4Fabb145d64652a948d72533023f6E7A623C7C53', decimals: 18 },
      { symbol: 'DAI', address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', decimals: 18 },
      { symbol: 'FRAX', address: '0x853d955aCEf822Db058eb8505911ED77F175b99e', decimals: 18 },
      { symbol: 'TUSD', address: '0x0000000000085d4780B73119b644AE5ecd22b376', decimals: 18 },
      { symbol: 'USDP', address: '0x8E870D67F660D95d5be530380D0eC0bd388289E1', decimals: 18 },
      { symbol: 'USDD', address: '0x0C10bF8FcB7Bf5412187A595ab97a3609160b5c6', decimals: 18 },
      { symbol: 'GUSD', address: '0x056Fd409E1d7A124BD7017459dFEa2F387b6d5Cd', decimals: 2 },
      { symbol: 'LUSD', address: '0x5f98805A4E8be255a32880FDeC7F6728C6568bA0', decimals: 18 },
      { symbol: 'EURS', address: '0xdB25f211AB05b1c97D595516F45794528a807ad8', decimals: 2 },
      { symbol: 'EUROC', address: '0x1aBaEA1f7C830bD89Acc67eC4af516284b1bC33c', decimals: 6 },
      { symbol: 'PAXG', address: '0x45804880De22913dAFE09f4980848ECE6EcbAf78', decimals: 18 },
    ],
  },
  polygon: {
    id: 'polygon',
    label: 'Polygon',
    viemChain: 'polygon',
    native: 'POL',
    defaultRpcUrl: 'https://polygon-rpc.com',
    tokens: [
      { symbol: 'USDT', address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', decimals: 6 },
      // Circle's native USDC, and the PoS-bridged USDC.e: both are USDC and summed.
      { symbol: 'USDC', address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', decimals: 6 },
      { symbol: 'USDC', address: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', decimals: 6 },
      { symbol: 'DAI', address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', decimals: 18 },
    ],
  },
  arbitrum: {
    id: 'arbitrum',
    label: 'Arbitrum',
    viemChain: 'arbitrum',
    native: 'ETH',
    defaultRpcUrl: 'https://arb1.arbitrum.io/rpc',
    tokens: [
      { symbol: 'USDT', address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', decimals: 6 },
      { symbol: 'USDC', address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', decimals: 6 },
      { symbol: 'USDC', address: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', decimals: 6 },
      { symbol: 'DAI', address: '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', decimals: 18 },
    ],
  },
  optimism: {
    id: 'optimism',
    label: 'Optimism',
    viemChain: 'optimism',
    native: 'ETH',
    defaultRpcUrl: 'https://mainnet.optimism.io',
    tokens: [
      { symbol: 'USDT', address: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', decimals: 6 },
      { symbol: 'USDC', address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', decimals: 6 },
      { symbol: 'USDC', address: '0x7F5c764cBc14f9669B88837ca1490cCa17c31607', decimals: 6 },
      { symbol: 'DAI', address: '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', decimals: 18 },
    ],
  },
  base: {
    id: 'base',
    label: 'Base',
    viemChain: 'base',
    native: 'ETH',
    defaultRpcUrl: 'https://mainnet.base.org',
    tokens: [
      { symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 },
      { symbol: 'DAI', address: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', decimals: 18 },
    ],
  },
  bsc: {
    id: 'bsc',
    label: 'BNB Chain',
    viemChain: 'bsc',
    native: 'BNB',
    defaultRpcUrl: 'https://bsc-dataseed.bnbchain.org',
    tokens: [
      // Binance-Peg tokens: 18 decimals on this chain.
      { symbol: 'USDT', address: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
      { symbol: 'USDC', address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
      { symbol: 'BUSD', address: '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56', decimals: 18 },
      { symbol: 'DAI', address: '0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3', decimals: 18 },
    ],
  },
};

export function isEvmChain(chain: string): chain is EvmChainId {
  return (EVM_CHAIN_IDS as readonly string[]).includes(chain);
}
