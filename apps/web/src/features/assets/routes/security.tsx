import { formatIsoDate } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX, Star, StarOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ChartDataTable, dateToX, TimeSeriesChart } from '@/components/charts';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { MoneyText } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { ChartSkeleton } from '@/components/skeletons/chart-skeleton';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { ApiError } from '@/lib/api-client';
import { useMoneyDisplay, useUserPreferences } from '@/lib/user-preferences';
import { holdingsQuery } from '../api';
import { NewsCard } from '../components/news-card';
import { QuoteFigures } from '../components/quote-figures';
import { formatPrice, formatQuantity, gainPercentText } from '../format';
import {
  HISTORY_RANGE_OPTIONS,
  historyQuery,
  type HistoryRange,
  INSTRUMENT_LABELS,
  type Quote,
  quoteQuery,
  watchlistQuery,
} from '../market-api';
import { useWatchlistChange } from '../market-queries';

/** The closing prices over the chosen range, with the same figures as a table. */
function PriceChart({ symbol }: { symbol: string }) {
  const [range, setRange] = useState<HistoryRange>('1y');
  const history = useQuery(historyQuery(symbol, range));
  const { locale } = useMoneyDisplay();
  const { preferences } = useUserPreferences();
  const series = useMemo(
    () =>
      history.data
        ? [
            {
              id: 'close',
              label: 'Close',
              points: history.data.points.map((point) => ({
                x: dateToX(point.date),
                y: Number(point.close),
              })),
            },
          ]
        : [],
    [history.data],
  );
  let body;
  if (history.isPending) body = <ChartSkeleton />;
  else if (history.isError) {
    body = (
      <LoadError
        title="Failed to fetch the price history"
        error={history.error}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  } else if (history.data.points.length === 0) {
    body = <p className="py-8 text-center text-sm text-muted-foreground">No closing prices in this range.</p>;
  } else {
    const { points, currency } = history.data;
    const last = points.at(-1);
    const title = `${symbol} closing prices, ${HISTORY_RANGE_OPTIONS.find((o) => o.value === range)?.label}`;
    body = (
      <div>
        <TimeSeriesChart
          series={series}
          currency={currency}
          locale={locale}
          dateFormat={preferences.date_format}
          masked={false}
          height={260}
          ariaLabel={
            last
              ? `${title}, last close ${formatPrice({ amount: last.close, currency }, locale)} on ${formatIsoDate(last.date, preferences.date_format)}`
              : title
          }
        />
        <p className="mt-2 text-xs text-muted-foreground">
          Daily closes in {currency}
          {history.data.stale ? ' · last known history: the provider could not be reached' : ''}
        </p>
        <ChartDataTable
          caption={title}
          columns={[
            { key: 'date', label: 'Date' },
            { key: 'close', label: `Close (${currency})`, numeric: true },
          ]}
          rows={[...points].reverse().map((point) => ({
            date: formatIsoDate(point.date, preferences.date_format),
            close: formatPrice({ amount: point.close, currency }, locale),
          }))}
        />
      </div>
    );
  }
  return (
    <Card aria-labelledby="price-history-heading">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id="price-history-heading">Price history</CardTitle>
        <SegmentedControl
          label="Range"
          value={range}
          options={HISTORY_RANGE_OPTIONS}
          onValueChange={setRange}
        />
      </CardHeader>
      <CardContent aria-busy={history.isFetching || undefined}>{body}</CardContent>
    </Card>
  );
}

/** What you hold of this security, per account, with value, cost basis and gain. */
function YourPosition({ symbol }: { symbol: string }) {
  const holdings = useQuery(holdingsQuery(1, 'all'));
  const { locale, showBalances } = useMoneyDisplay();
  const { preferences } = useUserPreferences();
  let body;
  if (holdings.isPending) body = <ListSkeleton rows={2} label="Loading your position…" />;
  else if (holdings.isError) {
    body = (
      <LoadError
        title="Failed to fetch investment holdings"
        error={holdings.error}
        onRetry={() => void holdings.refetch()}
        retrying={holdings.isFetching}
      />
    );
  } else {
    const mine = holdings.data.data.filter((holding) => holding.symbol?.toUpperCase() === symbol);
    body =
      mine.length === 0 ? (
        <p className="text-sm text-muted-foreground">You hold no {symbol} in your accounts.</p>
      ) : (
        <ul className="grid gap-3">
          {mine.map((holding) => (
            <li key={holding.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-4">
              <div>
                <p className="text-xs text-muted-foreground">Account</p>
                <p className="font-medium">{holding.accountName}</p>
              </div>
              <div>
                <p className="text-xs text-muted-foreground">Quantity</p>
                <p className="tabular-nums">
                  {showBalances ? formatQuantity(holding.quantity, holding.quantityDecimals, locale) : '••••'}
                </p>
              </div>
              <div>
                <p className="text-xs text-muted-foreground">
                  Value ({holding.native.currency}, price of{' '}
                  {formatIsoDate(holding.priceAsOf, preferences.date_format)})
                </p>
                <MoneyText amount={holding.native} tone="plain" locale={locale} />
              </div>
              <div>
                <p className="text-xs text-muted-foreground">Gain ({holding.native.currency})</p>
                {holding.unrealizedGain ? (
                  <p>
                    <MoneyText amount={holding.unrealizedGain} locale={locale} />{' '}
                    <span className="text-xs text-muted-foreground">
                      {gainPercentText(holding.unrealizedGainPercent, locale)}
                    </span>
                  </p>
                ) : (
                  <p className="text-muted-foreground">Not known (no cost basis)</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      );
  }
  return (
    <Card aria-labelledby="position-heading">
      <CardHeader>
        <CardTitle id="position-heading">Your position</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function WatchButton({ symbol }: { symbol: string }) {
  const watchlist = useQuery(watchlistQuery());
  const change = useWatchlistChange();
  if (!watchlist.data) return null;
  const watched = watchlist.data.symbols.includes(symbol);
  return (
    <Button
      variant="outline"
      disabled={change.isPending}
      onClick={() => change.mutate({ kind: watched ? 'remove' : 'add', symbol })}
    >
      {watched ? <StarOff aria-hidden="true" /> : <Star aria-hidden="true" />}
      {watched ? 'Remove from watchlist' : 'Add to watchlist'}
    </Button>
  );
}

function QuoteCard({ quote }: { quote: Quote }) {
  const { locale } = useMoneyDisplay();
  return (
    <Card aria-labelledby="quote-heading">
      <CardHeader>
        <CardTitle id="quote-heading">Latest price</CardTitle>
        <p className="text-sm text-muted-foreground">
          {[INSTRUMENT_LABELS[quote.type], quote.exchange].filter(Boolean).join(' · ')}
        </p>
      </CardHeader>
      <CardContent>
        <QuoteFigures quote={quote} locale={locale} size="lg" />
      </CardContent>
    </Card>
  );
}

/** /assets/securities/:symbol — a security's price, chart and your position in it. */
export function SecurityRoute() {
  const symbol = (useParams().symbol ?? '').toUpperCase();
  const quote = useQuery(quoteQuery(symbol));
  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/assets">
        <ArrowLeft aria-hidden="true" />
        Assets
      </Link>
    </Button>
  );
  if (quote.isError && quote.error instanceof ApiError && quote.error.status === 404) {
    return (
      <>
        <PageHeader title={symbol} actions={back} />
        <EmptyState icon={SearchX} title="Security not found">
          No security found for symbol {symbol}.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={symbol}
        description={quote.data?.name ?? undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            {back}
            <WatchButton symbol={symbol} />
          </div>
        }
      />
      <div className="grid gap-4">
        {quote.isPending ? (
          <ListSkeleton rows={2} label="Loading the latest price…" />
        ) : quote.isError ? (
          <Card>
            <LoadError
              title="Failed to fetch the latest price"
              error={quote.error}
              onRetry={() => void quote.refetch()}
              retrying={quote.isFetching}
            />
          </Card>
        ) : (
          <QuoteCard quote={quote.data} />
        )}
        <PriceChart symbol={symbol} />
        <YourPosition symbol={symbol} />
        <NewsCard symbols={[symbol]} description={`Headlines about ${symbol}.`} />
      </div>
    </>
  );
}
