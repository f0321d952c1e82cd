import { screen, waitFor, within } from '@testing-library/react';
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

const card = (name: string) => screen.findByRole('region', { name });

describe('Real estate page', () => {
  it('shows each property with its value, purchase, appreciation, mortgage, equity and loan-to-value', async () => {
    const fake = new FakeRealEstate();
    fake.add(mapleHouse());
    fake.add({
      ...mapleHouse(),
      name: 'Lake Cabin',
      address: { line1: '1 Shore Road', city: 'Duluth', state: 'MN', country: 'US' },
      purchasePrice: 200000,
      purchaseDate: '2022-01-10',
      currentValue: 180000,
      valuationDate: '2025-01-10',
      mortgageAccountId: null,
    });
    renderRealEstate();
    const maple = within(await card('Maple House'));
    expect(maple.getByText('12 Maple Street, Springfield, IL 62701, US')).toBeInTheDocument();
    expect(maple.getByText('$500,000.00')).toBeInTheDocument();
    expect(maple.getByText('as of 03/01/2025')).toBeInTheDocument();
    expect(maple.getByText('$450,000.00')).toBeInTheDocument();
    expect(maple.getByText('on 06/15/2020')).toBeInTheDocument();
    expect(maple.getByText('+$50,000.00')).toBeInTheDocument();
    expect(maple.getByText('+11.11%')).toBeInTheDocument();
    expect(maple.getByText('Home Loan')).toBeInTheDocument();
    expect(maple.getByText('$300,000.00')).toBeInTheDocument();
    expect(maple.getByText('$200,000.00')).toBeInTheDocument();
    expect(maple.getByText('60.00%')).toBeInTheDocument();

    const cabin = within(await card('Lake Cabin'));
    expect(cabin.getByText('-$20,000.00')).toBeInTheDocument();
    expect(cabin.getByText('(10.00%)')).toBeInTheDocument();
    expect(cabin.getByText('None')).toBeInTheDocument();
    expect(cabin.getByText('—')).toBeInTheDocument();

    const totals = within(screen.getByRole('region', { name: 'Real estate totals' }));
    expect(totals.getByText('$680,000.00')).toBeInTheDocument();
    expect(totals.getByText('$300,000.00')).toBeInTheDocument();
    expect(totals.getByText('$380,000.00')).toBeInTheDocument();
  });

  it('invites the first property when there is none', async () => {
    const user = userEvent.setup();
    new FakeRealEstate();
    renderRealEstate();
    const empty = await screen.findByRole('heading', {
      name: 'Add a property to track its value and equity',
    });
    expect(empty).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add property' }));
    expect(await screen.findByRole('dialog', { name: 'Add a property' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    new FakeRealEstate();
    server.on('GET', '/api/v1/real-estate', () => new Promise<Response>(() => undefined));
    renderRealEstate();
    expect(await screen.findByText('Loading your properties…')).toBeInTheDocument();
    expect(screen.getByTestId('list-skeleton')).toBeInTheDocument();
  });

  it('says the properties could not be loaded and retries', async () => {
    const user = userEvent.setup();
    const fake = new FakeRealEstate();
    fake.add(mapleHouse());
    server.on('GET', '/api/v1/real-estate', () => fail(500, 'Database unavailable'));
    renderRealEstate();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your properties could not be loaded');
    expect(alert).toHaveTextContent('Database unavailable');
    server.on('GET', '/api/v1/real-estate', () => ok(fake.list()));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await card('Maple House')).toBeInTheDocument();
  });

  it('masks every amount when balances are hidden, keeping the percentages', async () => {
    const fake = new FakeRealEstate({ show_balances: false });
    fake.add(mapleHouse());
    renderRealEstate();
    const maple = await card('Maple House');
    await waitFor(() => expect(maple).not.toHaveTextContent('$'));
    expect(within(maple).getAllByText('Amount hidden').length).toBeGreaterThanOrEqual(5);
    expect(maple).toHaveTextContent('60.00%');
    expect(maple).toHaveTextContent('+11.11%');
    expect(screen.getByRole('region', { name: 'Real estate totals' })).not.toHaveTextContent('$');
  });
});
