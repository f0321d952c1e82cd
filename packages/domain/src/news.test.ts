import { describe, expect, it } from 'vitest';
import { newsFilter, seenNewsSources } from './news';

describe('newsFilter', () => {
  const items = [
    { source: 'Reuters', category: 'article' as const },
    { source: 'Yahoo Finance Video', category: 'video' as const },
    { source: 'Bloomberg', category: 'article' as const },
  ];
  const kept = (enabled_news_sources: string[], news_categories: string[]) =>
    items.filter(newsFilter({ enabled_news_sources, news_categories })).map((item) => item.source);

  it('lets everything through when both lists are empty', () => {
    expect(kept([], [])).toEqual(['Reuters', 'Yahoo Finance Video', 'Bloomberg']);
  });

  it('keeps only the named publishers, without regard to case or spaces', () => {
    expect(kept([' reuters', 'BLOOMBERG '], [])).toEqual(['Reuters', 'Bloomberg']);
    expect(kept(['', '  '], [])).toHaveLength(3);
  });

  it('keeps only the named categories; a list naming none it knows lets all through', () => {
    expect(kept([], ['video'])).toEqual(['Yahoo Finance Video']);
    expect(kept([], ['Article'])).toEqual(['Reuters', 'Bloomberg']);
    expect(kept([], ['markets'])).toHaveLength(3);
    expect(kept(['Reuters'], ['video'])).toEqual([]);
  });
});

describe('seenNewsSources', () => {
  it('lists each publisher once whatever its case or spaces, most headlines first, then by name', () => {
    expect(
      seenNewsSources([
        { source: 'Reuters', publishedAt: '2026-11-25T10:00:00.000Z' },
        { source: 'bloomberg', publishedAt: '2026-11-24T10:00:00.000Z' },
        { source: ' REUTERS ', publishedAt: '2026-11-25T12:00:00.000Z' },
        { source: 'Barron’s', publishedAt: '2026-11-20T10:00:00.000Z' },
        { source: '  ', publishedAt: '2026-11-25T13:00:00.000Z' },
        { source: 'Bloomberg', publishedAt: '2026-11-23T10:00:00.000Z' },
        { source: 'Reuters', publishedAt: '2026-11-22T10:00:00.000Z' },
      ]),
    ).toEqual([
      // Spelled as its newest headline spells it.
      { name: 'REUTERS', headlines: 3, lastPublishedAt: '2026-11-25T12:00:00.000Z' },
      { name: 'bloomberg', headlines: 2, lastPublishedAt: '2026-11-24T10:00:00.000Z' },
      { name: 'Barron’s', headlines: 1, lastPublishedAt: '2026-11-20T10:00:00.000Z' },
    ]);
  });

  it('gives nothing for no headlines', () => {
    expect(seenNewsSources([])).toEqual([]);
  });
});
