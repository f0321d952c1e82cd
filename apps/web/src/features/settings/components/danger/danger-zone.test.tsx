import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/fake-server';
import { fail, ok, renderWithProviders } from '../../test-harness';
import { filenameFromContentDisposition, restoredCounts } from '../../data-api';
import { confirmsDeletion, DangerZone } from './danger-zone';

const EXPORT_DOCUMENT = {
  format: 'lodestar-export',
  version: 1,
  exportedAt: '2026-11-22T10:00:00.000Z',
  profile: { name: 'Ada Lovelace', email: 'ada@example.com' },
  accounts: [{ id: 'a1' }, { id: 'a2' }],
  transactions: [{ id: 't1' }, { id: 't2' }, { id: 't3' }],
  rules: [{ id: 'r1' }],
  properties: [],
};

/** A file answer as the server sends it: the body with its type and an attachment file name. */
function file(body: string, type: string, name: string): Response {
  return new Response(body, {
    status: 200,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` },
  });
}

/** Records the files the page hands to the browser to download (name and contents). */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const downloads: { name: string; blob: Blob }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost:3000/${blobs.size}`;
    if (blob instanceof Blob) blobs.set(url, blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });
  return downloads;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Danger zone', () => {
  it('signs out of all sessions and goes to /sign-in', async () => {
    const user = userEvent.setup();
    server.on('POST', '/api/v1/user/sessions/revoke-all', () => ok({ revoked: 3 }));
    const { router } = renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Sign Out All Sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out of all sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out All Sessions' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
  });

  it("says 'Failed to sign out' and stays", async () => {
    const user = userEvent.setup();
    server.on('POST', '/api/v1/user/sessions/revoke-all', () => fail(500, 'Database unavailable'));
    const { router } = renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Sign Out All Sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out All Sessions' }));
    expect(await screen.findByText('Failed to sign out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('exports the data through a job, as the server-named JSON file, then the transactions CSV', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    const job = {
      id: 'export-1',
      fileName: 'lodestar-export-2026-11-22T10-00-00Z.json.gz',
      state: 'queued',
      rowsWritten: 0,
      totalRows: null as number | null,
      bytes: 0,
      error: null,
      createdAt: '2026-11-22T10:00:00.000Z',
      finishedAt: null,
    };
    let current = job;
    server.on('POST', '/api/v1/user/exports', () => ok({ job }));
    server.on('GET', '/api/v1/user/exports/export-1', () => ok({ job: current }));
    server.on(
      'GET',
      '/api/v1/user/exports/export-1/file',
      () =>
        new Response(gzipSync(JSON.stringify(EXPORT_DOCUMENT)), {
          status: 200,
          headers: { 'content-type': 'application/gzip' },
        }),
    );
    server.on('GET', '/api/v1/user/export/transactions.csv', () =>
      file(
        'date,amount\n2026-11-01,-12.50\n',
        'text/csv',
        'lodestar-export-2026-11-22T10-00-00Z-transactions.csv',
      ),
    );
    renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Export Data' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Request a data export?' });
    expect(dialog).toHaveTextContent('emailed to you within 24 hours');
    expect(dialog).toHaveTextContent('downloaded to this device now');
    current = { ...job, state: 'running', rowsWritten: 0, totalRows: 4_000 };
    await user.click(within(dialog).getByRole('button', { name: 'Export Data' }));
    expect(await within(dialog).findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // The rows the job has written so far.
    expect(await within(dialog).findByText('Exporting… 0 of 4,000 transactions written')).toBeInTheDocument();
    current = { ...job, state: 'running', rowsWritten: 3_000, totalRows: 4_000 };
    expect(
      await within(dialog).findByText('Exporting… 3,000 of 4,000 transactions written'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Transactions exported' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    current = { ...job, state: 'done', rowsWritten: 4_000, totalRows: 4_000 };
    expect(await screen.findByText('Data exported successfully')).toBeInTheDocument();
    expect(
      screen.getByText('Your data has been downloaded as a JSON file, and your transactions as a CSV file'),
    ).toBeInTheDocument();
    expect(downloads.map((download) => download.name)).toEqual([
      'lodestar-export-2026-11-22T10-00-00Z.json',
      'lodestar-export-2026-11-22T10-00-00Z-transactions.csv',
    ]);
    expect(JSON.parse(await downloads[0]!.blob.text())).toEqual(EXPORT_DOCUMENT);
    expect(server.calls('/api/v1/user/export')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("says 'Failed to export data' with the server's reason and downloads nothing", async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    server.on('POST', '/api/v1/user/exports', () => fail(503, 'The database is not reachable'));
    renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Export Data' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Export Data' }));
    expect(await screen.findByText('Failed to export data')).toBeInTheDocument();
    expect(screen.getByText('The database is not reachable')).toBeInTheDocument();
    // The dialog says so too, until the next try.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Failed to export data: The database is not reachable. Nothing was saved; try again.',
    );
    expect(downloads).toHaveLength(0);
    expect(server.calls('/api/v1/user/export/transactions.csv')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Export Data' })).toBeEnabled();
  });

  it('disconnects all accounts and refreshes accounts, dashboard and transactions', async () => {
    const user = userEvent.setup();
    server.on('POST', '/api/v1/accounts/disconnect-all', () =>
      ok({ message: 'All accounts disconnected', disconnected: 2 }),
    );
    const { queryClient } = renderWithProviders(<DangerZone />);
    for (const key of ['accounts', 'dashboard', 'transactions', 'holdings'])
      queryClient.setQueryData([key], []);
    await user.click(await screen.findByRole('button', { name: 'Disconnect All' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect all accounts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect All' }));
    expect(await screen.findByText('All accounts disconnected')).toBeInTheDocument();
    expect(screen.getByText('Your transaction history has been preserved')).toBeInTheDocument();
    expect(server.calls('/api/v1/accounts/disconnect-all', 'POST')).toHaveLength(1);
    for (const key of ['accounts', 'dashboard', 'transactions']) {
      expect(queryClient.getQueryState([key])?.isInvalidated).toBe(true);
    }
    expect(queryClient.getQueryState(['holdings'])?.isInvalidated).toBe(false);
  });

  it("shows 'Disconnecting...' while busy and 'Failed to disconnect accounts' on failure", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    server.on(
      'POST',
      '/api/v1/accounts/disconnect-all',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Disconnect All' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect All' }));
    expect(await within(dialog).findByRole('button', { name: 'Disconnecting...' })).toBeDisabled();
    answer(fail(500, 'Failed to disconnect accounts'));
    expect(await screen.findByText('Failed to disconnect accounts')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('shows what an export file holds, then restores it', async () => {
    const user = userEvent.setup();
    server.on('POST', '/api/v1/user/restore', () =>
      ok({ accounts: 2, transactions: 3, rules: 1, properties: 0, preferences: 1 }),
    );
    const { queryClient } = renderWithProviders(<DangerZone />);
    queryClient.setQueryData(['accounts'], []);
    await user.upload(
      await screen.findByLabelText('Export file to restore'),
      new File([JSON.stringify(EXPORT_DOCUMENT)], 'my-export.json', { type: 'application/json' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore from an export?' });
    const holds = within(dialog).getByRole('list', { name: 'What the file holds' });
    expect(
      within(holds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 accounts', '3 transactions', '1 rule', '0 properties']);
    expect(dialog).toHaveTextContent('from ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Data restored successfully')).toBeInTheDocument();
    expect(
      screen.getByText('Restored 2 accounts, 3 transactions, 1 rule, your preferences.'),
    ).toBeInTheDocument();
    // The file goes up as it is: the browser streams it, and the server reads it as a stream.
    const sent = server.calls('/api/v1/user/restore', 'POST')[0]?.body;
    expect(sent).toBeInstanceOf(Blob);
    expect(JSON.parse(await (sent as Blob).text())).toEqual(EXPORT_DOCUMENT);
    expect(queryClient.getQueryState(['accounts'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the rows restored so far while a restore runs, with a bar once the total is known', async () => {
    const user = userEvent.setup();
    let finish: (response: Response) => void = () => undefined;
    server.on(
      'POST',
      '/api/v1/user/restore',
      () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    );
    let progress = { running: true, phase: 'reading', rowsRead: 1234, rowsRestored: 0, totalRows: null };
    server.on('GET', '/api/v1/user/restore/progress', () => ok(progress));
    renderWithProviders(<DangerZone />);
    await user.upload(
      await screen.findByLabelText('Export file to restore'),
      new File([JSON.stringify(EXPORT_DOCUMENT)], 'my-export.json', { type: 'application/json' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText('Restoring… 1,234 rows read and checked')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    progress = {
      running: true,
      phase: 'writing',
      rowsRead: 3000,
      rowsRestored: 1500,
      totalRows: 3000,
    } as never;
    expect(await within(dialog).findByText('Restoring… 1,500 of 3,000 rows written')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Rows restored' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    finish(ok({ accounts: 2, transactions: 3 }));
    expect(await screen.findByText('Data restored successfully')).toBeInTheDocument();
  });

  it('restores a file too large to read in the browser without listing what it holds', async () => {
    const user = userEvent.setup();
    server.on('POST', '/api/v1/user/restore', () => ok({ accounts: 2, transactions: 3 }));
    renderWithProviders(<DangerZone />);
    const text = JSON.stringify(EXPORT_DOCUMENT);
    const big = new File([text], 'big-export.json', { type: 'application/json' });
    // As large as a million-row export, without holding one: only its size and start are read.
    Object.defineProperty(big, 'size', { value: 676 * 1024 * 1024 });
    vi.spyOn(big, 'slice').mockImplementation(() => new Blob([text.slice(0, 200)]));
    await user.upload(await screen.findByLabelText('Export file to restore'), big);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('from ada@example.com');
    expect(dialog).toHaveTextContent('It is large (676 MB), so what it holds is counted as it is restored.');
    expect(within(dialog).queryByRole('list', { name: 'What the file holds' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Data restored successfully')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/restore', 'POST')[0]?.body).toBe(big);
  });

  it('explains that a restore needs an account without data (409)', async () => {
    const user = userEvent.setup();
    server.on('POST', '/api/v1/user/restore', () =>
      fail(409, 'Restore needs an account without data', 'CONFLICT'),
    );
    renderWithProviders(<DangerZone />);
    await user.upload(
      await screen.findByLabelText('Export file to restore'),
      new File([JSON.stringify(EXPORT_DOCUMENT)], 'my-export.json', { type: 'application/json' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Restoring only works into an account without data',
    );
    expect(await screen.findByText('Failed to restore data')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeEnabled();
  });

  it('refuses a file that is not a data export, without calling the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DangerZone />);
    const input = await screen.findByLabelText('Export file to restore');
    await user.upload(input, new File(['not json'], 'notes.json', { type: 'application/json' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This file is not valid JSON');
    expect(within(dialog).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.upload(input, new File(['{"accounts":[]}'], 'other.json', { type: 'application/json' }));
    dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This file is not a Lodestar data export');
    expect(server.calls('/api/v1/user/restore')).toHaveLength(0);
  });

  it('deletes the account after typing DELETE, then goes home after 2 seconds', async () => {
    const user = userEvent.setup();
    server.on('DELETE', '/api/v1/user/delete', () => ok({ deleted: true }));
    const { router } = renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete Account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE or your email to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type DELETE or your email to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE or your email to confirm'), 'DELETE');
    expect(confirm).toBeEnabled();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(confirm);
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    expect(screen.getByText('You will be redirected to the homepage')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/delete', 'DELETE')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(router.state.location.pathname).toBe('/settings');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("says 'Failed to delete account' whatever the server said", async () => {
    const user = userEvent.setup();
    server.on('DELETE', '/api/v1/user/delete', () => fail(500, 'Internal details'));
    renderWithProviders(<DangerZone />);
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(
      within(dialog).getByLabelText('Type DELETE or your email to confirm'),
      'ADA@example.com{Enter}',
    );
    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
    expect(screen.queryByText('Internal details')).not.toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('reads the file name from Content-Disposition', () => {
    expect(filenameFromContentDisposition('attachment; filename="lodestar-export-x.json"')).toBe(
      'lodestar-export-x.json',
    );
    expect(
      filenameFromContentDisposition(`attachment; filename="a.json"; filename*=UTF-8''caf%C3%A9.json`),
    ).toBe('café.json');
    expect(filenameFromContentDisposition('attachment; filename=../../etc/passwd')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment')).toBeUndefined();
    expect(filenameFromContentDisposition(null)).toBeUndefined();
  });

  it('reads restore counts at the top level or under counts', () => {
    expect(restoredCounts({ accounts: 1, note: 'x' }).map((entry) => entry.label)).toEqual(['1 account']);
    expect(restoredCounts({ counts: { transactions: 2 } }).map((entry) => entry.label)).toEqual([
      '2 transactions',
    ]);
    expect(restoredCounts({ holdings: 1, holdingLots: 2 }).map((entry) => entry.label)).toEqual([
      '1 holding',
      '2 buys of holdings added by hand',
    ]);
  });

  it('accepts DELETE or the email as confirmation', () => {
    expect(confirmsDeletion('DELETE', 'ada@example.com')).toBe(true);
    expect(confirmsDeletion(' Ada@Example.com ', 'ada@example.com')).toBe(true);
    expect(confirmsDeletion('delete', 'ada@example.com')).toBe(false);
    expect(confirmsDeletion('', '')).toBe(false);
  });
});
