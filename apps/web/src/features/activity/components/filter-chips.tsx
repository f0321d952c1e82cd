import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ActivityFilters, FilterChip } from '../filters';

/**
 * Every active filter as a chip with its own remove button, so nothing narrows the list unseen: the
 * default date window and the saved default filters too (marked "default").
 */
export function FilterChips({
  chips,
  onRemove,
}: {
  chips: readonly FilterChip[];
  onRemove: (changes: Partial<ActivityFilters>) => void;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2 px-1">
      <h2 className="sr-only">Active filters</h2>
      <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li
            key={chip.key}
            className="flex max-w-full items-center gap-1 rounded-full border bg-secondary py-0.5 pr-0.5 pl-3 text-sm text-secondary-foreground"
          >
            <span className="min-w-0 break-words">
              {chip.label}
              {chip.byDefault ? <span className="text-muted-foreground"> · default</span> : null}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-7 shrink-0 rounded-full"
              aria-label={`Remove filter: ${chip.label}`}
              onClick={() => onRemove(chip.remove)}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
