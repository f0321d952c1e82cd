import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/fake-server';
import { FakeRealEstate, fail, mapleHouse, ok, renderRealEstate } from './test-harness';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

type User = ReturnType<typeof userEvent.setup>;

async function openDialog(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Add property' }));
  return screen.findByRole('dialog', { name: 'Add a property' });
}

async function choose(user: User, dialog: HTMLElement, field: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Fills a valid US property: Oak Villa, $450,000.00 on 2021-04-01, in Austin, TX. */
async function fillValid(user: User, dialog: HTMLElement) {
  const form = within(dialog);
  await fill(user, form.getByLabelText('Name'), 'Oak Villa');
  await fill(user, form.getByLabelText('Address line 1'), '7 Oak Avenue');
  await fill(user, form.getByLabelText('City'), 'Austin');
  await choose(user, dialog, 'State', 'TX');
  await fill(user, form.getByLabelText('Postal code (optional)'), '73301');
  await fill(user, form.getByLabelText('Purchase price (USD)'), '450,000');
  fireEvent.change(form.getByLabelText('Purchase date'), { target: { value: '04/01/2021' } });
}

describe('adding a property', { timeout: 30_000 }, () => {
  it('checks the required fields before sending', async () => {
    const user = userEvent.setup();
    new FakeRealEstate();
    renderRealEstate();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    const form = within(dialog);
    expect(form.getByText('Enter a name for the property')).toBeInTheDocument();
    expect(form.getByText('Enter the street address')).toBeInTheDocument();
    expect(form.getByText('Enter the city')).toBeInTheDocument();
    expect(form.getByText('Choose a US state')).toBeInTheDocument();
    expect(form.getByText('Enter the purchase price')).toBeInTheDocument();
    expect(form.getByText('Enter a real date in your date format')).toBeInTheDocument();
    expect(form.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('/api/v1/real-estate', 'POST')).toHaveLength(0);
  });

  it('shows the server’s 400 items on their fields and keeps the dialog open', async () => {
    const user = userEvent.setup();
    new FakeRealEstate();
    server.on('POST', '/api/v1/real-estate', () =>
      fail(400, 'Validation failed', 'VALIDATION_ERROR', [
        { field: 'purchaseDate', message: 'The purchase date cannot be in the future', code: 'custom' },
        { field: 'address.state', message: 'Choose a US state', code: 'custom' },
        {
          field: 'mortgageAccountId',
          message: 'Choose a loan in the same currency as the property',
          code: 'custom',
        },
        { field: 'body', message: 'Invalid request', code: 'invalid_body' },
      ]),
    );
    renderRealEstate();
    const dialog = await openDialog(user);
    await fillValid(user, dialog);
    await choose(user, dialog, 'Mortgage', 'Home Loan (USD)');
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    const form = within(dialog);
    expect(await form.findByText('The purchase date cannot be in the future')).toBeInTheDocument();
    expect(form.getByLabelText('Purchase date')).toHaveAccessibleDescription(
      'The purchase date cannot be in the future',
    );
    expect(form.getByRole('combobox', { name: 'State' })).toHaveAccessibleDescription('Choose a US state');
    expect(form.getByRole('combobox', { name: 'Mortgage' })).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByText('Choose a loan in the same currency as the property')).toBeInTheDocument();
    expect(form.getByRole('alert')).toHaveTextContent('Invalid request');
    expect(screen.getByRole('dialog', { name: 'Add a property' })).toBeInTheDocument();
  });

  it('says why when the plan allows no more accounts', async () => {
    const user = userEvent.setup();
    new FakeRealEstate();
    const limit = 'Your plan allows 3 accounts. Remove an account or upgrade to add more.';
    server.on('POST', '/api/v1/real-estate', () => fail(403, limit, 'FORBIDDEN'));
    renderRealEstate();
    const dialog = await openDialog(user);
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);
    expect(within(dialog).getByRole('button', { name: 'Add property' })).toBeEnabled();
  });

  it('creates the property, disables the button while saving, says so and lists it', async () => {
    const user = userEvent.setup();
    const fake = new FakeRealEstate({ default_currency: 'USD' });
    fake.add(mapleHouse());
    let release: () => void = () => undefined;
    server.on('POST', '/api/v1/real-estate', async (request) => {
      await new Promise<void>((resolve) => (release = resolve));
      return ok(fake.add(request.body as Parameters<FakeRealEstate['add']>[0]), 201);
    });
    renderRealEstate();
    await screen.findByRole('region', { name: 'Maple House' });
    const reads = server.calls('/api/v1/real-estate', 'GET').length;
    const dialog = await openDialog(user);
    await fillValid(user, dialog);
    await fill(user, within(dialog).getByLabelText('Current value (USD, optional)'), '480000');
    fireEvent.change(within(dialog).getByLabelText('Value date (optional)'), {
      target: { value: '2025-06-01' },
    });
    await choose(user, dialog, 'Mortgage', 'Cabin Loan (USD)');
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    expect(within(dialog).getByRole('button', { name: 'Adding...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('/api/v1/real-estate', 'POST')[0]!.body).toEqual({
      name: 'Oak Villa',
      address: { line1: '7 Oak Avenue', city: 'Austin', state: 'TX', postalCode: '73301', country: 'US' },
      purchasePrice: 450000,
      purchaseDate: '2021-04-01',
      currency: 'USD',
      currentValue: 480000,
      valuationDate: '2025-06-01',
      mortgageAccountId: 'acc_heloc',
    });
    expect(await screen.findByText('Oak Villa added')).toBeInTheDocument();
    const oak = within(await screen.findByRole('region', { name: 'Oak Villa' }));
    expect(oak.getByText('$480,000.00')).toBeInTheDocument();
    expect(oak.getByText('$430,000.00')).toBeInTheDocument();
    expect(server.calls('/api/v1/real-estate', 'GET').length).toBeGreaterThan(reads);
  });

  it('offers the display currencies with the user’s default, and a free-text region outside the US', async () => {
    const user = userEvent.setup();
    new FakeRealEstate({ default_currency: 'EUR' });
    renderRealEstate();
    const dialog = await openDialog(user);
    const form = within(dialog);
    await waitFor(() => expect(form.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR'));
    expect(form.getByLabelText('Purchase price (EUR)')).toBeInTheDocument();
    await user.clear(form.getByLabelText('Country'));
    await user.type(form.getByLabelText('Country'), 'gb');
    expect(form.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
    expect(form.getByLabelText('State or region (optional)')).toBeInTheDocument();
    await user.click(form.getByRole('combobox', { name: 'Mortgage' }));
    const loans = await screen.findByRole('listbox');
    expect(
      within(loans)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'Home Loan (USD)', 'Cabin Loan (USD)']);
  });
});
