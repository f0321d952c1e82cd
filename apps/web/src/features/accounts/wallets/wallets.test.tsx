import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { fail, lastBody, ok, renderAccounts, serve, serveCryptoTurnedOff } from '../test-harness';
import type { Wallet } from './api';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** BIP86's account-0 key ("abandon … about", m/86'/0'/0'). */
const BIP86_XPUB =
  'xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ';

function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    id: 'wal_1',
    chain: 'bitcoin',
    label: 'Cold storage',
    address: null,
    xpub: ZPUB,
    accountId: 'acc_1',
    total: { amountMinor: 1_634_025, currency: 'USD' },
    totalConverted: { amountMinor: 1_634_025, currency: 'USD' },
    holdings: [
      {
        symbol: 'BTC',
        name: 'Bitcoin',
        quantity: '0.254321',
        quantityDecimals: 8,
        price: { amount: '64250.5', currency: 'USD' },
        priceAt: new Date().toISOString(),
        priceStale: false,
        change24hPercent: 2.35,
        depegged: false,
        value: { amountMinor: 1_634_025, currency: 'USD' },
        converted: { amountMinor: 1_634_025, currency: 'USD' },
      },
    ],
    status: 'active',
    lastSyncedAt: new Date().toISOString(),
    lastError: null,
    syncing: false,
    ...overrides,
  };
}

