import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A stand-in for Plaid's HTTP API on 127.0.0.1, built from Plaid's API reference
 * (plaid.com/docs/api): every endpoint is a POST of JSON with `client_id` and `secret` (in the body or
 * the PLAID-CLIENT-ID / PLAID-SECRET headers); errors are HTTP 400/429/500 with Plaid's error object
 * `{ error_type, error_code, error_message, display_message, request_id }`. Transaction amounts are in
 * Plaid's convention: positive = money out of the account.
 *
 * /transactions/sync keeps an update log per item: a cursor is a position in it, pages hold at most
 * `count` updates (500 at most), `has_more` says whether more follow, and an item that changes while a
 * client is between pages answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION to the stale cursor.
 * Webhooks are signed as Plaid signs them: an ES256 JWT in `Plaid-Verification` with `iat` and
 * `request_body_sha256`, its key served by /webhook_verification_key/get.
 */

export type FakePlaidAccount = {
  account_id: string;
  name: string;
  official_name?: string | null;
  mask?: string | null;
  type: 'depository' | 'credit' | 'loan' | 'investment' | 'other';
  subtype?: string | null;
  balances: {
    available: number | null;
    current: number | null;
    limit?: number | null;
    iso_currency_code: string | null;
    unofficial_currency_code?: string | null;
  };
};

export type FakePlaidTransaction = {
  transaction_id: string;
  account_id: string;
  amount: number;
  iso_currency_code?: string | null;
  date: string;
  authorized_date?: string | null;
  name: string;
  merchant_name?: string | null;
  original_description?: string | null;
  pending?: boolean;
  pending_transaction_id?: string | null;
  payment_channel?: 'online' | 'in store' | 'other';
  personal_finance_category?: { primary: string; detailed: string; confidence_level?: string } | null;
};

export type FakePlaidSecurity = {
  security_id: string;
  name: string;
  ticker_symbol: string | null;
  isin?: string | null;
  cusip?: string | null;
  type: string;
  close_price: number | null;
  close_price_as_of: string | null;
  iso_currency_code: string;
};

export type FakePlaidHolding = {
  account_id: string;
  security_id: string;
  quantity: number;
  institution_price: number;
  institution_price_as_of?: string | null;
  institution_value: number;
  cost_basis: number | null;
  iso_currency_code: string;
};

export type FakePlaidInvestmentTransaction = {
  investment_transaction_id: string;
  account_id: string;
  security_id: string | null;
  date: string;
  name: string;
  quantity: number;
  amount: number;
  price: number;
  fees: number | null;
  type: string;
  subtype: string;
  iso_currency_code: string;
};

export type PlaidErrorObject = {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
};

type LogEntry = { id: string; kind: 'added' | 'modified' | 'removed'; snapshot: FakePlaidTransaction };

export type FakePlaidItem = {
  itemId: string;
  accessToken: string;
  institutionId: string;
  products: string[];
  webhook: string | null;
  accounts: FakePlaidAccount[];
  transactions: Map<string, FakePlaidTransaction>;
  log: LogEntry[];
  /** Bumped by `mutate()`: cursors handed out mid-pagination before it are refused. */
  epoch: number;
  /** An item error every data endpoint answers with until cleared (ITEM_LOGIN_REQUIRED…). */
  error: PlaidErrorObject | null;
  securities: FakePlaidSecurity[];
  holdings: FakePlaidHolding[];
  investmentTransactions: FakePlaidInvestmentTransaction[];
  liabilities: Record<string, unknown>;
  removed: boolean;
};

export type RecordedRequest = { path: string; body: Record<string, unknown> };

