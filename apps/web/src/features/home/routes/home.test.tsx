import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, server } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';

const plans = (mode: string) => () => json(200, { success: true, data: { mode, tiers: [] } });

afterEach(() => {
  server.signIn();
});

describe('homepage and plans', () => {
  it('a self-hosted server has nothing to subscribe to', async () => {
    server.signOut();
    server.on('GET', '/api/v1/billing/plans', plans('self_hosted'));
    renderApp('/');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(/nothing to subscribe to/)).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'See pricing' })).not.toBeInTheDocument();
  });

  it('a server that sells plans says so and links to the pricing', async () => {
    server.signOut();
    server.on('GET', '/api/v1/billing/plans', plans('stripe'));
    renderApp('/');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'See pricing' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(within(main).getByText('Free to start')).toBeInTheDocument();
    expect(within(main).queryByText(/nothing to subscribe to/)).not.toBeInTheDocument();
  });
});
