import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import type { Account, Connection } from '../api';
import { fail, lastBody, makeAccount, makeConnection, ok, renderAccounts, serve, usd } from '../test-harness';

const checking = makeAccount({ id: 'acc_checking', name: 'Everyday Checking', currentBalance: usd(250_000) });

const running = (id: string, progress: number | null, step: string | null): Connection =>
  makeConnection({ id, status: 'syncing', sync: { state: 'running', step, progress } });

/**
 * A demo server: connecting starts a sync that the next polls move on (20% → 60% → done); when it is
 * done the accounts exist.
 */
function demoBankServer() {
  let connections: Connection[] = [];
  let accounts: Account[] = [];
  let polls = 0;
  server
    .on('GET', '/api/v1/accounts', () => ok({ accounts }))
    .on('GET', '/api/v1/imports', () => ok({ batches: [] }))
    .on('GET', '/api/v1/connections', () => {
      if (connections[0]?.sync.state === 'running') {
        polls += 1;
        if (polls === 1) {
          connections = [running('conn_demo', 0.6, 'Fetching transactions')];
        } else {
          connections = [makeConnection({ id: 'conn_demo', lastSyncedAt: new Date().toISOString() })];
          accounts = [checking];
        }
      }
      return ok({ connections });
    })
    .on('POST', '/api/v1/connections/demo', () => {
      connections = [running('conn_demo', 0.2, 'Fetching accounts')];
      return ok({ connection: connections[0] }, 201);
    });
}

