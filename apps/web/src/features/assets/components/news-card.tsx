import { formatDateTime, formatRelativeTimeShort } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useUserPreferences } from '@/lib/user-preferences';
import { holdingsQuery } from '../api';
import { type MarketNews, NEWS_SYMBOLS_MAX, newsQuery, watchlistQuery } from '../market-api';

/** The symbols the news endpoint takes (its own check); a holding with another kind of symbol is left out. */
const SYMBOL = /^[A-Z0-9^][A-Z0-9.\-=^/]{0,19}$/;

/** The current time, moved on every minute so '3h ago' stays true. */
function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** How old the last known headlines are, in words. */
function ageText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.floor(hours / 24)} days`;
}

function emptyText(news: MarketNews, symbols: readonly string[]): string {
  const what = news.scope === 'general' ? 'market news' : `news for ${symbols.join(', ')}`;
  if (news.filtered > 0) {
    return `No ${what} from your chosen publishers and types right now (${news.filtered} left out by your news settings).`;
  }
  return `No ${what} right now.`;
}

/**
 * Market news: headlines for `symbols` (the securities you hold and watch on Assets, one security on its
 * page), or general market news when there are none. Each headline links out to its publisher in a new
 * tab, with its source and time in your date format and time zone.
 */
export function NewsCard({
  symbols,
  description,
  waiting = false,
}: {
  symbols: readonly string[];
  description: string;
  /** The symbols are still being read: show the loading state. */
  waiting?: boolean;
}) {
  const { preferences } = useUserPreferences();
  const filter = JSON.stringify([preferences.enabled_news_sources, preferences.news_categories]);
  const news = useQuery({ ...newsQuery(symbols, filter), enabled: !waiting });
  const now = useNow();
  let body;
  if (waiting || news.isPending) body = <ListSkeleton rows={3} label="Loading news…" />;
  else if (news.isError) {
    body = (
      <LoadError
        title="Failed to fetch news"
        error={news.error}
        onRetry={() => void news.refetch()}
        retrying={news.isFetching}
      />
    );
  } else {
    const { items, stale, ageSeconds, unavailable } = news.data;
    body = (
      <div className="grid gap-3">
        {stale ? (
          <p role="status" className="text-sm text-muted-foreground">
            Last known headlines, from {ageText(ageSeconds)} ago: the news feed could not be reached.
          </p>
        ) : null}
        {unavailable.length ? (
          <p className="text-sm text-muted-foreground">
            No news could be fetched for {unavailable.join(', ')}.
          </p>
        ) : null}
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {emptyText(news.data, symbols)}{' '}
            {news.data.filtered > 0 ? (
              <Link to="/settings/financial" className="underline underline-offset-2">
                News settings
              </Link>
            ) : null}
          </p>
        ) : (
          <ul aria-label="Headlines" className="grid gap-2">
            {items.map((item) => {
              const at = Date.parse(item.publishedAt);
              const relative = formatRelativeTimeShort(at, now);
              return (
                <li key={item.id} className="rounded-md border px-3 py-2">
                  <a
                    href={item.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium underline-offset-2 hover:underline"
                  >
                    {item.title}
                    {item.category === 'video' ? ' (video)' : ''}
                    <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-baseline" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {item.source} ·{' '}
                    <time dateTime={item.publishedAt}>
                      {relative === 'Just now' ? relative : `${relative} ago`} ·{' '}
                      {formatDateTime(
                        at,
                        preferences.date_format,
                        preferences.time_zone,
                        preferences.number_format,
                      )}
                    </time>
                    {item.symbols.length ? ` · ${item.symbols.slice(0, 5).join(', ')}` : ''}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    );
  }
  return (
    <Card aria-labelledby="news-heading">
      <CardHeader>
        <CardTitle id="news-heading">News</CardTitle>
        <p className="text-sm text-muted-foreground">{description}</p>
      </CardHeader>
      <CardContent aria-busy={news.isFetching || undefined}>{body}</CardContent>
    </Card>
  );
}

/** Assets → News: headlines for the securities you hold and watch (at most 20), else market news. */
export function AssetsNewsCard() {
  const holdings = useQuery(holdingsQuery(1, 'all'));
  const watchlist = useQuery(watchlistQuery());
  const held = (holdings.data?.data ?? [])
    .map((holding) => holding.symbol?.trim().toUpperCase())
    .filter((symbol): symbol is string => !!symbol && SYMBOL.test(symbol));
  // Watched first (chosen one by one), then held, at most 20; sorted so the request is the same each time.
  const symbols = [...new Set([...(watchlist.data?.symbols ?? []), ...held])]
    .slice(0, NEWS_SYMBOLS_MAX)
    .sort();
  return (
    <NewsCard
      symbols={symbols}
      waiting={holdings.isPending || watchlist.isPending}
      description={
        symbols.length
          ? 'Headlines about the securities you hold and watch.'
          : 'Market headlines. Hold or watch a security to see its news here.'
      }
    />
  );
}
