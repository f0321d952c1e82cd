import { LIMITS } from '@lodestar/domain';
import { X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useFigureDisplay } from '@/components/figure-display';
import { MoneyText } from '@/components/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Switch } from '@/components/ui/switch';
import { useWriteAccess } from '@/lib/household';
import { Textarea } from '@/components/ui/textarea';
import { categoryLabel } from '@lodestar/domain';
import type { Transaction } from '../api';
import { CATEGORY_SOURCE_LABELS, formatGroupDate, humanize, STATUS_LABELS } from '../format';
import { useUpdateTransaction } from '../use-activity-data';
import { CategoryPicker } from './category-picker';

/** Notes are descriptions: at most 500 characters (spec §5). */
export const NOTES_MAX_LENGTH = LIMITS.descriptionLimit;
const TAG_MAX_LENGTH = 40;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Notes: saved when the field loses focus or on ⌘/Ctrl+Enter, only when they changed. */
function NotesField({ transaction }: { transaction: Transaction }) {
  const id = useId();
  const update = useUpdateTransaction();
  const saved = transaction.notes ?? '';
  const [text, setText] = useState(saved);
  const save = () => {
    const next = text.trim();
    if (next === saved.trim()) return;
    update.mutate({ id: transaction.id, changes: { notes: next === '' ? null : next } });
  };
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between">
        <Label htmlFor={id}>Notes</Label>
        <span id={`${id}-count`} className="text-xs text-muted-foreground tabular-nums">
          {[...text].length}/{NOTES_MAX_LENGTH}
        </span>
      </div>
      <Textarea
        id={id}
        value={text}
        maxLength={NOTES_MAX_LENGTH}
        aria-describedby={`${id}-count ${id}-hint`}
        placeholder="Add a note"
        onChange={(event) => setText(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            save();
          }
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {update.isPending ? 'Saving…' : 'Saved when you leave the field, or press ⌘/Ctrl + Enter.'}
      </p>
    </div>
  );
}

