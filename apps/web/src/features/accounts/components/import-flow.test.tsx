import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import type { Account, ImportBatch, ImportPreview, PreviewMapping } from '../api';
import { fail, lastBody, makeAccount, ok, renderAccounts, usd } from '../test-harness';

const checking = makeAccount({ id: 'acc_checking', name: 'Everyday Checking', currentBalance: usd(250_000) });

const CSV = [
  'Date,Description,Amount',
  '2025-05-01,Coffee Shop,-4.50',
  '2025-05-02,Salary,2500.00',
  '2025-05-03,Grocery Store,-82.10',
].join('\n');

const MAPPING: PreviewMapping = {
  delimiter: ',',
  skipLines: 0,
  hasHeader: true,
  headers: ['Date', 'Description', 'Amount'],
  columns: { date: 0, name: 1, amount: 2 },
  dateFormat: 'YYYY-MM-DD',
  decimal: '.',
  sign: 'signed',
  warnings: [],
};

function previewOf(mapping: PreviewMapping): ImportPreview {
  const sign = mapping.invertSign ? -1 : 1;
  return {
    kind: 'csv',
    encoding: { name: 'utf-8', source: 'utf-8', nulRemoved: 0 },
    mapping,
    rows: [
      {
        line: 2,
        date: '2025-05-01',
        amount: usd(-450 * sign),
        name: 'Coffee Shop',
        duplicate: true,
        repeatOf: null,
      },
      {
        line: 3,
        date: '2025-05-02',
        amount: usd(250_000 * sign),
        name: 'Salary',
        duplicate: false,
        repeatOf: null,
      },
      {
        line: 4,
        date: '2025-05-03',
        amount: usd(-8_210 * sign),
        name: 'Grocery Store',
        duplicate: false,
        repeatOf: null,
      },
    ],
    possibleDuplicates: [],
    newCount: 2,
    duplicateCount: 1,
    possibleDuplicateCount: 0,
    statements: [{ account: null, type: null, currency: 'USD', transactionCount: 3 }],
    statementIndex: 0,
    needsStatementChoice: false,
    positions: [],
    statementBalances: { opening: null, closing: null },
    balance: null,
    warnings: ['Some dates could be read day first or month first; check them.'],
  };
}

/** A server with accounts and the import endpoints; previews follow the mapping they are sent. */
function importServer(initial: Account[] = [checking]) {
  let accounts = initial;
  let batches: ImportBatch[] = [];
  server
    .on('GET', '/api/v1/accounts', () => ok({ accounts }))
    .on('GET', '/api/v1/connections', () => ok({ connections: [] }))
    .on('GET', '/api/v1/imports', () => ok({ batches }))
    .on('POST', '/api/v1/accounts', (request) => {
      const body = request.body as { name: string; type: string; currency: string; balance: number };
      const created = makeAccount({
        id: 'acc_new',
        name: body.name,
        type: body.type,
        connectionId: null,
        provider: 'manual',
        institutionName: null,
        currentBalance: { amountMinor: Math.round(body.balance * 100), currency: body.currency },
      });
      accounts = [...accounts, created];
      return ok({ account: created }, 201);
    })
    .on('POST', '/api/v1/imports/preview', (request) => {
      const { mapping } = request.body as { mapping?: PreviewMapping };
      return ok(previewOf(mapping ?? MAPPING));
    })
    .on('POST', '/api/v1/imports', (request) => {
      const body = request.body as { accountId: string; fileName: string };
      batches = [
        {
          id: 'batch_1',
          accountId: body.accountId,
          accountName: 'Everyday Checking',
          fileName: body.fileName,
          kind: 'csv',
          status: 'committed',
          importedCount: 2,
          duplicateCount: 1,
          createdAt: '2025-06-01T10:00:00.000Z',
          undoneAt: null,
        },
      ];
      return ok({ batch: { id: 'batch_1', importedCount: 2, duplicateCount: 1, balance: null } }, 201);
    })
    .on('DELETE', '/api/v1/imports/batch_1', () => {
      batches = batches.map((batch) => ({ ...batch, status: 'undone' }));
      return ok({ id: 'batch_1', removed: 2 });
    });
}

