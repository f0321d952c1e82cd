import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, setViewport } from '@/test/render-app';

describe('accounts page', () => {
  it('offers the spec tabs in order, each with an empty state', async () => {
    setViewport(1440);
    renderApp('/accounts');
    const tabs = await screen.findByRole('tablist', { name: 'Account types' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'Banking', 'Investments', 'Crypto Exchanges', 'Crypto Wallets']);
    expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No accounts yet');
  });

  it('moves between tabs with the arrow keys', async () => {
    setViewport(1440);
    const user = userEvent.setup();
    renderApp('/accounts');
    const all = await screen.findByRole('tab', { name: 'All' });
    await user.click(all);
    await user.keyboard('{ArrowRight}');
    const banking = screen.getByRole('tab', { name: 'Banking' });
    expect(banking).toHaveFocus();
    expect(banking).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No bank accounts yet');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Crypto Wallets' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No wallets yet');
  });

  it('shows no numbers anywhere while nothing is linked', async () => {
    setViewport(1440);
    renderApp('/accounts');
    await screen.findByRole('tablist');
    expect(screen.getByRole('main').textContent).not.toMatch(/\d/);
  });
});
