import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/fake-server';
import { DELETE_PROPERTY_TEXT } from './components/property-sheet';
import { todayIn } from './model';
import { FakeRealEstate, fail, mapleHouse, renderRealEstate } from './test-harness';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

type User = ReturnType<typeof userEvent.setup>;

async function openMaple(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Details of Maple House' }));
  const sheet = await screen.findByRole('dialog', { name: 'Property details' });
  await within(sheet).findByRole('table', { name: 'Valuations of Maple House' });
  return sheet;
}

const valuationRows = (sheet: HTMLElement) =>
  within(within(sheet).getByRole('table', { name: 'Valuations of Maple House' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('property details', { timeout: 30_000 }, () => {
  it('lists the valuations and the value over time as a table', async () => {
    const user = userEvent.setup();
    const fake = new FakeRealEstate();
    fake.add(mapleHouse());
    const { router } = renderRealEstate();
    const sheet = await openMaple(user);
    expect(router.state.location.search).toBe('?property=prop_1');
    expect(valuationRows(sheet)).toEqual([
      '03/01/2025$500,000.00Manual',
      '06/15/2020$450,000.00Purchase price',
    ]);
    expect(within(sheet).getAllByRole('button', { name: /^Delete the valuation of/ })).toHaveLength(1);
    expect(
      within(sheet).getByRole('img', { name: /^Value of Maple House over time, now \$500,000\.00/ }),
    ).toBeInTheDocument();
    const history = within(within(sheet).getByRole('table', { name: 'Value of Maple House over time' }));
    const today = todayIn('America/New_York');
    const [year, month, day] = today.split('-');
    expect(
      history
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '06/15/2020$450,000.00',
      '03/01/2025$500,000.00',
      `${month}/${day}/${year} (today)$500,000.00`,
    ]);
  });

  it('adds a valuation', async () => {
    const user = userEvent.setup();
    const fake = new FakeRealEstate();
    fake.add(mapleHouse());
    renderRealEstate();
    const sheet = await openMaple(user);
    await user.click(within(sheet).getByRole('button', { name: 'Add valuation' }));
    const form = within(within(sheet).getByRole('form', { name: 'Add valuation' }));
    const [year, month, day] = todayIn('America/New_York').split('-');
    expect(form.getByLabelText('Date')).toHaveValue(`${month}/${day}/${year}`);
    await user.click(form.getByRole('button', { name: 'Save valuation' }));
    expect(form.getByText('Enter the value')).toBeInTheDocument();
    fireEvent.change(form.getByLabelText('Date'), { target: { value: '09/01/2025' } });
    await user.click(form.getByLabelText('Value (USD)'));
    await user.paste('520,000');
    await user.click(form.getByLabelText('Note (optional)'));
    await user.paste('Appraisal');
    await user.click(form.getByRole('button', { name: 'Save valuation' }));
    expect(await screen.findByText('Valuation added')).toBeInTheDocument();
    expect(server.calls('/api/v1/real-estate/prop_1/valuations', 'POST')[0]!.body).toEqual({
      date: '2025-09-01',
      value: 520000,
      note: 'Appraisal',
    });
    await waitFor(() => expect(valuationRows(sheet)[0]).toBe('09/01/2025$520,000.00ManualAppraisal'));
    expect(within(sheet).queryByRole('form', { name: 'Add valuation' })).not.toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Maple House', hidden: true });
    await waitFor(() => expect(card).toHaveTextContent('as of 09/01/2025'));
  });

  it('shows the server’s reason on the date of a valuation', async () => {
    const user = userEvent.setup();
    const fake = new FakeRealEstate();
    fake.add(mapleHouse());
    server.on('POST', '/api/v1/real-estate/prop_1/valuations', () =>
      fail(400, 'Validation failed', 'VALIDATION_ERROR', [
        { field: 'date', message: 'The valuation date cannot be before the purchase date', code: 'custom' },
      ]),
    );
    renderRealEstate();
    const sheet = await openMaple(user);
    await user.click(within(sheet).getByRole('button', { name: 'Add valuation' }));
    const form = within(within(sheet).getByRole('form', { name: 'Add valuation' }));
    fireEvent.change(form.getByLabelText('Date'), { target: { value: '01/01/2019' } });
    await user.click(form.getByLabelText('Value (USD)'));
    await user.paste('400000');
    await user.click(form.getByRole('button', { name: 'Save valuation' }));
    expect(
      await form.findByText('The valuation date cannot be before the purchase date'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes a manual valuation only after confirming', async () => {
    const user = userEvent.setup();
    const fake = new FakeRealEstate();
    fake.add(mapleHouse());
    renderRealEstate();
    const sheet = await openMaple(user);
    await user.click(within(sheet).getByRole('button', { name: 'Delete the valuation of 03/01/2025' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete valuation' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.calls('/api/v1/real-estate/prop_1/valuations/prop_1_v1', 'DELETE')).toHaveLength(0);

    await user.click(within(sheet).getByRole('button', { name: 'Delete the valuation of 03/01/2025' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete valuation' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete valuation' }));
    expect(await screen.findByText('Valuation deleted')).toBeInTheDocument();
    expect(server.calls('/api/v1/real-estate/prop_1/valuations/prop_1_v1', 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(valuationRows(sheet)).toEqual(['06/15/2020$450,000.00Purchase price']));
  });

  it('edits the name and unlinks the mortgage', async () => {
    const user = userEvent.setup();
    const fake = new FakeRealEstate();
    fake.add(mapleHouse());
    renderRealEstate();
    const sheet = await openMaple(user);
    await user.click(within(sheet).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit property' }));
    expect(dialog.getByRole('combobox', { name: 'State' })).toHaveTextContent('IL');
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'Mortgage' })).toHaveTextContent('Home Loan (USD)'),
    );
    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(dialog.getByText('Enter a name for the property')).toBeInTheDocument();
    await user.click(dialog.getByLabelText('Name'));
    await user.paste('Maple Home');
    await user.click(dialog.getByRole('combobox', { name: 'Mortgage' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Maple Home saved')).toBeInTheDocument();
    expect(server.calls('/api/v1/real-estate/prop_1', 'PATCH')[0]!.body).toEqual({
      name: 'Maple Home',
      address: {
        line1: '12 Maple Street',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'US',
      },
      mortgageAccountId: null,
    });
    await waitFor(() => expect(within(sheet).getByText('Maple Home')).toBeInTheDocument());
  });

  it('deletes the property after saying what goes with it', async () => {
    const user = userEvent.setup();
    const fake = new FakeRealEstate();
    fake.add(mapleHouse());
    const { router } = renderRealEstate();
    const sheet = await openMaple(user);
    await user.click(within(sheet).getByRole('button', { name: 'Delete property' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Maple House?' });
    expect(confirm).toHaveTextContent(DELETE_PROPERTY_TEXT);
    await user.click(within(confirm).getByRole('button', { name: 'Delete property' }));
    expect(await screen.findByText('Maple House deleted')).toBeInTheDocument();
    expect(server.calls('/api/v1/real-estate/prop_1', 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(
      await screen.findByRole('heading', { name: 'Add a property to track its value and equity' }),
    ).toBeInTheDocument();
  });

  it('masks the valuations and the chart when balances are hidden', async () => {
    const user = userEvent.setup();
    const fake = new FakeRealEstate({ show_balances: false });
    fake.add(mapleHouse());
    renderRealEstate();
    const sheet = await openMaple(user);
    await waitFor(() => expect(sheet).not.toHaveTextContent('$'));
    expect(within(sheet).getByRole('img', { name: 'Value of Maple House over time' })).toBeInTheDocument();
    const history = within(sheet).getByRole('table', { name: 'Value of Maple House over time' });
    expect(history).toHaveTextContent('••••');
  });
});
