import { Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import type { FxRateRow } from '../api';
import { todayIn } from '../model';
import { useDeleteManualRate, useFxRates, useRefreshRates } from '../queries';
import type { DashboardDisplay } from './display';
import { ManualRateFormSection } from './manual-rate-form';

function RateRow({
  rate,
  quote,
  display,
  onDelete,
  deleting,
}: {
  rate: FxRateRow;
  quote: string;
  display: DashboardDisplay;
  onDelete: (id: string) => void;
  deleting: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="grid gap-0.5">
        <span className="font-medium tabular-nums">
          1 {rate.currency} = {rate.rate} {quote}
        </span>
        <span className="text-xs text-muted-foreground">
          {rate.estimated
            ? `Earliest known rate, of ${display.formatDate(rate.date)}: an estimate until then`
            : display.formatDate(rate.date)}
        </span>
      </div>
      <span className="flex items-center gap-2">
        <Badge variant="outline">{rate.source === 'manual' ? 'Manual' : 'ECB'}</Badge>
        {rate.stale ? <Badge variant="warning">Stale</Badge> : null}
        {rate.estimated ? <Badge variant="warning">Estimated</Badge> : null}
        {rate.source === 'manual' && rate.id ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Delete the manual rate for ${rate.currency}`}
            disabled={deleting}
            onClick={() => onDelete(rate.id ?? '')}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </span>
    </li>
  );
}

function RefreshRates() {
  const refresh = useRefreshRates();
  const onSessionExpired = useSessionExpiredHandler();
  return (
    <div className="grid gap-2">
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={refresh.isPending}
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: ({ fetched }) =>
                toast.success('Exchange rates updated', {
                  description: `${fetched} ${fetched === 1 ? 'rate' : 'rates'} fetched from the ECB`,
                }),
              onError: (error) => void onSessionExpired(error),
            })
          }
        >
          {refresh.isPending ? (
            <Loader2 aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <RefreshCw aria-hidden="true" />
          )}
          {refresh.isPending ? 'Fetching rates…' : 'Fetch ECB rates now'}
        </Button>
      </div>
      <span role="status" className="sr-only">
        {refresh.isPending ? 'Fetching exchange rates' : ''}
      </span>
      {refresh.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(refresh.error)}
        </p>
      ) : null}
    </div>
  );
}

/** The user's exchange rates against the reporting currency, a manual rate form and an ECB refresh. */
export function FxRatesDialog({
  open,
  onOpenChange,
  currency,
  initialCurrency,
  display,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currency: string;
  initialCurrency: string;
  display: DashboardDisplay;
}) {
  const rates = useFxRates(open);
  const remove = useDeleteManualRate();
  const onSessionExpired = useSessionExpiredHandler();
  const quote = rates.data?.currency ?? currency;
  const today = todayIn(display.timeZone);
  const fetchedAt = rates.data?.lastFetchedAt ? new Date(rates.data.lastFetchedAt) : null;
  const lastFetched = fetchedAt && !Number.isNaN(fetchedAt.getTime()) ? fetchedAt : null;
  const deleteRate = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => toast.success('Manual rate deleted'),
      onError: (error) => {
        if (!onSessionExpired(error))
          toast.error('Could not delete the rate', { description: errorMessage(error) });
      },
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Exchange rates</DialogTitle>
          <DialogDescription>
            Balances in other currencies are converted to {quote} at the latest rate on or before each day.
          </DialogDescription>
        </DialogHeader>
        <section aria-labelledby="fx-rates-heading" className="grid gap-2">
          <h3 id="fx-rates-heading" className="text-sm font-semibold">
            Rates to {quote}
          </h3>
          {rates.isPending ? (
            <ListSkeleton rows={2} label="Loading exchange rates…" />
          ) : rates.isError ? (
            <LoadError
              title="Exchange rates could not be loaded"
              error={rates.error}
              onRetry={() => void rates.refetch()}
              retrying={rates.isFetching}
              className="rounded-md border px-3"
            />
          ) : rates.data.rates.length === 0 && rates.data.missing.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {rates.data.held.length === 0
                ? `You have no accounts yet: nothing to convert to ${quote}.`
                : `All your accounts are in ${quote}: nothing to convert.`}
            </p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">
                Your accounts are in {rates.data.held.join(', ')}.
              </p>
              <ul className="divide-y text-sm">
                {rates.data.rates.map((rate) => (
                  <RateRow
                    key={`${rate.currency}-${rate.source}-${rate.date}`}
                    rate={rate}
                    quote={quote}
                    display={display}
                    onDelete={deleteRate}
                    deleting={remove.isPending}
                  />
                ))}
                {rates.data.missing.map((code) => (
                  <li
                    key={`missing-${code}`}
                    className="flex flex-wrap items-center justify-between gap-2 py-2"
                  >
                    <div className="grid gap-0.5">
                      <span className="font-medium">{code}</span>
                      <span className="text-xs text-muted-foreground">
                        No rate to {quote} yet: {code} balances are left out of the totals. Add one below.
                      </span>
                    </div>
                    <Badge variant="warning">No rate</Badge>
                  </li>
                ))}
              </ul>
            </>
          )}
          {lastFetched ? (
            <p className="text-xs text-muted-foreground">
              ECB rates last fetched {display.formatDateTime(lastFetched)}
            </p>
          ) : null}
          <RefreshRates />
        </section>
        <ManualRateFormSection
          key={initialCurrency}
          quote={quote}
          initialCurrency={initialCurrency}
          today={today}
        />
      </DialogContent>
    </Dialog>
  );
}
