import { AlertTriangle, Info } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { FxNotes } from '../api';
import type { DashboardDisplay } from './display';

/**
 * Conversion caveats of the figures below: currencies without any rate (left out of the totals, with
 * a way to enter one), rates older than a week (a quiet note with the rate's date) and days before a
 * currency's first rate (converted at that rate: estimates).
 */
export function FxNotices({
  fx,
  currency,
  display,
  onAddRate,
}: {
  fx: FxNotes;
  currency: string;
  display: DashboardDisplay;
  onAddRate: (currency: string) => void;
}) {
  if (fx.missing.length === 0 && fx.stale.length === 0 && fx.estimated.length === 0) return null;
  const missing = fx.missing.join(', ');
  return (
    <div className="grid gap-2">
      {fx.missing.length > 0 ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-lg border border-amber-700/40 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200 in-[.high-contrast]:border-foreground in-[.high-contrast]:bg-card in-[.high-contrast]:text-foreground"
        >
          <p className="flex items-start gap-2 text-sm">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              No exchange rate from {missing} to {currency} yet. Balances in {missing} are left out of the
              totals until a rate exists.
            </span>
          </p>
          <Button
            variant="outline"
            size="sm"
            className="self-start sm:self-auto"
            onClick={() => onAddRate(fx.missing[0] ?? '')}
          >
            Add an exchange rate
          </Button>
        </div>
      ) : null}
      {fx.stale.map((note) => (
        <p key={note.currency} className="flex items-start gap-2 text-xs text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          {note.currency} amounts use the exchange rate of {display.formatDate(note.asOf)}, the latest one
          available.
        </p>
      ))}
      {fx.estimated.map((note) => (
        <p
          key={`estimated-${note.currency}`}
          className="flex items-start gap-2 text-xs text-muted-foreground"
        >
          <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          {note.currency} amounts before {display.formatDate(note.from)} are estimates: they use the earliest
          known exchange rate, of {display.formatDate(note.from)}.
        </p>
      ))}
    </div>
  );
}
