import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setViewport } from '@/test/render-app';

// Texts must be true today: no promise of "the next releases", no credentials that nothing stores.
const UNTRUE = [/next releases?/i, /credentials (are )?stored encrypted|stores its credentials encrypted/i];

describe('help and home texts', () => {
  beforeEach(() => {
    setViewport(1440);
  });

  it('Help says what works today and holds no provider credentials', async () => {
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help' }, { timeout: 4000 });
    const text = document.body.textContent ?? '';
    for (const pattern of UNTRUE) expect(text).not.toMatch(pattern);
    expect(text).toMatch(/import bank statements \(CSV, OFX, QFX,\s+QIF\)/);
    expect(text).toMatch(/is not available yet/);
    expect(text).toMatch(/holds no provider\s+credentials/);
  });

  it('the homepage claims nothing that is not there', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Lodestar' }, { timeout: 4000 });
    const text = document.body.textContent ?? '';
    for (const pattern of UNTRUE) expect(text).not.toMatch(pattern);
    expect(text).not.toMatch(/through aggregators/);
  });
});
