import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { ok, renderAssets, serveHoldings, setUpAssetsTests, usd } from './test-harness';

/**
 * Several buys (lots) of a symbol held by hand (docs/markets-api.md "Manual holdings"): the security page
 * lists each with Edit and Delete, and the Add holding dialog says a symbol already held is another buy.
 */

setUpAssetsTests();

const lot = (lotId: string, date: string, quantity: string, price: string) => ({
  id: `tx_${lotId}`,
  lotId,
  holdingId: 'h_1',
  date,
  accountId: 'acc_own',
  accountName: 'Own broker',
  type: 'buy',
  quantity,
  price: { amount: price, currency: 'USD' },
  amount: usd(Math.round(Number(quantity) * Number(price) * 100)),
});

function serveLots() {
  server.on('GET', '/api/v1/investments/transactions', () =>
    ok({
      symbol: 'AAPL',
      transactions: [lot('lot_2', '2026-11-18', '5', '160'), lot('lot_1', '2026-11-12', '10', '150')],
    }),
  );
  server.on('GET', '/api/v1/accounts', () =>
    ok({
      accounts: [
        { id: 'acc_own', name: 'Own broker', type: 'brokerage', connectionId: null, currency: 'USD' },
        { id: 'acc_ira', name: 'Old IRA', type: 'investment', connectionId: null, currency: 'USD' },
      ],
    }),
  );
}

/** The security page's list of buys (no quote is served: the page says the security is not found). */
async function yourTransactions() {
  await screen.findByText('Security not found');
  const card = (await screen.findByText('Your transactions')).closest(
    '[aria-labelledby="transactions-heading"]',
  ) as HTMLElement;
  await within(card).findByRole('table');
  return card;
}

describe('buys of a security', () => {
  it('lists each buy with its own Edit and Delete, and edits one buy', { timeout: 20_000 }, async () => {
    serveLots();
    server.on('PATCH', '/api/v1/investments/lots/lot_1', ({ body }) =>
      ok({ holding: { lots: 2 }, lot: { id: 'lot_1', ...(body as object) }, symbolStatus: 'known' }),
    );
    const user = userEvent.setup();
    renderApp('/assets/securities/AAPL');
    const card = await yourTransactions();
    expect(within(card).getAllByRole('button', { name: /^Edit AAPL bought/ })).toHaveLength(2);
    expect(within(card).getAllByRole('button', { name: /^Delete AAPL bought/ })).toHaveLength(2);

    const [, firstBuy] = within(card).getAllByRole('button', { name: /^Edit AAPL bought/ });
    firstBuy!.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit buy of AAPL' })).toBeInTheDocument();
    const quantity = within(dialog).getByLabelText('Quantity');
    expect(quantity).toHaveValue('10');
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('/api/v1/investments/lots/lot_1', 'PATCH')).toHaveLength(1));
    expect(server.calls('/api/v1/investments/lots/lot_1', 'PATCH')[0]?.body).toEqual({
      quantity: '12',
      price: '150',
      date: '2026-11-12',
    });
  });

  it('asks before deleting a buy, and keeps it when told to', { timeout: 20_000 }, async () => {
    serveLots();
    server.on('DELETE', '/api/v1/investments/lots/lot_2', () =>
      ok({ id: 'lot_2', holdingId: 'h_1', holdingRemoved: false }),
    );
    const user = userEvent.setup();
    renderApp('/assets/securities/AAPL');
    const card = await yourTransactions();
    const [newest] = within(card).getAllByRole('button', { name: /^Delete AAPL bought/ });

    await user.click(newest!);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Remove this buy of AAPL?' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('/api/v1/investments/lots/lot_2', 'DELETE')).toHaveLength(0);

    await user.click(newest!);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove buy' }));
    await waitFor(() => expect(server.calls('/api/v1/investments/lots/lot_2', 'DELETE')).toHaveLength(1));
    expect(server.calls('/api/v1/investments/lots/lot_1', 'DELETE')).toHaveLength(0);
  });

  it('says a symbol the chosen account already holds is added as another buy', async () => {
    serveLots();
    server.on('POST', '/api/v1/investments/holdings', () =>
      ok({
        holding: { id: 'h_1', symbol: 'AAPL', lots: 3 },
        lot: { id: 'lot_3' },
        symbolStatus: 'known',
      }),
    );
    serveHoldings();
    const user = userEvent.setup();
    renderAssets();
    await user.click(await screen.findByRole('button', { name: 'Add holding' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Symbol'), 'aapl');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Old IRA (USD)' }));
    expect(within(dialog).queryByText(/already holds AAPL/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Own broker (USD)' }));
    expect(
      await within(dialog).findByText(/Own broker already holds AAPL: this is added as another buy/),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Quantity'), '2');
    await user.type(within(dialog).getByLabelText('Buy price per unit (USD)'), '170');
    await user.click(within(dialog).getByRole('button', { name: 'Add buy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('/api/v1/investments/holdings', 'POST')[0]?.body).toMatchObject({
      accountId: 'acc_own',
      symbol: 'AAPL',
      quantity: '2',
      price: '170',
    });
  });
});