async function openImport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add account' }));
  const chooser = await screen.findByRole('dialog', { name: 'Add account' });
  await user.click(within(chooser).getByRole('button', { name: 'Import a file' }));
  return screen.findByRole('dialog', { name: 'Import a file' });
}

async function chooseAccount(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Import into' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const csvFile = (content = CSV, name = 'may.csv') => new File([content], name, { type: 'text/csv' });

describe('importing a file', () => {
  it('previews a CSV, lets the columns be changed, imports and undoes', async () => {
    importServer();
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Everyday Checking · Bank Account · USD');
    await user.upload(within(dialog).getByLabelText('File'), csvFile());
    await waitFor(() =>
      expect(
        within(dialog).getByText(`may.csv, ${new TextEncoder().encode(CSV).length} bytes`),
      ).toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));

    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    expect(lastBody('/api/v1/imports/preview', 'POST')).toEqual({
      accountId: 'acc_checking',
      fileName: 'may.csv',
      contentBase64: btoa(CSV),
    });
    expect(check).toHaveTextContent('2 new, 1 duplicate');
    expect(check).toHaveTextContent('Some dates could be read day first or month first; check them.');
    const rows = within(within(check).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Coffee Shop');
    expect(within(rows[0]!).getByText('Already imported')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Already imported')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('+$2,500.00');

    // The detected mapping is shown and can be changed; importing waits for a fresh preview.
    expect(within(check).getByRole('combobox', { name: 'Date column' })).toHaveTextContent('Date (column 1)');
    expect(within(check).getByRole('combobox', { name: 'Amount column' })).toHaveTextContent(
      'Amount (column 3)',
    );
    expect(within(check).getByRole('combobox', { name: 'Date format' })).toHaveTextContent('YYYY-MM-DD');
    const importButton = within(check).getByRole('button', { name: 'Import 2 transactions' });
    expect(within(check).getByRole('button', { name: 'Update preview' })).toBeDisabled();
    await user.click(within(check).getByRole('checkbox', { name: 'Invert signs' }));
    expect(importButton).toBeDisabled();
    await user.click(within(check).getByRole('button', { name: 'Update preview' }));
    await waitFor(() => expect(importButton).toBeEnabled());
    const repreview = lastBody('/api/v1/imports/preview', 'POST') as { mapping: PreviewMapping };
    expect(repreview.mapping).toMatchObject({ columns: { date: 0, name: 1, amount: 2 }, invertSign: true });
    expect(repreview.mapping).not.toHaveProperty('warnings');
    expect(within(check).getAllByRole('row')[2]).toHaveTextContent('-$2,500.00');

    await user.click(importButton);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastBody('/api/v1/imports', 'POST')).toMatchObject({
      accountId: 'acc_checking',
      fileName: 'may.csv',
      contentBase64: btoa(CSV),
      mapping: { invertSign: true, sign: 'signed' },
    });
    expect(await screen.findByText('Imported 2 transactions')).toBeInTheDocument();
    expect(screen.getByText('1 duplicate was skipped.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Import undone')).toBeInTheDocument();
    expect(screen.getByText('2 transactions removed')).toBeInTheDocument();
    expect(server.calls('/api/v1/imports/batch_1', 'DELETE')).toHaveLength(1);
  });

  it('flags a row repeated inside the file, imports it only when kept, and says what the balance does', async () => {
    const cash = makeAccount({
      id: 'acc_cash',
      name: 'Cash',
      connectionId: null,
      provider: 'manual',
      institutionName: null,
      currentBalance: usd(100_000),
    });
    importServer([cash]);
    const coffee = { date: '2025-05-04', amount: usd(-450), name: 'Coffee Shop', duplicate: false };
    server.on('POST', '/api/v1/imports/preview', () =>
      ok({
        ...previewOf(MAPPING),
        rows: [
          { ...coffee, line: 2, repeatOf: null },
          { ...coffee, line: 3, repeatOf: 2 },
        ],
        possibleDuplicates: [{ ...coffee, line: 3, repeatOf: 2 }],
        newCount: 1,
        duplicateCount: 0,
        possibleDuplicateCount: 1,
        balance: {
          anchorDate: '2025-05-01',
          anchor: usd(100_000),
          current: usd(100_000),
          after: usd(99_550),
        },
        warnings: [],
      } satisfies ImportPreview),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByRole('link', { name: 'Cash' });
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Cash · Bank Account · USD');
    await user.upload(within(dialog).getByLabelText('File'), csvFile());
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));

    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    expect(check).toHaveTextContent('1 new, 0 duplicates, 1 possible duplicate inside the file');
    const rows = within(within(check).getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getByText('Possible duplicate of line 2')).toBeInTheDocument();
    expect(within(check).getByTestId('import-balance-effect')).toHaveTextContent(
      'The balance moves from $1,000.00 to $995.50: rows dated after the balance you entered on 05/01/2025 add to it',
    );
    const keep = within(check).getByRole('checkbox', { name: /Keep line 3 \(repeats line 2\)/ });
    expect(keep).not.toBeChecked();
    expect(within(check).getByRole('button', { name: 'Import 1 transaction' })).toBeEnabled();
    await user.click(keep);
    expect(within(check).getByTestId('import-balance-effect')).toHaveTextContent('to $991.00');
    await user.click(within(check).getByRole('button', { name: 'Import 2 transactions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastBody('/api/v1/imports', 'POST')).toMatchObject({ accountId: 'acc_cash', keepLines: [3] });
  });

  it("offers a manual account the statement's closing balance, and records it after the import", async () => {
    const cash = makeAccount({
      id: 'acc_cash',
      name: 'Cash',
      connectionId: null,
      provider: 'manual',
      institutionName: null,
      currentBalance: usd(100_000),
    });
    importServer([cash]);
    server
      .on('POST', '/api/v1/imports/preview', () =>
        ok({
          ...previewOf(MAPPING),
          kind: 'camt',
          mapping: null,
          positions: [
            {
              name: 'Vanguard Total Stock Market ETF',
              ticker: 'VTI',
              units: '110',
              unitPrice: '225.10',
              marketValue: usd(2_476_100),
              asOf: '2025-05-31',
            },
          ],
          statementBalances: {
            opening: { amountMinor: 90_000, currency: 'USD', asOf: '2025-04-30' },
            closing: { amountMinor: 123_456, currency: 'USD', asOf: '2025-05-31' },
          },
          balance: {
            anchorDate: '2025-05-01',
            anchor: usd(100_000),
            current: usd(100_000),
            after: usd(100_000),
          },
        } satisfies ImportPreview),
      )
      .on('POST', '/api/v1/accounts/acc_cash/balance', () => ok({ account: cash }));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByRole('link', { name: 'Cash' });
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Cash · Bank Account · USD');
    await user.upload(within(dialog).getByLabelText('File'), new File(['<Document/>'], 'may.xml'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    expect(check).toHaveTextContent('may.xml (CAMT.053) into Cash.');
    const holdings = within(check).getByRole('region', { name: '1 holding in this statement' });
    expect(holdings).toHaveTextContent('VTI · Vanguard Total Stock Market ETF: 110 at 225.10$24,761.00');
    const offer = within(check).getByRole('checkbox', {
      name: "Also set the balance of Cash to the statement's closing balance, $1,234.56 on 05/31/2025",
    });
    expect(offer).not.toBeChecked();
    await user.click(offer);
    await user.click(within(check).getByRole('button', { name: 'Import 2 transactions' }));
    await waitFor(() => expect(server.calls('/api/v1/accounts/acc_cash/balance', 'POST')).toHaveLength(1));
    expect(lastBody('/api/v1/accounts/acc_cash/balance', 'POST')).toEqual({
      balance: 1234.56,
      date: '2025-05-31',
    });
  });

  it('follows a large file imported in the background with a progress bar, then shows the same result', async () => {
    importServer();
    const job = {
      id: 'job_1',
      fileName: 'may.csv',
      totalRows: 12_000,
      result: null,
      error: null,
      createdAt: '2025-06-01T10:00:00.000Z',
      finishedAt: null,
    };
    const answers = [
      { ...job, state: 'running', doneRows: 6_000 },
      {
        ...job,
        state: 'done',
        doneRows: 12_000,
        result: { id: 'batch_1', importedCount: 11_999, duplicateCount: 1, balance: null },
        finishedAt: '2025-06-01T10:00:09.000Z',
      },
    ];
    // The job stays queued until the test has seen it waiting (a poll could otherwise come first on a
    // busy machine).
    let started = false;
    const queued = { ...job, state: 'queued', doneRows: 0 };
    server
      .on('POST', '/api/v1/imports', () => ok({ job: queued }, 202))
      .on('GET', '/api/v1/imports/jobs/job_1', () => ok({ job: started ? answers.shift() : queued }));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Everyday Checking · Bank Account · USD');
    await user.upload(within(dialog).getByLabelText('File'), csvFile());
    await user.click(await within(dialog).findByRole('button', { name: 'Preview import' }));
    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    await user.click(within(check).getByRole('button', { name: 'Import 2 transactions' }));

    const bar = await within(check).findByRole('progressbar', { name: 'Rows imported' });
    expect(within(check).getByRole('status')).toHaveTextContent(
      'Importing in the background… waiting to start (12,000 rows)',
    );
    started = true;
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(within(check).getByRole('status')).toHaveTextContent(
      'Importing in the background… 6,000 of 12,000 rows',
    );
    expect(await screen.findByText('Imported 11,999 transactions')).toBeInTheDocument();
    expect(screen.getByText('1 duplicate was skipped.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says nothing was imported when a background import fails, with its message', async () => {
    importServer();
    const job = {
      id: 'job_2',
      fileName: 'may.csv',
      totalRows: 12_000,
      doneRows: 0,
      result: null,
      createdAt: '2025-06-01T10:00:00.000Z',
    };
    server
      .on('POST', '/api/v1/imports', () =>
        ok({ job: { ...job, state: 'queued', error: null, finishedAt: null } }, 202),
      )
      .on('GET', '/api/v1/imports/jobs/job_2', () =>
        ok({
          job: {
            ...job,
            state: 'failed',
            error: 'This import would exceed your plan’s limit of 10,000 transactions',
            finishedAt: '2025-06-01T10:00:02.000Z',
          },
        }),
      );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Everyday Checking · Bank Account · USD');
    await user.upload(within(dialog).getByLabelText('File'), csvFile());
    await user.click(await within(dialog).findByRole('button', { name: 'Preview import' }));
    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    await user.click(within(check).getByRole('button', { name: 'Import 2 transactions' }));
    const alert = await within(check).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported');
    expect(alert).toHaveTextContent('This import would exceed your plan’s limit of 10,000 transactions');
    expect(within(check).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's line-numbered message for a malformed file, inline", async () => {
    importServer();
    server.on('POST', '/api/v1/imports/preview', () =>
      fail(
        400,
        'Line 3: the amount "abc" is not a number (expected something like -12.50)',
        'IMPORT_PARSE_ERROR',
      ),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Everyday Checking · Bank Account · USD');
    await user.upload(
      within(dialog).getByLabelText('File'),
      csvFile('Date,Amount\n2025-05-01,1\n2025-05-02,abc'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This file could not be read');
    expect(alert).toHaveTextContent(
      'Line 3: the amount "abc" is not a number (expected something like -12.50)',
    );
    expect(server.calls('/api/v1/imports', 'POST')).toHaveLength(0);
  });

  it('says nothing was imported when the plan refuses it, with the way to the plans', async () => {
    importServer();
    server.on('POST', '/api/v1/imports', () =>
      fail(
        403,
        'Your plan allows 250 transactions. Remove some transactions or upgrade to add more.',
        'UPGRADE_REQUIRED',
      ),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Everyday Checking · Bank Account · USD');
    await user.upload(within(dialog).getByLabelText('File'), csvFile());
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    await user.click(within(check).getByRole('button', { name: 'Import 2 transactions' }));
    const alert = await within(check).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported');
    expect(alert).not.toHaveTextContent('This file could not be read');
    expect(alert).toHaveTextContent(
      'Your plan allows 250 transactions. Remove some transactions or upgrade to add more.',
    );
    expect(within(alert).getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
      'href',
      '/settings/billing',
    );
  });

  it('refuses other file types and files over the size limit before sending anything', async () => {
    importServer();
    const user = userEvent.setup({ applyAccept: false });
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    const input = within(dialog).getByLabelText('File');
    expect(input).toHaveAttribute(
      'accept',
      '.csv,.tsv,.txt,.ofx,.qfx,.qif,.xml,.sta,.mt940,.940,.942,text/csv',
    );
    await user.upload(input, new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' }));
    expect(
      await within(dialog).findByText('Choose a CSV, OFX, QFX, QIF, CAMT (.xml) or MT940 (.sta) file.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    const big = csvFile('Date,Amount\n', 'huge.csv');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, big);
    expect(
      await within(dialog).findByText('This file is 11.00 MB; files up to 10.00 MB can be imported.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    expect(server.calls('/api/v1/imports/preview', 'POST')).toHaveLength(0);
    // The only account is chosen already.
    expect(within(dialog).getByRole('combobox', { name: 'Import into' })).toHaveTextContent(
      'Everyday Checking',
    );
  });

  it('chooses the only account when the list arrives after the dialog opened', async () => {
    importServer();
    let answer: (response: Response) => void = () => undefined;
    server.on('GET', '/api/v1/accounts', () => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const dialog = await openImport(user);
    const target = within(dialog).getByRole('combobox', { name: 'Import into' });
    expect(target).toHaveTextContent('Choose an account');
    answer(ok({ accounts: [checking] }));
    await waitFor(() => expect(target).toHaveTextContent('Everyday Checking'));
  });

  it('asks which account the file belongs to when there are several', async () => {
    const savings = makeAccount({ id: 'acc_savings', name: 'Rainy Day Savings' });
    importServer([checking, savings]);
    server.on('POST', '/api/v1/imports/preview', () =>
      ok({ ...previewOf(MAPPING), newCount: 0, duplicateCount: 3 }),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Rainy Day Savings');
    const dialog = await openImport(user);
    await user.upload(within(dialog).getByLabelText('File'), csvFile());
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    expect(within(dialog).getByText('Choose the account to import into')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Import into' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(server.calls('/api/v1/imports/preview', 'POST')).toHaveLength(0);
    await chooseAccount(user, dialog, 'Rainy Day Savings · Bank Account · USD');
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    expect(lastBody('/api/v1/imports/preview', 'POST')).toMatchObject({ accountId: 'acc_savings' });
    expect(check).toHaveTextContent(
      'Nothing new to import: every row of this file is in Rainy Day Savings already.',
    );
    expect(within(check).getByRole('button', { name: 'Import 0 transactions' })).toBeDisabled();
  });

  it('shows the encoding the server read the file in, and previews and imports in the one chosen', async () => {
    importServer();
    server.on('POST', '/api/v1/imports/preview', (request) => {
      const body = request.body as { encoding?: string };
      return ok({
        ...previewOf(MAPPING),
        encoding: body.encoding
          ? { name: body.encoding, source: 'chosen', nulRemoved: 0 }
          : { name: 'windows-1252', source: 'detected', nulRemoved: 0 },
      });
    });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Everyday Checking · Bank Account · USD');
    const bytes = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x0a]);
    await user.upload(within(dialog).getByLabelText('File'), new File([bytes], 'latin.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    expect(lastBody('/api/v1/imports/preview', 'POST')).toMatchObject({ contentBase64: 'Q2Fm6Qo=' });
    expect(lastBody('/api/v1/imports/preview', 'POST')).not.toHaveProperty('encoding');
    expect(check).toHaveTextContent('Read as Windows-1252 (Western European), detected from its bytes.');

    await user.click(within(check).getByRole('combobox', { name: 'Text encoding' }));
    await user.click(await screen.findByRole('option', { name: 'ISO-8859-15 (Latin-9, with €)' }));
    await waitFor(() =>
      expect(check).toHaveTextContent('Read as ISO-8859-15 (Latin-9, with €), as you chose.'),
    );
    expect(lastBody('/api/v1/imports/preview', 'POST')).toMatchObject({ encoding: 'iso-8859-15' });
    await user.click(within(check).getByRole('button', { name: 'Import 2 transactions' }));
    await waitFor(() => expect(server.calls('/api/v1/imports', 'POST')).toHaveLength(1));
    expect(lastBody('/api/v1/imports', 'POST')).toMatchObject({
      contentBase64: 'Q2Fm6Qo=',
      encoding: 'iso-8859-15',
    });
  });

  it('asks which statement of a multi-account file to import, and imports the one chosen', async () => {
    importServer();
    const statements = [
      { account: '…6789', type: 'CHECKING', currency: 'USD', transactionCount: 3 },
      { account: '…4321', type: 'CREDITCARD', currency: 'USD', transactionCount: 1 },
    ];
    server.on('POST', '/api/v1/imports/preview', (request) => {
      const { statement } = request.body as { statement?: number };
      return ok({
        ...previewOf(MAPPING),
        kind: 'ofx',
        mapping: null,
        statements,
        statementIndex: statement ?? 0,
        needsStatementChoice: statement === undefined,
      });
    });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Everyday Checking · Bank Account · USD');
    await user.upload(within(dialog).getByLabelText('File'), new File(['OFXHEADER:100'], 'both.ofx'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    expect(check).toHaveTextContent(
      "The file holds 2 accounts' statements: choose the one for Everyday Checking.",
    );
    expect(within(check).getByRole('button', { name: 'Import 2 transactions' })).toBeDisabled();
    await user.click(within(check).getByRole('combobox', { name: 'Statement in the file' }));
    await user.click(await screen.findByRole('option', { name: '…4321 · CREDITCARD · USD · 1 transaction' }));
    await waitFor(() =>
      expect(within(check).getByRole('button', { name: 'Import 2 transactions' })).toBeEnabled(),
    );
    expect(lastBody('/api/v1/imports/preview', 'POST')).toMatchObject({ statement: 1 });
    await user.click(within(check).getByRole('button', { name: 'Import 2 transactions' }));
    await waitFor(() => expect(server.calls('/api/v1/imports', 'POST')).toHaveLength(1));
    expect(lastBody('/api/v1/imports', 'POST')).toMatchObject({ statement: 1 });
  });

  it('follows a large multi-account import in the background with a progress bar, then shows the same result', async () => {
    importServer();
    const statements = [
      { account: '…6789', type: 'CHECKING', currency: 'USD', transactionCount: 7_000 },
      { account: '…4321', type: 'CREDITCARD', currency: 'USD', transactionCount: 5_000 },
    ];
    server.on('POST', '/api/v1/imports/preview', () =>
      ok({ ...previewOf(MAPPING), kind: 'ofx', mapping: null, statements, statementIndex: 0 }),
    );
    server.on('POST', '/api/v1/imports/statements/preview', () =>
      ok({
        kind: 'ofx',
        encoding: null,
        statements: statements.map((item, index) => ({
          ...item,
          statement: index,
          target: {
            accountId: 'acc_checking',
            accountName: 'Everyday Checking',
            match: 'number',
            newAccount: null,
          },
          rows: [],
          newCount: item.transactionCount,
          duplicateCount: 0,
          possibleDuplicateCount: 0,
          positionCount: 0,
          warnings: [],
        })),
        possibleDuplicates: [],
        ready: true,
        warnings: [],
      }),
    );
    const job = {
      id: 'job_3',
      fileName: 'both.ofx',
      totalRows: 12_000,
      result: null,
      error: null,
      createdAt: '2025-06-01T10:00:00.000Z',
      finishedAt: null,
    };
    const answers = [
      { ...job, state: 'running', doneRows: 3_000 },
      {
        ...job,
        state: 'done',
        doneRows: 12_000,
        result: {
          id: 'batch_1',
          importedCount: 11_999,
          duplicateCount: 1,
          statements: [
            {
              statement: 0,
              accountId: 'acc_checking',
              accountName: 'Everyday Checking',
              created: false,
              importedCount: 7_000,
              duplicateCount: 0,
            },
            {
              statement: 1,
              accountId: 'acc_card',
              accountName: 'Card …4321',
              created: true,
              importedCount: 4_999,
              duplicateCount: 1,
            },
          ],
        },
        finishedAt: '2025-06-01T10:00:09.000Z',
      },
    ];
    server
      .on('POST', '/api/v1/imports/statements', () =>
        ok({ job: { ...job, state: 'queued', doneRows: 0 } }, 202),
      )
      .on('GET', '/api/v1/imports/jobs/job_3', () => ok({ job: answers.shift() }));
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Everyday Checking · Bank Account · USD');
    await user.upload(within(dialog).getByLabelText('File'), new File(['OFXHEADER:100'], 'both.ofx'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    await user.click(within(check).getByRole('button', { name: 'Import every statement' }));
    const all = await screen.findByRole('dialog', { name: 'Import every statement' });
    const confirm = await within(all).findByRole('button', { name: /^Import .* into 1 account$/ });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);

    const bar = await within(all).findByRole('progressbar', { name: 'Rows imported' });
    expect(within(all).getByRole('status')).toHaveTextContent(
      'Importing in the background… waiting to start (12,000 rows)',
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(within(all).getByRole('status')).toHaveTextContent(
      'Importing in the background… 3,000 of 12,000 rows',
    );
    expect(await screen.findByText('Imported 11,999 transactions into 2 accounts')).toBeInTheDocument();
    expect(screen.getByText('1 duplicate was skipped. Created Card …4321.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('/api/v1/imports/jobs/job_3', 'GET')).toHaveLength(2);
  });

  it('previews an OFX file without a column mapping', async () => {
    importServer();
    server.on('POST', '/api/v1/imports/preview', () =>
      ok({
        kind: 'ofx',
        encoding: { name: 'utf-8', source: 'utf-8', nulRemoved: 0 },
        rows: [
          {
            line: 12,
            date: '2025-05-01',
            amount: usd(-1_999),
            name: 'Streaming Service',
            duplicate: false,
            repeatOf: null,
          },
        ],
        possibleDuplicates: [],
        newCount: 1,
        duplicateCount: 0,
        possibleDuplicateCount: 0,
        statements: [{ account: null, type: null, currency: 'USD', transactionCount: 3 }],
        statementIndex: 0,
        needsStatementChoice: false,
        positions: [],
        statementBalances: { opening: null, closing: null },
        balance: null,
        warnings: [],
      }),
    );
    const user = userEvent.setup();
    renderAccounts('/accounts');
    await screen.findByText('Everyday Checking');
    const dialog = await openImport(user);
    await chooseAccount(user, dialog, 'Everyday Checking · Bank Account · USD');
    await user.upload(within(dialog).getByLabelText('File'), new File(['OFXHEADER:100'], 'may.qfx'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    const check = await screen.findByRole('dialog', { name: 'Check the import' });
    expect(check).toHaveTextContent('may.qfx (OFX/QFX) into Everyday Checking.');
    expect(check).toHaveTextContent('1 new, 0 duplicates');
    expect(within(check).queryByRole('group', { name: 'Columns' })).not.toBeInTheDocument();
    await user.click(within(check).getByRole('button', { name: 'Import 1 transaction' }));
    await waitFor(() => expect(server.calls('/api/v1/imports', 'POST')).toHaveLength(1));
    expect(lastBody('/api/v1/imports', 'POST')).not.toHaveProperty('mapping');
  });

  it('creates a manual account first when the file belongs to a new one', async () => {
    importServer([]);
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const start = await screen.findByRole('region', { name: 'Add your first account' });
    await user.click(within(start).getByRole('button', { name: 'Import a file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a file' });
    await user.click(within(dialog).getByRole('button', { name: 'Create a manual account first' }));
    const create = await screen.findByRole('dialog', { name: 'Create an account for the import' });
    await user.type(within(create).getByLabelText('Account name'), 'Old Bank Checking');
    await user.type(within(create).getByLabelText('Current balance (USD)'), '0');
    await user.click(within(create).getByRole('button', { name: 'Create account' }));
    const back = await screen.findByRole('dialog', { name: 'Import a file' });
    await waitFor(() =>
      expect(within(back).getByRole('combobox', { name: 'Import into' })).toHaveTextContent(
        'Old Bank Checking',
      ),
    );
    await user.upload(within(back).getByLabelText('File'), csvFile());
    await user.click(within(back).getByRole('button', { name: 'Preview import' }));
    await screen.findByRole('dialog', { name: 'Check the import' });
    expect(lastBody('/api/v1/imports/preview', 'POST')).toMatchObject({ accountId: 'acc_new' });
  });
});

describe('recent imports', () => {
  it('lists past imports under a collapsible heading, with Undo for committed ones', async () => {
    let batches: ImportBatch[] = [
      {
        id: 'batch_new',
        accountId: 'acc_checking',
        accountName: 'Everyday Checking',
        fileName: 'june.csv',
        kind: 'csv',
        status: 'committed',
        importedCount: 12,
        duplicateCount: 3,
        createdAt: '2025-06-02T10:00:00.000Z',
        undoneAt: null,
      },
      {
        id: 'batch_old',
        accountId: 'acc_checking',
        accountName: 'Everyday Checking',
        fileName: 'may.ofx',
        kind: 'ofx',
        status: 'undone',
        importedCount: 5,
        duplicateCount: 0,
        createdAt: '2025-05-02T10:00:00.000Z',
        undoneAt: '2025-05-03T10:00:00.000Z',
      },
    ];
    server
      .on('GET', '/api/v1/accounts', () => ok({ accounts: [checking] }))
      .on('GET', '/api/v1/connections', () => ok({ connections: [] }))
      .on('GET', '/api/v1/imports', () => ok({ batches }))
      .on('DELETE', '/api/v1/imports/batch_new', () => {
        batches = batches.map((batch) => (batch.id === 'batch_new' ? { ...batch, status: 'undone' } : batch));
        return ok({ id: 'batch_new', removed: 12 });
      });
    const user = userEvent.setup();
    renderAccounts('/accounts');
    const toggle = await screen.findByRole('button', { name: /Recent imports/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const list = screen.getByRole('list', { name: 'Recent imports' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('june.csv');
    expect(first).toHaveTextContent('Everyday Checking');
    expect(first).toHaveTextContent('12 transactions imported, 3 skipped as duplicates');
    expect(second).toHaveTextContent('may.ofx');
    expect(second).toHaveTextContent('Undone');
    expect(within(second!).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await user.click(within(first!).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('12 transactions removed')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByText('Undone')).toHaveLength(2));
  });
});
