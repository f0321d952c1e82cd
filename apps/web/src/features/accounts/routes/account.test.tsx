import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import type { Account, AccountDetail, AccountTransaction, ImportBatch } from '../api';
import { fail, lastBody, makeAccount, ok, renderAccounts, serve, usd } from '../test-harness';

const cash = makeAccount({
  id: 'acc_cash',
  name: 'Wallet cash',
  connectionId: null,
  provider: 'manual',
  institutionName: null,
  mask: '4321',
  currentBalance: usd(12_345),
  transactionCount: 14,
});

const history: AccountDetail['history'] = [
  { date: '2025-05-30', balanceMinor: 10_000 },
  { date: '2025-05-31', balanceMinor: 11_000 },
  { date: '2025-06-01', balanceMinor: 12_345 },
];

const transactionOf = (id: string, name: string, amountMinor: number): AccountTransaction => ({
  id,
  accountId: 'acc_cash',
  accountName: 'Wallet cash',
  date: '2025-06-01',
  amount: usd(amountMinor),
  foreignAmount: null,
  name,
  originalName: name,
  merchantName: null,
  description: null,
  category: null,
  detailedCategory: null,
  categoryConfidence: 0,
  categorySource: 'provider',
  paymentChannel: null,
  paymentMethod: null,
  status: 'posted',
  notes: null,
  tags: [],
  excluded: false,
  isTransfer: false,
  importBatchId: 'batch_1',
});

const batch: ImportBatch = {
  id: 'batch_1',
  accountId: 'acc_cash',
  accountName: 'Wallet cash',
  fileName: 'june.csv',
  kind: 'csv',
  status: 'committed',
  importedCount: 2,
  duplicateCount: 1,
  createdAt: '2025-06-01T10:00:00.000Z',
  undoneAt: null,
};

function serveAccount(account: Account = cash) {
  let current = account;
  let batches = [batch];
  serve({ accounts: [account] });
  server
    .on('GET', `/api/v1/accounts/${account.id}`, () =>
      ok({
        account: current,
        balanceSource: 'manual',
        history,
        liability: null,
        visibleFrom: null,
      } satisfies AccountDetail),
    )
    .on('GET', '/api/v1/transactions/paginated', () =>
      ok([transactionOf('t1', 'Corner shop', -450), transactionOf('t2', 'Paycheck', 250_000)]),
    )
    .on('GET', '/api/v1/imports', () => ok({ batches }))
    .on('PATCH', `/api/v1/accounts/${account.id}`, (request) => {
      current = { ...current, ...(request.body as Partial<Account>) };
      return ok({ account: current });
    })
    .on('DELETE', '/api/v1/imports/batch_1', () => {
      batches = batches.map((item) => ({ ...item, status: 'undone' }));
      return ok({ id: 'batch_1', removed: 2 });
    });
}

