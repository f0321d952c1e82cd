// `npm run bench:crypto`: the Bitcoin part of a wallet sync — an xpub (BIP84's test vector) with 200 used
// receive addresses, two transactions each, scanned with the gap limit of 20 through a fake Esplora on
// 127.0.0.1 (every address lookup and transaction page is a real HTTP request, four at a time, as against
// a real explorer on a fast network). BENCH_RUNS runs (default 5); prints min, median and max and the
// request count. Asserts nothing.
import { performance } from 'node:perf_hooks';
import {
  deriveAddress,
  parseExtendedPublicKey,
} from '../apps/server/src/connectors/blockchain/bitcoin/addresses';
import { readBitcoinWallet } from '../apps/server/src/connectors/blockchain/bitcoin/bitcoin-wallet';
import { startFakeEsplora } from '../apps/server/src/testing/fake-esplora';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const USED = Number(process.env.BENCH_ADDRESSES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXTERNAL = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

const key = parseExtendedPublicKey(ZPUB);
if (!key) throw new Error('bad zpub');
const esplora = await startFakeEsplora();
const start = Math.floor(Date.now() / 1000) - 400 * 86_400;
esplora.txs = Array.from({ length: USED }, (_, index) => {
  const address = deriveAddress(key, 0, index);
  return [
    {
      txid: `${index.toString(16)}a`.padStart(64, '0'),
      blockTime: start + index * 86_400,
      inputs: [{ address: EXTERNAL, value: 200_000 }],
      outputs: [{ address, value: 100_000 + index }],
    },
    {
      txid: `${index.toString(16)}b`.padStart(64, '0'),
      blockTime: start + index * 86_400 + 3_600,
      inputs: [{ address, value: 100_000 + index }],
      outputs: [{ address: EXTERNAL, value: 50_000 }],
    },
  ];
}).flat();

const times: number[] = [];
let requests = 0;
for (let run = 0; run < RUNS; run += 1) {
  esplora.requests.length = 0;
  const began = performance.now();
  const wallet = await readBitcoinWallet({ esploraUrl: esplora.url, xpub: ZPUB, today: '2026-11-26' });
  times.push(performance.now() - began);
  requests = esplora.requests.length;
  if (wallet.usedAddresses !== USED) throw new Error(`found ${wallet.usedAddresses} used addresses`);
}
await esplora.close();
times.sort((a, b) => a - b);
const ms = (value: number) => `${Math.round(value)} ms`;
console.log(
  `xpub scan, ${USED} used addresses (gap limit 20), ${requests} Esplora requests per sync, ${RUNS} runs`,
);
console.log(
  `  min ${ms(times[0] ?? 0)}  median ${ms(times[Math.floor(times.length / 2)] ?? 0)}  max ${ms(times.at(-1) ?? 0)}`,
);
