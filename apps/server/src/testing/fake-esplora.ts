import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for an Esplora API (Blockstream's API.md) on 127.0.0.1, answering the documented
 * address endpoints from a list of transactions: GET /address/:address (chain_stats and mempool_stats:
 * funded/spent sums in satoshis, tx counts; zeros for an address never seen), GET /address/:address/txs
 * (unconfirmed first, then the newest 25 confirmed) and GET /address/:address/txs/chain/:last_seen_txid
 * (the next 25 confirmed). Transactions have the documented shape: vin[].prevout.scriptpubkey_address
 * and value, vout[].scriptpubkey_address and value, fee (inputs − outputs) and status {confirmed,
 * block_height, block_time}. `down` answers 503 to everything.
 */

export type FakeTx = {
  txid: string;
  /** Unix seconds of the block; absent for an unconfirmed transaction. */
  blockTime?: number;
  /** Height of the block (800,000 when not given). */
  blockHeight?: number;
  inputs: { address: string; value: number }[];
  outputs: { address: string; value: number }[];
};

export type FakeEsplora = {
  url: string;
  txs: FakeTx[];
  requests: string[];
  down: boolean;
  close(): Promise<void>;
};

function involves(tx: FakeTx, address: string) {
  return tx.inputs.some((i) => i.address === address) || tx.outputs.some((o) => o.address === address);
}

function esploraTx(tx: FakeTx) {
  return {
    txid: tx.txid,
    version: 2,
    locktime: 0,
    vin: tx.inputs.map((input, index) => ({
      txid: `${tx.txid.slice(0, 60)}${String(index).padStart(4, '0')}`,
      vout: 0,
      prevout: { scriptpubkey_address: input.address, scriptpubkey_type: 'v0_p2wpkh', value: input.value },
      is_coinbase: false,
      sequence: 4294967293,
    })),
    vout: tx.outputs.map((output) => ({
      scriptpubkey_address: output.address,
      scriptpubkey_type: 'v0_p2wpkh',
      value: output.value,
    })),
    fee: Math.max(
      0,
      tx.inputs.reduce((sum, input) => sum + input.value, 0) -
        tx.outputs.reduce((sum, output) => sum + output.value, 0),
    ),
    status:
      tx.blockTime === undefined
        ? { confirmed: false }
        : { confirmed: true, block_height: tx.blockHeight ?? 800_000, block_time: tx.blockTime },
  };
}

function stats(txs: FakeTx[], address: string) {
  let funded = 0;
  let spent = 0;
  let fundedCount = 0;
  let spentCount = 0;
  for (const tx of txs) {
    for (const output of tx.outputs)
      if (output.address === address) {
        funded += output.value;
        fundedCount += 1;
      }
    for (const input of tx.inputs)
      if (input.address === address) {
        spent += input.value;
        spentCount += 1;
      }
  }
  return {
    funded_txo_count: fundedCount,
    funded_txo_sum: funded,
    spent_txo_count: spentCount,
    spent_txo_sum: spent,
    tx_count: txs.length,
  };
}

export async function startFakeEsplora(): Promise<FakeEsplora> {
  const state = { txs: [] as FakeTx[], down: false };
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (state.down) return send(503, 'Service Unavailable');
    const match = /^\/api\/address\/([A-Za-z0-9]+)(\/txs(?:\/chain\/([0-9a-f]{64}))?)?$/.exec(path);
    if (!match) return send(404, 'Not Found');
    const address = match[1] ?? '';
    const mine = state.txs.filter((tx) => involves(tx, address));
    const mempool = mine.filter((tx) => tx.blockTime === undefined);
    const confirmed = mine
      .filter((tx) => tx.blockTime !== undefined)
      .sort((a, b) => (b.blockTime ?? 0) - (a.blockTime ?? 0));
    if (!match[2])
      return send(200, {
        address,
        chain_stats: stats(confirmed, address),
        mempool_stats: stats(mempool, address),
      });
    if (!match[3]) return send(200, [...mempool.slice(0, 50), ...confirmed.slice(0, 25)].map(esploraTx));
    const after = confirmed.findIndex((tx) => tx.txid === match[3]);
    if (after < 0) return send(200, []);
    return send(200, confirmed.slice(after + 1, after + 26).map(esploraTx));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    get txs() {
      return state.txs;
    },
    set txs(value: FakeTx[]) {
      state.txs = value;
    },
    requests,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
