import { address, createSolanaRpcFromTransport, isAddress } from '@solana/kit';
import type { RpcTransport } from '@solana/rpc-spec';
import { parseJsonWithBigInts, stringifyJsonWithBigInts } from '@solana/rpc-spec-types';
import { HTTP_TIMEOUT_MS, cryptoAssetBySymbol, formatUnits, type CryptoAsset } from '@lodestar/domain';
import type { OutboundPolicy } from '../../../outbound/guard';
import { guardedFetch } from '../../../outbound/guarded-fetch';
import { ProviderError } from '../../provider-error';

/**
 * Solana wallets through JSON-RPC (SOLANA_RPC_URL) with @solana/kit: `getBalance` gives lamports (1 SOL =
 * 10^9), `getTokenAccountsByOwner` (jsonParsed), once for the SPL Token program and once for Token-2022,
 * every token account with its mint and raw amount. Amounts are summed per mint (an owner may hold several
 * accounts of one mint) as integers and written as exact decimal strings; empty accounts are left out.
 * The listed stablecoins are known by mint; every other mint is handed back for the price source to name.
 */

export const SPL_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

/** Mints of the listed stablecoins on Solana (their issuers' official mints). */
const KNOWN_MINTS: Record<string, string> = {
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 'USDC',
  Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: 'USDT',
};

export const SOLANA_MESSAGES = {
  address:
    'This is not a Solana address: it is 32 to 44 letters and digits (base58), as your wallet shows it.',
  unavailable: 'The Solana RPC node did not answer. The next sync tries again.',
} as const;

export function isSolanaAddress(value: string): boolean {
  return isAddress(value.trim());
}

/** A listed asset (SOL, a stablecoin) with its quantity, or a token known only by its mint. */
export type SolanaBalance =
  | { asset: CryptoAsset; quantity: string; mint?: undefined }
  | { asset?: undefined; mint: string; quantity: string };

function cryptoAsset(symbol: string): CryptoAsset {
  const asset = cryptoAssetBySymbol(symbol);
  if (!asset) throw new Error(`Unknown asset ${symbol}`);
  return asset;
}

/**
 * A JSON-RPC transport whose requests go through the outbound-request guard (the kit's own HTTP transport
 * calls the global fetch), with the kit's own JSON that keeps integers beyond 2^53 exact as bigints.
 */
function guardedTransport(rpcUrl: string, outbound: OutboundPolicy): RpcTransport {
  const fetch = guardedFetch(outbound, { timeoutMs: HTTP_TIMEOUT_MS, maxResponseBytes: 4 * 1024 * 1024 });
  return async <TResponse>({ payload }: { payload: unknown }) => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json; charset=utf-8' },
      body: stringifyJsonWithBigInts(payload),
    });
    if (!response.ok) throw new ProviderError('unavailable', SOLANA_MESSAGES.unavailable);
    return parseJsonWithBigInts(await response.text()) as TResponse;
  };
}

export async function readSolanaWallet(
  rpcUrl: string,
  owner: string,
  outbound: OutboundPolicy,
): Promise<SolanaBalance[]> {
  const rpc = createSolanaRpcFromTransport(guardedTransport(rpcUrl, outbound));
  try {
    const { value: lamports } = await rpc.getBalance(address(owner)).send();
    const amounts = new Map<string, { amount: bigint; decimals: number }>();
    for (const programId of [SPL_TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
      const { value: accounts } = await rpc
        .getTokenAccountsByOwner(
          address(owner),
          { programId: address(programId) },
          { encoding: 'jsonParsed' },
        )
        .send();
      for (const item of accounts) {
        const info = item.account.data.parsed.info as {
          mint: string;
          tokenAmount: { amount: string; decimals: number };
        };
        if (!/^\d+$/.test(info.tokenAmount.amount)) continue;
        const amount = BigInt(info.tokenAmount.amount);
        if (amount === 0n) continue;
        const current = amounts.get(info.mint);
        amounts.set(info.mint, {
          amount: (current?.amount ?? 0n) + amount,
          decimals: info.tokenAmount.decimals,
        });
      }
    }
    return [
      { asset: cryptoAsset('SOL'), quantity: formatUnits(BigInt(lamports), 9) },
      ...[...amounts].map(([mint, { amount, decimals }]): SolanaBalance => {
        const quantity = formatUnits(amount, decimals);
        const symbol = KNOWN_MINTS[mint];
        return symbol ? { asset: cryptoAsset(symbol), quantity } : { mint, quantity };
      }),
    ];
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('unavailable', SOLANA_MESSAGES.unavailable);
  }
}
