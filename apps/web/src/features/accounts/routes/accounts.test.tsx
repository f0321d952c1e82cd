import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { renderApp, setViewport } from '@/test/render-app';
import type { Account } from '../api';
import { fail, lastBody, makeAccount, makeConnection, ok, renderAccounts, serve, usd } from '../test-harness';

const checking = makeAccount({
  id: 'acc_checking',
  name: 'Everyday Checking',
  mask: '1234',
  currentBalance: usd(250_000),
  transactionCount: 42,
});
const savings = makeAccount({
  id: 'acc_savings',
  name: 'Rainy Day Savings',
  mask: '9876',
  currentBalance: usd(1_000_050),
});
const euro = makeAccount({
  id: 'acc_euro',
  name: 'Berlin Girokonto',
  currentBalance: { amountMinor: 50_000, currency: 'EUR' },
  institutionName: 'Demo Bank Berlin',
});
const card = makeAccount({
  id: 'acc_card',
  name: 'Travel Rewards Card',
  type: 'credit',
  mask: '4321',
  currentBalance: usd(-45_099),
});
const brokerage = makeAccount({
  id: 'acc_brokerage',
  name: 'Index Fund Brokerage',
  type: 'brokerage',
  currentBalance: usd(5_000_000),
});
const house = makeAccount({
  id: 'acc_house',
  name: 'Family Home',
  type: 'real_estate',
  connectionId: null,
  provider: 'manual',
  institutionName: null,
  currentBalance: usd(40_000_000),
});
const loan = makeAccount({ id: 'acc_loan', name: 'Car Loan', type: 'loan', currentBalance: usd(-1_200_000) });

const ALL = [checking, savings, euro, card, brokerage, house, loan];

function rowOf(name: string | RegExp): HTMLElement {
  const row = screen.getByText(name).closest('li');
  if (!row) throw new Error(`No row for ${String(name)}`);
  return row;
}

async function openMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

