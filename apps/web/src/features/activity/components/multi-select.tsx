import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type MultiSelectOption = { value: string; label: string; description?: string };

/**
 * A button that opens a checklist (Radix DropdownMenu checkbox items): the menu stays open while
 * choices are toggled; 'Clear' empties the choice (which means all).
 */
export function MultiSelect({
  label,
  options,
  value,
  onValueChange,
  emptyText = 'Nothing to choose from',
}: {
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  emptyText?: string;
}) {
  const chosen = new Set(value);
  const toggle = (option: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(option);
    else next.delete(option);
    onValueChange([...next]);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="h-10 md:h-9"
          aria-label={value.length > 0 ? `${label}: ${value.length} selected` : `${label}: all`}
        >
          {label}
          {value.length > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums">
              {value.length}
            </span>
          ) : null}
          <ChevronDown aria-hidden="true" className="opacity-70" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        {options.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          options.map((option) => (
            <DropdownMenuCheckboxItem
              key={option.value}
              checked={chosen.has(option.value)}
              onCheckedChange={(checked) => toggle(option.value, checked === true)}
              // Keep the menu open so several can be toggled in a row.
              onSelect={(event) => event.preventDefault()}
            >
              <span className="min-w-0">
                <span className="block truncate">{option.label}</span>
                {option.description ? (
                  <span className="block truncate text-xs text-muted-foreground">{option.description}</span>
                ) : null}
              </span>
            </DropdownMenuCheckboxItem>
          ))
        )}
        {value.length > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onValueChange([])}>
              Clear {label.toLowerCase()}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
