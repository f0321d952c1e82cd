import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setViewport } from '@/test/render-app';

// Texts must be true today: no promise of "the next releases", no credentials that nothing stores.
const UNTRUE = [/next releases?/i, /credentials (are )?stored encrypted|stores its credentials encrypted/i];

describe('help and home texts', () => {
  beforeEach(() => {
    setViewport(1440);
  });

  it('Help says what works today, how to connect a bank, and how the access is kept', async () => {
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help' }, { timeout: 4000 });
    const text = document.body.textContent ?? '';
    for (const pattern of UNTRUE) expect(text).not.toMatch(pattern);
    expect(text).toMatch(/import bank statements \(CSV, OFX, QFX, QIF\)/);
    expect(text).toMatch(/follow Bitcoin and Solana wallets by their public\s+address/);
    expect(text).toMatch(/Linking a crypto exchange is not available yet/);
    expect(screen.getByRole('heading', { name: 'Connect your bank' })).toBeInTheDocument();
    expect(text).toMatch(/create a setup token there and paste it/);
    expect(text).toMatch(/keeps the access SimpleFIN gives encrypted/);
    expect(text).toMatch(/PLAID_CLIENT_ID and PLAID_SECRET set\s+on the server/);
  });

  it('the homepage claims nothing that is not there', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Lodestar' }, { timeout: 4000 });
    const text = document.body.textContent ?? '';
    for (const pattern of UNTRUE) expect(text).not.toMatch(pattern);
    expect(text).not.toMatch(/through aggregators/);
  });
});
