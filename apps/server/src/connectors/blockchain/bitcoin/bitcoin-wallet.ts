import { deriveAddress, parseExtendedPublicKey } from './addresses';
import { fetchAddress, fetchAddressTxs, type EsploraAddress, type EsploraTx } from './esplora-client';

/**
 * Reads a Bitcoin wallet — one address, or every used address of an extended public key — through
 * Esplora: the balance in satoshis (confirmed and unconfirmed) and the net change per day, from which
 * the engine works out the balance of each past day.
 */

/** BIP44's gap limit: scanning a chain stops after this many unused addresses in a row. */
export const GAP_LIMIT = 20;
/** Requests to the explorer at once (public explorers limit bursts). */
const CONCURRENCY = 4;

export type BitcoinWallet = {
  sats: bigint;
  /** Net change in satoshis per UTC day (YYYY-MM-DD); unconfirmed transactions count on `today`. */
  changes: Map<string, bigint>;
  usedAddresses: number;
};

async function inPool<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

const used = (info: EsploraAddress) => info.chain_stats.tx_count + info.mempool_stats.tx_count > 0;
const balance = (info: EsploraAddress) =>
  BigInt(info.chain_stats.funded_txo_sum) -
  BigInt(info.chain_stats.spent_txo_sum) +
  BigInt(info.mempool_stats.funded_txo_sum) -
  BigInt(info.mempool_stats.spent_txo_sum);

/** The used addresses of an extended key's receive and change chains, with their Esplora stats. */
async function scanExtendedKey(esploraUrl: string, xpub: string, fetchImpl: typeof fetch) {
  const extended = parseExtendedPublicKey(xpub);
  if (!extended) throw new RangeError('Not an extended public key');
  const found: EsploraAddress[] = [];
  for (const chain of [0, 1] as const) {
    let next = 0;
    let lastUsed = -1;
    while (next <= lastUsed + GAP_LIMIT) {
      const indexes = Array.from({ length: lastUsed + GAP_LIMIT + 1 - next }, (_, offset) => next + offset);
      const infos = await inPool(indexes, (index) =>
        fetchAddress(esploraUrl, deriveAddress(extended, chain, index), fetchImpl),
      );
      infos.forEach((info, offset) => {
        if (!used(info)) return;
        found.push(info);
        lastUsed = indexes[offset] as number;
      });
      next = (indexes[indexes.length - 1] as number) + 1;
    }
  }
  return found;
}

export async function readBitcoinWallet(options: {
  esploraUrl: string;
  address?: string;
  xpub?: string;
  today: string;
  fetchImpl?: typeof fetch;
}): Promise<BitcoinWallet> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const infos = options.xpub
    ? await scanExtendedKey(options.esploraUrl, options.xpub, fetchImpl)
    : [await fetchAddress(options.esploraUrl, options.address ?? '', fetchImpl)].filter(used);
  const own = new Set(infos.map((info) => info.address));
  const txs = new Map<string, EsploraTx>();
  for (const list of await inPool(infos, (info) =>
    fetchAddressTxs(options.esploraUrl, info.address, fetchImpl),
  ))
    for (const tx of list) txs.set(tx.txid, tx);
  const changes = new Map<string, bigint>();
  for (const tx of txs.values()) {
    let delta = 0n;
    for (const output of tx.vout ?? [])
      if (output.scriptpubkey_address && own.has(output.scriptpubkey_address)) delta += BigInt(output.value);
    for (const input of tx.vin ?? [])
      if (input.prevout?.scriptpubkey_address && own.has(input.prevout.scriptpubkey_address))
        delta -= BigInt(input.prevout.value);
    if (delta === 0n) continue;
    const day =
      tx.status?.confirmed && typeof tx.status.block_time === 'number'
        ? new Date(tx.status.block_time * 1000).toISOString().slice(0, 10)
        : options.today;
    changes.set(day, (changes.get(day) ?? 0n) + delta);
  }
  return {
    sats: infos.reduce((sum, info) => sum + balance(info), 0n),
    changes,
    usedAddresses: infos.length,
  };
}
