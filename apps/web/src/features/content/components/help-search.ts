import MiniSearch from 'minisearch';
import { helpArticles } from 'virtual:lodestar-content';

export type HelpArticle = (typeof helpArticles)[number];

export type HelpMatch = { article: HelpArticle; terms: string[] };

let index: MiniSearch<HelpArticle> | undefined;

/** The full-text index of the help articles, built on first search (a few dozen articles: instant). */
function helpIndex(): MiniSearch<HelpArticle> {
  if (index) return index;
  index = new MiniSearch<HelpArticle>({
    idField: 'slug',
    fields: ['title', 'summary', 'tags', 'text'],
    extractField: (article, field) =>
      field === 'tags' ? article.tags.join(' ') : String(article[field as keyof HelpArticle] ?? ''),
    searchOptions: { boost: { title: 3, summary: 2, tags: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });
  index.addAll(helpArticles);
  return index;
}

/** Articles matching every word of `query` (prefixes and small typos allowed), best first. */
export function searchHelp(query: string): HelpMatch[] {
  if (!query.trim()) return [];
  return helpIndex()
    .search(query)
    .flatMap((result) => {
      const article = helpArticles.find((item) => item.slug === result.id);
      return article ? [{ article, terms: result.terms }] : [];
    });
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A case-insensitive pattern for the matched words, or null when there are none. */
export function termsPattern(terms: string[]): RegExp | null {
  const words = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (words.length === 0) return null;
  return new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi');
}

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 200;

/** The part of `text` around the first matched word, cut at word boundaries. */
export function snippetAround(text: string, terms: string[]): string {
  const pattern = termsPattern(terms);
  const first = pattern ? text.search(new RegExp(pattern.source, 'i')) : -1;
  if (first < 0)
    return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH).replace(/\s+\S*$/, '')}…` : text;
  let start = Math.max(0, first - SNIPPET_BEFORE);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = text.lastIndexOf(' ', end) > first ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
