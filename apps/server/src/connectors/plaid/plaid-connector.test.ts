import { findConnection, insertConnection, type ConnectionRow } from '@lodestar/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { runSync, SYNC_MESSAGES } from '../../sync/engine';
import { createAuthWorld, type AuthWorld } from '../../testing/auth-fixtures';
import {
  startFakePlaid,
  type FakePlaid,
  type FakePlaidItem,
  type FakePlaidTransaction,
} from '../../testing/fake-plaid';
import { sealConnectionSecret } from '../../secrets/connection-secret';
import { createPlaidConnector, PLAID_PROVIDER } from './plaid-connector';

/**
 * Contract tests: the Plaid connector and the sync engine against a fake of Plaid's documented HTTP
 * API on 127.0.0.1, reached through the SDK's base path and the outbound-request guard.
 */

let fake: FakePlaid;
let w: AuthWorld;
beforeAll(async () => {
  fake = await startFakePlaid();
  w = await createAuthWorld({
    PLAID_CLIENT_ID: fake.clientId,
    PLAID_SECRET: fake.secret,
    PLAID_BASE_URL: fake.url,
    OUTBOUND_ALLOW_PRIVATE: 'true',
  });
});
afterAll(async () => {
  await w.close();
  await fake.close();
});

const TODAY = '2026-11-20';
const logger = createLogger(process.env.DEBUG_SYNC ? 'warn' : 'silent');

let sequence = 0;
function plaidTransaction(overrides: Partial<FakePlaidTransaction> = {}): FakePlaidTransaction {
  sequence += 1;
  return {
    transaction_id: `tx-${sequence}`,
    account_id: 'acc-checking',
    amount: 4.33 + (sequence % 50),
    iso_currency_code: 'USD',
    date: `2026-${String(1 + (sequence % 10)).padStart(2, '0')}-${String(1 + (sequence % 27)).padStart(2, '0')}`,
    name: `Purchase ${sequence}`,
    merchant_name: `Shop ${sequence % 7}`,
    pending: false,
    payment_channel: 'in store',
    personal_finance_category: {
      primary: 'FOOD_AND_DRINK',
      detailed: 'FOOD_AND_DRINK_GROCERIES',
      confidence_level: 'VERY_HIGH',
    },
    ...overrides,
  };
}

async function linked(products: string[] = ['transactions']) {
  const { browser } = await w.signUp();
  const me = await browser.json<{ data: { id: string } }>('/api/v1/user');
  const userId = me.body.data.id;
  const { item } = fake.createItem({ products });
  const sealed = sealConnectionSecret(w.t.config.secrets.encryptionKey, item.accessToken);
  const connection = await insertConnection(w.t.database.db, {
    userId,
    provider: PLAID_PROVIDER,
    institutionId: null,
    displayName: 'First Platypus Bank',
    settings: { itemId: item.itemId, products },
    secretCiphertext: sealed.ciphertext,
    secretKeyId: sealed.keyId,
  });
  return { userId, connection, item, browser };
}

const connector = () => createPlaidConnector(w.t.config);

async function sync(
  connection: ConnectionRow,
  item: FakePlaidItem,
  extra: Partial<Parameters<typeof runSync>[0]> = {},
) {
  const fresh = (await findConnection(w.t.database.db, connection.userId, connection.id))!;
  return runSync({
    db: w.t.database.db,
    connector: connector(),
    connection: fresh,
    instanceId: w.t.instanceId,
    logger,
    today: TODAY,
    retryDelayMs: 1,
    secret: item.accessToken,
    ...extra,
  });
}

async function rowsOf(userId: string) {
  const result = await w.t.database.pool.query<{
    external_id: string;
    amount_minor: number;
    status: string;
    category: string | null;
    name: string;
  }>(
    `select t.external_id, t.amount_minor::int as amount_minor, t.status, t.category, t.name
       from "transaction" t where t.user_id = $1 order by t.external_id`,
    [userId],
  );
  return result.rows;
}

/** What our database should hold for the item: Plaid's transactions, signs flipped, in cents. */
function expected(item: FakePlaidItem) {
  return fake
    .current(item.itemId)
    .map((t) => ({ external_id: t.transaction_id, amount_minor: -Math.round(t.amount * 100) }))
    .sort((a, b) => (a.external_id < b.external_id ? -1 : 1));
}