describe('connecting the demo bank', () => {
  it('connects from the Add account dialog, shows live sync progress, then the accounts', async () => {
    demoBankServer();
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByRole('region', { name: 'Add your first account' });
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    expect(dialog).toHaveTextContent(
      'Connect a crypto exchange with a read-only API key on the CEXes page, and follow a Bitcoin or Solana wallet by its public address on the Wallets page.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Connect a demo bank' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastBody('/api/v1/connections/demo', 'POST')).toEqual({ variant: 'standard' });
    expect(await screen.findByText('Lodestar Demo Bank connected')).toBeInTheDocument();

    const progress = await screen.findByRole('progressbar', { name: 'Syncing Lodestar Demo Bank' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '60'));
    expect(progress).toHaveAttribute('aria-valuetext', '60%: Fetching transactions');
    const live = screen.getByText('Fetching transactions');
    expect(live).toHaveAttribute('aria-live', 'polite');

    // The next poll, a second later, finds the sync done: progress goes, accounts are read again.
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(await screen.findByText('Everyday Checking')).toBeInTheDocument();
    expect(screen.getByText('Synced just now')).toBeInTheDocument();
    expect(server.calls('/api/v1/connections', 'GET').length).toBeGreaterThanOrEqual(3);
    expect(server.calls('/api/v1/accounts', 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('offers the re-auth demo, explaining what it shows', async () => {
    serve();
    server.on('POST', '/api/v1/connections/demo', () =>
      ok({ connection: makeConnection({ id: 'conn_r', status: 'needs_reauth' }) }, 201),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    const reauth = within(dialog).getByRole('button', { name: 'Demo bank (re-auth needed)' });
    expect(reauth).toHaveAccessibleDescription(/when a bank asks you to sign in again/);
    await user.click(reauth);
    await waitFor(() =>
      expect(lastBody('/api/v1/connections/demo', 'POST')).toEqual({ variant: 'needs_reauth' }),
    );
  });

  it('says why connecting failed', async () => {
    serve();
    server.on('POST', '/api/v1/connections/demo', () => fail(503, 'The demo bank is resting'));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const section = await screen.findByRole('region', { name: 'Add your first account' });
    await user.click(within(section).getByRole('button', { name: 'Connect a demo bank' }));
    expect(await screen.findByText('Could not connect the demo bank')).toBeInTheDocument();
    expect(screen.getByText('The demo bank is resting')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See plans' })).not.toBeInTheDocument();
  });

  it('a refusal by the plan offers the way to the plans', async () => {
    serve();
    const refusal = 'Your plan allows 3 accounts. Remove an account or upgrade to add more.';
    server.on('POST', '/api/v1/connections/demo', () => fail(403, refusal, 'UPGRADE_REQUIRED'));
    const user = userEvent.setup();
    const { router } = renderAccounts('/accounts');
    const section = await screen.findByRole('region', { name: 'Add your first account' });
    await user.click(within(section).getByRole('button', { name: 'Connect a demo bank' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
  });
});

describe('connections panel', () => {
  const demo = makeConnection({ id: 'conn_demo' });
  const other = makeConnection({
    id: 'conn_other',
    displayName: 'Second Bank',
    institution: { name: 'Second Bank', url: null, logo: null, primaryColor: null },
    status: 'needs_reauth',
    lastSyncedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  });

  it('lists each connection with its last sync and status', async () => {
    serve({ accounts: [checking], connections: [demo, other] });
    renderAccounts('/accounts');
    const list = await screen.findByRole('list', { name: 'Connections' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Lodestar Demo Bank');
    expect(first).toHaveTextContent('Synced 5m ago');
    expect(first).toHaveTextContent('Active');
    expect(second).toHaveTextContent('Synced 3h ago');
    expect(second).toHaveTextContent('Reconnect needed');
    expect(within(second!).getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
  });

  it('syncs one connection now and shows its progress', async () => {
    let connections = [demo];
    server
      .on('GET', '/api/v1/accounts', () => ok({ accounts: [checking] }))
      .on('GET', '/api/v1/imports', () => ok({ batches: [] }))
      .on('GET', '/api/v1/connections', () => ok({ connections }))
      .on('POST', '/api/v1/connections/conn_demo/sync', () => {
        connections = [running('conn_demo', null, 'Fetching balances')];
        return ok({ connection: connections[0] }, 202);
      });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    const progress = await screen.findByRole('progressbar', { name: 'Syncing Lodestar Demo Bank' });
    expect(progress).not.toHaveAttribute('aria-valuenow');
    expect(progress).toHaveAttribute('aria-valuetext', 'Fetching balances');
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sync all' })).toBeDisabled();
  });

  it('says when a sync cannot start (one is already running)', async () => {
    serve({ accounts: [checking], connections: [demo] });
    server.on('POST', '/api/v1/connections/conn_demo/sync', () =>
      fail(409, 'A sync of this connection is already running', 'CONFLICT'),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Could not start the sync')).toBeInTheDocument();
    expect(screen.getByText('A sync of this connection is already running')).toBeInTheDocument();
  });

  it('syncs all connections with a full sync', async () => {
    serve({ accounts: [checking], connections: [demo, other] });
    server.on('POST', '/api/v1/plaid/sync', () => ok({ started: 2 }, 202));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Sync all' }));
    expect(await screen.findByText('Syncing 2 connections')).toBeInTheDocument();
    expect(lastBody('/api/v1/plaid/sync', 'POST')).toEqual({ syncType: 'full', forceFullSync: false });
  });

  it("shows the spec's 'Failed to sync transactions' when syncing all fails", async () => {
    serve({ accounts: [checking], connections: [demo] });
    server.on('POST', '/api/v1/plaid/sync', () => fail(502, 'The bank did not answer', 'EXTERNAL_SERVICE'));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Sync all' }));
    expect(await screen.findByText('Failed to sync transactions')).toBeInTheDocument();
    expect(screen.getByText('The bank did not answer')).toBeInTheDocument();
  });

  it('reconnects a connection that needs it', async () => {
    serve({ accounts: [checking], connections: [other] });
    server.on('POST', '/api/v1/connections/conn_other/reconnect', () =>
      ok({ connection: { ...other, status: 'active', sync: { state: 'running', step: null, progress: 0 } } }),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const list = await screen.findByRole('list', { name: 'Connections' });
    await user.click(within(list).getByRole('button', { name: 'Reconnect' }));
    expect(await screen.findByText('Second Bank reconnected')).toBeInTheDocument();
    expect(server.calls('/api/v1/connections/conn_other/reconnect', 'POST')).toHaveLength(1);
  });

  it('removes a connection and its accounts after confirmation', async () => {
    const linked = makeAccount({ id: 'acc_linked', name: 'Linked Savings', connectionId: 'conn_demo' });
    const manual = makeAccount({
      id: 'acc_manual',
      name: 'Cash Jar',
      connectionId: null,
      provider: 'manual',
    });
    let connections = [demo];
    let accounts = [linked, manual];
    server
      .on('GET', '/api/v1/accounts', () => ok({ accounts }))
      .on('GET', '/api/v1/imports', () => ok({ batches: [] }))
      .on('GET', '/api/v1/connections', () => ok({ connections }))
      .on('DELETE', '/api/v1/connections/conn_demo', () => {
        connections = [];
        accounts = [manual];
        return ok({ id: 'conn_demo' });
      });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Linked Savings');
    await user.click(screen.getByRole('button', { name: 'Remove Lodestar Demo Bank' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Lodestar Demo Bank?' });
    expect(dialog).toHaveTextContent('The connection, its account and their transactions are deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove connection' }));
    await waitFor(() => expect(screen.queryByText('Linked Savings')).not.toBeInTheDocument());
    expect(server.calls('/api/v1/connections/conn_demo', 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Connections' })).not.toBeInTheDocument();
    expect(screen.getByText('Cash Jar')).toBeInTheDocument();
  });

  it('shows the last sync error of a failed connection and offers Try again', async () => {
    const broken = makeConnection({
      id: 'conn_broken',
      status: 'error',
      lastError: 'The bank is down for maintenance',
    });
    serve({ accounts: [checking], connections: [broken] });
    server.on('POST', '/api/v1/connections/conn_broken/sync', () =>
      ok({ connection: running('conn_broken', 0, 'Starting') }, 202),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const list = await screen.findByRole('list', { name: 'Connections' });
    expect(list).toHaveTextContent('The bank is down for maintenance');
    expect(list).toHaveTextContent('Error');
    await user.click(within(list).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.calls('/api/v1/connections/conn_broken/sync', 'POST')).toHaveLength(1));
  });
});
