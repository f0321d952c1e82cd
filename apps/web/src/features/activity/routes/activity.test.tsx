import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dateRangeStart, formatDateTokens } from '@lodestar/domain';
import { servePreferences } from '@/lib/preferences-test-harness';
import { json, server } from '@/test/fake-server';
import { renderApp, setViewport } from '@/test/render-app';
import { bulkUpdateInChunks } from '../api';
import {
  fail,
  listRequests,
  makeTransaction,
  makeTransactions,
  ok,
  onPatch,
  renderActivity,
  serveTransactions,
} from '../test-harness';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  window.scrollTo(0, 0);
});

const grid = () => screen.findByRole('grid', { name: 'Transactions' });
const dataRows = () => screen.queryAllByRole('row').filter((row) => row.hasAttribute('data-row-id'));
const rowNamed = async (name: string) => {
  await grid();
  return (await screen.findByText(name, { selector: 'span' })).closest<HTMLElement>('[role="row"]')!;
};

describe('Activity list', () => {
  it('uses shorter rows when compact lists are on (the compact_view preference)', async () => {
    setViewport(1440);
    const today = formatDateTokens(Date.now(), 'YYYY-MM-DD', 'America/New_York');
    serveTransactions([makeTransaction({ id: 't1', name: 'Corner Cafe', date: today })]);
    server.on('GET', '/api/v1/user/preferences', () => ok({ compact_view: true }));
    renderActivity();
    const row = await rowNamed('Corner Cafe');
    await waitFor(() => expect(row.style.height).toBe('40px'));
  });

  it('lists transactions a page of 100 at a time with the count, amounts and badges', async () => {
    const long = 'SQ *BLUE BOTTLE COFFEE MISSION DISTRICT SAN FRANCISCO CA 94110';
    serveTransactions([
      makeTransaction({ id: 't1', name: long, merchantName: 'Blue Bottle', status: 'pending' }),
      makeTransaction({
        id: 't2',
        name: 'Payroll',
        amount: { amountMinor: 250000, currency: 'USD' },
        category: 'INCOME',
      }),
      makeTransaction({
        id: 't3',
        name: 'To savings',
        isTransfer: true,
        excluded: true,
        category: 'TRANSFER',
      }),
    ]);
    renderActivity();
    expect(await screen.findByText(/^3 of 3 transactions/)).toBeInTheDocument();
    expect(listRequests()[0]!.get('limit')).toBe('100');
    expect(listRequests()[0]!.get('page')).toBe('1');

    const first = await rowNamed(long.slice(0, 47) + '...');
    expect(within(first).getByTitle(long)).toBeInTheDocument();
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByText('Blue Bottle')).toBeInTheDocument();

    const payroll = await rowNamed('Payroll');
    expect(within(payroll).getByText('+$2,500.00')).toHaveAttribute('data-income');
    expect(
      within(payroll).getByRole('button', { name: 'Category: Income. Change category' }),
    ).toBeInTheDocument();

    const transfer = await rowNamed('To savings');
    expect(within(transfer).getByText('Transfer')).toBeInTheDocument();
    expect(within(transfer).getByText('Excluded')).toBeInTheDocument();
    expect(within(transfer).getByText('-$12.50')).not.toHaveAttribute('data-income');
  });

  it('sends the filters in the URL, comma-joined, and changes the URL as filters change', async () => {
    const user = userEvent.setup();
    serveTransactions(makeTransactions(5));
    const { router } = renderActivity('/activity?categories=TRAVEL,FOOD_AND_DRINK&accounts=acc_checking');
    await grid();
    const first = listRequests()[0]!;
    expect(first.get('categories')).toBe('FOOD_AND_DRINK,TRAVEL');
    expect(first.get('accounts')).toBe('acc_checking');
    expect(first.has('types')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Expenses' }));
    await waitFor(() => expect(router.state.location.search).toContain('filter=expenses'));
    await waitFor(() => expect(listRequests().at(-1)!.get('filter')).toBe('expenses'));

    // The back button returns to the previous filters (served from the cache).
    await act(() => router.navigate(-1));
    expect(router.state.location.search).not.toContain('filter=expenses');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('waits for a pause in typing before searching', async () => {
    const user = userEvent.setup();
    serveTransactions([makeTransaction({ name: 'Uber trip' }), makeTransaction({ name: 'Lyft ride' })]);
    const { router } = renderActivity();
    await grid();
    const before = listRequests().length;
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'uber');
    expect(listRequests()).toHaveLength(before);
    await waitFor(() => expect(router.state.location.search).toBe('?search=uber'));
    await waitFor(() => expect(screen.getByText(/^1 of 2 transactions/)).toBeInTheDocument());
    expect(
      listRequests()
        .filter((params) => params.has('search'))
        .map((params) => params.get('search')),
    ).toEqual(['uber']);
  });

  it('keeps only the rows in view in the DOM, and loads the next page on scrolling to the end', async () => {
    serveTransactions(makeTransactions(10_000));
    renderActivity();
    expect(await screen.findByText(/^10,000 of 10,000 transactions.* · 100 loaded$/)).toBeInTheDocument();
    // happy-dom's window is 768 px tall: about 14 rows of 56 px are in view, plus a few either side.
    expect(dataRows().length).toBeGreaterThan(5);
    expect(dataRows().length).toBeLessThan(40);
    expect(screen.queryByText('Payee 90')).not.toBeInTheDocument();

    await act(async () => {
      window.scrollTo(0, 56 * 85);
      window.dispatchEvent(new Event('scroll'));
    });
    expect(await screen.findByText('Payee 90')).toBeInTheDocument();
    expect(screen.queryByText('Payee 1', { exact: true })).not.toBeInTheDocument();
    expect(await screen.findByText(/ · 200 loaded$/)).toBeInTheDocument();
    expect(listRequests().at(-1)!.get('page')).toBe('2');
    expect(listRequests().at(-1)!.get('after')).toBe('cursor-after-page-1');
    expect(listRequests()[0]!.has('after')).toBe(false);
  });

  it('says "1,000+" when a search matches more than the server counts', async () => {
    serveTransactions([]);
    server.on('GET', '/api/v1/transactions/paginated', () =>
      json(200, {
        success: true,
        data: makeTransactions(100),
        pagination: {
          total: 1000,
          page: 1,
          pageSize: 100,
          totalPages: 11,
          hasNext: true,
          totalCapped: true,
          unfilteredTotal: 52_000,
          nextCursor: 'next',
        },
      }),
    );
    renderActivity('/activity?search=co');
    expect(await screen.findByText(/^1,000\+ of 52,000 transactions.* · 100 loaded$/)).toBeInTheDocument();
    expect(await grid()).toHaveAttribute('aria-rowcount', '-1');
  });

  it('stays virtual with 10,000 rows loaded', async () => {
    const rows = makeTransactions(10_000);
    serveTransactions(rows);
    renderActivity();
    await screen.findByText(/ · 100 loaded$/);
    for (let loaded = 200; loaded < 10_000; loaded += 100) {
      fireEvent.click(screen.getByText('Load more'));
      await screen.findByText(new RegExp(` · ${loaded.toLocaleString('en-US')} loaded$`));
    }
    fireEvent.click(screen.getByText('Load more'));
    await screen.findByText('End of the list.');
    expect(screen.getByText(/^10,000 of 10,000 transactions/)).not.toHaveTextContent('loaded');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(dataRows().length).toBeLessThan(40);
    await act(async () => {
      window.scrollTo(0, 56 * 9_990);
      window.dispatchEvent(new Event('scroll'));
    });
    expect(await screen.findByText('Payee 10000')).toBeInTheDocument();
    expect(dataRows().length).toBeLessThan(40);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '10001');
  });

  it('shows two-line rows under date headers on a phone', async () => {
    setViewport(375);
    serveTransactions([
      makeTransaction({ name: 'Bakery', date: '2025-03-05' }),
      makeTransaction({ name: 'Cinema', date: '2025-03-04', category: 'ENTERTAINMENT' }),
    ]);
    const { container } = renderActivity();
    await screen.findByText('Bakery');
    expect(container.querySelector('[data-date-header="2025-03-05"]')).toHaveTextContent(
      'Wednesday, 03/05/2025',
    );
    expect(container.querySelector('[data-date-header="2025-03-04"]')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Amount' })).not.toBeInTheDocument();
  });
});

describe('Recategorizing', () => {
  it('changes the category at once, then applies it to similar transactions through a rule', async () => {
    const user = userEvent.setup();
    const rows = [
      makeTransaction({ id: 't1', name: 'Delta Air Lines', category: null, categoryConfidence: 0.4 }),
    ];
    serveTransactions(rows);
    let answerPatch: (response: Response) => void = () => undefined;
    onPatch('t1', () => new Promise<Response>((resolve) => (answerPatch = resolve)));
    const rule = { match: { field: 'name', contains: 'delta air' }, category: 'TRAVEL' };
    server.on('POST', '/api/v1/rules/preview', () => ok({ rule, matching: 4 }));
    server.on('POST', '/api/v1/rules', () => ok({ rule: { id: 'rule_1', ...rule }, applied: 4 }));
    renderActivity();

    const row = await rowNamed('Delta Air Lines');
    await user.click(within(row).getByRole('button', { name: 'Category: Uncategorized. Change category' }));
    await user.click(await screen.findByRole('button', { name: 'Travel' }));
    // Shown before the server answers.
    expect(
      within(row).getByRole('button', { name: 'Category: Travel. Change category' }),
    ).toBeInTheDocument();
    expect(server.calls('/api/v1/transactions/t1', 'PATCH')[0]!.body).toEqual({ category: 'TRAVEL' });
    answerPatch(
      ok({ transaction: { ...rows[0], category: 'TRAVEL', categorySource: 'user', categoryConfidence: 1 } }),
    );

    await user.click(await screen.findByRole('button', { name: 'Apply to similar transactions' }));
    expect(await screen.findByText('4 matching')).toBeInTheDocument();
    expect(server.calls('/api/v1/rules/preview', 'POST')[0]!.body).toEqual({
      transactionId: 't1',
      category: 'TRAVEL',
    });
    await user.click(screen.getByRole('button', { name: 'Apply to 4 transactions' }));

    expect(await screen.findByText('Rule created')).toBeInTheDocument();
    expect(screen.getByText('4 similar transactions were updated.')).toBeInTheDocument();
    expect(server.calls('/api/v1/rules', 'POST')[0]!.body).toEqual(rule);
    // The rule changed other rows: the list is read again.
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(1));
  });

  it('rolls the category back when the server refuses', async () => {
    const user = userEvent.setup();
    serveTransactions([makeTransaction({ id: 't1', name: 'Pharmacy', category: 'FOOD_AND_DRINK' })]);
    onPatch('t1', () => fail(500, 'Database unavailable'));
    renderActivity();
    const row = await rowNamed('Pharmacy');
    await user.click(within(row).getByRole('button', { name: 'Category: Food & Dining. Change category' }));
    await user.click(await screen.findByRole('button', { name: 'Medical' }));
    expect(await screen.findByText('Failed to update transaction')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Category: Food & Dining. Change category' }),
    ).toBeInTheDocument();
  });
});

