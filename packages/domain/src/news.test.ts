import { describe, expect, it } from 'vitest';
import { newsFilter } from './news';

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