async function balances(userId: string) {
  const result = await w.t.database.pool.query<{
    external_id: string;
    current_balance_minor: number;
    available_balance_minor: number | null;
    credit_limit_minor: number | null;
    status: string;
  }>(
    `select external_id, current_balance_minor::int as current_balance_minor,
            available_balance_minor::int as available_balance_minor,
            credit_limit_minor::int as credit_limit_minor, status
       from financial_account where user_id = $1 order by external_id`,
    [userId],
  );
  return result.rows;
}

function requestsTo(path: string, since: number) {
  return fake.requests.slice(since).filter((request) => request.path === path);
}

describe('Plaid connector against the fake Plaid API', () => {
  it('first sync reads every page (has_more), flips Plaid’s sign, maps categories and balances', async () => {
    const { userId, connection, item } = await linked();
    fake.add(
      item.itemId,
      Array.from({ length: 1_234 }, () => plaidTransaction()),
    );
    const before = fake.requests.length;
    const outcome = await sync(connection, item);
    expect(outcome).toMatchObject({ ok: true, batches: 3, added: 1_234 });
    const pages = requestsTo('/transactions/sync', before);
    expect(pages.map((request) => request.body.count)).toEqual([500, 500, 500]);
    expect(pages[0]?.body.cursor).toBeUndefined();
    const rows = await rowsOf(userId);
    expect(rows.map(({ external_id, amount_minor }) => ({ external_id, amount_minor }))).toEqual(
      expected(item),
    );
    expect(rows.every((row) => row.amount_minor < 0 && row.category === 'FOOD_AND_DRINK')).toBe(true);
    expect(await balances(userId)).toEqual([
      {
        external_id: 'acc-checking',
        current_balance_minor: 11_000,
        available_balance_minor: 10_000,
        credit_limit_minor: null,
        status: 'active',
      },
      {
        external_id: 'acc-credit',
        current_balance_minor: -41_000,
        available_balance_minor: 699_000,
        credit_limit_minor: 200_000,
        status: 'active',
      },
    ]);
    // The access token went to Plaid and nowhere into the logs.
    expect(JSON.stringify(w.t.logLines)).not.toContain(item.accessToken);
  });

  it('applies added, modified and removed updates, and a refund comes in positive', async () => {
    const { userId, connection, item } = await linked();
    const [a, b, c] = [plaidTransaction(), plaidTransaction(), plaidTransaction()];
    fake.add(item.itemId, [a!, b!, c!]);
    await sync(connection, item);
    fake.modify(item.itemId, a!.transaction_id, { amount: 99.99, name: 'Corrected' });
    fake.remove(item.itemId, b!.transaction_id);
    const refund = plaidTransaction({ amount: -25.5, name: 'Refund' });
    fake.add(item.itemId, [refund]);
    const outcome = await sync(connection, item);
    expect(outcome).toMatchObject({ ok: true, batches: 1 });
    const rows = await rowsOf(userId);
    expect(rows.map(({ external_id, amount_minor }) => ({ external_id, amount_minor }))).toEqual(
      expected(item),
    );
    expect(rows.find((row) => row.external_id === refund.transaction_id)?.amount_minor).toBe(2_550);
    expect(rows.find((row) => row.external_id === a!.transaction_id)?.amount_minor).toBe(-9_999);
  });

  it('a pending transaction that posts (pending_transaction_id) is counted once', async () => {
    const { userId, connection, item } = await linked();
    const pending = plaidTransaction({ amount: 12, pending: true, name: 'Coffee pending' });
    fake.add(item.itemId, [pending]);
    await sync(connection, item);
    expect((await rowsOf(userId)).map((row) => [row.external_id, row.status])).toEqual([
      [pending.transaction_id, 'pending'],
    ]);
    fake.post(item.itemId, pending.transaction_id, { transaction_id: 'posted-coffee', amount: 12.4 });
    await sync(connection, item);
    const rows = await rowsOf(userId);
    expect(rows.map((row) => [row.external_id, row.status, row.amount_minor])).toEqual([
      ['posted-coffee', 'posted', -1_240],
    ]);
  });

  it('TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION restarts the loop from its first cursor and ends exact', async () => {
    const { userId, connection, item } = await linked();
    fake.add(
      item.itemId,
      Array.from({ length: 1_200 }, () => plaidTransaction()),
    );
    const stopped = await sync(connection, item, { crashAfterBatches: 1 });
    expect(stopped).toMatchObject({ ok: false });
    // Between our pages the item changes under us.
    const first = fake.current(item.itemId)[0]!;
    fake.modify(item.itemId, first.transaction_id, { amount: 1.01 });
    fake.remove(item.itemId, fake.current(item.itemId)[700]!.transaction_id);
    fake.mutate(item.itemId);
    const before = fake.requests.length;
    const outcome = await sync(connection, item);
    expect(outcome).toMatchObject({ ok: true });
    const asked = requestsTo('/transactions/sync', before);
    // The stale cursor was refused once; the loop then began again without a cursor (its start).
    expect(asked[1]?.body.cursor).toBeUndefined();
    const rows = await rowsOf(userId);
    expect(rows.map(({ external_id, amount_minor }) => ({ external_id, amount_minor }))).toEqual(
      expected(item),
    );
    expect(rows).toHaveLength(1_199);
  });

  it('a crash between pages resumes from the committed cursor and ends with exactly Plaid’s data', async () => {
    const { userId, connection, item } = await linked();
    fake.add(
      item.itemId,
      Array.from({ length: 1_100 }, () => plaidTransaction()),
    );
    await sync(connection, item, { crashAfterBatches: 2 });
    expect(await rowsOf(userId)).toHaveLength(1_000);
    const before = fake.requests.length;
    const outcome = await sync(connection, item);
    expect(outcome).toMatchObject({ ok: true, batches: 1 });
    expect(requestsTo('/transactions/sync', before)).toHaveLength(1);
    const rows = await rowsOf(userId);
    expect(rows.map(({ external_id, amount_minor }) => ({ external_id, amount_minor }))).toEqual(
      expected(item),
    );
  });

  it('ITEM_LOGIN_REQUIRED: balances stay, the connection needs re-authentication, reconnecting clears it', async () => {
    const { userId, connection, item, browser } = await linked();
    fake.add(item.itemId, [plaidTransaction()]);
    await sync(connection, item);
    const good = await balances(userId);
    fake.setItemError(item.itemId, 'ITEM_LOGIN_REQUIRED');
    item.accounts[0]!.balances.current = 1;
    const outcome = await sync(connection, item);
    expect(outcome).toEqual({ ok: false, status: 'needs_reauth', message: SYNC_MESSAGES.needsReauth });
    expect((await balances(userId)).map((row) => row.current_balance_minor)).toEqual(
      good.map((row) => row.current_balance_minor),
    );
    expect((await balances(userId)).every((row) => row.status === 'needs_reauth')).toBe(true);
    const saved = await findConnection(w.t.database.db, userId, connection.id);
    expect(saved).toMatchObject({ status: 'needs_reauth', lastError: SYNC_MESSAGES.needsReauth });
    expect(saved?.lastError).not.toMatch(/ITEM_LOGIN_REQUIRED|login details/);

    // Still failing at the bank: reconnecting says so and changes nothing.
    const refused = await browser.json(`/api/v1/connections/${connection.id}/reconnect`, { method: 'POST' });
    expect(refused.status).toBe(502);
    // The user signs in again in update-mode Link; the item is healthy again.
    fake.setItemError(item.itemId, null);
    const reconnected = await browser.json<{ data: { connection: { status: string } } }>(
      `/api/v1/connections/${connection.id}/reconnect`,
      { method: 'POST' },
    );
    expect(reconnected.status).toBe(202);
    await w.t.app.request('/api/v1/health');
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const now = await findConnection(w.t.database.db, userId, connection.id);
      if (now?.status === 'active' && now.syncStartedAt === null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = await findConnection(w.t.database.db, userId, connection.id);
    expect(after).toMatchObject({ status: 'active', lastError: null });
    expect((await balances(userId))[0]?.current_balance_minor).toBe(100);
  });

  it('429 and 500 answers are retried with backoff; a sync that keeps failing leaves balances and history alone', async () => {
    const { userId, connection, item } = await linked();
    fake.add(item.itemId, [plaidTransaction(), plaidTransaction()]);
    fake.failNext('/transactions/sync', 2, 429, {
      error_type: 'RATE_LIMIT_EXCEEDED',
      error_code: 'TRANSACTIONS_SYNC_LIMIT',
    });
    let before = fake.requests.length;
    expect(await sync(connection, item)).toMatchObject({ ok: true, added: 2 });
    expect(requestsTo('/transactions/sync', before)).toHaveLength(3);

    fake.failNext('/accounts/get', 1, 500, { error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR' });
    before = fake.requests.length;
    expect(await sync(connection, item)).toMatchObject({ ok: true });
    expect(requestsTo('/accounts/get', before)).toHaveLength(2);

    const good = await balances(userId);
    const history = await rowsOf(userId);
    // Plaid keeps answering 500 to /transactions/sync: three tries, then `error`; no row changes.
    fake.add(item.itemId, [plaidTransaction()]);
    fake.failNext('/transactions/sync', 3, 500, {
      error_type: 'API_ERROR',
      error_code: 'INTERNAL_SERVER_ERROR',
    });
    before = fake.requests.length;
    expect(await sync(connection, item)).toEqual({
      ok: false,
      status: 'error',
      message: SYNC_MESSAGES.failed,
    });
    expect(requestsTo('/transactions/sync', before)).toHaveLength(3);
    expect(await rowsOf(userId)).toEqual(history);

    // The institution is down for /accounts/get: balances stay as they were.
    item.accounts[0]!.balances.current = 5;
    fake.failNext('/accounts/get', 3, 400, {
      error_type: 'INSTITUTION_ERROR',
      error_code: 'INSTITUTION_DOWN',
    });
    before = fake.requests.length;
    const failed = await sync(connection, item);
    expect(failed).toEqual({ ok: false, status: 'error', message: SYNC_MESSAGES.failed });
    expect(requestsTo('/accounts/get', before)).toHaveLength(3);
    expect(requestsTo('/transactions/sync', before)).toHaveLength(0);
    expect(await balances(userId)).toEqual(good.map((row) => ({ ...row, status: 'error' })));
    expect(await rowsOf(userId)).toEqual(history);
  });

  it('investments: holdings with decimal quantities and prices, securities, and investment transactions', async () => {
    const { userId, connection, item } = await linked(['transactions', 'investments']);
    item.accounts.push({
      account_id: 'acc-brokerage',
      name: 'Plaid Brokerage',
      mask: '5555',
      type: 'investment',
      subtype: 'brokerage',
      balances: { available: null, current: 23_631.98, iso_currency_code: 'USD' },
    });
    item.securities.push({
      security_id: 'sec-vti',
      name: 'Vanguard Total Stock Market ETF',
      ticker_symbol: 'VTI',
      isin: 'US9229087690',
      cusip: '922908769',
      type: 'etf',
      close_price: 301.123456,
      close_price_as_of: '2026-11-19',
      iso_currency_code: 'USD',
    });
    item.holdings.push({
      account_id: 'acc-brokerage',
      security_id: 'sec-vti',
      quantity: 78.123456789,
      institution_price: 301.123456,
      institution_price_as_of: '2026-11-19',
      institution_value: 23_524.98,
      cost_basis: 18_000.5,
      iso_currency_code: 'USD',
    });
    item.investmentTransactions.push({
      investment_transaction_id: 'inv-1',
      account_id: 'acc-brokerage',
      security_id: 'sec-vti',
      date: '2026-10-02',
      name: 'BUY Vanguard Total Stock Market ETF',
      quantity: 2.5,
      amount: 752.81,
      price: 301.123456,
      fees: 0,
      type: 'buy',
      subtype: 'buy',
      iso_currency_code: 'USD',
    });
    const outcome = await sync(connection, item);
    expect(outcome).toMatchObject({ ok: true });
    const holdings = await w.t.database.pool.query(
      `select s.ticker, s.isin, s.cusip, s.type, h.quantity::text as quantity, h.price::text as price, h.cost_basis::text as cost_basis
         from holding h join security s on s.id = h.security_id where h.user_id = $1`,
      [userId],
    );
    expect(holdings.rows).toEqual([
      {
        ticker: 'VTI',
        isin: 'US9229087690',
        cusip: '922908769',
        type: 'etf',
        quantity: expect.stringMatching(/^78\.123456789(0*)$/),
        price: expect.stringMatching(/^301\.123456(0*)$/),
        cost_basis: expect.stringMatching(/^18000\.5(0*)$/),
      },
    ]);
    const rows = await rowsOf(userId);
    expect(rows.find((row) => row.external_id === 'inv:inv-1')).toMatchObject({ amount_minor: -75_281 });
    expect((await balances(userId)).find((row) => row.external_id === 'acc-brokerage')).toMatchObject({
      current_balance_minor: 2_363_198,
    });
  });

  it('liabilities: card APRs, minimum payment, statement and due date; student loan and mortgage terms; refreshed on sync', async () => {
    const { userId, connection, item, browser } = await linked(['transactions', 'liabilities']);
    item.accounts.push(
      {
        account_id: 'acc-student',
        name: 'Plaid Student Loan',
        mask: '4444',
        type: 'loan',
        subtype: 'student',
        balances: { available: null, current: 65_262, iso_currency_code: 'USD' },
      },
      {
        account_id: 'acc-mortgage',
        name: 'Plaid Mortgage',
        mask: '8888',
        type: 'loan',
        subtype: 'mortgage',
        balances: { available: null, current: 56_302.06, iso_currency_code: 'USD' },
      },
    );
    // The shape of Plaid's /liabilities/get answer (plaid.com/docs/api/products/liabilities).
    item.liabilities = {
      credit: [
        {
          account_id: 'acc-credit',
          aprs: [
            {
              apr_percentage: 15.24,
              apr_type: 'balance_transfer_apr',
              balance_subject_to_apr: 1562.32,
              interest_charge_amount: 130.22,
            },
            {
              apr_percentage: 27.95,
              apr_type: 'cash_apr',
              balance_subject_to_apr: 56.22,
              interest_charge_amount: 14.81,
            },
            {
              apr_percentage: 12.5,
              apr_type: 'purchase_apr',
              balance_subject_to_apr: 157.01,
              interest_charge_amount: 25.66,
            },
          ],
          is_overdue: false,
          last_payment_amount: 168.25,
          last_payment_date: '2026-10-22',
          last_statement_issue_date: '2026-10-28',
          last_statement_balance: 1708.77,
          minimum_payment_amount: 20,
          next_payment_due_date: '2026-11-28',
        },
      ],
      student: [
        {
          account_id: 'acc-student',
          account_number: '4277075694',
          disbursement_dates: ['2002-08-28'],
          expected_payoff_date: '2032-07-28',
          guarantor: 'DEPT OF ED',
          interest_rate_percentage: 5.25,
          is_overdue: false,
          last_payment_amount: 138.05,
          last_payment_date: '2026-10-22',
          last_statement_balance: 65_262,
          last_statement_issue_date: '2026-10-28',
          loan_name: 'Consolidation',
          loan_status: { end_date: '2032-07-28', type: 'repayment' },
          minimum_payment_amount: 25,
          next_payment_due_date: '2026-11-28',
          origination_date: '2002-08-28',
          origination_principal_amount: 25_000,
          outstanding_interest_amount: 6227.36,
          payment_reference_number: '4277075694',
          pslf_status: {
            estimated_eligibility_date: '2031-01-01',
            payments_made: 200,
            payments_remaining: 160,
          },
          repayment_plan: { description: 'Standard Repayment', type: 'standard' },
          sequence_number: '1',
          servicer_address: {
            city: 'San Matias',
            country: 'US',
            postal_code: '99415',
            region: 'CA',
            street: '123 Relaxation Road',
          },
          ytd_interest_paid: 280.55,
          ytd_principal_paid: 271.65,
        },
      ],
      mortgage: [
        {
          account_id: 'acc-mortgage',
          account_number: '3120194154',
          current_late_fee: 25,
          escrow_balance: 3141.54,
          has_pmi: true,
          has_prepayment_penalty: true,
          interest_rate: { percentage: 3.99, type: 'fixed' },
          last_payment_amount: 3141.54,
          last_payment_date: '2026-11-01',
          loan_term: '30 year',
          loan_type_description: 'conventional',
          maturity_date: '2045-07-31',
          next_monthly_payment: 3141.54,
          next_payment_due_date: '2026-12-01',
          origination_date: '2015-08-01',
          origination_principal_amount: 425_000,
          past_due_amount: 2304,
          property_address: {
            city: 'Malakoff',
            country: 'US',
            postal_code: '14236',
            region: 'NY',
            street: '2992 Cameron Road',
          },
          ytd_interest_paid: 12_300.4,
          ytd_principal_paid: 12_340.5,
        },
      ],
    };
    expect(await sync(connection, item)).toMatchObject({ ok: true });
    const stored = async () =>
      (
        await w.t.database.pool.query(
          `select a.external_id, l.kind, l.currency, l.aprs, l.interest_rate_percentage::text as rate,
                  l.interest_rate_type, l.next_payment_minor::int as next_payment, l.next_payment_due_date::text as due,
                  l.last_payment_minor::int as last_payment, l.last_payment_date::text as paid_on,
                  l.last_statement_balance_minor::int as statement, l.last_statement_issue_date::text as issued,
                  l.payoff_date::text as payoff, l.is_overdue
             from account_liability l join financial_account a on a.id = l.account_id
            where l.user_id = $1 order by a.external_id`,
          [userId],
        )
      ).rows;
    expect(await stored()).toEqual([
      {
        external_id: 'acc-credit',
        kind: 'credit',
        currency: 'USD',
        aprs: [
          { type: 'balance_transfer_apr', percentage: '15.24', balanceSubjectToAprMinor: 156_232 },
          { type: 'cash_apr', percentage: '27.95', balanceSubjectToAprMinor: 5_622 },
          { type: 'purchase_apr', percentage: '12.5', balanceSubjectToAprMinor: 15_701 },
        ],
        rate: null,
        interest_rate_type: null,
        next_payment: 2_000,
        due: '2026-11-28',
        last_payment: 16_825,
        paid_on: '2026-10-22',
        statement: 170_877,
        issued: '2026-10-28',
        payoff: null,
        is_overdue: false,
      },
      {
        external_id: 'acc-mortgage',
        kind: 'mortgage',
        currency: 'USD',
        aprs: [],
        rate: expect.stringMatching(/^3\.99(0*)$/),
        interest_rate_type: 'fixed',
        next_payment: 314_154,
        due: '2026-12-01',
        last_payment: 314_154,
        paid_on: '2026-11-01',
        statement: null,
        issued: null,
        payoff: '2045-07-31',
        is_overdue: true,
      },
      {
        external_id: 'acc-student',
        kind: 'student',
        currency: 'USD',
        aprs: [],
        rate: expect.stringMatching(/^5\.25(0*)$/),
        interest_rate_type: null,
        next_payment: 2_500,
        due: '2026-11-28',
        last_payment: 13_805,
        paid_on: '2026-10-22',
        statement: 6_526_200,
        issued: '2026-10-28',
        payoff: '2032-07-28',
        is_overdue: false,
      },
    ]);

    // The account page's API gives the card's details as money in its currency, to its owner only.
    const cardId = (
      await w.t.database.pool.query<{ id: string }>(
        "select id from financial_account where user_id = $1 and external_id = 'acc-credit'",
        [userId],
      )
    ).rows[0]!.id;
    const detail = await browser.json<{ data: { liability: Record<string, unknown> } }>(
      `/api/v1/accounts/${cardId}`,
    );
    expect(detail.body.data.liability).toMatchObject({
      kind: 'credit',
      currency: 'USD',
      aprs: expect.arrayContaining([
        {
          type: 'purchase_apr',
          percentage: '12.5',
          balanceSubjectToApr: { amountMinor: 15_701, currency: 'USD' },
        },
      ]),
      interestRate: null,
      nextPayment: { amountMinor: 2_000, currency: 'USD' },
      nextPaymentDueDate: '2026-11-28',
      lastStatementBalance: { amountMinor: 170_877, currency: 'USD' },
      lastStatementIssueDate: '2026-10-28',
      isOverdue: false,
    });
    const stranger = (await w.signUp()).browser;
    expect((await stranger.json(`/api/v1/accounts/${cardId}`)).status).toBe(404);

    // The next sync refreshes what changed and forgets what the lender no longer reports.
    const card = (item.liabilities as { credit: Record<string, unknown>[] }).credit[0]!;
    card.minimum_payment_amount = 35;
    card.next_payment_due_date = '2026-12-28';
    (item.liabilities as { mortgage: unknown }).mortgage = null;
    expect(await sync(connection, item)).toMatchObject({ ok: true });
    const after = await stored();
    expect(after.map((row) => row.external_id)).toEqual(['acc-credit', 'acc-student']);
    expect(after[0]).toMatchObject({ next_payment: 3_500, due: '2026-12-28' });

    // A failing liabilities call leaves the stored details alone.
    fake.failNext('/liabilities/get', 10, 500, {
      error_type: 'API_ERROR',
      error_code: 'INTERNAL_SERVER_ERROR',
    });
    expect(await sync(connection, item)).toMatchObject({ ok: false });
    expect(await stored()).toEqual(after);
  });
});
