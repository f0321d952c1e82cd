import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/fake-server';
import { fail, makeHolding, ok, renderAssets, serveHoldings } from './test-harness';

/** Assets → News against the fake server: symbols asked, each state, links out, times and staleness. */

const news = (overrides: Record<string, unknown> = {}) => ({
  scope: 'symbols',
  items: [
    {
      id: 'n1',
      title: 'Vanguard ETF draws record inflows',
      source: 'Reuters',
      publishedAt: '2026-11-25T16:00:00.000Z',
      url: 'https://news.example.com/n1.html',
      symbols: ['VTI'],
      category: 'article',
    },
    {
      id: 'n2',
      title: 'What moved Apple today',
      source: 'Yahoo Finance Video',
      publishedAt: '2026-11-24T14:30:00.000Z',
      url: 'https://news.example.com/n2.html',
      symbols: ['AAPL'],
      category: 'video',
    },
  ],
  filtered: 0,
  unavailable: [],
  provider: 'yahoo',
  fetchedAt: '2026-11-25T22:00:00.000Z',
  ageSeconds: 0,
  stale: false,
  ...overrides,
});

const newsCalls = () =>
  server.calls('/api/v1/market/news', 'GET').map((request) => request.url.searchParams.get('symbols'));

async function newsCard() {
  const heading = await screen.findByRole('heading', { name: 'News' });
  return heading.closest('[aria-labelledby="news-heading"]') as HTMLElement;
}

describe('the news card on Assets', () => {
  it('asks for the held and watched symbols and links each headline out, with source and time', async () => {
    serveHoldings([makeHolding({ id: 'h_vti' }), makeHolding({ id: 'h_x', symbol: 'not a symbol' })], {
      date_format: 'DD.MM.YYYY',
      time_zone: 'Europe/London',
      number_format: 'en-GB',
    });
    server.on('GET', '/api/v1/watchlist', () => ok({ symbols: ['AAPL'], items: [] }));
    server.on('GET', '/api/v1/market/news', () => ok(news()));
    renderAssets();
    const card = await newsCard();
    const link = await within(card).findByRole('link', { name: /Vanguard ETF draws record inflows/ });
    expect(link).toHaveAttribute('href', 'https://news.example.com/n1.html');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).getByRole('link', { name: /What moved Apple today \(video\)/ })).toBeInTheDocument();
    const first = within(card).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Reuters');
    expect(first).toHaveTextContent('25.11.2026, 16:00');
    expect(within(card).getByText('Headlines about the securities you hold and watch.')).toBeInTheDocument();
    expect(newsCalls()).toEqual(['AAPL,VTI']);
  });

  it('asks for market news when nothing is held or watched, and says when there is none', async () => {
    serveHoldings([]);
    renderAssets();
    const card = await newsCard();
    expect(await within(card).findByText('No market news right now.')).toBeInTheDocument();
    expect(newsCalls()).toEqual([null]);
  });

  it('says how many headlines the news settings left out, with a way to them', async () => {
    serveHoldings();
    server.on('GET', '/api/v1/market/news', () => ok(news({ items: [], filtered: 3 })));
    renderAssets();
    const card = await newsCard();
    expect(
      await within(card).findByText(
        /No news for BTC, SAP, VTI from your chosen publishers and types right now \(3 left out/,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'News settings' })).toHaveAttribute(
      'href',
      '/settings/financial',
    );
  });

  it('says the headlines are the last known ones, and how old, when the feed is down', async () => {
    serveHoldings();
    server.on('GET', '/api/v1/market/news', () =>
      ok(news({ stale: true, ageSeconds: 2 * 3600 + 60, unavailable: ['SAP'] })),
    );
    renderAssets();
    const card = await newsCard();
    expect(
      await within(card).findByText(
        'Last known headlines, from 2 hours ago: the news feed could not be reached.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('No news could be fetched for SAP.')).toBeInTheDocument();
  });

  it('shows the failure with Retry, and the headlines once a retry works', async () => {
    serveHoldings();
    server.on('GET', '/api/v1/market/news', () => fail(503, 'Market news is unavailable right now'));
    renderAssets();
    const card = await newsCard();
    expect(await within(card).findByText('Failed to fetch news')).toBeInTheDocument();
    expect(within(card).getByText('Market news is unavailable right now')).toBeInTheDocument();
    server.on('GET', '/api/v1/market/news', () => ok(news()));
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByRole('link', { name: /What moved Apple today/ })).toBeInTheDocument();
  });
});
