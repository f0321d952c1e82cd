/**
 * Market news preferences (docs/markets.md, "News"). A headline's category comes from the news feed's own
 * item type: videos are `video`, every other item is an `article`. `enabled_news_sources` names
 * publishers (compared without case or surrounding spaces); `news_categories` names categories. An empty
 * list, or one naming no known category, lets everything through.
 */

export const NEWS_CATEGORIES = ['article', 'video'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export const NEWS_CATEGORY_LABELS: Record<NewsCategory, string> = {
  article: 'Articles',
  video: 'Videos',
};

const key = (text: string) => text.trim().toLowerCase();

/** Whether a headline passes the user's news preferences. */
export function newsFilter(preferences: {
  enabled_news_sources: readonly string[];
  news_categories: readonly string[];
}): (item: { source: string; category: NewsCategory }) => boolean {
  const sources = new Set(preferences.enabled_news_sources.map(key).filter(Boolean));
  const categories = new Set(
    preferences.news_categories
      .map(key)
      .filter((value): value is NewsCategory => (NEWS_CATEGORIES as readonly string[]).includes(value)),
  );
  return (item) =>
    (sources.size === 0 || sources.has(key(item.source))) &&
    (categories.size === 0 || categories.has(item.category));
}