describe('accounts page: tabs', () => {
  it('offers the spec tabs in order and lists every account under All', async () => {
    serve({ accounts: ALL });
    renderAccounts('/accounts');
    const tabs = await screen.findByRole('tablist', { name: 'Account types' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'Banking', 'Investments', 'Crypto Exchanges', 'Crypto Wallets']);
    expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    for (const account of ALL) expect(await within(panel).findByText(account.name)).toBeInTheDocument();
  });

  it('filters by tab and keeps the tab in the URL', async () => {
    serve({ accounts: ALL });
    const user = userEvent.setup();
    const { router } = renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    await user.click(screen.getByRole('tab', { name: 'Banking' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=banks'));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Everyday Checking')).toBeInTheDocument();
    expect(within(panel).getByText('Travel Rewards Card')).toBeInTheDocument();
    expect(within(panel).getByText('Car Loan')).toBeInTheDocument();
    expect(within(panel).queryByText('Index Fund Brokerage')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Family Home')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Investments' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=brokers'));
    expect(within(screen.getByRole('tabpanel')).getByText('Index Fund Brokerage')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).queryByText('Everyday Checking')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the tab named in the URL and moves between tabs with the arrow keys', async () => {
    serve({ accounts: ALL });
    const user = userEvent.setup();
    renderAccounts('/accounts?tab=brokers');
    const investments = await screen.findByRole('tab', { name: 'Investments' });
    expect(investments).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Index Fund Brokerage')).toBeInTheDocument();
    investments.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Banking' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Crypto Wallets' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says where exchanges are connected and wallets followed, with no made-up accounts', async () => {
    serve({ accounts: ALL });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    for (const [name, text] of [
      ['Crypto Exchanges', 'Connect an exchange with a read-only API key on the CEXes page'],
      ['Crypto Wallets', 'Follow a Bitcoin or Solana wallet by its public address on the Wallets page'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name }));
      const panel = screen.getByRole('tabpanel');
      expect(panel).toHaveTextContent(text);
      expect(within(panel).queryAllByRole('listitem')).toHaveLength(0);
      expect(panel.textContent).not.toMatch(/\d/);
    }
  });

  it('shows an unknown tab in the URL as All', async () => {
    serve({ accounts: ALL });
    renderAccounts('/accounts?tab=nonsense');
    expect(await screen.findByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('accounts page: groups and rows', () => {
  it('groups accounts by type in a fixed order, with totals per currency', async () => {
    serve({ accounts: ALL });
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Cash', 'Credit cards', 'Investments', 'Loans', 'Real estate']);
    const cash = screen.getByRole('region', { name: 'Cash' });
    expect(cash).toHaveTextContent('3 accounts');
    // USD 2,500.00 + 10,000.50 and EUR 500.00 are totalled separately.
    expect(cash).toHaveTextContent('Total:$12,500.50€500.00');
    expect(within(cash).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows liabilities as what is owed', async () => {
    serve({ accounts: ALL });
    renderAccounts('/accounts');
    expect(await screen.findByText('Travel Rewards Card')).toBeInTheDocument();
    expect(rowOf('Travel Rewards Card')).toHaveTextContent('$450.99 owed');
    expect(screen.getByRole('region', { name: 'Loans' })).toHaveTextContent('Total:$12,000.00 owed');
  });

  it('shows the institution with the masked number, the type label and the balance', async () => {
    serve({ accounts: ALL });
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const row = rowOf('Everyday Checking');
    expect(row).toHaveTextContent('Lodestar Demo Bank •••• 1234');
    expect(row).toHaveTextContent('Bank Account');
    expect(row).toHaveTextContent('$2,500.00');
    expect(rowOf('Family Home')).toHaveTextContent('Added by hand');
    expect(rowOf('Family Home')).toHaveTextContent('Real Estate');
  });

  it('cuts long names to 20 characters, with the full name on hover and for screen readers', async () => {
    const long = makeAccount({ id: 'acc_long', name: 'Joint Household Expenses Account' });
    serve({ accounts: [long] });
    renderAccounts('/accounts');
    const shown = await screen.findByText('Joint Household E...');
    expect(shown).toHaveAttribute('title', 'Joint Household Expenses Account');
    expect(rowOf('Joint Household E...')).toHaveTextContent('Joint Household Expenses Account');
    expect(
      screen.getByRole('button', { name: 'Actions for Joint Household Expenses Account' }),
    ).toBeInTheDocument();
  });

  it('shows each status with the spec text and the matching action', async () => {
    const reauth = makeAccount({
      id: 'acc_r',
      name: 'Needs Login',
      status: 'needs_reauth',
      connectionId: 'conn_r',
    });
    const broken = makeAccount({ id: 'acc_e', name: 'Broken Sync', status: 'error', connectionId: 'conn_e' });
    serve({
      accounts: [checking, reauth, broken],
      connections: [
        makeConnection({ id: 'conn_r', status: 'needs_reauth' }),
        makeConnection({ id: 'conn_e', status: 'error' }),
      ],
    });
    server
      .on('POST', '/api/v1/connections/conn_r/reconnect', () =>
        ok({
          connection: makeConnection({ id: 'conn_r', sync: { state: 'running', step: null, progress: 0 } }),
        }),
      )
      .on('POST', '/api/v1/connections/conn_e/sync', () =>
        ok(
          {
            connection: makeConnection({ id: 'conn_e', sync: { state: 'running', step: null, progress: 0 } }),
          },
          202,
        ),
      );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Needs Login');

    expect(rowOf('Everyday Checking')).toHaveTextContent('Active');
    expect(
      within(rowOf('Everyday Checking')).queryByRole('button', { name: /Reconnect|Try again/ }),
    ).toBeNull();

    const reauthRow = rowOf('Needs Login');
    expect(reauthRow).toHaveTextContent('Reconnect needed: Reconnect to continue syncing');
    await user.click(await within(reauthRow).findByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(server.calls('/api/v1/connections/conn_r/reconnect', 'POST')).toHaveLength(1));

    const brokenRow = rowOf('Broken Sync');
    expect(brokenRow).toHaveTextContent('Error: Try reconnecting');
    await user.click(within(brokenRow).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.calls('/api/v1/connections/conn_e/sync', 'POST')).toHaveLength(1));
  });

  it('a SimpleFIN account asks for a new setup token, never the in-place reconnect SimpleFIN lacks', async () => {
    const simplefin = makeAccount({
      id: 'acc_sf',
      name: 'Credit Union Checking',
      provider: 'simplefin',
      institutionName: 'Hometown Credit Union',
      status: 'needs_reauth',
      connectionId: 'conn_sf',
    });
    const wallet = makeAccount({
      id: 'acc_w',
      name: 'Cold Wallet',
      provider: 'blockchain',
      status: 'needs_reauth',
      connectionId: 'conn_w',
    });
    serve({
      accounts: [simplefin, wallet],
      connections: [
        makeConnection({
          id: 'conn_sf',
          provider: 'simplefin',
          displayName: 'Hometown Credit Union',
          status: 'needs_reauth',
          reconnect: 'setup_token',
        }),
        makeConnection({
          id: 'conn_w',
          provider: 'blockchain',
          status: 'needs_reauth',
          reconnect: 'link_again',
        }),
      ],
    });
    server.on('GET', '/api/v1/connections/providers', () => ok({ providers: [] }));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Credit Union Checking');
    await user.click(
      await within(rowOf('Credit Union Checking')).findByRole('button', { name: 'Reconnect' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reconnect Hometown Credit Union' });
    expect(within(dialog).getByLabelText(/setup token/i)).toBeInTheDocument();
    expect(server.calls('/api/v1/connections/conn_sf/reconnect', 'POST')).toHaveLength(0);
    // A source that can only be linked again offers no Reconnect that would do nothing.
    expect(within(rowOf('Cold Wallet')).queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });
});

describe('accounts page: favorites', () => {
  it('stars an account at once and keeps it when the server agrees', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve({ accounts: [checking] });
    server.on(
      'PUT',
      '/api/v1/accounts/acc_checking/favorite',
      () => new Promise((resolve) => (answer = resolve)),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const star = await screen.findByRole('button', { name: 'Favorite Everyday Checking' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(lastBody('/api/v1/accounts/acc_checking/favorite', 'PUT')).toEqual({ favorite: true }),
    );
    answer(ok({ account: { ...checking, favorite: true } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Favorite Everyday Checking' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('puts the star back and says so when saving fails', async () => {
    serve({ accounts: [checking] });
    server.on('PUT', '/api/v1/accounts/acc_checking/favorite', () => fail(500, 'Database unavailable'));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const star = await screen.findByRole('button', { name: 'Favorite Everyday Checking' });
    await user.click(star);
    expect(await screen.findByText('Could not add to favorites')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorite Everyday Checking' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});

describe('accounts page: row menu', () => {
  it('renames an account, refusing an empty or too long name', async () => {
    let current = checking;
    server
      .on('GET', '/api/v1/accounts', () => ok({ accounts: [current] }))
      .on('GET', '/api/v1/connections', () => ok({ connections: [] }))
      .on('GET', '/api/v1/imports', () => ok({ batches: [] }))
      .on('PATCH', '/api/v1/accounts/acc_checking', (request) => {
        current = { ...current, ...(request.body as Partial<Account>) };
        return ok({ account: current });
      });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    await user.click(
      within(await openMenu(user, 'Everyday Checking')).getByRole('menuitem', { name: 'Rename' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename account' });
    const input = within(dialog).getByLabelText('Account name');
    expect(input).toHaveValue('Everyday Checking');
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(input);
    await user.paste('x'.repeat(61));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Use at most 60 characters')).toBeInTheDocument();
    expect(server.calls('/api/v1/accounts/acc_checking', 'PATCH')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '  Bills Account  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastBody('/api/v1/accounts/acc_checking', 'PATCH')).toEqual({ name: 'Bills Account' });
    expect(await screen.findByText('Bills Account')).toBeInTheDocument();
  });

  it('hides an account into the collapsible Hidden accounts group and shows it again', async () => {
    let current = [checking, savings];
    server
      .on('GET', '/api/v1/accounts', () => ok({ accounts: current }))
      .on('GET', '/api/v1/connections', () => ok({ connections: [] }))
      .on('GET', '/api/v1/imports', () => ok({ batches: [] }))
      .on('PATCH', '/api/v1/accounts/acc_savings', (request) => {
        const { hidden } = request.body as { hidden: boolean };
        current = current.map((account) => (account.id === 'acc_savings' ? { ...account, hidden } : account));
        return ok({ account: current.find((account) => account.id === 'acc_savings') });
      });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Rainy Day Savings');
    await user.click(
      within(await openMenu(user, 'Rainy Day Savings')).getByRole('menuitem', { name: 'Hide' }),
    );
    const toggle = await screen.findByRole('button', { name: /Hidden accounts/ });
    expect(lastBody('/api/v1/accounts/acc_savings', 'PATCH')).toEqual({ hidden: true });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'Cash' })).toHaveTextContent('$2,500.00');
    expect(screen.queryByText('Rainy Day Savings')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Rainy Day Savings')).toBeVisible();
    await user.click(
      within(await openMenu(user, 'Rainy Day Savings')).getByRole('menuitem', { name: 'Show' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Hidden accounts/ })).not.toBeInTheDocument(),
    );
    expect(lastBody('/api/v1/accounts/acc_savings', 'PATCH')).toEqual({ hidden: false });
  });

  it('deletes an account after confirming with its transaction count', async () => {
    serve({ accounts: [checking, savings] });
    server.on('DELETE', '/api/v1/accounts/acc_checking', () =>
      ok({ id: 'acc_checking', deletedTransactions: 42 }),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    await user.click(
      within(await openMenu(user, 'Everyday Checking')).getByRole('menuitem', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Delete Everyday Checking and its 42 transactions? This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.calls('/api/v1/accounts/acc_checking', 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('Everyday Checking deleted')).toBeInTheDocument();
  });

  it('keeps the account when deleting is cancelled', async () => {
    serve({ accounts: [checking] });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    await user.click(
      within(await openMenu(user, 'Everyday Checking')).getByRole('menuitem', { name: 'Delete' }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('/api/v1/accounts/acc_checking', 'DELETE')).toHaveLength(0);
    expect(screen.getByText('Everyday Checking')).toBeInTheDocument();
  });

  it('offers Update balance only for manual accounts and posts the amount and date', async () => {
    let home = house;
    server
      .on('GET', '/api/v1/accounts', () => ok({ accounts: [checking, home] }))
      .on('GET', '/api/v1/connections', () => ok({ connections: [] }))
      .on('GET', '/api/v1/imports', () => ok({ batches: [] }))
      .on('POST', '/api/v1/accounts/acc_house/balance', () => {
        home = { ...house, currentBalance: usd(42_500_050) };
        return ok({ account: home });
      });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Family Home');
    const linkedMenu = await openMenu(user, 'Everyday Checking');
    expect(within(linkedMenu).queryByRole('menuitem', { name: 'Update balance' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(
      within(await openMenu(user, 'Family Home')).getByRole('menuitem', { name: 'Update balance' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update balance' });
    const amount = within(dialog).getByLabelText('Balance (USD)');
    await user.type(amount, 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save balance' }));
    expect(within(dialog).getByText('Enter a number, such as 1234.56')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '425,000.50');
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '05/31/2025');
    await user.click(within(dialog).getByRole('button', { name: 'Save balance' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastBody('/api/v1/accounts/acc_house/balance', 'POST')).toEqual({
      balance: 425000.5,
      date: '2025-05-31',
    });
    await waitFor(() => expect(rowOf('Family Home')).toHaveTextContent('$425,000.50'));
  });
});

describe('accounts page: states', () => {
  it('shows a skeleton while loading, announced as loading', async () => {
    server
      .on('GET', '/api/v1/accounts', () => new Promise<Response>(() => undefined))
      .on('GET', '/api/v1/connections', () => ok({ connections: [] }))
      .on('GET', '/api/v1/imports', () => ok({ batches: [] }));
    renderAccounts('/accounts');
    expect(await screen.findByText('Loading accounts…')).toBeInTheDocument();
    expect(screen.getByText('Loading accounts…').closest('[role="status"]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('offers the three ways in when there are no accounts', async () => {
    serve();
    renderAccounts('/accounts');
    const section = await screen.findByRole('region', { name: 'Add your first account' });
    expect(within(section).getByRole('button', { name: 'Connect a demo bank' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Demo bank (re-auth needed)' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Import a file' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add a manual account' })).toBeInTheDocument();
    expect(section).toHaveTextContent(
      'Connect a crypto exchange with a read-only API key on the CEXes page, and follow a Bitcoin or Solana wallet by its public address on the Wallets page.',
    );
  });

  it('says when accounts cannot be loaded and retries', async () => {
    let failing = true;
    server
      .on('GET', '/api/v1/accounts', () =>
        failing ? fail(500, 'Database unavailable') : ok({ accounts: [checking] }),
      )
      .on('GET', '/api/v1/connections', () => ok({ connections: [] }))
      .on('GET', '/api/v1/imports', () => ok({ batches: [] }));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Accounts could not be loaded');
    expect(alert).toHaveTextContent('Database unavailable');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Everyday Checking')).toBeInTheDocument();
  });

  it('sends a visitor whose session ended to sign in', async () => {
    setViewport(1440);
    server
      .on('GET', '/api/v1/accounts', () => {
        server.signOut();
        return fail(401, 'Authentication required', 'UNAUTHORIZED');
      })
      .on('GET', '/api/v1/connections', () => ok({ connections: [] }))
      .on('GET', '/api/v1/imports', () => ok({ batches: [] }));
    const { router } = renderApp('/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});

describe('banks, exchanges and wallets pages', () => {
  it('/banks shows the Banking accounts without the tab strip', async () => {
    serve({ accounts: ALL });
    renderAccounts('/banks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Banks' })).toBeInTheDocument();
    expect(await screen.findByText('Everyday Checking')).toBeInTheDocument();
    expect(screen.getByText('Travel Rewards Card')).toBeInTheDocument();
    expect(screen.queryByText('Index Fund Brokerage')).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('/cexes with nothing connected offers the connect form and shows no made-up data', async () => {
    serve({ accounts: ALL });
    renderAccounts('/cexes');
    expect(await screen.findByRole('heading', { level: 1, name: 'CEXes' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No exchanges yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connect an exchange' })).toBeInTheDocument();
  });

  it('/wallets with nothing followed offers the add form and shows no made-up data', async () => {
    serve({ accounts: ALL });
    renderAccounts('/wallets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallets' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No wallets yet' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add a wallet' })).toBeInTheDocument();
  });

  it('/wallets lists a wallet added by hand', async () => {
    const wallet = makeAccount({
      id: 'acc_wallet',
      name: 'Cold Storage',
      type: 'wallet',
      connectionId: null,
      provider: 'manual',
      institutionName: null,
      currentBalance: usd(100_000),
    });
    serve({ accounts: [wallet] });
    renderAccounts('/wallets');
    expect(await screen.findByText('Cold Storage')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kept by hand' })).toBeInTheDocument();
  });
});
