import { TRANSACTION_CATEGORIES } from '@lodestar/domain';
import { Search, X } from 'lucide-react';
import { memo, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DateInput } from '@/components/date-input';
import { Label } from '@/components/ui/label';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { AccountOption } from '../api';
import {
  ACTIVITY_FILTERS,
  type ActivityFilters,
  hasActiveFilters,
  SEARCH_MAX_LENGTH,
  SORT_ORDERS,
  type SortOrder,
  UNCATEGORIZED,
} from '../filters';
import { MultiSelect, type MultiSelectOption } from './multi-select';

/** Spec: the search box waits for a pause in typing before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const CATEGORY_OPTIONS: MultiSelectOption[] = [
  ...Object.entries(TRANSACTION_CATEGORIES).map(([value, label]) => ({ value, label })),
  { value: UNCATEGORIZED, label: 'Uncategorized' },
];

export type FilterChange = (changes: Partial<ActivityFilters>, options?: { replace?: boolean }) => void;

/** The search box: typed text is sent after SEARCH_DEBOUNCE_MS of quiet; the URL's value wins when it changes. */
function SearchBox({ value, onCommit }: { value: string; onCommit: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The URL changed (back button, Clear filters): show its value.
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => onCommit(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onCommit]);
  return (
    <div className="relative min-w-0 flex-1 basis-full sm:basis-64">
      <Label htmlFor={id} className="sr-only">
        Search transactions
      </Label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search name or merchant"
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(text);
        }}
        className="h-10 pl-9 md:h-9"
      />
    </div>
  );
}

/** Search, type filter, categories, accounts, dates from and to, sort order and Clear filters. */
export const FiltersBar = memo(function FiltersBar({
  filters,
  onChange,
  onClear,
  accounts,
  accountsError,
}: {
  filters: ActivityFilters;
  onChange: FilterChange;
  onClear: () => void;
  accounts: AccountOption[] | undefined;
  accountsError: boolean;
}) {
  const dateId = useId();
  const toId = useId();
  const sortId = useId();
  const accountOptions: MultiSelectOption[] = (accounts ?? []).map((account) => ({
    value: account.id,
    label: account.name,
    description: [
      account.institutionName,
      account.mask ? `••${account.mask}` : null,
      account.hidden ? 'Hidden' : null,
    ]
      .filter(Boolean)
      .join(' · '),
  }));
  // An account in the URL that is not (or not yet) in the list still shows as chosen.
  for (const id of filters.accounts) {
    if (!accountOptions.some((option) => option.value === id))
      accountOptions.push({ value: id, label: 'Unknown account' });
  }
  return (
    <search aria-label="Filter transactions" className="mb-4 grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={filters.search} onCommit={(search) => onChange({ search }, { replace: true })} />
        <MultiSelect
          label="Categories"
          options={CATEGORY_OPTIONS}
          value={filters.categories}
          onValueChange={(categories) => onChange({ categories })}
        />
        <MultiSelect
          label="Accounts"
          options={accountOptions}
          value={filters.accounts}
          onValueChange={(accountIds) => onChange({ accounts: accountIds })}
          emptyText={
            accountsError ? 'Could not load accounts' : accounts ? 'No accounts yet' : 'Loading accounts…'
          }
        />
        <div className="flex items-center gap-2">
          <Label htmlFor={dateId} className="text-sm font-normal whitespace-nowrap text-muted-foreground">
            From
          </Label>
          <DateInput
            id={dateId}
            value={filters.date}
            max={filters.to || undefined}
            onlyDates
            pickerLabel="Choose the first day"
            onChange={(date) => onChange({ date }, { replace: true })}
            className="w-40 [&_input]:h-10 md:[&_input]:h-9"
          />
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={toId} className="text-sm font-normal whitespace-nowrap text-muted-foreground">
            To
          </Label>
          <DateInput
            id={toId}
            value={filters.to}
            min={filters.date || undefined}
            onlyDates
            pickerLabel="Choose the last day"
            onChange={(to) => onChange({ to }, { replace: true })}
            className="w-40 [&_input]:h-10 md:[&_input]:h-9"
          />
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={sortId} className="text-sm font-normal whitespace-nowrap text-muted-foreground">
            Sort
          </Label>
          <Select value={filters.sort} onValueChange={(sort) => onChange({ sort: sort as SortOrder })}>
            <SelectTrigger id={sortId} size="sm" className="h-10 w-48 md:h-9">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SORT_ORDERS.map((order) => (
                <SelectItem key={order.value} value={order.value}>
                  {order.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {hasActiveFilters(filters) ? (
          <Button variant="ghost" size="sm" className="h-10 md:h-9" onClick={onClear}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        ) : null}
      </div>
      <div className="-mx-1 overflow-x-auto px-1 pb-1">
        <SegmentedControl
          label="Show"
          value={filters.filter}
          options={ACTIVITY_FILTERS}
          onValueChange={(filter) => onChange({ filter })}
          className="flex-nowrap"
        />
      </div>
    </search>
  );
});
