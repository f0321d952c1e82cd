import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Previous / Next with "Page 1 of 3"; hidden when everything fits on one page. */
export function Pagination({
  page,
  totalPages,
  hasNext,
  busy,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  hasNext: boolean;
  busy: boolean;
  onPageChange: (page: number) => void;
}) {
  if (totalPages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages of holdings" className="flex items-center justify-between gap-3 pt-4">
      <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {Math.max(totalPages, 1)}
      </p>
      <Button variant="outline" size="sm" disabled={!hasNext || busy} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
