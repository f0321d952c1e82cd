import type { DateFormat } from '@lodestar/domain';
import { type KeyboardEvent, memo } from 'react';
import { MoneyText } from '@/components/money';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';
import type { Transaction } from '../api';
import { formatShortDate, truncateTransactionName } from '../format';
import { useWriteAccess } from '@/lib/household';
import { CategoryPicker } from './category-picker';

/** Fixed heights (px), so the virtual list needs no measuring. */
export const ROW_HEIGHT_WIDE = 56;
export const ROW_HEIGHT_NARROW = 68;
/** The same with compact lists (the compact_view preference). */
export const COMPACT_ROW_HEIGHT_WIDE = 40;
export const COMPACT_ROW_HEIGHT_NARROW = 52;
export const DATE_HEADER_HEIGHT = 32;

/** Desktop columns: select, date, name, account (≥ 1024 px), category, amount. */
export const WIDE_COLUMNS =
  'grid grid-cols-[2.5rem_6.5rem_minmax(0,1fr)_10rem_8.5rem] lg:grid-cols-[2.5rem_6.5rem_minmax(0,1fr)_minmax(0,12rem)_11rem_9rem] items-center gap-x-3 px-3';

function StatusBadges({ transaction }: { transaction: Transaction }) {
  return (
    <>
      {transaction.status === 'pending' ? <Badge variant="warning">Pending</Badge> : null}
      {transaction.status === 'failed' || transaction.status === 'cancelled' ? (
        <Badge variant="destructive">{transaction.status === 'failed' ? 'Failed' : 'Cancelled'}</Badge>
      ) : null}
      {transaction.isTransfer ? <Badge variant="secondary">Transfer</Badge> : null}
      {transaction.excluded ? <Badge variant="outline">Excluded</Badge> : null}
    </>
  );
}

/** The name, cut to 47 + '...' past 50 characters, with the whole name on hover and for screen readers. */
function TransactionName({ name, className }: { name: string; className?: string }) {
  const shown = truncateTransactionName(name);
  return (
    <span className={cn('truncate font-medium', className)} title={name}>
      {shown === name ? (
        name
      ) : (
        <>
          <span aria-hidden="true">{shown}</span>
          <span className="sr-only">{name}</span>
        </>
      )}
    </span>
  );
}

export type RowProps = {
  transaction: Transaction;
  rowIndex: number;
  wide: boolean;
  selected: boolean;
  /** The one row (and its controls) in the Tab order. */
  tabbable: boolean;
  /** Offset (px) from the top of the list, and the row's height. */
  top: number;
  height: number;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
  onFocusRow: (id: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>, rowIndex: number) => void;
  /** The user's display preferences, as plain values so the memoised row compares them cheaply. */
  masked: boolean;
  locale: string;
  dateFormat: DateFormat;
};

/** One transaction row; memoised, so scrolling renders only the rows that come into view. */
export const TransactionRow = memo(function TransactionRow({
  transaction,
  rowIndex,
  wide,
  selected,
  tabbable,
  top,
  height,
  onToggle,
  onOpen,
  onFocusRow,
  onKeyDown,
  masked,
  locale,
  dateFormat,
}: RowProps) {
  const muted = transaction.excluded;
  const amountClass = muted
    ? 'text-muted-foreground line-through dark:text-muted-foreground in-[.high-contrast]:text-muted-foreground dark:in-[.high-contrast]:text-muted-foreground'
    : undefined;
  const innerTab = tabbable ? 0 : -1;
  const { canWrite } = useWriteAccess();
  const merchant =
    transaction.merchantName && transaction.merchantName !== transaction.name
      ? transaction.merchantName
      : null;
  // A read-only member has nothing to do with a selection (bulk edits are changes): no checkbox.
  const select = !canWrite ? (
    <span />
  ) : (
    <span className="flex items-center justify-center" onClick={(event) => event.stopPropagation()}>
      <Checkbox
        checked={selected}
        tabIndex={innerTab}
        aria-label={`Select ${transaction.name}`}
        onCheckedChange={() => onToggle(transaction.id)}
        onKeyDown={(event) => event.stopPropagation()}
      />
    </span>
  );
  return (
    <div
      role="row"
      aria-rowindex={rowIndex + (wide ? 2 : 1)}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-row-id={transaction.id}
      data-row-index={rowIndex}
      style={{ height, transform: `translateY(${top}px)` }}
      onClick={() => onOpen(transaction.id)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusRow(transaction.id);
      }}
      onKeyDown={(event) => onKeyDown(event, rowIndex)}
      className={cn(
        'absolute top-0 left-0 w-full cursor-pointer border-b bg-card text-sm outline-none transition-colors hover:bg-accent/60',
        // Focus shows whether it came by keyboard, by click or back from the details sheet.
        'focus:z-[1] focus:outline-2 focus:-outline-offset-2 focus:outline-ring focus:outline-solid',
        selected && 'bg-accent/70',
        muted && 'text-muted-foreground',
        wide
          ? WIDE_COLUMNS
          : 'grid grid-cols-[2rem_minmax(0,1fr)_auto] grid-rows-2 items-center gap-x-2 px-3 py-2.5 compact:py-1',
      )}
    >
      {wide ? (
        <>
          <div role="gridcell">{select}</div>
          <div role="gridcell" className="text-muted-foreground tabular-nums">
            {formatShortDate(transaction.date, dateFormat)}
          </div>
          <div role="gridcell" className="min-w-0">
            <div className="flex min-w-0 items-center gap-2">
              <TransactionName name={transaction.name} className={cn(muted && 'text-muted-foreground')} />
              <StatusBadges transaction={transaction} />
            </div>
            <div className="truncate text-xs text-muted-foreground">
              {merchant}
              <span className="lg:hidden">
                {merchant ? ' · ' : ''}
                {transaction.accountName}
              </span>
            </div>
          </div>
          <div role="gridcell" className="hidden min-w-0 truncate text-muted-foreground lg:block">
            {transaction.accountName}
          </div>
          <div role="gridcell" className="min-w-0">
            <CategoryPicker transaction={transaction} tabIndex={innerTab} />
          </div>
          <div role="gridcell" className="text-right font-medium">
            <MoneyText amount={transaction.amount} masked={masked} locale={locale} className={amountClass} />
          </div>
        </>
      ) : (
        <>
          <div role="gridcell" className="row-span-2">
            {select}
          </div>
          {/* A card of two lines: name, badges and amount; then date, account and category. */}
          <div role="gridcell" className="flex min-w-0 items-center gap-2">
            <TransactionName name={transaction.name} />
          </div>
          <div
            role="gridcell"
            className="flex items-center justify-end gap-1.5 font-medium whitespace-nowrap"
          >
            <span className="flex shrink-0 items-center gap-1 text-xs font-normal">
              <StatusBadges transaction={transaction} />
            </span>
            <MoneyText amount={transaction.amount} masked={masked} locale={locale} className={amountClass} />
          </div>
          <div
            role="gridcell"
            className="col-span-2 flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground"
          >
            <span className="shrink-0 tabular-nums">{formatShortDate(transaction.date, dateFormat)}</span>
            <span aria-hidden="true">·</span>
            <span className="min-w-16 flex-1 truncate" title={transaction.accountName}>
              {transaction.accountName}
            </span>
            <CategoryPicker transaction={transaction} tabIndex={innerTab} className="max-w-36 min-w-0" />
          </div>
        </>
      )}
    </div>
  );
});
