import { readWatchedKey } from './addresses';
import { fetchAddress, fetchAddressTxs, type EsploraAddress, type EsploraTx } from './esplora-client';

/**
 * Reads a Bitcoin wallet — one address, or every used address of an extended public key — through
 * Esplora: the balance in satoshis (confirmed and unconfirmed), its transactions (each one's net effect
 * on the wallet) and the net change per day, from which the engine works out the balance of each past
 * day. Given the newest confirmed txid already read per address, only what is newer is read.
 */

/** BIP44's gap limit: scanning a chain stops after this many unused addresses in a row. */
export const GAP_LIMIT = 20;
/** Requests to the explorer at once (public explorers limit bursts). */
const CONCURRENCY = 4;

/** One transaction as it touches the wallet. */
export type BitcoinTransaction = {
  txid: string;
  /** UTC day of its block (YYYY-MM-DD); `today` while unconfirmed. */
  date: string;
  confirmed: boolean;
  /**
   * Satoshis in to the wallet's addresses minus satoshis out of them: a move between the wallet's own
   * addresses is minus the fee.
   */
  net: bigint;
  /** Satoshis paid to miners, whoever paid them. */
  fee: bigint;
  kind: 'received' | 'sent' | 'self';
  /** The other side: the first address paying in (received) or the largest one paid (sent). */
  counterparty?: string;
};

export type BitcoinWallet = {
  sats: bigint;
  /**
   * Net change in satoshis per UTC day (YYYY-MM-DD) of the transactions read; unconfirmed transactions
   * count on `today`.
   */
  changes: Map<string, bigint>;
  /** The transactions read (every one on a first read; then those newer than `known`), newest first. */
  transactions: BitcoinTransaction[];
  /** Per used address, the newest confirmed txid read so far: where the next read stops. */
  newest: Record<string, string>;
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
  const read = readWatchedKey(xpub);
  if (!('key' in read)) throw new RangeError('Not an extended public key or descriptor');
  const watched = read.key;
  const found: EsploraAddress[] = [];
  for (let chain = 0; chain < watched.chains; chain += 1) {
    let next = 0;
    let lastUsed = -1;
    while (next <= lastUsed + GAP_LIMIT) {
      const indexes = Array.from({ length: lastUsed + GAP_LIMIT + 1 - next }, (_, offset) => next + offset);
      const infos = await inPool(indexes, (index) =>
        fetchAddress(esploraUrl, watched.address(chain, index), fetchImpl),
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

/** What one Esplora transaction does to the wallet whose addresses are `own`. */
export function walletEffect(
  tx: EsploraTx,
  own: ReadonlySet<string>,
  today: string,
): BitcoinTransaction | undefined {
  let incoming = 0n;
  let outgoing = 0n;
  let ownInputs = 0;
  let sender: string | undefined;
  const paid = new Map<string, bigint>();
  for (const output of tx.vout) {
    const address = output.scriptpubkey_address;
    if (address && own.has(address)) incoming += BigInt(output.value);
    else if (address) paid.set(address, (paid.get(address) ?? 0n) + BigInt(output.value));
  }
  for (const input of tx.vin) {
    const address = input.prevout?.scriptpubkey_address;
    if (address && own.has(address)) {
      outgoing += BigInt(input.prevout?.value ?? 0);
      ownInputs += 1;
    } else if (address && !sender) sender = address;
  }
  if (incoming === 0n && ownInputs === 0) return undefined;
  const net = incoming - outgoing;
  const kind = ownInputs === 0 ? 'received' : paid.size === 0 ? 'self' : 'sent';
  const counterparty =
    kind === 'received'
      ? sender
      : kind === 'sent'
        ? [...paid].sort((a, b) => (a[1] === b[1] ? 0 : a[1] > b[1] ? -1 : 1))[0]?.[0]
        : undefined;
  const confirmed = tx.status.confirmed && typeof tx.status.block_time === 'number';
  return {
    txid: tx.txid,
    date: confirmed ? new Date((tx.status.block_time ?? 0) * 1000).toISOString().slice(0, 10) : today,
    confirmed,
    net,
    fee: typeof tx.fee === 'number' && Number.isSafeInteger(tx.fee) && tx.fee > 0 ? BigInt(tx.fee) : 0n,
    kind,
    ...(counterparty ? { counterparty } : {}),
  };
}

export async function readBitcoinWallet(options: {
  esploraUrl: string;
  address?: string;
  xpub?: string;
  today: string;
  /** Per address, the newest confirmed txid an earlier read saw (reading stops there). */
  known?: Readonly<Record<string, string>>;
  fetchImpl?: typeof fetch;
}): Promise<BitcoinWallet> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const known = options.known ?? {};
  const infos = options.xpub
    ? await scanExtendedKey(options.esploraUrl, options.xpub, fetchImpl)
    : [await fetchAddress(options.esploraUrl, options.address ?? '', fetchImpl)].filter(used);
  const own = new Set(infos.map((info) => info.address));
  const txs = new Map<string, EsploraTx>();
  const newest: Record<string, string> = {};
  const lists = await inPool(infos, (info) =>
    fetchAddressTxs(
      options.esploraUrl,
      info.address,
      fetchImpl,
      Object.hasOwn(known, info.address) ? known[info.address] : undefined,
    ),
  );
  lists.forEach((list, index) => {
    const address = (infos[index] as EsploraAddress).address;
    const latest = list.find((tx) => tx.status.confirmed)?.txid ?? known[address];
    if (latest) newest[address] = latest;
    for (const tx of list) txs.set(tx.txid, tx);
  });
  const changes = new Map<string, bigint>();
  const transactions: BitcoinTransaction[] = [];
  for (const tx of txs.values()) {
    const effect = walletEffect(tx, own, options.today);
    if (!effect) continue;
    transactions.push(effect);
    if (effect.net !== 0n) changes.set(effect.date, (changes.get(effect.date) ?? 0n) + effect.net);
  }
  transactions.sort((a, b) =>
    a.confirmed !== b.confirmed ? (a.confirmed ? 1 : -1) : a.date === b.date ? 0 : a.date < b.date ? 1 : -1,
  );
  return {
    sats: infos.reduce((sum, info) => sum + balance(info), 0n),
    changes,
    transactions,
    newest,
    usedAddresses: infos.length,
  };
}
