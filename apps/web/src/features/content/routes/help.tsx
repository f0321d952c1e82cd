import { FileSearch, Search } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { helpArticles, helpTopics } from 'virtual:lodestar-content';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Input } from '@/components/ui/input';
import { searchHelp, snippetAround } from '../components/help-search';
import { HighlightedText } from '../components/highlighted-text';

function SearchResults({ query }: { query: string }) {
  const matches = searchHelp(query);
  return (
    <section aria-labelledby="results-title">
      <h2 id="results-title" className="sr-only">
        Search results
      </h2>
      <p role="status" className="mb-4 text-sm text-muted-foreground">
        {matches.length === 0
          ? `No article matches “${query}”.`
          : `${matches.length} ${matches.length === 1 ? 'article matches' : 'articles match'} “${query}”.`}
      </p>
      {matches.length === 0 ? (
        <EmptyState icon={FileSearch} title="Nothing found">
          Try another word, or browse the topics: clear the search to see them all.
        </EmptyState>
      ) : (
        <ol aria-label="Matching articles" className="space-y-3">
          {matches.map(({ article, terms }) => (
            <li key={article.slug} className="rounded-lg border bg-card p-4 text-card-foreground">
              <h3 className="font-semibold">
                <Link to={`/help/${article.slug}`} className="rounded-sm underline-offset-4 hover:underline">
                  <HighlightedText text={article.title} terms={terms} />
                </Link>
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">
                <HighlightedText text={snippetAround(article.text, terms)} terms={terms} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Topics() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {helpTopics.map((topic) => {
        const articles = helpArticles.filter((article) => article.topic === topic.id);
        if (articles.length === 0) return null;
        return (
          <section
            key={topic.id}
            aria-labelledby={`topic-${topic.id}`}
            className="rounded-lg border bg-card p-5 text-card-foreground"
          >
            <h2 id={`topic-${topic.id}`} className="font-semibold">
              {topic.title}
            </h2>
            <ul className="mt-3 space-y-3">
              {articles.map((article) => (
                <li key={article.slug}>
                  <Link
                    to={`/help/${article.slug}`}
                    className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {article.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">{article.summary}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** The help center: articles by topic, and full-text search over all of them (in the browser). */
export function HelpRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const search = (value: string) => setSearchParams(value ? { q: value } : {}, { replace: true });
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useRef(false);
  // The page arrives prerendered and starts its script when someone uses it (ADR 053): what was typed
  // before it hydrated is in the field but never reached onChange. Searched once the page is live; later
  // changes come through onChange.
  useEffect(() => {
    if (hydrated.current) return;
    hydrated.current = true;
    const typed = input.current?.value ?? '';
    if (typed !== query) search(typed);
  });
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title="Help"
        description="Using Lodestar, running it yourself, and keeping your data safe."
      />
      <div role="search" className="mb-6">
        <label htmlFor="help-search" className="mb-2 block text-sm font-medium">
          Search help
        </label>
        <div className="relative max-w-xl">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="help-search"
            type="search"
            className="pl-9"
            placeholder="For example: backup, CSV, two-factor"
            ref={input}
            value={query}
            onChange={(event) => search(event.target.value)}
          />
        </div>
      </div>
      {query.trim() ? <SearchResults query={query.trim()} /> : <Topics />}
    </div>
  );
}
