import { categoryLabel, isTransactionCategory, TRANSACTION_CATEGORIES } from '@lodestar/domain';
import { Eye, EyeOff, X } from 'lucide-react';
import { useId } from 'react';
import { useFigureDisplay } from '@/components/figure-display';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { BulkChanges } from '../api';
import { useBulkUpdate } from '../use-activity-data';

/** The Select's value for "no category" (a Select item's value is never empty). */
const UNCATEGORIZED_VALUE = 'UNCATEGORIZED';

/**
 * Actions on the selected transactions: set a category, exclude, include. Sent in requests of at
 * most 500 ids; shown at once, rolled back if the server refuses.
 */
export function BulkBar({ ids, onClear }: { ids: string[]; onClear: () => void }) {
  const labelId = useId();
  const bulk = useBulkUpdate();
  const { formatCount } = useFigureDisplay();
  const count = ids.length;
  const run = (changes: BulkChanges, label: string) =>
    bulk.mutate({ ids, changes, label }, { onSuccess: onClear });
  return (
    <div
      role="region"
      aria-labelledby={labelId}
      className="sticky bottom-3 z-10 mt-3 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2 pl-4 text-card-foreground shadow-lg"
    >
      <p id={labelId} className="mr-auto text-sm font-medium" aria-live="polite">
        {formatCount(count)} selected
      </p>
      <Select
        value=""
        disabled={bulk.isPending}
        onValueChange={(value) => {
          const category = isTransactionCategory(value) ? value : null;
          run({ category }, `Category set to ${categoryLabel(category)}`);
        }}
      >
        <SelectTrigger size="sm" className="w-44" aria-label="Set category of selected transactions">
          <SelectValue placeholder="Set category" />
        </SelectTrigger>
        <SelectContent>
          {Object.entries(TRANSACTION_CATEGORIES).map(([value, label]) => (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          ))}
          <SelectItem value={UNCATEGORIZED_VALUE}>Uncategorized</SelectItem>
        </SelectContent>
      </Select>
      <Button
        variant="outline"
        size="sm"
        disabled={bulk.isPending}
        onClick={() => run({ excluded: true }, 'Excluded')}
      >
        <EyeOff aria-hidden="true" />
        Exclude
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={bulk.isPending}
        onClick={() => run({ excluded: false }, 'Included')}
      >
        <Eye aria-hidden="true" />
        Include
      </Button>
      <Button variant="ghost" size="sm" onClick={onClear} aria-label="Clear selection">
        <X aria-hidden="true" />
        <span className="max-sm:sr-only">Clear</span>
      </Button>
    </div>
  );
}
