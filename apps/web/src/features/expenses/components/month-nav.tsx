import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { monthLabel } from '../month';

/** Previous / next month around the month shown; there is no next month after the current one. */
export function MonthNav({
  month,
  previous,
  next,
  onChange,
}: {
  month: string;
  previous: string;
  next: string | null;
  onChange: (month: string) => void;
}) {
  return (
    <nav aria-label="Month" className="flex items-center gap-2">
      <Button
        variant="outline"
        size="icon"
        aria-label={`Previous month, ${monthLabel(previous)}`}
        onClick={() => onChange(previous)}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <p aria-live="polite" className="min-w-36 text-center text-base font-semibold tabular-nums">
        {monthLabel(month)}
      </p>
      <Button
        variant="outline"
        size="icon"
        aria-label={next ? `Next month, ${monthLabel(next)}` : 'Next month'}
        disabled={!next}
        onClick={() => next && onChange(next)}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
