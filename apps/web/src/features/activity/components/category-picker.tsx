import { categoryLabel, TRANSACTION_CATEGORIES, type TransactionCategory } from '@lodestar/domain';
import { Check, ChevronDown, Sparkles } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useFigureDisplay } from '@/components/figure-display';
import { Button } from '@/components/ui/button';
import { useWriteAccess } from '@/lib/household';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import type { ProposedRule, Transaction } from '../api';
import { transactionCategoryText } from '../format';
import { useCreateRule, useRulePreview, useUpdateTransaction } from '../use-activity-data';

const CATEGORY_OPTIONS = Object.entries(TRANSACTION_CATEGORIES) as [TransactionCategory, string][];

type Step =
  | { kind: 'pick' }
  | { kind: 'changed'; category: TransactionCategory }
  | { kind: 'preview'; category: TransactionCategory; rule: ProposedRule; matching: number };

/** Arrow keys move between the buttons of a vertical list (Tab still works). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = buttons[(index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/**
 * The category chip: opens a popover to recategorize this transaction (PATCH, shown at once and
 * rolled back on failure), then offers to apply the category to similar transactions: a rule preview
 * says how many match, and confirming creates the rule (which the server applies to them).
 */
/** The popover's content: mounted only while open, so a row's chip costs no mutation observers. */
function CategoryPickerBody({ transaction, onDone }: { transaction: Transaction; onDone: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const update = useUpdateTransaction();
  const preview = useRulePreview();
  const createRule = useCreateRule();
  const { formatCount } = useFigureDisplay();

  const choose = (category: TransactionCategory | null) => {
    if (category === transaction.category && transaction.categorySource === 'user') {
      onDone();
      return;
    }
    update.mutate({ id: transaction.id, changes: { category } });
    if (category === null) onDone();
    else setStep({ kind: 'changed', category });
  };

  const findSimilar = (category: TransactionCategory) => {
    preview.mutate(
      { transactionId: transaction.id, category },
      { onSuccess: ({ rule, matching }) => setStep({ kind: 'preview', category, rule, matching }) },
    );
  };

  if (step.kind === 'pick') {
    return (
      <div
        role="group"
        aria-label="Categories"
        className="grid max-h-80 gap-0.5 overflow-y-auto"
        onKeyDown={moveFocus}
      >
        {CATEGORY_OPTIONS.map(([value, label]) => {
          const current = transaction.category === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={current}
              onClick={() => choose(value)}
              className="flex h-9 items-center justify-between gap-2 rounded-sm px-2 text-left text-sm hover:bg-accent hover:text-accent-foreground aria-pressed:font-semibold"
            >
              {label}
              {current ? <Check aria-hidden="true" className="size-4" /> : null}
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={transaction.category === null}
          onClick={() => choose(null)}
          className="flex h-9 items-center rounded-sm border-t px-2 text-left text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground"
        >
          Uncategorized
        </button>
      </div>
    );
  }
  if (step.kind === 'changed') {
    return (
      <div className="grid gap-3 p-2">
        <p className="text-sm" role="status">
          Category set to <strong>{categoryLabel(step.category)}</strong>.
        </p>
        <div className="grid gap-2">
          <Button size="sm" autoFocus onClick={() => findSimilar(step.category)} disabled={preview.isPending}>
            <Sparkles aria-hidden="true" />
            {preview.isPending ? 'Finding similar…' : 'Apply to similar transactions'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Just this one
          </Button>
        </div>
      </div>
    );
  }
  const { matching, rule, category } = step;
  const noun = matching === 1 ? 'transaction' : 'transactions';
  return (
    <div className="grid gap-3 p-2">
      <p className="text-sm" role="status">
        <strong>{formatCount(matching)} matching</strong> {noun} will be set to{' '}
        <strong>{categoryLabel(category)}</strong>
        {matching === 0 ? '; the rule will still apply to new ones.' : ', and new ones too.'}
      </p>
      <div className="grid gap-2">
        <Button
          size="sm"
          autoFocus
          onClick={() => createRule.mutate(rule, { onSuccess: onDone })}
          disabled={createRule.isPending}
        >
          {createRule.isPending
            ? 'Creating rule…'
            : matching > 0
              ? `Apply to ${formatCount(matching)} ${noun}`
              : 'Create rule'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * The category chip: opens a popover to recategorize this transaction (PATCH, shown at once and
 * rolled back on failure), then offers to apply the category to similar transactions: a rule preview
 * says how many match, and confirming creates the rule (which the server applies to them).
 */
export function CategoryPicker({
  transaction,
  className,
  size = 'sm',
  tabIndex,
}: {
  transaction: Transaction;
  className?: string;
  size?: 'sm' | 'md';
  tabIndex?: number;
}) {
  const [open, setOpen] = useState(false);
  const { canWrite, reason } = useWriteAccess();
  const text = transactionCategoryText(transaction);
  const uncategorized = text === 'Uncategorized';
  const chip = cn(
    'inline-flex max-w-full min-w-0 items-center gap-1 rounded-full border px-2.5 font-medium',
    size === 'sm' ? 'h-7 text-xs' : 'h-9 text-sm',
    uncategorized ? 'border-dashed text-muted-foreground' : 'bg-muted text-foreground',
  );
  if (!canWrite) {
    // A read-only member sees the category, not a control to change it.
    return (
      <span className={cn('inline-flex min-w-0', className)}>
        <span className={chip} title={reason ?? undefined}>
          <span className="truncate">{text}</span>
        </span>
      </span>
    );
  }
  return (
    // Clicks and keys inside the picker (its popover is portalled but still a React child) must not
    // reach the row, which would open the detail sheet or move the selection.
    <span
      className={cn('inline-flex min-w-0', className)}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <button
            type="button"
            tabIndex={tabIndex}
            aria-label={`Category: ${text}. Change category`}
            className={cn(chip, 'transition-colors hover:bg-accent hover:text-accent-foreground')}
          >
            <span className="truncate">{text}</span>
            <ChevronDown aria-hidden="true" className="size-3 shrink-0" />
          </button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-64 p-2" aria-label="Change category">
          <CategoryPickerBody transaction={transaction} onDone={() => setOpen(false)} />
        </PopoverContent>
      </Popover>
    </span>
  );
}
