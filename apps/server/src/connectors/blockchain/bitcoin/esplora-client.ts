import { HTTP_TIMEOUT_MS } from '@lodestar/domain';
import { ProviderError } from '../../types';

/**
 * An Esplora-compatible API (BTC_ESPLORA_URL; Blockstream's esplora API.md, also served by mempool.space
 * under /api and by self-hosted electrs): GET /address/:address gives funded/spent sums for confirmed
 * (chain_stats) and unconfirmed (mempool_stats) transactions; GET /address/:address/txs the newest
 * transactions (mempool first, then up to 25 confirmed) and /address/:address/txs/chain/:last_seen_txid
 * the next 25 confirmed ones. Amounts are satoshis. Messages carry no address and no URL.
 */

export const ESPLORA_MESSAGES = {
  unavailable: 'The Bitcoin block explorer did not answer. The next sync tries again.',
  rateLimited: 'The Bitcoin block explorer asked us to slow down. The next sync tries again.',
  badAnswer: 'The Bitcoin block explorer answered with something unexpected.',
} as const;

type Stats = { funded_txo_sum: number; spent_txo_sum: number; tx_count: number };
export type EsploraAddress = { address: string; chain_stats: Stats; mempool_stats: Stats };
export type EsploraTx = {
  txid: string;
  /** Satoshis paid to miners (inputs − outputs). */
  fee?: number;
  status: { confirmed: boolean; block_height?: number; block_time?: number };
  vin: { prevout: { scriptpubkey_address?: string; value: number } | null }[];
  vout: { scriptpubkey_address?: string; value: number }[];
};

async function getJson<T>(baseUrl: string, path: string, fetchImpl: typeof fetch): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(`${baseUrl.replace(/\/+$/, '')}${path}`, {
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ProviderError(timedOut ? 'timeout' : 'unavailable', ESPLORA_MESSAGES.unavailable);
  }
  if (response.status === 429) throw new ProviderError('rate_limited', ESPLORA_MESSAGES.rateLimited);
  if (response.status >= 500) throw new ProviderError('unavailable', ESPLORA_MESSAGES.unavailable);
  if (!response.ok) throw new ProviderError('invalid', ESPLORA_MESSAGES.badAnswer);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ProviderError('invalid', ESPLORA_MESSAGES.badAnswer);
  }
}

function isStats(value: unknown): value is Stats {
  const stats = value as Stats | null;
  return (
    typeof stats?.funded_txo_sum === 'number' &&
    typeof stats.spent_txo_sum === 'number' &&
    typeof stats.tx_count === 'number'
  );
}

export async function fetchAddress(baseUrl: string, address: string, fetchImpl: typeof fetch = fetch) {
  const body = await getJson<EsploraAddress>(baseUrl, `/address/${encodeURIComponent(address)}`, fetchImpl);
  if (!isStats(body?.chain_stats) || !isStats(body.mempool_stats))
    throw new ProviderError('invalid', ESPLORA_MESSAGES.badAnswer);
  return body;
}

/** Confirmed transactions Esplora gives per page (/txs and /txs/chain/:last_seen_txid). */
export const CHAIN_PAGE = 25;

/**
 * The transactions of an address, newest first: /txs (mempool, then the newest confirmed), then
 * /txs/chain/:last_seen_txid until a short page — or until `stopAt`, a confirmed txid already read
 * by an earlier sync: it and everything older are left out.
 */
export async function fetchAddressTxs(
  baseUrl: string,
  address: string,
  fetchImpl: typeof fetch = fetch,
  stopAt?: string,
): Promise<EsploraTx[]> {
  const path = `/address/${encodeURIComponent(address)}/txs`;
  const all: EsploraTx[] = [];
  let page = await getJson<EsploraTx[]>(baseUrl, path, fetchImpl);
  for (;;) {
    if (!Array.isArray(page) || !page.every(isTx))
      throw new ProviderError('invalid', ESPLORA_MESSAGES.badAnswer);
    const stop = stopAt ? page.findIndex((tx) => tx.txid === stopAt && tx.status.confirmed) : -1;
    if (stop >= 0) {
      all.push(...page.slice(0, stop));
      return all;
    }
    all.push(...page);
    const confirmed = page.filter((tx) => tx.status.confirmed);
    if (confirmed.length < CHAIN_PAGE) return all;
    const last = confirmed[confirmed.length - 1]?.txid ?? '';
    page = await getJson<EsploraTx[]>(baseUrl, `${path}/chain/${encodeURIComponent(last)}`, fetchImpl);
  }
}

function isTx(value: unknown): value is EsploraTx {
  const tx = value as EsploraTx | null;
  return (
    typeof tx?.txid === 'string' &&
    /^[0-9a-f]{64}$/.test(tx.txid) &&
    typeof tx.status?.confirmed === 'boolean' &&
    Array.isArray(tx.vin) &&
    Array.isArray(tx.vout)
  );
}
