import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelopeError, server } from '@/test/fake-server';
import { fail, lastBody, ok, renderAccounts, serve, serveCryptoTurnedOff } from '../test-harness';
import type { ExchangeConnection, SupportedExchanges } from './api';

export const SUPPORTED: SupportedExchanges = {
  advice:
    'Create a read-only API key for Lodestar: it only reads balances and history, and never needs to trade or withdraw.',
  exchanges: [
    {
      id: 'binance',
      name: 'Binance',
      fields: [
        { name: 'apiKey', label: 'API key' },
        { name: 'secret', label: 'API secret' },
      ],
      keyHelp: 'API Management → Create API → leave only “Enable Reading” ticked',
      accountTypes: ['exchange_spot', 'exchange_margin', 'exchange_futures'],
    },
    {
      id: 'okx',
      name: 'OKX',
      fields: [
        { name: 'apiKey', label: 'API key' },
        { name: 'secret', label: 'API secret' },
        { name: 'password', label: 'Passphrase' },
      ],
      keyHelp: 'Profile → API keys → Create API key with only the “Read” permission',
      accountTypes: ['exchange_spot'],
    },
  ],
};

function makeExchange(overrides: Partial<ExchangeConnection> = {}): ExchangeConnection {
  return {
    id: 'con_1',
    exchange: 'binance',
    exchangeName: 'Binance',
    label: 'My Binance',
    totalConverted: { amountMinor: 750_741, currency: 'USD' },
    holdings: [
      {
        accountId: 'acc_spot',
        account: 'My Binance Spot',
        accountType: 'exchange_spot',
        symbol: 'BTC',
        name: 'Bitcoin',
        quantity: '0.12345678',
        quantityDecimals: 8,
        price: { amount: '60000', currency: 'USD' },
        priceAt: new Date().toISOString(),
        priceStale: false,
        change24hPercent: 1.5,
        depegged: false,
        value: { amountMinor: 740_741, currency: 'USD' },
        converted: { amountMinor: 740_741, currency: 'USD' },
      },
      {
        accountId: 'acc_fut',
        account: 'My Binance USD-M Futures',
        accountType: 'exchange_futures',
        symbol: 'USDT',
        name: 'Tether',
        quantity: '100',
        quantityDecimals: 8,
        price: { amount: '1', currency: 'USD' },
        priceAt: new Date().toISOString(),
        priceStale: false,
        change24hPercent: null,
        depegged: false,
        value: { amountMinor: 10_000, currency: 'USD' },
        converted: { amountMinor: 10_000, currency: 'USD' },
      },
    ],
    status: 'active',
    lastSyncedAt: new Date().toISOString(),
    lastError: null,
    syncing: false,
    ...overrides,
  };
}

describe('CEXes', () => {
  it('says crypto is turned off on a server without it, instead of failing to load', async () => {
    serve();
    serveCryptoTurnedOff();
    renderAccounts('/cexes');
    expect(await screen.findByRole('heading', { name: 'Crypto is turned off on this server' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'CEXes' })).toBeVisible();
    expect(screen.getByText(/This server does not connect exchanges\./)).toBeVisible();
    expect(server.calls('/api/v1/connections/exchanges')).toEqual([]);
  });

  it('lists a connected exchange with its holdings per account, values and last sync', async () => {
    serve({ exchanges: [makeExchange()], supported: SUPPORTED });
    renderAccounts('/cexes');
    const card = await screen.findByRole('region', { name: 'My Binance' });
    const spot = within(card).getByRole('list', { name: 'Holdings of My Binance Spot' });
    expect(spot).toHaveTextContent('0.12345678 BTC');
    expect(spot).toHaveTextContent('$60,000.00');
    expect(spot).toHaveTextContent('+1.50%');
    expect(
      within(card).getByRole('list', { name: 'Holdings of My Binance USD-M Futures' }),
    ).toHaveTextContent('100 USDT');
    expect(within(card).getAllByText('$7,507.41')).not.toHaveLength(0);
    expect(card).toHaveTextContent('Binance · read-only API key');
    expect(card).toHaveTextContent('Synced · just now');
  });

  it('with nothing connected offers the form, asking only for the fields the exchange needs', async () => {
    serve({ supported: SUPPORTED });
    renderAccounts('/cexes');
    expect(await screen.findByRole('heading', { name: 'No exchanges yet' })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Connect an exchange' });
    expect(form).toHaveTextContent('Use a read-only key');
    expect(within(form).getByLabelText('API key')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Passphrase')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('radio', { name: 'OKX' }));
    expect(within(form).getByLabelText('Passphrase')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Connect exchange' }));
    expect(
      within(form)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Enter the API key', 'Enter the API secret', 'Enter the Passphrase']);
  });

  it('shows the exchange’s refusal at the key field and sends only the needed fields', async () => {
    serve({ supported: SUPPORTED });
    const message =
      'This Binance key can do more than read. Turn off “Enable Withdrawals” for the key (or create a read-only key) and try again.';
    server.on('POST', '/api/v1/connections/exchanges', () =>
      envelopeError(400, 'VALIDATION_FAILED', 'Validation failed', {
        items: [{ field: 'apiKey', message, code: 'key_not_read_only' }],
      }),
    );
    renderAccounts('/cexes');
    const form = await screen.findByRole('form', { name: 'Connect an exchange' });
    await userEvent.type(within(form).getByLabelText('API key'), 'key-1');
    await userEvent.type(within(form).getByLabelText('API secret'), 'secret-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect exchange' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(message));
    expect(lastBody('/api/v1/connections/exchanges', 'POST')).toEqual({
      exchange: 'binance',
      apiKey: 'key-1',
      secret: 'secret-1',
    });
  });

  it('says when the exchanges cannot be loaded, and retries', async () => {
    serve({ supported: SUPPORTED });
    server.on('GET', '/api/v1/connections/exchanges', () => fail(500, 'Something went wrong'));
    renderAccounts('/cexes');
    expect(await screen.findByText('Exchanges could not be loaded')).toBeInTheDocument();
    server.on('GET', '/api/v1/connections/exchanges', () =>
      ok({ reportingCurrency: 'USD', advice: SUPPORTED.advice, exchanges: [makeExchange()] }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'My Binance' })).toBeInTheDocument();
  });
});
