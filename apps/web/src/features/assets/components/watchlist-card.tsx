import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, GripVertical, Plus, Search, Star, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useMoneyDisplay } from '@/lib/user-preferences';
import { securityHref, type Watchlist, watchlistQuery } from '../market-api';
import { useWatchlistChange } from '../market-queries';
import { QuoteFigures } from './quote-figures';
import { resultDetails, SymbolSearchResults } from './symbol-search-results';

/** Search for a security and add it; symbols already watched say so instead of offering Add. */
function AddFromSearch({ watched }: { watched: readonly string[] }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const change = useWatchlistChange();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim().slice(0, 50));
  };
  return (
    <div className="grid gap-3">
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
          <Label htmlFor="security-search">Find a stock, ETF or fund</Label>
          <Input
            id="security-search"
            value={text}
            maxLength={50}
            placeholder="Symbol or name, like AAPL"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={text.trim() === ''}>
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
      <SymbolSearchResults
        query={query}
        label={`Results for ${query}`}
        empty={<>Nothing matches “{query}”.</>}
        className="grid gap-1"
        item={(result) => {
          const onList = watched.includes(result.symbol);
          return (
            <li
              key={result.symbol}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2"
            >
              <div className="min-w-0">
                <span className="font-medium">{result.symbol}</span>{' '}
                <span className="text-sm">{result.name}</span>
                <p className="text-xs text-muted-foreground">{resultDetails(result)}</p>
              </div>
              {onList ? (
                <span className="text-sm text-muted-foreground">On your watchlist</span>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={change.isPending}
                  aria-label={`Add ${result.symbol} to your watchlist`}
                  onClick={() => change.mutate({ kind: 'add', symbol: result.symbol })}
                >
                  <Plus aria-hidden="true" />
                  Add
                </Button>
              )}
            </li>
          );
        }}
      />
    </div>
  );
}

function moved(symbols: readonly string[], from: number, to: number): string[] {
  const next = [...symbols];
  const [symbol] = next.splice(from, 1);
  if (symbol !== undefined) next.splice(to, 0, symbol);
  return next;
}

/** The watched symbols in order: drag a row (pointer) or use Move up / Move down (keyboard) to reorder. */
function WatchlistRows({ watchlist }: { watchlist: Watchlist }) {
  const { locale } = useMoneyDisplay();
  const change = useWatchlistChange();
  const [dragging, setDragging] = useState<number | null>(null);
  const { symbols } = watchlist;
  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= symbols.length) return;
    change.mutate({ kind: 'reorder', symbols: moved(symbols, from, to) });
  };
  return (
    <ol aria-label="Watchlist" className="grid gap-2" aria-busy={change.isPending || undefined}>
      {watchlist.items.map(({ symbol, quote }, index) => (
        <li
          key={symbol}
          draggable
          onDragStart={(event) => {
            setDragging(index);
            event.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(event) => {
            if (dragging !== null) event.preventDefault();
          }}
          onDrop={(event) => {
            event.preventDefault();
            if (dragging !== null) reorder(dragging, index);
            setDragging(null);
          }}
          onDragEnd={() => setDragging(null)}
          className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-md border bg-card px-3 py-2 data-[dragging]:opacity-50 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto]"
          data-dragging={dragging === index ? '' : undefined}
        >
          <GripVertical aria-hidden="true" className="size-4 shrink-0 cursor-grab text-muted-foreground" />
          <div className="min-w-0">
            <Link to={securityHref(symbol)} className="font-medium underline-offset-2 hover:underline">
              {symbol}
            </Link>
            <p className="truncate text-sm text-muted-foreground">{quote?.name ?? 'No price known yet'}</p>
          </div>
          {quote ? <QuoteFigures quote={quote} locale={locale} /> : <span />}
          <div className="col-span-full flex justify-end gap-1 sm:col-span-1">
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Move ${symbol} up`}
              disabled={index === 0 || change.isPending}
              onClick={() => reorder(index, index - 1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Move ${symbol} down`}
              disabled={index === symbols.length - 1 || change.isPending}
              onClick={() => reorder(index, index + 1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Remove ${symbol} from your watchlist`}
              disabled={change.isPending}
              onClick={() => change.mutate({ kind: 'remove', symbol })}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Assets → Watchlist: securities you follow, with their latest price; add from search, reorder, remove. */
export function WatchlistCard() {
  const watchlist = useQuery(watchlistQuery());
  let body;
  if (watchlist.isPending) body = <ListSkeleton label="Loading your watchlist…" />;
  else if (watchlist.isError) {
    body = (
      <LoadError
        title="Failed to fetch your watchlist"
        error={watchlist.error}
        onRetry={() => void watchlist.refetch()}
        retrying={watchlist.isFetching}
      />
    );
  } else {
    body = (
      <div className="grid gap-4">
        {watchlist.data.items.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Star aria-hidden="true" className="size-4" />
            Your watchlist is empty. Search for a symbol below and add it to follow its price.
          </p>
        ) : (
          <WatchlistRows watchlist={watchlist.data} />
        )}
        <AddFromSearch watched={watchlist.data.symbols} />
      </div>
    );
  }
  return (
    <Card aria-labelledby="watchlist-heading">
      <CardHeader>
        <CardTitle id="watchlist-heading">Watchlist</CardTitle>
        <p className="text-sm text-muted-foreground">
          Latest prices with their currency and date; up to 100 symbols.
        </p>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
