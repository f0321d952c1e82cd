import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/fake-server';
import { fail, ok, renderWithProviders } from '../../test-harness';
import { DeveloperSettings } from './developer-settings';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const READ_KEY = {
  id: 'key-1',
  name: 'Home dashboard',
  scope: 'read',
  prefix: 'lsk_ab12cd34',
  createdAt: '2026-01-10T09:00:00.000Z',
  expiresAt: null,
  lastUsedAt: ago(3 * HOUR + 60_000),
  revokedAt: null,
};
const WRITE_KEY = {
  id: 'key-2',
  name: 'Import script',
  scope: 'read_write',
  prefix: 'lsk_ef56gh78',
  createdAt: '2026-02-01T09:00:00.000Z',
  expiresAt: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
  lastUsedAt: null,
  revokedAt: null,
};
const REVOKED_KEY = { ...READ_KEY, id: 'key-3', name: 'Old laptop', revokedAt: '2026-03-01T09:00:00.000Z' };

const WEBHOOK_EVENTS = [
  { type: 'transactions.added', label: 'Transactions added by a sync' },
  { type: 'budget.passed', label: 'A budget passed 80 % or 100 %' },
];
const ENDPOINT = {
  id: 'hook-1',
  url: 'https://hooks.example.com/lodestar',
  events: ['transactions.added'],
  secretPrefix: 'whsec_AbCdEf',
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  consecutiveFailures: 0,
  createdAt: '2026-11-01T09:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server.on('GET', '/api/v1/webhooks', () => ok({ endpoints: [], events: WEBHOOK_EVENTS, maxEndpoints: 5 }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

describe('API keys', () => {
  it('lists keys with scope, prefix, dates and last use; revoked keys cannot be revoked again', async () => {
    server.on('GET', '/api/v1/user/api-keys', () => ok([READ_KEY, WRITE_KEY, REVOKED_KEY]));
    renderWithProviders(<DeveloperSettings />);
    const list = await screen.findByRole('list', { name: 'API keys' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Home dashboard');
    expect(first).toHaveTextContent('Read only');
    expect(first).toHaveTextContent('lsk_ab12cd34…');
    expect(first).toHaveTextContent('Created 01/10/2026');
    expect(first).toHaveTextContent('Expires Never');
    expect(first).toHaveTextContent('Last used 3h ago');
    expect(second).toHaveTextContent('Read & write');
    expect(second).toHaveTextContent('Last used Never');
    expect(second).not.toHaveTextContent('Expires Never');
    expect(third).toHaveTextContent('Revoked');
    expect(within(third!).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');
  });

  it("says 'No API keys yet' when there are none", async () => {
    server.on('GET', '/api/v1/user/api-keys', () => ok([]));
    renderWithProviders(<DeveloperSettings />);
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create API Key' })).toBeInTheDocument();
  });

  it('shows a load failure with Retry', async () => {
    const user = userEvent.setup();
    let answers = 0;
    server.on('GET', '/api/v1/user/api-keys', () =>
      (answers += 1) === 1 ? fail(500, 'The database is not reachable') : ok([READ_KEY]),
    );
    renderWithProviders(<DeveloperSettings />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load API keys');
    expect(alert).toHaveTextContent('The database is not reachable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Home dashboard')).toBeInTheDocument();
  });

  it('explains FEATURE_PUBLIC_API=true when the public API is off, with no list and no Create', async () => {
    server.on('GET', '/api/v1/user/api-keys', () =>
      fail(403, 'The public API is turned off on this server', 'FORBIDDEN'),
    );
    renderWithProviders(<DeveloperSettings />);
    const message = await screen.findByText('The public API is turned off on this server');
    const notice = message.closest('[role="status"]');
    expect(notice).toHaveTextContent('FEATURE_PUBLIC_API=true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API Key' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run All Cron Jobs' })).toBeEnabled();
  });

  it('creates a key and shows its secret once, with Copy', async () => {
    const user = userEvent.setup();
    let keys: unknown[] = [];
    server.on('GET', '/api/v1/user/api-keys', () => ok(keys));
    server.on('POST', '/api/v1/user/api-keys', (request) => {
      keys = [WRITE_KEY];
      return ok({ key: { ...WRITE_KEY, ...(request.body as object) }, secret: 'lsk_ef56gh78_secret-value' });
    });
    renderWithProviders(<DeveloperSettings />);
    await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getByRole('radio', { name: 'Read only' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Never' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/api-keys', 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Name'), '  Import script ');
    await user.click(within(dialog).getByRole('radio', { name: 'Read & write' }));
    await user.click(within(dialog).getByRole('radio', { name: '90 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Key' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(server.calls('/api/v1/user/api-keys', 'POST')[0]?.body).toEqual({
      name: 'Import script',
      scope: 'read_write',
      expiresInDays: 90,
    });
    expect(within(secretDialog).getByLabelText('Your API key')).toHaveValue('lsk_ef56gh78_secret-value');
    expect(within(secretDialog).getByRole('alert')).toHaveTextContent('it will not be shown again');
    const writeText = stubClipboard(async () => undefined);
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy API key' }));
    expect(writeText).toHaveBeenCalledWith('lsk_ef56gh78_secret-value');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('lsk_ef56gh78_secret-value')).not.toBeInTheDocument();
    expect(await screen.findByText('Import script')).toBeInTheDocument();

    // Opening the dialog again starts from a blank form, never the old secret.
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(await screen.findByRole('dialog', { name: 'Create API key' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('reports a clipboard failure with the manual-copy hint', async () => {
    const user = userEvent.setup();
    server.on('GET', '/api/v1/user/api-keys', () => ok([]));
    server.on('POST', '/api/v1/user/api-keys', () => ok({ key: READ_KEY, secret: 'lsk_ab12cd34_secret' }));
    renderWithProviders(<DeveloperSettings />);
    await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
    await user.type(await screen.findByLabelText('Name'), 'Home dashboard{Enter}');
    const secretDialog = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    stubClipboard(async () => {
      throw new Error('Permission denied');
    });
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy API key' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
    expect(screen.getByText('Please try selecting and copying manually')).toBeInTheDocument();
  });

  it("shows the server's name error in the form", async () => {
    const user = userEvent.setup();
    server.on('GET', '/api/v1/user/api-keys', () => ok([]));
    server.on('POST', '/api/v1/user/api-keys', () =>
      Response.json(
        {
          success: false,
          error: 'Validation failed',
          items: [{ field: 'name', message: 'Name is already used by another key', code: 'custom' }],
        },
        { status: 400 },
      ),
    );
    renderWithProviders(<DeveloperSettings />);
    await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
    await user.type(await screen.findByLabelText('Name'), 'Home dashboard{Enter}');
    expect(await screen.findByText('Name is already used by another key')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a key after confirming', async () => {
    const user = userEvent.setup();
    let keys: Record<string, unknown>[] = [READ_KEY];
    server.on('GET', '/api/v1/user/api-keys', () => ok(keys));
    server.on('DELETE', '/api/v1/user/api-keys/key-1', () => {
      keys = [{ ...READ_KEY, revokedAt: new Date().toISOString() }];
      return ok(keys[0]);
    });
    renderWithProviders(<DeveloperSettings />);
    await user.click(await screen.findByRole('button', { name: 'Revoke API key Home dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Home dashboard”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Key' }));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/api-keys/key-1', 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke API key Home dashboard' })).not.toBeInTheDocument();
  });
});

describe('Run All Cron Jobs', () => {
  it("is busy while running, then says 'Cron jobs triggered' with the counts", async () => {
    const user = userEvent.setup();
    server.on('GET', '/api/v1/user/api-keys', () => ok([]));
    let answer: (response: Response) => void = () => undefined;
    server.on(
      'POST',
      '/api/v1/cron/trigger-all',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderWithProviders(<DeveloperSettings />);
    await user.click(await screen.findByRole('button', { name: 'Run All Cron Jobs' }));
    expect(await screen.findByRole('button', { name: 'Running...' })).toBeDisabled();
    const run = {
      id: 'run-1',
      scope: 'user',
      state: 'queued',
      usersTotal: null,
      usersDone: 0,
      successful: 0,
      failed: 0,
      error: null,
      createdAt: '2026-11-20T15:00:00.000Z',
      finishedAt: null,
    };
    // Queued: the toast waits for the run, read until it has ended.
    server.on('GET', '/api/v1/cron/runs/run-1', () =>
      ok({ run: { ...run, state: 'done', usersTotal: 1, usersDone: 1, successful: 2, failed: 1 } }),
    );
    answer(ok({ successful: 0, failed: 0, message: 'Cron jobs queued', run }));
    expect(await screen.findByText('Cron jobs triggered')).toBeInTheDocument();
    expect(screen.getByText('2 successful, 1 failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run All Cron Jobs' })).toBeEnabled();
  });

  it("says 'Failed to trigger cron jobs' on failure", async () => {
    const user = userEvent.setup();
    server.on('GET', '/api/v1/user/api-keys', () => ok([]));
    server.on('POST', '/api/v1/cron/trigger-all', () => fail(500, 'Queue unavailable'));
    renderWithProviders(<DeveloperSettings />);
    await user.click(await screen.findByRole('button', { name: 'Run All Cron Jobs' }));
    expect(await screen.findByText('Failed to trigger cron jobs')).toBeInTheDocument();
  });
});

describe('Webhooks', () => {
  it('adds an endpoint, shows its secret once, sends a test event and shows the delivery log', async () => {
    const user = userEvent.setup();
    server.on('GET', '/api/v1/user/api-keys', () => ok([]));
    let endpoints: unknown[] = [];
    server.on('GET', '/api/v1/webhooks', () => ok({ endpoints, events: WEBHOOK_EVENTS, maxEndpoints: 5 }));
    server.on('POST', '/api/v1/webhooks', (request) => {
      endpoints = [ENDPOINT];
      return ok({ endpoint: { ...ENDPOINT, ...(request.body as object) }, secret: 'whsec_the-secret-value' });
    });
    server.on('POST', '/api/v1/webhooks/hook-1/test', () => ok({ eventId: 'event-1', deliveryId: 'd-1' }));
    server.on('GET', '/api/v1/webhooks/hook-1/deliveries', () =>
      ok({
        deliveries: [
          {
            id: 'd-1',
            eventId: 'event-1',
            eventType: 'webhook.test',
            status: 'succeeded',
            attempts: 2,
            lastStatusCode: 200,
            nextAttemptAt: null,
            createdAt: '2026-11-20T09:00:00.000Z',
            deliveredAt: '2026-11-20T09:00:31.000Z',
            log: [
              { at: '2026-11-20T09:00:00.000Z', status: 500, error: null, ms: 12 },
              { at: '2026-11-20T09:00:30.000Z', status: 200, error: null, ms: 9 },
            ],
          },
        ],
      }),
    );
    renderWithProviders(<DeveloperSettings />);
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(server.calls('/api/v1/webhooks', 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Endpoint URL'), ENDPOINT.url);
    await user.click(within(dialog).getByRole('checkbox', { name: /Transactions added by a sync/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByDisplayValue('whsec_the-secret-value')).toBeInTheDocument();
    expect(server.calls('/api/v1/webhooks', 'POST')[0]?.body).toEqual({
      url: ENDPOINT.url,
      events: ['transactions.added'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(list).toHaveTextContent(ENDPOINT.url);
    expect(list).not.toHaveTextContent('whsec_the-secret-value');
    await user.click(within(list).getByRole('button', { name: `Send test event to ${ENDPOINT.url}` }));
    const log = await screen.findByRole('table', { name: `Deliveries to ${ENDPOINT.url}, newest first` });
    expect(log).toHaveTextContent('Delivered');
    expect(log).toHaveTextContent('500 → 200');
  });
});
