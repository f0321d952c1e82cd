import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { renderApp, setViewport } from '@/test/render-app';
import { HELP_FEEDBACK_KEY } from '../components/was-this-helpful';

// Texts must be true today: no promise of "the next releases", no credentials that nothing stores.
const UNTRUE = [/next releases?/i, /credentials (are )?stored encrypted|stores its credentials encrypted/i];

describe('help center', () => {
  beforeEach(() => {
    setViewport(1440);
    localStorage.removeItem(HELP_FEEDBACK_KEY);
  });

  it('lists the articles by topic, for visitors too', async () => {
    server.signOut();
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help' });
    for (const topic of ['Getting started', 'Accounts and connections', 'Imports', 'Self-hosting', 'FAQ']) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
    }
    const connections = screen.getByRole('region', { name: 'Accounts and connections' });
    expect(within(connections).getByRole('link', { name: 'Connect your bank' })).toHaveAttribute(
      'href',
      '/help/connect-your-bank',
    );
  });

  it('finds an article by a word of its body, marks the word, and keeps the search in the address', async () => {
    const { router } = renderApp('/help');
    const search = await screen.findByLabelText('Search help');
    await userEvent.type(search, 'pg_dump');
    const results = await screen.findByRole('list', { name: 'Matching articles' });
    const first = within(results).getAllByRole('listitem')[0]!;
    expect(
      within(first).getByRole('link', { name: 'Where your data lives, and backups' }),
    ).toBeInTheDocument();
    expect([...first.querySelectorAll('mark')].map((mark) => mark.textContent?.toLowerCase())).toEqual(
      expect.arrayContaining(['pg', 'dump']),
    );
    expect(router.state.location.search).toBe('?q=pg_dump');
    await userEvent.clear(search);
    await userEvent.type(search, 'zzzqqq');
    expect(await screen.findByText('No article matches “zzzqqq”.')).toBeInTheDocument();
  });

  it('shows an article, says what works today, and remembers "Was this helpful?" in this browser', async () => {
    renderApp('/help/what-is-lodestar');
    await screen.findByRole('heading', { level: 1, name: 'What Lodestar is' });
    await screen.findByText(/import bank statements \(CSV, OFX, QFX, QIF\)/);
    const text = document.body.textContent ?? '';
    for (const pattern of UNTRUE) expect(text).not.toMatch(pattern);
    expect(text).toMatch(/connect crypto exchanges \(Binance/);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem(HELP_FEEDBACK_KEY) ?? '{}')).toEqual({
      'what-is-lodestar': 'yes',
    });
  });

  it('says so when an article does not exist', async () => {
    renderApp('/help/no-such-article');
    await screen.findByRole('heading', { level: 1, name: 'Article not found' });
    expect(screen.getByRole('link', { name: 'Search help' })).toHaveAttribute('href', '/help');
  });
});

describe('home texts', () => {
  it('the homepage claims nothing that is not there', async () => {
    setViewport(1440);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Lodestar' });
    const text = document.body.textContent ?? '';
    for (const pattern of UNTRUE) expect(text).not.toMatch(pattern);
    expect(text).not.toMatch(/through aggregators/);
  });
});