describe('Selecting and bulk changes', () => {
  it('selects rows and sets their category in one bulk request', async () => {
    const user = userEvent.setup();
    serveTransactions([
      makeTransaction({ id: 't1', name: 'Shell' }),
      makeTransaction({ id: 't2', name: 'Chevron' }),
      makeTransaction({ id: 't3', name: 'Grocer' }),
    ]);
    server.on('POST', '/api/v1/transactions/bulk', ({ body }) =>
      ok({ updated: (body as { ids: string[] }).ids.length }),
    );
    renderActivity();
    await user.click(within(await rowNamed('Shell')).getByRole('checkbox', { name: 'Select Shell' }));
    await user.click(within(await rowNamed('Chevron')).getByRole('checkbox', { name: 'Select Chevron' }));
    const bar = screen.getByRole('region', { name: '2 selected' });
    expect(screen.getByRole('checkbox', { name: 'Select all 3 loaded' })).toHaveAttribute(
      'data-state',
      'indeterminate',
    );

    await user.click(within(bar).getByRole('combobox', { name: 'Set category of selected transactions' }));
    await user.click(await screen.findByRole('option', { name: 'Transportation' }));
    expect(
      await screen.findByText('Category set to Transportation: 2 transactions updated'),
    ).toBeInTheDocument();
    expect(server.calls('/api/v1/transactions/bulk', 'POST')[0]!.body).toEqual({
      ids: ['t1', 't2'],
      changes: { category: 'TRANSPORTATION' },
    });
    expect(
      within(await rowNamed('Shell')).getByRole('button', { name: /Category: Transportation/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /selected/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all 3 loaded' }));
    await user.click(
      within(screen.getByRole('region', { name: '3 selected' })).getByRole('button', { name: 'Exclude' }),
    );
    expect(await screen.findByText('Excluded: 3 transactions updated')).toBeInTheDocument();
    expect(server.calls('/api/v1/transactions/bulk', 'POST')[1]!.body).toEqual({
      ids: ['t1', 't2', 't3'],
      changes: { excluded: true },
    });
    expect(within(await rowNamed('Grocer')).getByText('Excluded')).toBeInTheDocument();
  });

  it('sends at most 500 ids per bulk request', async () => {
    server.on('POST', '/api/v1/transactions/bulk', ({ body }) =>
      ok({ updated: (body as { ids: string[] }).ids.length }),
    );
    const ids = Array.from({ length: 1_234 }, (_, index) => `t${index}`);
    const progress: number[] = [];
    await expect(bulkUpdateInChunks(ids, { excluded: false }, (done) => progress.push(done))).resolves.toBe(
      1_234,
    );
    const sizes = server
      .calls('/api/v1/transactions/bulk', 'POST')
      .map((call) => (call.body as { ids: string[] }).ids.length);
    expect(sizes).toEqual([500, 500, 234]);
    expect(progress).toEqual([500, 1_000, 1_234]);
  });
});

describe('Keyboard and details', () => {
  it('moves between rows with the arrow keys, selects with Space and opens details with Enter', async () => {
    const user = userEvent.setup();
    serveTransactions([
      makeTransaction({ id: 't1', name: 'Alpha', originalName: 'ALPHA*POS 123', notes: null }),
      makeTransaction({ id: 't2', name: 'Beta', originalName: 'BETA*POS 456' }),
    ]);
    onPatch('t2', ({ body }) =>
      ok({ transaction: { ...makeTransaction({ id: 't2', name: 'Beta' }), ...(body as object) } }),
    );
    renderActivity();
    const alpha = await rowNamed('Alpha');
    expect(alpha).toHaveAttribute('tabindex', '0');
    alpha.focus();
    await user.keyboard('{ArrowDown}');
    const beta = await rowNamed('Beta');
    await waitFor(() => expect(beta).toHaveFocus());
    await user.keyboard(' ');
    expect(beta).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    const sheet = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(within(sheet).getByText('BETA*POS 456')).toBeInTheDocument();
    const notes = within(sheet).getByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveAttribute('maxlength', '500');
    await user.type(notes, 'Split with Sam');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(server.calls('/api/v1/transactions/t2', 'PATCH')).toHaveLength(1));
    expect(server.calls('/api/v1/transactions/t2', 'PATCH')[0]!.body).toEqual({ notes: 'Split with Sam' });

    await user.click(within(sheet).getByRole('switch', { name: 'Exclude from totals' }));
    await waitFor(() => expect(server.calls('/api/v1/transactions/t2', 'PATCH')).toHaveLength(2));
    expect(server.calls('/api/v1/transactions/t2', 'PATCH')[1]!.body).toEqual({ excluded: true });
  });
});

describe('A payment made in another currency', () => {
  it('shows the foreign amount and the bank’s rate in the details', async () => {
    const user = userEvent.setup();
    serveTransactions([
      makeTransaction({
        id: 'tx_gbp',
        name: 'Pret A Manger',
        amount: { amountMinor: -705, currency: 'EUR' },
        foreignAmount: { amount: { amountMinor: -600, currency: 'GBP' }, exchangeRate: '0.8510638' },
      }),
      makeTransaction({ id: 'tx_eur', name: 'Rewe', amount: { amountMinor: -3180, currency: 'EUR' } }),
    ]);
    renderActivity();
    (await rowNamed('Pret A Manger')).focus();
    await user.keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(within(sheet).getByText('Foreign amount')).toBeInTheDocument();
    expect(within(sheet).getByText('-£6.00')).toBeInTheDocument();
    expect(within(sheet).getByText('Exchange rate 0.8510638, as the statement gives it')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    (await rowNamed('Rewe')).focus();
    await user.keyboard('{Enter}');
    const other = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(within(other).queryByText('Foreign amount')).not.toBeInTheDocument();
  });
});

describe('Activity states', () => {
  it('explains an empty account and links to Accounts', async () => {
    serveTransactions([]);
    renderActivity();
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
    expect(screen.getByText(/connect the demo bank/)).toBeInTheDocument();
    expect(
      screen.getByText(/link your bank through Plaid or SimpleFIN Bridge \(Plaid needs PLAID_CLIENT_ID/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Accounts' })).toHaveAttribute('href', '/accounts');
  });

  it('offers Clear filters when nothing matches', async () => {
    const user = userEvent.setup();
    serveTransactions([makeTransaction({ name: 'Coffee' })]);
    const { router } = renderActivity('/activity?filter=transfers');
    expect(
      await screen.findByRole('heading', { name: 'No transactions match these filters' }),
    ).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear.at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Coffee')).toBeInTheDocument();
  });

  it('shows the spec error with Retry', async () => {
    const user = userEvent.setup();
    let failing = true;
    server.on('GET', '/api/v1/transactions/paginated', () =>
      failing ? fail(500, 'Database unavailable') : ok([makeTransaction({ name: 'Rent' })]),
    );
    renderActivity();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch transactions: 500 - Database unavailable');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Rent')).toBeInTheDocument();
  });

  it('sends a visitor whose session ended to sign in', async () => {
    server.on('GET', '/api/v1/transactions/paginated', () => {
      server.signOut();
      return fail(401, 'Authentication required', 'UNAUTHORIZED');
    });
    const { router } = renderApp('/activity');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/activity')}`);
  });
});

describe('Activity and the display preferences', () => {
  it('starts the date filter at the default date range, writes dates in the date format, and can show all', async () => {
    setViewport(1440);
    const today = formatDateTokens(Date.now(), 'YYYY-MM-DD', 'Europe/Paris');
    const from = dateRangeStart('7d', today);
    serveTransactions([
      makeTransaction({ name: 'Recent coffee', date: today }),
      makeTransaction({ name: 'Old rent', date: '2020-02-03' }),
    ]);
    server.on('GET', '/api/v1/user/preferences', () =>
      ok({ default_date_range: '7d', time_zone: 'Europe/Paris', date_format: 'DD.MM.YYYY' }),
    );
    const user = userEvent.setup();
    const { router } = renderActivity();
    await waitFor(() => expect(listRequests().at(-1)?.get('date')).toBe(from));
    expect(await screen.findByText('Recent coffee', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByText('Old rent', { selector: 'span' })).not.toBeInTheDocument();
    // The From field is typed and shown in the date format too.
    const [fy, fm, fd] = from.split('-');
    expect(screen.getByLabelText(/^from$/i)).toHaveValue(`${fd}.${fm}.${fy}`);
    expect(screen.getByLabelText(/^from$/i)).toHaveAttribute('placeholder', 'DD.MM.YYYY');
    // The default window is a chip like any other filter, named for what it covers.
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText(`Last 7 days (from ${fd}.${fm}.${fy})`)).toBeInTheDocument();
    expect(screen.getByText(/^1 of 2 transactions \(last 7 days\)$/)).toBeInTheDocument();
    // Shown in the date format.
    const [year, month, day] = today.split('-');
    expect((await rowNamed('Recent coffee')).textContent).toContain(`${day}.${month}.${year}`);

    // Clearing the date shows all history, and the URL says so.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=all'));
    expect(await screen.findByText('Old rent', { selector: 'span' })).toBeInTheDocument();
  });

  it('applies the saved default filters when the URL names none, says so, shows all on request and saves the default', async () => {
    setViewport(1440);
    serveTransactions([makeTransaction({ name: 'Grocer' })]);
    const store = servePreferences({
      transaction_filters: {
        show_recurring: true,
        show_pending: true,
        show_credit_cards: false,
        show_refunds_only: false,
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/activity');
    await waitFor(() => expect(listRequests().at(-1)?.get('types')).toBeTruthy());
    const types = listRequests().at(-1)!.get('types')!.split(',');
    expect(types).not.toContain('credit');
    expect(types).toContain('depository');
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    expect(await within(chips).findByText('Credit-card transactions hidden')).toBeInTheDocument();
    const saved = screen.getByRole('checkbox', { name: 'Hide credit-card transactions by default' });
    expect(saved).toBeChecked();

    // Removing the chip is said in the URL, so it stays.
    await user.click(
      within(chips).getByRole('button', { name: 'Remove filter: Credit-card transactions hidden' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?types=all'));
    await waitFor(() => expect(listRequests().at(-1)?.has('types')).toBe(false));
    expect(screen.queryByText('Credit-card transactions hidden')).not.toBeInTheDocument();

    // Turning the default off saves it.
    await user.click(saved);
    await waitFor(() => expect(store.stored().transaction_filters.show_credit_cards).toBe(true));
  });

  it('applies the saved pending, recurring and refunds defaults as removable chips and saves the switches', async () => {
    setViewport(1440);
    serveTransactions([makeTransaction({ name: 'Grocer' })]);
    const store = servePreferences({
      transaction_filters: {
        show_recurring: false,
        show_pending: false,
        show_credit_cards: true,
        show_refunds_only: true,
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/activity');
    await waitFor(() => expect(listRequests().at(-1)?.get('pending')).toBe('exclude'));
    const request = listRequests().at(-1)!;
    expect(request.get('recurring')).toBe('exclude');
    expect(request.get('refunds')).toBe('only');
    expect(request.has('types')).toBe(false);
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    for (const label of ['Pending transactions hidden', 'Recurring payments hidden', 'Refunds only']) {
      expect(await within(chips).findByText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: 'Hide pending transactions by default' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hide recurring payments by default' })).toBeChecked();
    const refunds = screen.getByRole('checkbox', { name: 'Show only refunds by default' });
    expect(refunds).toBeChecked();

    // Removing a chip is said in the URL, so it stays; the others keep applying.
    await user.click(within(chips).getByRole('button', { name: 'Remove filter: Refunds only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?refunds=all'));
    await waitFor(() => expect(listRequests().at(-1)?.has('refunds')).toBe(false));
    expect(listRequests().at(-1)?.get('pending')).toBe('exclude');
    expect(within(chips).queryByText('Refunds only')).not.toBeInTheDocument();

    // The switches save the defaults.
    await user.click(refunds);
    await waitFor(() => expect(store.stored().transaction_filters.show_refunds_only).toBe(false));
    await user.click(screen.getByRole('checkbox', { name: 'Hide pending transactions by default' }));
    await waitFor(() => expect(store.stored().transaction_filters.show_pending).toBe(true));
    await user.click(screen.getByRole('checkbox', { name: 'Hide recurring payments by default' }));
    await waitFor(() => expect(store.stored().transaction_filters.show_recurring).toBe(true));
    await waitFor(() => expect(listRequests().at(-1)?.has('pending')).toBe(false));
    expect(listRequests().at(-1)?.has('recurring')).toBe(false);
  });

  it('shows every account type when the saved default filters show credit cards', async () => {
    setViewport(1440);
    serveTransactions([makeTransaction({ name: 'Grocer' })]);
    const store = servePreferences();
    const user = userEvent.setup();
    renderApp('/activity');
    const saved = await screen.findByRole('checkbox', { name: 'Hide credit-card transactions by default' });
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(0));
    expect(listRequests().every((request) => !request.has('types'))).toBe(true);
    expect(saved).not.toBeChecked();
    await user.click(saved);
    await waitFor(() => expect(store.stored().transaction_filters.show_credit_cards).toBe(false));
    await waitFor(() => expect(listRequests().at(-1)?.get('types')?.split(',')).not.toContain('credit'));
    expect(listRequests().at(-1)?.has('types')).toBe(true);
  });
});
