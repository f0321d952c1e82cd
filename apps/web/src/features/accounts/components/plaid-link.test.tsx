import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import type { Connection, Provider } from '../api';
import { lastBody, makeConnection, ok, renderAccounts, serve } from '../test-harness';

/**
 * Plaid Link as its browser SDK presents itself (plaid.com/docs/link/web): the page loads
 * link-initialize.js, then Plaid.create({ token, onSuccess, onExit }) returns { open, exit, destroy }.
 * Here the script is already on the page and `finish` plays what the user does inside Link.
 */
type LinkConfig = {
  token: string;
  onSuccess: (publicToken: string, metadata: Record<string, unknown>) => void;
  onExit: (error: Record<string, unknown> | null, metadata: Record<string, unknown>) => void;
};
let opened: LinkConfig[] = [];
const SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

beforeEach(() => {
  opened = [];
  const script = document.createElement('script');
  // Already loaded as far as react-plaid-link can tell; a type that is not JavaScript keeps the test DOM
  // from fetching it.
  script.type = 'text/plain';
  script.src = SCRIPT;
  document.head.append(script);
  (window as unknown as { Plaid: unknown }).Plaid = {
    create: (config: LinkConfig) => ({
      open: () => opened.push(config),
      exit: () => undefined,
      submit: () => undefined,
      destroy: () => undefined,
    }),
  };
});
afterEach(() => {
  document.querySelector(`script[src="${SCRIPT}"]`)?.remove();
  delete (window as unknown as { Plaid?: unknown }).Plaid;
});

const PROVIDERS: Provider[] = [
  { id: 'plaid', name: 'Bank (Plaid)', configured: true, missing: [], setupUrl: null },
  { id: 'simplefin', name: 'SimpleFIN Bridge', configured: true, missing: [], setupUrl: null },
];
const institution = { name: 'First Platypus Bank', institution_id: 'ins_109508' };