describe('Wallets', () => {
  it('says crypto is turned off on a server without it, instead of failing to load', async () => {
    serve();
    serveCryptoTurnedOff();
    renderAccounts('/wallets');
    expect(await screen.findByRole('heading', { name: 'Crypto is turned off on this server' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
    expect(screen.getByText(/This server does not follow wallets\./)).toBeVisible();
    expect(server.calls('/api/v1/blockchain/wallets')).toEqual([]);
  });

  it('lists a wallet with each holding’s quantity, price, 24-hour change and value', async () => {
    serve({ wallets: [makeWallet()] });
    renderAccounts('/wallets');
    const card = await screen.findByRole('region', { name: 'Cold storage' });
    const holdings = within(card).getByRole('list', { name: 'Holdings of Cold storage' });
    expect(holdings).toHaveTextContent('0.254321 BTC');
    expect(holdings).toHaveTextContent('$64,250.50');
    expect(holdings).toHaveTextContent('+2.35%');
    expect(within(card).getAllByText('$16,340.25')).not.toHaveLength(0);
    expect(card).toHaveTextContent('Bitcoin · zpub6rFR7y4Q…2AGutZYs (extended public key)');
    expect(card).toHaveTextContent('Synced · just now');
  });

  it('flags a depegged stablecoin, says when a price is old, and never shows a value without a price', async () => {
    const wallet = makeWallet({
      holdings: [
        {
          symbol: 'USDT',
          name: 'Tether',
          quantity: '1500',
          quantityDecimals: 8,
          price: { amount: '0.95', currency: 'USD' },
          priceAt: new Date(Date.now() - 5 * 3_600_000).toISOString(),
          priceStale: true,
          change24hPercent: -4.1,
          depegged: true,
          value: { amountMinor: 142_500, currency: 'USD' },
          converted: { amountMinor: 142_500, currency: 'USD' },
        },
        {
          symbol: 'BTC',
          name: 'Bitcoin',
          quantity: '0.00000001',
          quantityDecimals: 8,
          price: null,
          priceAt: null,
          priceStale: false,
          change24hPercent: null,
          depegged: false,
          value: null,
          converted: null,
        },
      ],
    });
    serve({ wallets: [wallet] });
    renderAccounts('/wallets');
    const holdings = await screen.findByRole('list', { name: 'Holdings of Cold storage' });
    const [tether, bitcoin] = within(holdings).getAllByRole('listitem');
    expect(tether).toHaveTextContent('Depegged');
    expect(tether).toHaveTextContent('Last known price, from 5 hours ago');
    expect(bitcoin).toHaveTextContent('0.00000001 BTC');
    expect(bitcoin).toHaveTextContent('No price yet');
    expect(bitcoin).toHaveTextContent('No value');
  });

  it('refuses a recovery phrase as it is typed and never sends it', async () => {
    serve();
    const user = userEvent.setup();
    renderAccounts('/wallets');
    const field = await screen.findByLabelText('Public address or extended public key');
    await user.type(field, 'legal winner thank year wave sausage worth useful legal winner thank yellow');
    expect(screen.getByRole('alert')).toHaveTextContent('Lodestar only needs your public address');
    await user.click(screen.getByRole('button', { name: 'Add wallet' }));
    expect(server.calls('/api/v1/blockchain/wallets', 'POST')).toHaveLength(0);
  });

  it('sends an extended public key as xpub and shows the server’s message at the field', async () => {
    serve();
    server.on('POST', '/api/v1/blockchain/wallets', (request) =>
      (request.body as { xpub?: string }).xpub === ZPUB
        ? ok({ wallet: makeWallet(), wallets: [makeWallet()] }, 201)
        : fail(400, 'Validation failed', 'VALIDATION_FAILED'),
    );
    const user = userEvent.setup();
    renderAccounts('/wallets');
    const field = await screen.findByLabelText('Public address or extended public key');
    await user.type(field, ZPUB);
    await user.type(screen.getByLabelText('Name (optional)'), 'Cold storage');
    await user.click(screen.getByRole('button', { name: 'Add wallet' }));
    await waitFor(() =>
      expect(lastBody('/api/v1/blockchain/wallets', 'POST')).toEqual({
        chain: 'bitcoin',
        xpub: ZPUB,
        label: 'Cold storage',
      }),
    );
  });

  it('sends a Taproot descriptor as xpub and shows the server’s problem with it at the field', async () => {
    serve();
    const descriptor = `tr([73c5da0a/86'/0'/0']${BIP86_XPUB}/<0;1>/*)`;
    const checksum = 'This descriptor’s checksum does not match: copy the whole descriptor again.';
    server.on('POST', '/api/v1/blockchain/wallets', (request) =>
      (request.body as { xpub?: string }).xpub === `${descriptor}#aaaaaaaa`
        ? fail(400, 'Validation failed', 'VALIDATION_FAILED', [{ field: 'xpub', message: checksum }])
        : ok({ wallet: makeWallet({ xpub: descriptor }), wallets: [makeWallet({ xpub: descriptor })] }, 201),
    );
    const user = userEvent.setup();
    renderAccounts('/wallets');
    const field = await screen.findByLabelText('Public address or extended public key');
    await user.click(field);
    await user.paste(`${descriptor}#aaaaaaaa`);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add wallet' }));
    expect(await screen.findByText(checksum)).toBeInTheDocument();
    await user.clear(field);
    await user.click(field);
    await user.paste(descriptor);
    await user.click(screen.getByRole('button', { name: 'Add wallet' }));
    await waitFor(() =>
      expect(lastBody('/api/v1/blockchain/wallets', 'POST')).toEqual({ chain: 'bitcoin', xpub: descriptor }),
    );
  });

  it('names a wallet followed by its descriptor as such', async () => {
    serve({ wallets: [makeWallet({ label: 'Taproot', xpub: `tr(${BIP86_XPUB}/<0;1>/*)` })] });
    renderAccounts('/wallets');
    const card = await screen.findByRole('region', { name: 'Taproot' });
    expect(card).toHaveTextContent(/Bitcoin · tr\(xpub6B.*\(descriptor\)/);
    expect(card).not.toHaveTextContent('extended public key');
  });

  it('follows an EVM address on every EVM network, checking its format as it is typed', async () => {
    serve();
    const owner = '0x52908400098527886E0F7030069857D2E4169EE7';
    const added = ['ethereum', 'polygon'].map((chain, index) =>
      makeWallet({
        id: `wal_${index}`,
        chain: chain as Wallet['chain'],
        label: `${chain} wallet`,
        xpub: null,
        address: owner,
      }),
    );
    server.on('POST', '/api/v1/blockchain/wallets', () => ok({ wallet: added[0], wallets: added }, 201));
    const user = userEvent.setup();
    renderAccounts('/wallets');
    await user.click(await screen.findByRole('radio', { name: 'Ethereum & EVM' }));
    expect(screen.getByRole('combobox', { name: 'Networks' })).toHaveTextContent('All EVM chains');
    const field = screen.getByLabelText('Public address or extended public key');
    // An ENS name is looked up on Ethereum: accepted for every EVM chain, not for one other network.
    await user.type(field, 'vitalik.eth');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Networks' }));
    await user.click(await screen.findByRole('option', { name: 'Base' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ENS names are looked up on Ethereum');
    await user.click(screen.getByRole('combobox', { name: 'Networks' }));
    await user.click(await screen.findByRole('option', { name: 'All EVM chains' }));
    await user.clear(field);
    await user.type(field, `${owner}0`);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An EVM address is 0x followed by 40 hexadecimal characters',
    );
    await user.clear(field);
    await user.type(field, owner);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add wallet' }));
    await waitFor(() =>
      expect(lastBody('/api/v1/blockchain/wallets', 'POST')).toEqual({ chain: 'evm', address: owner }),
    );
    expect(await screen.findByText('Wallet added on 2 networks')).toBeVisible();
  });
});