function TagsField({ transaction }: { transaction: Transaction }) {
  const id = useId();
  const update = useUpdateTransaction();
  const [draft, setDraft] = useState('');
  const setTags = (tags: string[]) => update.mutate({ id: transaction.id, changes: { tags } });
  const add = () => {
    const tag = draft.trim().slice(0, TAG_MAX_LENGTH);
    setDraft('');
    if (!tag || transaction.tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return;
    setTags([...transaction.tags, tag]);
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Tags</Label>
      {transaction.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {transaction.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-0.5 py-0 pr-0.5">
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => setTags(transaction.tags.filter((existing) => existing !== tag))}
                  className="inline-flex size-6 items-center justify-center rounded-sm hover:bg-accent"
                >
                  <X aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={TAG_MAX_LENGTH}
          placeholder="Add a tag"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </div>
    </div>
  );
}

function ExcludeField({ transaction }: { transaction: Transaction }) {
  const id = useId();
  const update = useUpdateTransaction();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <Label htmlFor={id}>Exclude from totals</Label>
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
          Excluded transactions stay in the list but are left out of spending and income.
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={transaction.excluded}
        onCheckedChange={(excluded) => update.mutate({ id: transaction.id, changes: { excluded } })}
      />
    </div>
  );
}

/** Everything about one transaction, with its notes, tags, category and exclusion editable. */
export function TransactionDetailSheet({
  transaction,
  onOpenChange,
}: {
  transaction: Transaction | null;
  onOpenChange: (open: boolean) => void;
}) {
  const display = useFigureDisplay();
  const { canWrite } = useWriteAccess();
  return (
    <Sheet open={transaction !== null} onOpenChange={onOpenChange}>
      {transaction ? (
        <SheetContent
          side="right"
          closeLabel="Close details"
          className="w-full max-w-full bg-card text-card-foreground sm:w-[28rem] sm:max-w-[90vw]"
          header={
            <SheetTitle className="min-w-0 truncate px-1 text-base font-semibold" title={transaction.name}>
              Transaction details
            </SheetTitle>
          }
        >
          <SheetDescription>{transaction.name}</SheetDescription>
          {/* Keyed by id: another transaction starts with its own notes and tag draft. */}
          <div key={transaction.id} className="grid flex-1 content-start gap-5 overflow-y-auto p-4">
            <div className="grid gap-1">
              <p className="text-lg leading-snug font-semibold break-words">{transaction.name}</p>
              <MoneyText
                amount={transaction.amount}
                masked={display.masked}
                locale={display.locale}
                className="text-2xl font-semibold"
              />
              <div className="mt-1 flex flex-wrap gap-1.5">
                <Badge
                  variant={
                    transaction.status === 'pending'
                      ? 'warning'
                      : transaction.status === 'posted'
                        ? 'secondary'
                        : 'destructive'
                  }
                >
                  {STATUS_LABELS[transaction.status] ?? humanize(transaction.status)}
                </Badge>
                {transaction.isTransfer ? <Badge variant="secondary">Transfer</Badge> : null}
                {transaction.excluded ? <Badge variant="outline">Excluded</Badge> : null}
              </div>
            </div>
            <div className="grid gap-1.5">
              <span className="text-sm font-medium">Category</span>
              <div>
                <CategoryPicker transaction={transaction} size="md" />
              </div>
              <p className="text-xs text-muted-foreground">
                {CATEGORY_SOURCE_LABELS[transaction.categorySource] ?? humanize(transaction.categorySource)}
                {transaction.categorySource === 'provider'
                  ? ` · ${Math.round(transaction.categoryConfidence * 100)}% confidence`
                  : ''}
              </p>
            </div>
            <dl className="divide-y border-y">
              <Field label="Date">{formatGroupDate(transaction.date, display.dateFormat)}</Field>
              <Field label="Account">{transaction.accountName}</Field>
              {transaction.foreignAmount ? (
                <Field label="Foreign amount">
                  <MoneyText
                    amount={transaction.foreignAmount.amount}
                    tone="plain"
                    masked={display.masked}
                    locale={display.locale}
                  />
                  {transaction.foreignAmount.exchangeRate ? (
                    <span className="block text-muted-foreground">
                      Exchange rate {transaction.foreignAmount.exchangeRate}, as the statement gives it
                    </span>
                  ) : null}
                </Field>
              ) : null}
              <Field label="Merchant">{transaction.merchantName ?? '—'}</Field>
              <Field label="Original name">{transaction.originalName || '—'}</Field>
              <Field label="Description">{transaction.description ?? '—'}</Field>
              <Field label="Detailed category">
                {transaction.detailedCategory
                  ? `${categoryLabel(transaction.detailedCategory)} (${humanize(transaction.detailedCategory)})`
                  : '—'}
              </Field>
              <Field label="Payment channel">{humanize(transaction.paymentChannel)}</Field>
              <Field label="Payment method">{humanize(transaction.paymentMethod)}</Field>
              <Field label="Transfer">{transaction.isTransfer ? 'Yes' : 'No'}</Field>
              <Field label="Source">{transaction.importBatchId ? 'Imported from a file' : 'Synced'}</Field>
            </dl>
            {canWrite ? (
              <>
                <NotesField transaction={transaction} />
                <TagsField transaction={transaction} />
                <ExcludeField transaction={transaction} />
              </>
            ) : (
              // A read-only member sees the notes, tags and exclusion, without fields to change them.
              <dl className="divide-y">
                <Field label="Notes">{transaction.notes ?? '—'}</Field>
                <Field label="Tags">{transaction.tags.length ? transaction.tags.join(', ') : '—'}</Field>
                <Field label="Exclude from totals">{transaction.excluded ? 'Yes' : 'No'}</Field>
              </dl>
            )}
          </div>
        </SheetContent>
      ) : null}
    </Sheet>
  );
}