async function openLinkFromAddAccount() {
  const user = userEvent.setup();
  await user.click((await screen.findAllByRole('button', { name: 'Add account' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Add account' });
  await user.click(await within(dialog).findByRole('button', { name: 'Link with Plaid' }));
  await waitFor(() => expect(opened).toHaveLength(1));
  return { user, link: opened[0]! };
}

describe('Plaid Link', () => {
  it('asks for a link token, opens Link, exchanges the public token and goes to Banks', async () => {
    let connections: Connection[] = [];
    serve();
    server
      .on('GET', '/api/v1/connections', () => ok({ connections }))
      .on('GET', '/api/v1/connections/providers', () => ok({ providers: PROVIDERS }))
      .on('POST', '/api/v1/plaid/link-token', () =>
        ok({ linkToken: 'link-sandbox-1', expiration: '2026-12-01T00:00:00Z' }),
      )
      .on('POST', '/api/v1/plaid/exchange', () => {
        connections = [
          makeConnection({
            id: 'conn_plaid',
            provider: 'plaid',
            displayName: 'First Platypus Bank',
            institution: { name: 'First Platypus Bank', url: null, logo: null, primaryColor: null },
            status: 'syncing',
            reconnect: 'plaid_link',
            sync: { state: 'running', step: 'Fetching transactions', progress: 0.4 },
          }),
        ];
        return ok(
          {
            connection: { id: 'conn_plaid', displayName: 'First Platypus Bank', status: 'syncing' },
            duplicateOf: null,
          },
          201,
        );
      });
    const { router } = renderAccounts('/accounts');
    const { link } = await openLinkFromAddAccount();
    expect(link.token).toBe('link-sandbox-1');
    expect(lastBody('/api/v1/plaid/link-token', 'POST')).toEqual({});
    // Link opens over the page, with the Add account dialog closed.
    expect(screen.queryByRole('dialog', { name: 'Add account' })).not.toBeInTheDocument();

    link.onSuccess('public-sandbox-1', { institution, accounts: [] });
    expect(await screen.findByText('Bank linked through Plaid')).toBeInTheDocument();
    expect(lastBody('/api/v1/plaid/exchange', 'POST')).toEqual({
      publicToken: 'public-sandbox-1',
      institution: { institutionId: 'ins_109508', name: 'First Platypus Bank' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/banks'));
    const progress = await screen.findByRole('progressbar', { name: 'Syncing First Platypus Bank' });
    expect(progress).toHaveAttribute('aria-valuetext', '40%: Fetching transactions');
  });

  it('says plainly why Link closed with an error, and links nothing', async () => {
    serve();
    server
      .on('GET', '/api/v1/connections/providers', () => ok({ providers: PROVIDERS }))
      .on('POST', '/api/v1/plaid/link-token', () =>
        ok({ linkToken: 'link-sandbox-2', expiration: '2026-12-01T00:00:00Z' }),
      );
    renderAccounts('/banks');
    const { link } = await openLinkFromAddAccount();
    link.onExit(
      {
        error_type: 'INSTITUTION_ERROR',
        error_code: 'INSTITUTION_DOWN',
        error_message: 'this institution is not currently responding to this request',
        display_message: 'This financial institution is not currently responding.',
      },
      { institution, status: 'institution_not_responding' },
    );
    expect(await screen.findByText('Bank not linked')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Plaid could not link the bank, and nothing was saved. Try again, or add the account another way. Plaid says: This financial institution is not currently responding.',
      ),
    ).toBeInTheDocument();
    expect(server.calls('/api/v1/plaid/exchange', 'POST')).toHaveLength(0);
  });

  it('a login already linked is offered as a reconnect, which opens Link in update mode', async () => {
    const existing = makeConnection({
      id: 'conn_plaid',
      provider: 'plaid',
      displayName: 'First Platypus Bank',
      reconnect: 'plaid_link',
    });
    serve({ connections: [existing] });
    let tokens = 0;
    server
      .on('GET', '/api/v1/connections/providers', () => ok({ providers: PROVIDERS }))
      .on('POST', '/api/v1/plaid/link-token', () => {
        tokens += 1;
        return ok({ linkToken: `link-sandbox-${tokens}`, expiration: '2026-12-01T00:00:00Z' });
      })
      .on('POST', '/api/v1/plaid/exchange', () =>
        ok({
          connection: null,
          duplicateOf: { id: 'conn_plaid', displayName: 'First Platypus Bank', status: 'active' },
          message:
            'First Platypus Bank is already linked with this login. Reconnect it instead of linking it again.',
        }),
      );
    renderAccounts('/banks');
    const { user, link } = await openLinkFromAddAccount();
    link.onSuccess('public-sandbox-2', { institution, accounts: [] });
    const already = await screen.findByRole('dialog', { name: 'Already linked' });
    expect(already).toHaveTextContent(
      'First Platypus Bank is already linked with this login. Reconnect it instead of linking it again.',
    );
    await user.click(within(already).getByRole('button', { name: 'Reconnect First Platypus Bank' }));
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(lastBody('/api/v1/plaid/link-token', 'POST')).toEqual({ connectionId: 'conn_plaid' });
    expect(opened[1]!.token).toBe('link-sandbox-2');
  });

  it('Reconnect on a Plaid connection that needs it goes through update mode, then reconnects', async () => {
    const reauth = makeConnection({
      id: 'conn_plaid',
      provider: 'plaid',
      displayName: 'First Platypus Bank',
      status: 'needs_reauth',
      reconnect: 'plaid_link',
    });
    serve({ connections: [reauth] });
    server
      .on('GET', '/api/v1/connections/providers', () => ok({ providers: PROVIDERS }))
      .on('POST', '/api/v1/plaid/link-token', () =>
        ok({ linkToken: 'link-sandbox-update', expiration: '2026-12-01T00:00:00Z' }),
      )
      .on('POST', '/api/v1/connections/conn_plaid/reconnect', () =>
        ok({ connection: { ...reauth, status: 'syncing' } }, 202),
      );
    const user = userEvent.setup();
    renderAccounts('/banks');
    const row = (await screen.findByRole('list', { name: 'Connections' })).querySelector('li')!;
    await user.click(within(row).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(lastBody('/api/v1/plaid/link-token', 'POST')).toEqual({ connectionId: 'conn_plaid' });
    // Nothing is reconnected before the user finished Link.
    expect(server.calls('/api/v1/connections/conn_plaid/reconnect', 'POST')).toHaveLength(0);
    opened[0]!.onSuccess('public-sandbox-update', { institution, accounts: [] });
    expect(await screen.findByText('First Platypus Bank reconnected')).toBeInTheDocument();
    expect(server.calls('/api/v1/connections/conn_plaid/reconnect', 'POST')).toHaveLength(1);
  });
});