describe('the account page', () => {
  it('opens from the Accounts list', async () => {
    serveAccount();
    const user = userEvent.setup();
    const { router } = renderAccounts('/accounts');
    await user.click(await screen.findByRole('link', { name: 'Wallet cash' }));
    expect(router.state.location.pathname).toBe('/accounts/acc_cash');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet cash' })).toBeInTheDocument();
  });

  it('shows the balance, its history, details, newest transactions and imports', async () => {
    serveAccount();
    renderAccounts('/accounts/acc_cash');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet cash' })).toBeInTheDocument();
    expect(screen.getByTestId('account-balance')).toHaveTextContent('$123.45');
    // The chart's table alternative holds every day, newest first.
    const historyCard = screen.getByRole('region', { name: 'Balance history' });
    const cells = within(historyCard).getAllByRole('row').slice(1);
    expect(cells[0]).toHaveTextContent('$123.45');
    expect(cells).toHaveLength(3);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('Bank Account');
    expect(details).toHaveTextContent('•••• 4321');
    expect(details).toHaveTextContent('USD');
    expect(details).toHaveTextContent('You keep this balance');
    const transactions = screen.getByRole('region', { name: 'Transactions' });
    expect(await within(transactions).findByText('Corner shop')).toBeInTheDocument();
    expect(transactions).toHaveTextContent('The newest 10 of 14');
    expect(
      within(transactions).getByRole('link', { name: 'All 14 transactions in Activity' }),
    ).toHaveAttribute('href', '/activity?accounts=acc_cash&date=');
    const query = server.calls('/api/v1/transactions/paginated', 'GET')[0]?.url.search ?? '';
    expect(query).toContain('accounts=acc_cash');
    const imports = screen.getByRole('region', { name: 'Imports' });
    expect(await within(imports).findByText('june.csv')).toBeInTheDocument();
    expect(
      server.calls('/api/v1/imports', 'GET').some((call) => call.url.search.includes('accountId=acc_cash')),
    ).toBe(true);
  });

  it('renames, hides and undoes an import from the page', async () => {
    serveAccount();
    const user = userEvent.setup();
    renderAccounts('/accounts/acc_cash');
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename account' });
    const input = within(rename).getByRole('textbox', { name: 'Account name' });
    await user.clear(input);
    await user.type(input, 'Pocket money');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pocket money' })).toBeInTheDocument();
    expect(lastBody('/api/v1/accounts/acc_cash', 'PATCH')).toEqual({ name: 'Pocket money' });

    await user.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(lastBody('/api/v1/accounts/acc_cash', 'PATCH')).toEqual({ hidden: true }));
    expect(await screen.findByRole('button', { name: 'Show' })).toBeInTheDocument();

    const imports = screen.getByRole('region', { name: 'Imports' });
    await user.click(await within(imports).findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Import undone')).toBeInTheDocument();
    expect(await within(imports).findByText('Undone')).toBeInTheDocument();
  });

  it('says what deleting does to history before it is confirmed', async () => {
    serveAccount();
    const user = userEvent.setup();
    renderAccounts('/accounts/acc_cash');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete account' });
    expect(confirm).toHaveTextContent('Delete Wallet cash and its 14 transactions? This cannot be undone.');
    expect(confirm).toHaveTextContent('Its balance history goes too');
  });

  it('says clearly when there is no such account', async () => {
    serve();
    server.on('GET', '/api/v1/accounts/gone', () => fail(404, 'No such account', 'NOT_FOUND'));
    renderAccounts('/accounts/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all accounts' })).toHaveAttribute('href', '/accounts');
  });

  it('shows what the lender reported about a credit card: APRs, minimum payment, statement and due date', async () => {
    const card = makeAccount({
      id: 'acc_card',
      name: 'Platypus Rewards Card',
      type: 'credit',
      subtype: 'credit card',
      provider: 'plaid',
      currentBalance: usd(-51_230),
    });
    serve({ accounts: [card] });
    server
      .on('GET', '/api/v1/accounts/acc_card', () =>
        ok({
          account: card,
          balanceSource: 'connection',
          history,
          liability: {
            kind: 'credit',
            currency: 'USD',
            aprs: [
              { type: 'purchase_apr', percentage: '12.5', balanceSubjectToApr: usd(15_701) },
              { type: 'cash_apr', percentage: '27.95', balanceSubjectToApr: null },
            ],
            interestRate: null,
            nextPayment: usd(2_000),
            nextPaymentDueDate: '2026-11-28',
            lastPayment: usd(16_825),
            lastPaymentDate: '2026-10-22',
            lastStatementBalance: usd(170_877),
            lastStatementIssueDate: '2026-10-28',
            payoffDate: null,
            isOverdue: true,
            updatedAt: '2026-11-20T08:00:00.000Z',
          },
          visibleFrom: null,
        } satisfies AccountDetail),
      )
      .on('GET', '/api/v1/transactions/paginated', () => ok([]))
      .on('GET', '/api/v1/imports', () => ok({ batches: [] }));
    renderAccounts('/accounts/acc_card');
    const terms = await screen.findByRole('region', { name: 'Card terms and payments' });
    expect(terms).toHaveTextContent('Purchase APR12.5% on $157.01');
    expect(terms).toHaveTextContent('Cash advance APR27.95%');
    expect(terms).toHaveTextContent('Minimum payment$20.00');
    expect(terms).toHaveTextContent('Next payment due');
    expect(within(terms).getByText('Overdue')).toBeInTheDocument();
    expect(terms).toHaveTextContent('Last statement balance$1,708.77 issued');
    expect(terms).toHaveTextContent('Last payment$168.25 on');
    expect(terms).toHaveTextContent('Amounts in USD.');
  });
});
