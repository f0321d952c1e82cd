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

/** A publisher the news feed has given headlines from, as the news preferences can name it. */
export type SeenNewsSource = {
  /** As the newest of its headlines spells it. */
  name: string;
  /** How many of the headlines are its. */
  headlines: number;
  /** ISO 8601, UTC: its newest headline. */
  lastPublishedAt: string;
};

/**
 * The publishers of some headlines, each once whatever its case or surrounding spaces (as
 * `enabled_news_sources` compares them), most headlines first, then by name. A blank source is left out.
 */
export function seenNewsSources(items: readonly { source: string; publishedAt: string }[]): SeenNewsSource[] {
  const byKey = new Map<string, SeenNewsSource>();
  for (const item of items) {
    const name = item.source.trim();
    if (!name) continue;
    const seen = byKey.get(key(name));
    if (!seen) {
      byKey.set(key(name), { name, headlines: 1, lastPublishedAt: item.publishedAt });
      continue;
    }
    seen.headlines += 1;
    if (item.publishedAt > seen.lastPublishedAt) {
      seen.name = name;
      seen.lastPublishedAt = item.publishedAt;
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      b.headlines - a.headlines || key(a.name).localeCompare(key(b.name)) || a.name.localeCompare(b.name),
  );
}
