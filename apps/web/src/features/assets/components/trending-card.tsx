import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMoneyDisplay } from '@/lib/user-preferences';
import { securityHref, trendingQuery, watchlistQuery } from '../market-api';
import { useWatchlistChange } from '../market-queries';
import { QuoteFigures } from './quote-figures';

/** Assets → Trending: what the market-data provider says people look at now, each addable to the watchlist. */
export function TrendingCard() {
  const trending = useQuery(trendingQuery());
  const watchlist = useQuery(watchlistQuery());
  const change = useWatchlistChange();
  const { locale } = useMoneyDisplay();
  let body;
  if (trending.isPending) body = <ListSkeleton rows={3} label="Loading trending securities…" />;
  else if (trending.isError) {
    body = (
      <LoadError
        title="Failed to fetch trending securities"
        error={trending.error}
        onRetry={() => void trending.refetch()}
        retrying={trending.isFetching}
      />
    );
  } else if (!trending.data.available) {
    body = <p className="text-sm text-muted-foreground">Your market-data provider has no trending list.</p>;
  } else if (trending.data.quotes.length === 0) {
    body = <p className="text-sm text-muted-foreground">Nothing is trending right now.</p>;
  } else {
    const watched = watchlist.data?.symbols ?? [];
    body = (
      <ul aria-label="Trending securities" className="grid gap-2">
        {trending.data.quotes.map((quote) => (
          <li
            key={quote.symbol}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 sm:grid-cols-[minmax(0,1fr)_auto_auto]"
          >
            <div className="min-w-0">
              <Link
                to={securityHref(quote.symbol)}
                className="font-medium underline-offset-2 hover:underline"
              >
                {quote.symbol}
              </Link>
              <p className="truncate text-sm text-muted-foreground">{quote.name ?? quote.exchange}</p>
            </div>
            <QuoteFigures quote={quote} locale={locale} />
            <div className="col-span-full flex justify-end sm:col-span-1">
              {watched.includes(quote.symbol) ? (
                <span className="text-sm text-muted-foreground">On your watchlist</span>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={change.isPending || !watchlist.data}
                  aria-label={`Add ${quote.symbol} to your watchlist`}
                  onClick={() => change.mutate({ kind: 'add', symbol: quote.symbol })}
                >
                  <Plus aria-hidden="true" />
                  Add
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card aria-labelledby="trending-heading">
      <CardHeader>
        <CardTitle id="trending-heading">Trending</CardTitle>
        <p className="text-sm text-muted-foreground">Securities many people are looking at now.</p>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