export type FakePlaid = {
  url: string;
  clientId: string;
  secret: string;
  items: Map<string, FakePlaidItem>;
  requests: RecordedRequest[];
  /** An item and a one-time public token for it, as Link's onSuccess hands one over. */
  createItem(options?: { institutionId?: string; products?: string[]; accounts?: FakePlaidAccount[] }): {
    item: FakePlaidItem;
    publicToken: string;
  };
  /** A new public token for an existing item (linking the same login again). */
  publicTokenFor(itemId: string): string;
  /**
   * What Link does when the user finishes it with a link token this fake made: a new item and its public
   * token (as onSuccess receives it), or, for an update-mode token, the item signed in again (its login
   * error cleared) and a public token Plaid sends but that needs no exchange. Unknown tokens throw.
   */
  completeLink(
    linkToken: string,
    options?: Parameters<FakePlaid['createItem']>[0],
  ): { item: FakePlaidItem; publicToken: string; mode: 'new' | 'update' };
  add(itemId: string, transactions: FakePlaidTransaction[]): void;
  modify(itemId: string, transactionId: string, changes: Partial<FakePlaidTransaction>): void;
  remove(itemId: string, transactionId: string): void;
  /** Posts a pending transaction: the pending one is removed and a posted one names it. */
  post(
    itemId: string,
    pendingId: string,
    posted: Partial<FakePlaidTransaction> & { transaction_id: string },
  ): void;
  /** The item's data changes under a paginating client (its mid-loop cursors go stale). */
  mutate(itemId: string): void;
  setItemError(itemId: string, errorCode: string | null): void;
  /** The next `times` requests to `path` fail with this status and error. */
  failNext(
    path: string,
    times: number,
    status: number,
    error: Omit<PlaidErrorObject, 'error_message' | 'display_message'>,
  ): void;
  /** Plaid's transactions of the item as they stand now. */
  current(itemId: string): FakePlaidTransaction[];
  /** A webhook body and its Plaid-Verification header, signed with the fake's key (or as told). */
  signWebhook(
    body: string,
    options?: { iatSeconds?: number; bodyHash?: string; key?: 'own' | 'stranger'; kid?: string },
  ): Promise<string>;
  keyId: string;
  close(): Promise<void>;
};

const ERROR_MESSAGES: Record<string, string> = {
  ITEM_LOGIN_REQUIRED:
    "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
  PENDING_EXPIRATION: 'the access consent for this item is expiring',
  USER_PERMISSION_REVOKED: 'the user revoked access to this item',
  RATE_LIMIT: 'rate limit exceeded for this item',
  INTERNAL_SERVER_ERROR: 'an unexpected error occurred',
  INSTITUTION_DOWN: 'this institution is not currently responding to this request. please try again soon',
  TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION:
    'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
};

function errorObject(errorType: string, errorCode: string): PlaidErrorObject {
  return {
    error_type: errorType,
    error_code: errorCode,
    error_message: ERROR_MESSAGES[errorCode] ?? errorCode.toLowerCase().replace(/_/g, ' '),
    display_message: null,
  };
}

