import { createPublicClient, http } from 'viem';
import { mainnet } from 'viem/chains';
import { normalize } from 'viem/ens';
import { HTTP_TIMEOUT_MS } from '@lodestar/domain';
import type { OutboundPolicy } from '../../../outbound/guard';
import { guardedFetch } from '../../../outbound/guarded-fetch';
import { ProviderError } from '../../provider-error';

/**
 * ENS names (`name.eth`) resolved on Ethereum with viem's `getEnsAddress`: one `eth_call` to the ENS
 * Universal Resolver (`resolveWithGateways(name, addr(namehash), gateways)`), through the outbound guard.
 * Loaded only when a name is added.
 */

export const ENS_MESSAGES = {
  unavailable:
    'The Ethereum RPC node did not answer to look up this ENS name. Try again, or paste the 0x address.',
  notFound: 'This ENS name has no Ethereum address set: paste the wallet’s 0x address instead.',
  invalid: 'This is not a valid ENS name: paste the wallet’s 0x address instead.',
} as const;

/** The Ethereum address an ENS name points to, or null when it has none. */
export async function resolveEnsName(
  name: string,
  options: { rpcUrl: string; outbound: OutboundPolicy },
): Promise<string | null> {
  let normalized: string;
  try {
    normalized = normalize(name.trim());
  } catch {
    throw new ProviderError('invalid', ENS_MESSAGES.invalid);
  }
  const client = createPublicClient({
    chain: mainnet,
    transport: http(options.rpcUrl, {
      retryCount: 0,
      timeout: HTTP_TIMEOUT_MS,
      fetchFn: guardedFetch(options.outbound, { timeoutMs: HTTP_TIMEOUT_MS, maxResponseBytes: 1024 * 1024 }),
    }),
  });
  try {
    return await client.getEnsAddress({ name: normalized });
  } catch (error) {
    throw new ProviderError('unavailable', ENS_MESSAGES.unavailable, { cause: error });
  }
}
