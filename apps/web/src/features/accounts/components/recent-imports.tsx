import { ChevronDown, FileText, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useFigureDisplay } from '@/components/figure-display';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { WriteOnly } from '@/components/write-only';
import { cn } from '@/lib/utils';
import type { Account, ImportBatch } from '../api';
import { transactionsText } from '../messages';
import { useImports, useUndoImport } from '../queries';
import { LoadError } from './load-error';

/** One import: file, account and time, counts, and Undo (or 'Undone'). */
export function BatchRow({ batch, accountName }: { batch: ImportBatch; accountName: string | null }) {
  const display = useFigureDisplay();
  const at = Date.parse(batch.createdAt);
  const when = Number.isNaN(at) ? batch.createdAt : display.formatDateTime(at);
  const undo = useUndoImport();
  const nameId = useId();
  const undone = batch.status !== 'committed';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
      <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1 basis-48">
        <p id={nameId} className="truncate font-medium" title={batch.fileName}>
          {batch.fileName}
        </p>
        <p className="text-sm text-muted-foreground">{[accountName, when].filter(Boolean).join(' · ')}</p>
      </div>
      <p className="text-sm">
        {transactionsText(batch.importedCount)} imported
        {batch.duplicateCount > 0 ? `, ${batch.duplicateCount} skipped as duplicates` : ''}
      </p>
      {undone ? (
        <Badge variant="secondary">Undone</Badge>
      ) : (
        <WriteOnly>
          <Button
            size="sm"
            variant="outline"
            aria-describedby={nameId}
            disabled={undo.isPending}
            onClick={() => undo.mutate(batch.id)}
          >
            <Undo2 aria-hidden="true" />
            {undo.isPending ? 'Undoing...' : 'Undo'}
          </Button>
        </WriteOnly>
      )}
    </li>
  );
}

/** Past imports, newest first, each committed one with Undo; collapsed until opened. */
export function RecentImports({ accounts }: { accounts: readonly Account[] | undefined }) {
  const imports = useImports();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (imports.isPending || (imports.isSuccess && imports.data.length === 0)) return null;
  const names = new Map((accounts ?? []).map((account) => [account.id, account.name]));
  const batches = [...(imports.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section className="rounded-lg border bg-card text-card-foreground">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left font-semibold hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        >
          Recent imports
          {imports.isSuccess ? (
            <span className="text-sm font-normal text-muted-foreground">({batches.length})</span>
          ) : null}
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'ml-auto size-4 transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t">
        {imports.isError ? (
          <div className="p-3">
            <LoadError
              title="Imports could not be loaded"
              error={imports.error}
              onRetry={() => void imports.refetch()}
              retrying={imports.isFetching}
            />
          </div>
        ) : (
          <ul className="divide-y" aria-label="Recent imports">
            {batches.map((batch) => (
              <BatchRow
                key={batch.id}
                batch={batch}
                accountName={batch.accountName ?? names.get(batch.accountId) ?? null}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
