import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for a Solana JSON-RPC node on 127.0.0.1 answering, as solana.com/docs/rpc
 * documents them, `getBalance` (`{ context, value: lamports }`) and `getTokenAccountsByOwner` with a
 * `programId` (SPL Token or Token-2022: each answers only its own accounts) or `mint` filter and jsonParsed
 * encoding (token accounts with `parsed.info.mint`, `owner` and `tokenAmount { amount, decimals, uiAmount,
 * uiAmountString }`; Token-2022 accounts as program `spl-token-2022`, with their `extensions`). Other
 * methods answer JSON-RPC error -32601; `down` answers HTTP 503.
 */

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

export type FakeTokenAccount = {
  pubkey: string;
  mint: string;
  amount: string;
  decimals: number;
  /** The token program owning the account (SPL Token unless given). */
  program?: typeof TOKEN_PROGRAM | typeof TOKEN_2022_PROGRAM;
};

/** A raw amount as the node's `uiAmountString` (exact, trailing zeros dropped). */
function uiAmountString(amount: string, decimals: number): string {
  if (decimals === 0) return amount;
  const digits = amount.padStart(decimals + 1, '0');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -decimals)}.${fraction}` : digits.slice(0, -decimals);
}

export type FakeSolanaRpc = {
  url: string;
  /** Lamports per owner (decimal strings: a balance may exceed 2^53). */
  balances: Map<string, string>;
  tokenAccounts: Map<string, FakeTokenAccount[]>;
  requests: { method: string; params: unknown[] }[];
  down: boolean;
  close(): Promise<void>;
};

const MAX_U64 = '18446744073709551615';

export async function startFakeSolanaRpc(): Promise<FakeSolanaRpc> {
  const balances = new Map<string, string>();
  const tokenAccounts = new Map<string, FakeTokenAccount[]>();
  const requests: { method: string; params: unknown[] }[] = [];
  const state = { down: false };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.down) {
        response.writeHead(503, { 'content-type': 'text/plain' });
        return response.end('Service Unavailable');
      }
      let call: { id?: unknown; method?: string; params?: unknown[] };
      try {
        call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof call;
      } catch {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}');
      }
      const params = call.params ?? [];
      requests.push({ method: call.method ?? '', params });
      const context = '{"apiVersion":"2.0.15","slot":341197933}';
      // Written by hand: lamports and rentEpoch are u64 and may not fit a JavaScript number.
      let result: string | undefined;
      if (call.method === 'getBalance') {
        result = `{"context":${context},"value":${balances.get(String(params[0])) ?? '0'}}`;
      } else if (call.method === 'getTokenAccountsByOwner') {
        const owner = String(params[0]);
        const filter = params[1] as { programId?: string; mint?: string } | undefined;
        const programOf = (item: FakeTokenAccount) => item.program ?? TOKEN_PROGRAM;
        const accounts =
          filter?.programId === TOKEN_PROGRAM || filter?.programId === TOKEN_2022_PROGRAM
            ? (tokenAccounts.get(owner) ?? []).filter((item) => programOf(item) === filter.programId)
            : filter?.mint
              ? (tokenAccounts.get(owner) ?? []).filter((item) => item.mint === filter.mint)
              : [];
        const items = accounts.map((item) => {
          const ui = uiAmountString(item.amount, item.decimals);
          const is2022 = programOf(item) === TOKEN_2022_PROGRAM;
          const info = {
            isNative: false,
            mint: item.mint,
            owner,
            state: 'initialized',
            tokenAmount: {
              amount: item.amount,
              decimals: item.decimals,
              uiAmount: Number(ui),
              uiAmountString: ui,
            },
            ...(is2022 ? { extensions: [{ extension: 'immutableOwner' }] } : {}),
          };
          const space = is2022 ? 170 : 165;
          return (
            `{"pubkey":${JSON.stringify(item.pubkey)},"account":{"data":{"program":` +
            `"${is2022 ? 'spl-token-2022' : 'spl-token'}","parsed":` +
            `{"info":${JSON.stringify(info)},"type":"account"},"space":${space}},"executable":false,` +
            `"lamports":2039280,"owner":"${programOf(item)}","rentEpoch":${MAX_U64},"space":${space}}}`
          );
        });
        result = `{"context":${context},"value":[${items.join(',')}]}`;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        result === undefined
          ? `{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":${JSON.stringify(call.id ?? null)}}`
          : `{"jsonrpc":"2.0","result":${result},"id":${JSON.stringify(call.id ?? null)}}`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    balances,
    tokenAccounts,
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
