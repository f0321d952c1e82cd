import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { useUserPreferences } from '@/lib/user-preferences';
import { cn } from '@/lib/utils';
import type { Transaction } from '../api';
import { useFigureDisplay } from '@/components/figure-display';
import { formatGroupDate } from '../format';
import {
  DATE_HEADER_HEIGHT,
  COMPACT_ROW_HEIGHT_NARROW,
  COMPACT_ROW_HEIGHT_WIDE,
  ROW_HEIGHT_NARROW,
  ROW_HEIGHT_WIDE,
  TransactionRow,
  WIDE_COLUMNS,
} from './transaction-row';

/** Height of the app's sticky top bar (h-14), which sticky list headers sit under. */
const APP_BAR_HEIGHT = 56;
/** Load the next page when the last rendered row is this close to the end of what is loaded. */
const LOAD_AHEAD_ROWS = 40;
const PAGE_JUMP = 10;

type Item =
  | { kind: 'header'; key: string; date: string }
  | { kind: 'row'; key: string; transaction: Transaction; row: number };

/** The last entry of the sorted `indexes` that is ≤ `index` (binary search), or undefined. */
function lastAtOrBefore(indexes: readonly number[], index: number): number | undefined {
  let low = 0;
  let high = indexes.length - 1;
  let found: number | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = indexes[middle]!;
    if (value <= index) {
      found = value;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * A callback whose identity never changes but which always runs the latest `callback`, so memoised
 * rows do not re-render when the list's state changes.
 */
function useStableCallback<Args extends unknown[]>(callback: (...args: Args) => void) {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

/** Where the list starts on the page, kept up to date as what is above it changes size. */
function useOffsetTop() {
  const ref = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOffset(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return [ref, offset] as const;
}

export type TransactionListProps = {
  transactions: Transaction[];
  /** How many match; undefined when a search counted no further than its cap (aria-rowcount -1). */
  total: number | undefined;
  /** Desktop table (≥ 768 px) or the phone's two-line rows. */
  wide: boolean;
  /** Phone layout sorted by date: rows under date headers (the current one sticks). */
  groupByDate: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  busy: boolean;
};

/**
 * The loaded transactions as one virtual list on the page's own scroll: only the rows in view (plus a
 * few) are in the DOM, so 10,000 loaded rows scroll as smoothly as 100. Rows have fixed heights. It is
 * an ARIA grid: one row is in the Tab order; arrow keys, Home/End and Page Up/Down move between rows,
 * Enter opens the row's details and Space selects it. More rows load on reaching the end.
 */
export function TransactionList({
  transactions,
  total,
  wide,
  groupByDate,
  selected,
  onToggle,
  onOpen,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  busy,
}: TransactionListProps) {
  const { masked, locale, dateFormat } = useFigureDisplay();
  const [listRef, offsetTop] = useOffsetTop();
  const [activeId, setActiveId] = useState<string | null>(null);
  const compactRows = useUserPreferences().preferences.compact_view;
  const rowHeight = compactRows
    ? wide
      ? COMPACT_ROW_HEIGHT_WIDE
      : COMPACT_ROW_HEIGHT_NARROW
    : wide
      ? ROW_HEIGHT_WIDE
      : ROW_HEIGHT_NARROW;

  const { items, rowToItem, headerIndexes } = useMemo(() => {
    const list: Item[] = [];
    const rowIndexes: number[] = [];
    const headers: number[] = [];
    let lastDate: string | null = null;
    transactions.forEach((transaction, row) => {
      if (groupByDate && transaction.date !== lastDate) {
        headers.push(list.length);
        list.push({ kind: 'header', key: `date:${transaction.date}:${list.length}`, date: transaction.date });
        lastDate = transaction.date;
      }
      rowIndexes.push(list.length);
      list.push({ kind: 'row', key: transaction.id, transaction, row });
    });
    return { items: list, rowToItem: rowIndexes, headerIndexes: headers };
  }, [transactions, groupByDate]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const sticky = lastAtOrBefore(headerIndexes, range.startIndex);
      if (sticky === undefined || indexes.includes(sticky)) return indexes;
      return [sticky, ...indexes];
    },
    [headerIndexes],
  );

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (index) => (items[index]?.kind === 'header' ? DATE_HEADER_HEIGHT : rowHeight),
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 8,
    scrollMargin: offsetTop,
    scrollPaddingStart: APP_BAR_HEIGHT + (wide ? 40 : DATE_HEADER_HEIGHT),
    rangeExtractor,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const visibleStart = virtualizer.range?.startIndex ?? 0;
  const stickyIndex = groupByDate ? lastAtOrBefore(headerIndexes, visibleStart) : undefined;

  // The row in the Tab order: the last focused one while it is rendered, else the first rendered row.
  const renderedRowIds = virtualItems.flatMap((virtual) => {
    const item = items[virtual.index];
    return item?.kind === 'row' ? [item.transaction.id] : [];
  });
  const tabbableId = activeId && renderedRowIds.includes(activeId) ? activeId : (renderedRowIds[0] ?? null);

  const lastRendered = virtualItems.at(-1)?.index ?? -1;
  useEffect(() => {
    if (
      hasNextPage &&
      !isFetchingNextPage &&
      items.length > 0 &&
      lastRendered >= items.length - LOAD_AHEAD_ROWS
    ) {
      onLoadMore();
    }
  }, [hasNextPage, isFetchingNextPage, items.length, lastRendered, onLoadMore]);

  const container = useRef<HTMLDivElement>(null);
  const focusRow = useCallback(
    (row: number) => {
      const index = Math.max(0, Math.min(row, transactions.length - 1));
      const target = transactions[index];
      const itemIndex = rowToItem[index];
      if (!target || itemIndex === undefined) return;
      setActiveId(target.id);
      virtualizer.scrollToIndex(itemIndex, { align: 'auto' });
      // The row may only be rendered after the scroll: try for a few frames.
      let attempts = 0;
      const tryFocus = () => {
        const element = container.current?.querySelector<HTMLElement>(
          `[data-row-id="${target.id.replace(/["\\]/g, '\\$&')}"]`,
        );
        if (element) element.focus({ preventScroll: true });
        else if (attempts++ < 5) window.requestAnimationFrame(tryFocus);
      };
      tryFocus();
    },
    [rowToItem, transactions, virtualizer],
  );

  const onRowKeyDown = useStableCallback((event: KeyboardEvent<HTMLDivElement>, row: number) => {
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, number> = {
      ArrowDown: row + 1,
      ArrowUp: row - 1,
      PageDown: row + PAGE_JUMP,
      PageUp: row - PAGE_JUMP,
      Home: 0,
      End: transactions.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key]!);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const transaction = transactions[row];
      if (transaction) onOpen(transaction.id);
    } else if (event.key === ' ') {
      event.preventDefault();
      const transaction = transactions[row];
      if (transaction) onToggle(transaction.id);
    }
  });

  return (
    // The card holds the grid and, outside it, the load-more footer (a grid may only own rows).
    <div className="rounded-lg border bg-card text-card-foreground">
      <div
        ref={container}
        role="grid"
        aria-label="Transactions"
        aria-rowcount={total === undefined ? -1 : total + (wide ? 1 : 0)}
        aria-multiselectable="true"
        aria-busy={busy || undefined}
      >
        {wide ? (
          <div
            role="row"
            aria-rowindex={1}
            className={cn(
              WIDE_COLUMNS,
              'sticky top-14 z-[2] h-10 rounded-t-lg border-b bg-muted text-xs font-medium text-muted-foreground',
            )}
          >
            <div role="columnheader">
              <span className="sr-only">Selected</span>
            </div>
            <div role="columnheader">Date</div>
            <div role="columnheader">Name</div>
            <div role="columnheader" className="hidden lg:block">
              Account
            </div>
            <div role="columnheader">Category</div>
            <div role="columnheader" className="text-right">
              Amount
            </div>
          </div>
        ) : null}
        <div
          ref={listRef}
          role="rowgroup"
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualItems.map((virtual) => {
            const item = items[virtual.index];
            if (!item) return null;
            const top = virtual.start - virtualizer.options.scrollMargin;
            if (item.kind === 'header') {
              const sticky = virtual.index === stickyIndex;
              return (
                // Visual grouping only: each row also carries its date for screen readers.
                <div
                  key={virtual.key}
                  aria-hidden="true"
                  data-date-header={item.date}
                  className={cn(
                    'left-0 z-[1] flex w-full items-center border-b bg-muted px-3 text-xs font-semibold text-muted-foreground',
                    sticky ? 'sticky' : 'absolute top-0',
                  )}
                  style={
                    sticky
                      ? { height: DATE_HEADER_HEIGHT, top: APP_BAR_HEIGHT }
                      : { height: DATE_HEADER_HEIGHT, transform: `translateY(${top}px)` }
                  }
                >
                  {formatGroupDate(item.date, dateFormat)}
                </div>
              );
            }
            const { transaction } = item;
            return (
              <TransactionRow
                key={virtual.key}
                transaction={transaction}
                rowIndex={item.row}
                wide={wide}
                selected={selected.has(transaction.id)}
                tabbable={transaction.id === tabbableId}
                top={top}
                height={rowHeight}
                onToggle={onToggle}
                onOpen={onOpen}
                onFocusRow={setActiveId}
                onKeyDown={onRowKeyDown}
                masked={masked}
                locale={locale}
                dateFormat={dateFormat}
              />
            );
          })}
        </div>
      </div>
      <div className="flex flex-col items-center gap-2 border-t px-3 py-4 text-sm text-muted-foreground">
        {hasNextPage ? (
          <Button variant="outline" onClick={onLoadMore} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading more…' : 'Load more'}
          </Button>
        ) : (
          <p>End of the list.</p>
        )}
      </div>
    </div>
  );
}
