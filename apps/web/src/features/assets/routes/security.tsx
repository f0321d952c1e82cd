import { formatIsoDate } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Plus, SearchX, Star, StarOff, Trash2 } from 'lucide-react';
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
import { useScreenSize } from '@/lib/breakpoints';
import { useMoneyDisplay, useUserPreferences } from '@/lib/user-preferences';
import { type Holding, holdingsQuery } from '../api';
import { type EditableHolding, HoldingDialog } from '../components/holding-dialog';
import { securityTransactionsQuery } from '../manual-holdings';
import { NewsCard } from '../components/news-card';
import { QuoteFigures } from '../components/quote-figures';
import {
  boughtAtText,
  formatPrice,
  formatQuantity,
  gainPercentText,
  gainUnknownText,
  VALUED_AT_BUY_PRICE,
} from '../format';
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
    const gains = gainsOf(mine);
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
                <p className="text-xs text-muted-foreground tabular-nums">
                  {holding.valuedAtBuyPrice
                    ? `${VALUED_AT_BUY_PRICE}, ${formatPrice(holding.price, locale)}`
                    : `Price ${formatPrice(holding.price, locale)}`}
                </p>
                {holding.buyPrice && !holding.valuedAtBuyPrice ? (
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {boughtAtText(holding.buyPrice, locale)}
                  </p>
                ) : null}
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
                  <p className="text-muted-foreground">{gainUnknownText(holding)}</p>
                )}
              </div>
            </li>
          ))}
          {gains ? (
            <li aria-label="Gains" className="grid gap-2 rounded-md bg-muted/50 p-3 sm:grid-cols-4">
              <div>
                <p className="text-xs text-muted-foreground">Cost basis</p>
                <MoneyText amount={gains.costBasis} tone="plain" locale={locale} />
              </div>
              <div>
                <p className="text-xs text-muted-foreground">Market value</p>
                <MoneyText amount={gains.marketValue} tone="plain" locale={locale} />
              </div>
              <div className="sm:col-span-2">
                <p className="text-xs text-muted-foreground">Unrealised gain</p>
                <p>
                  <MoneyText amount={gains.gain} locale={locale} />{' '}
                  <span className="text-xs text-muted-foreground">
                    {gainPercentText(gains.percent, locale)}
                  </span>
                </p>
              </div>
            </li>
          ) : null}
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

/**
 * Cost basis, market value and unrealised gain over every position in the security, when they share one
 * currency and each has a cost basis (else null: the per-account figures above say what is known).
 */
function gainsOf(holdings: readonly Holding[]) {
  const first = holdings[0];
  if (!first || holdings.length < 2) return first?.costBasis && first.unrealizedGain ? single(first) : null;
  const currency = first.native.currency;
  if (
    holdings.some(
      (holding) => holding.native.currency !== currency || !holding.costBasis || !holding.unrealizedGain,
    )
  )
    return null;
  const costBasis = holdings.reduce((sum, holding) => sum + (holding.costBasis?.amountMinor ?? 0), 0);
  const marketValue = holdings.reduce((sum, holding) => sum + holding.native.amountMinor, 0);
  const gain = marketValue - costBasis;
  return {
    costBasis: { amountMinor: costBasis, currency },
    marketValue: { amountMinor: marketValue, currency },
    gain: { amountMinor: gain, currency },
    percent: costBasis === 0 ? null : Math.round((gain / costBasis) * 10_000) / 100,
  };
}

/** Enough decimals for a quantity typed by hand: 2 to 8. */
const quantityDecimals = (quantity: string) => Math.min(8, Math.max(2, quantity.split('.')[1]?.length ?? 0));

function single(holding: Holding) {
  if (!holding.costBasis || !holding.unrealizedGain) return null;
  return {
    costBasis: holding.costBasis,
    marketValue: holding.native,
    gain: holding.unrealizedGain,
    percent: holding.unrealizedGainPercent,
  };
}