type Cursor = { i: string; p: number; e: number; m: boolean };
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(text: string): Cursor | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    return typeof parsed.p === 'number' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export const FAKE_PLAID_ACCOUNTS: FakePlaidAccount[] = [
  {
    account_id: 'acc-checking',
    name: 'Plaid Checking',
    official_name: 'Plaid Gold Standard 0% Interest Checking',
    mask: '0000',
    type: 'depository',
    subtype: 'checking',
    balances: { available: 100, current: 110, limit: null, iso_currency_code: 'USD' },
  },
  {
    account_id: 'acc-credit',
    name: 'Plaid Credit Card',
    official_name: 'Plaid Diamond 12.5% APR Interest Credit Card',
    mask: '3333',
    type: 'credit',
    subtype: 'credit card',
    balances: { available: 6990, current: 410, limit: 2000, iso_currency_code: 'USD' },
  },
];

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function startFakePlaid(): Promise<FakePlaid> {
  const clientId = 'fake-client-id';
  const secret = 'fake-plaid-secret';
  const items = new Map<string, FakePlaidItem>();
  const byToken = new Map<string, FakePlaidItem>();
  const publicTokens = new Map<string, string>();
  /** Link tokens handed out, with the item an update-mode one is for. */
  const linkTokens = new Map<string, { itemId: string | null }>();
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, { times: number; status: number; error: PlaidErrorObject }>();
  const own = await generateKeyPair('ES256', { extractable: true });
  const stranger = await generateKeyPair('ES256', { extractable: true });
  const keyId = `fake-kid-${randomUUID()}`;
  const publicJwk: JWK = await exportJWK(own.publicKey);

  const item = (itemId: string) => {
    const found = items.get(itemId);
    if (!found) throw new Error(`fake plaid: no item ${itemId}`);
    return found;
  };
  const log = (target: FakePlaidItem, kind: LogEntry['kind'], snapshot: FakePlaidTransaction) =>
    target.log.push({ id: snapshot.transaction_id, kind, snapshot: { ...snapshot } });

  function page(target: FakePlaidItem, from: number, count: number) {
    const end = Math.min(target.log.length, from + count);
    const window = target.log.slice(from, end);
    const first = new Map<string, LogEntry>();
    const last = new Map<string, LogEntry>();
    for (const entry of window) {
      if (!first.has(entry.id)) first.set(entry.id, entry);
      last.set(entry.id, entry);
    }
    const added: Record<string, unknown>[] = [];
    const modified: Record<string, unknown>[] = [];
    const removed: { transaction_id: string; account_id: string }[] = [];
    for (const [id, start] of first) {
      const final = last.get(id) ?? start;
      if (final.kind === 'removed') {
        if (start.kind !== 'added')
          removed.push({ transaction_id: id, account_id: final.snapshot.account_id });
      } else if (start.kind === 'added') added.push(withDefaults(final.snapshot));
      else modified.push(withDefaults(final.snapshot));
    }
    return { added, modified, removed, end, hasMore: end < target.log.length };
  }

  const withDefaults = (t: FakePlaidTransaction): Record<string, unknown> => ({
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    authorized_date: null,
    merchant_name: null,
    original_description: null,
    pending: false,
    pending_transaction_id: null,
    payment_channel: 'other',
    personal_finance_category: null,
    category: null,
    category_id: null,
    location: {},
    payment_meta: {},
    transaction_type: 'special',
    transaction_code: null,
    ...t,
  });

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const body = await readJson(request);
      requests.push({ path, body });
      const requestId = randomUUID().slice(0, 15);
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const fail = (status: number, error: PlaidErrorObject) =>
        send(status, { ...error, request_id: requestId });
      const done = (payload: Record<string, unknown>) => send(200, { ...payload, request_id: requestId });

      if (request.method !== 'POST') return fail(405, errorObject('INVALID_REQUEST', 'INVALID_HTTP_METHOD'));
      const givenId = body.client_id ?? request.headers['plaid-client-id'];
      const givenSecret = body.secret ?? request.headers['plaid-secret'];
      if (givenId !== clientId || givenSecret !== secret)
        return fail(400, errorObject('INVALID_INPUT', 'INVALID_API_KEYS'));
      const planned = failures.get(path);
      if (planned && planned.times > 0) {
        planned.times -= 1;
        return fail(planned.status, planned.error);
      }

      if (path === '/link/token/create') {
        const user = body.user as { client_user_id?: unknown } | undefined;
        if (
          !body.client_name ||
          !body.language ||
          !Array.isArray(body.country_codes) ||
          !user?.client_user_id
        )
          return fail(400, errorObject('INVALID_REQUEST', 'MISSING_FIELDS'));
        if (!body.access_token && !Array.isArray(body.products))
          return fail(400, errorObject('INVALID_REQUEST', 'MISSING_FIELDS'));
        const updating = body.access_token ? byToken.get(String(body.access_token)) : undefined;
        if (body.access_token && !updating)
          return fail(400, errorObject('INVALID_INPUT', 'INVALID_ACCESS_TOKEN'));
        const linkToken = `link-sandbox-${randomUUID()}`;
        linkTokens.set(linkToken, { itemId: updating?.itemId ?? null });
        return done({
          link_token: linkToken,
          expiration: new Date(Date.now() + 4 * 3600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
        });
      }
      if (path === '/item/public_token/exchange') {
        const itemId = publicTokens.get(String(body.public_token ?? ''));
        if (!itemId) return fail(400, errorObject('INVALID_INPUT', 'INVALID_PUBLIC_TOKEN'));
        publicTokens.delete(String(body.public_token));
        const found = item(itemId);
        return done({ access_token: found.accessToken, item_id: found.itemId });
      }
      if (path === '/webhook_verification_key/get') {
        if (body.key_id !== keyId)
          return fail(400, errorObject('INVALID_INPUT', 'INVALID_WEBHOOK_VERIFICATION_KEY_ID'));
        return done({
          key: {
            ...publicJwk,
            alg: 'ES256',
            use: 'sig',
            kid: keyId,
            created_at: 1_700_000_000,
            expired_at: null,
          },
        });
      }

      const target = byToken.get(String(body.access_token ?? ''));
      if (!target || target.removed) return fail(400, errorObject('INVALID_INPUT', 'INVALID_ACCESS_TOKEN'));
      const itemView = {
        item_id: target.itemId,
        institution_id: target.institutionId,
        webhook: target.webhook,
        error: target.error,
        available_products: [],
        billed_products: target.products,
        products: target.products,
        consented_products: target.products,
        update_type: 'background',
      };
      if (path === '/item/remove') {
        target.removed = true;
        return done({});
      }
      if (path === '/item/get') return done({ item: itemView, status: null });
      if (target.error) return fail(400, { ...target.error, error_message: target.error.error_message });

      switch (path) {
        case '/accounts/get':
        case '/accounts/balance/get':
          return done({ accounts: target.accounts, item: itemView });
        case '/transactions/sync': {
          const count = Math.min(Number(body.count ?? 100) || 100, 500);
          const cursorText = typeof body.cursor === 'string' ? body.cursor : '';
          const cursor = cursorText
            ? decodeCursor(cursorText)
            : { i: target.itemId, p: 0, e: target.epoch, m: false };
          if (!cursor || cursor.i !== target.itemId)
            return fail(400, errorObject('INVALID_INPUT', 'INVALID_CURSOR'));
          if (cursor.m && cursor.e !== target.epoch)
            return fail(
              400,
              errorObject('TRANSACTIONS_ERROR', 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION'),
            );
          const result = page(target, cursor.p, count);
          return done({
            added: result.added,
            modified: result.modified,
            removed: result.removed,
            next_cursor: encodeCursor({
              i: target.itemId,
              p: result.end,
              e: target.epoch,
              m: result.hasMore,
            }),
            has_more: result.hasMore,
            accounts: target.accounts,
            transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
          });
        }
        case '/investments/holdings/get':
          if (!target.products.includes('investments'))
            return fail(400, errorObject('INVALID_INPUT', 'INVALID_PRODUCT'));
          return done({
            accounts: target.accounts,
            holdings: target.holdings,
            securities: target.securities,
            item: itemView,
          });
        case '/investments/transactions/get': {
          if (!target.products.includes('investments'))
            return fail(400, errorObject('INVALID_INPUT', 'INVALID_PRODUCT'));
          const start = String(body.start_date ?? '');
          const end = String(body.end_date ?? '');
          if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end))
            return fail(400, errorObject('INVALID_REQUEST', 'MISSING_FIELDS'));
          const options = (body.options ?? {}) as { count?: number; offset?: number };
          const within = target.investmentTransactions.filter((t) => t.date >= start && t.date <= end);
          const offset = Number(options.offset ?? 0);
          const count = Math.min(Number(options.count ?? 100), 500);
          return done({
            accounts: target.accounts,
            investment_transactions: within.slice(offset, offset + count),
            securities: target.securities,
            total_investment_transactions: within.length,
            item: itemView,
          });
        }
        case '/liabilities/get':
          if (!target.products.includes('liabilities'))
            return fail(400, errorObject('INVALID_INPUT', 'INVALID_PRODUCT'));
          return done({ accounts: target.accounts, liabilities: target.liabilities, item: itemView });
        default:
          return fail(404, errorObject('INVALID_REQUEST', 'UNKNOWN_FIELDS'));
      }
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ ...errorObject('API_ERROR', 'INTERNAL_SERVER_ERROR'), detail: String(error) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakePlaid = {
    url,
    clientId,
    secret,
    items,
    requests,
    keyId,
    createItem(options = {}) {
      const itemId = `item-${randomUUID()}`;
      const created: FakePlaidItem = {
        itemId,
        accessToken: `access-sandbox-${randomUUID()}`,
        institutionId: options.institutionId ?? 'ins_109508',
        products: options.products ?? ['transactions'],
        webhook: null,
        accounts: structuredClone(options.accounts ?? FAKE_PLAID_ACCOUNTS),
        transactions: new Map(),
        log: [],
        epoch: 0,
        error: null,
        securities: [],
        holdings: [],
        investmentTransactions: [],
        liabilities: {},
        removed: false,
      };
      items.set(itemId, created);
      byToken.set(created.accessToken, created);
      return { item: created, publicToken: fake.publicTokenFor(itemId) };
    },
    publicTokenFor(itemId) {
      const token = `public-sandbox-${randomUUID()}`;
      publicTokens.set(token, item(itemId).itemId);
      return token;
    },
    completeLink(linkToken, options) {
      const session = linkTokens.get(linkToken);
      if (!session) throw new Error('fake plaid: unknown link token');
      linkTokens.delete(linkToken);
      if (session.itemId) {
        const target = item(session.itemId);
        target.error = null;
        return { item: target, publicToken: fake.publicTokenFor(target.itemId), mode: 'update' };
      }
      return { ...fake.createItem(options), mode: 'new' };
    },
    add(itemId, transactions) {
      const target = item(itemId);
      for (const transaction of transactions) {
        target.transactions.set(transaction.transaction_id, transaction);
        log(target, 'added', transaction);
      }
    },
    modify(itemId, transactionId, changes) {
      const target = item(itemId);
      const before = target.transactions.get(transactionId);
      if (!before) throw new Error(`fake plaid: no transaction ${transactionId}`);
      const after = { ...before, ...changes, transaction_id: transactionId };
      target.transactions.set(transactionId, after);
      log(target, 'modified', after);
    },
    remove(itemId, transactionId) {
      const target = item(itemId);
      const before = target.transactions.get(transactionId);
      if (!before) throw new Error(`fake plaid: no transaction ${transactionId}`);
      target.transactions.delete(transactionId);
      log(target, 'removed', before);
    },
    post(itemId, pendingId, posted) {
      const target = item(itemId);
      const pending = target.transactions.get(pendingId);
      if (!pending) throw new Error(`fake plaid: no transaction ${pendingId}`);
      fake.remove(itemId, pendingId);
      fake.add(itemId, [{ ...pending, ...posted, pending: false, pending_transaction_id: pendingId }]);
    },
    mutate(itemId) {
      item(itemId).epoch += 1;
    },
    setItemError(itemId, errorCode) {
      item(itemId).error = errorCode ? errorObject('ITEM_ERROR', errorCode) : null;
    },
    failNext(path, times, status, error) {
      failures.set(path, { times, status, error: errorObject(error.error_type, error.error_code) });
    },
    current(itemId) {
      return [...item(itemId).transactions.values()];
    },
    async signWebhook(body, options = {}) {
      const key: CryptoKey = options.key === 'stranger' ? stranger.privateKey : own.privateKey;
      return new SignJWT({
        request_body_sha256: options.bodyHash ?? createHash('sha256').update(body, 'utf8').digest('hex'),
      })
        .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? keyId, typ: 'JWT' })
        .setIssuedAt(options.iatSeconds ?? Math.floor(Date.now() / 1000))
        .sign(key);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