/** Your buys of this security across accounts (the lots of holdings you added by hand), with Edit and Delete. */
function YourTransactions({ symbol }: { symbol: string }) {
  const transactions = useQuery(securityTransactionsQuery(symbol));
  const { locale, showBalances } = useMoneyDisplay();
  const { preferences } = useUserPreferences();
  const [editing, setEditing] = useState<{ lot: EditableHolding; removing: boolean } | null>(null);
  const desktop = useScreenSize() === 'desktop';
  let body;
  if (transactions.isPending) body = <ListSkeleton rows={2} label="Loading your transactions…" />;
  else if (transactions.isError) {
    body = (
      <LoadError
        title="Failed to fetch your transactions"
        error={transactions.error}
        onRetry={() => void transactions.refetch()}
        retrying={transactions.isFetching}
      />
    );
  } else if (transactions.data.transactions.length === 0) {
    body = (
      <p className="text-sm text-muted-foreground">
        No transactions with units for {symbol}. Holdings you add by hand show their buy here; trades from a
        connection or a file are kept as amounts only, on the account’s page.
      </p>
    );
  } else {
    const rows = transactions.data.transactions;
    const open = (row: (typeof rows)[number], removing: boolean) =>
      setEditing({
        lot: {
          id: row.lotId,
          symbol,
          accountName: row.accountName,
          currency: row.price.currency,
          quantity: row.quantity,
          price: row.price.amount,
          date: row.date,
        },
        removing,
      });
    const actions = (row: (typeof rows)[number], variant: 'outline' | 'ghost') => {
      const which = `${symbol} bought ${formatIsoDate(row.date, preferences.date_format)} in ${row.accountName}`;
      return (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant={variant} aria-label={`Edit ${which}`} onClick={() => open(row, false)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            size="sm"
            variant={variant}
            className="text-destructive"
            aria-label={`Delete ${which}`}
            onClick={() => open(row, true)}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      );
    };
    if (!desktop) {
      body = (
        <ul aria-label={`Your transactions in ${symbol}`} className="grid gap-3">
          {rows.map((row) => (
            <li key={row.lotId} className="grid grid-cols-2 gap-2 rounded-md border p-3 text-sm">
              <p className="col-span-2 font-medium">
                Buy · {formatIsoDate(row.date, preferences.date_format)} · {row.accountName}
              </p>
              <p>
                <span className="block text-xs text-muted-foreground">Quantity</span>
                <span className="tabular-nums">
                  {showBalances
                    ? formatQuantity(row.quantity, quantityDecimals(row.quantity), locale)
                    : '••••'}
                </span>
              </p>
              <p>
                <span className="block text-xs text-muted-foreground">Buy price</span>
                <span className="tabular-nums">{formatPrice(row.price, locale)}</span>
              </p>
              <div>
                <span className="block text-xs text-muted-foreground">Amount</span>
                <MoneyText amount={row.amount} tone="plain" locale={locale} />
              </div>
              <div className="col-span-2 self-end">{actions(row, 'outline')}</div>
            </li>
          ))}
        </ul>
      );
    } else
      body = (
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={`Your transactions in ${symbol}, scrolls sideways`}
        >
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Your transactions in {symbol}</caption>
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Account
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Quantity
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Buy price
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.lotId} className="border-b last:border-0">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {formatIsoDate(row.date, preferences.date_format)}
                  </td>
                  <td className="py-2 pr-3">{row.accountName}</td>
                  <td className="py-2 pr-3">Buy</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {showBalances
                      ? formatQuantity(row.quantity, quantityDecimals(row.quantity), locale)
                      : '••••'}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatPrice(row.price, locale)}</td>
                  <td className="py-2 pr-3 text-right">
                    <MoneyText amount={row.amount} tone="plain" locale={locale} />
                  </td>
                  <td className="py-2 text-right">{actions(row, 'ghost')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
  return (
    <Card aria-labelledby="transactions-heading" className="min-w-0">
      <CardHeader>
        <CardTitle id="transactions-heading">Your transactions</CardTitle>
      </CardHeader>
      <CardContent aria-busy={transactions.isFetching || undefined}>{body}</CardContent>
      <HoldingDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        holding={editing?.lot}
        removing={editing?.removing}
      />
    </Card>
  );
}

function AddHoldingButton({ symbol }: { symbol: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Add holding
      </Button>
      <HoldingDialog open={open} onOpenChange={setOpen} symbol={symbol} />
    </>
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
        <div className="grid gap-4">
          <EmptyState icon={SearchX} title="Security not found">
            No security found for symbol {symbol}.
          </EmptyState>
          <YourPosition symbol={symbol} />
          <YourTransactions symbol={symbol} />
        </div>
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
            <AddHoldingButton symbol={symbol} />
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
        <YourTransactions symbol={symbol} />
        <NewsCard symbols={[symbol]} description={`Headlines about ${symbol}.`} />
      </div>
    </>
  );
}
