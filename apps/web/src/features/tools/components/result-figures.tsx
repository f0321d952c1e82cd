import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type ResultFigure = { label: string; value: ReactNode; detail?: ReactNode };

/** A calculator's headline results as a description list: label above, large figure below. */
export function ResultFigures({
  figures,
  className,
}: {
  figures: readonly ResultFigure[];
  className?: string;
}) {
  return (
    <dl className={cn('grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 xl:grid-cols-4', className)}>
      {figures.map((figure) => (
        <div key={figure.label} className="min-w-0 rounded-md border bg-muted/40 p-3">
          <dt className="text-xs font-medium text-muted-foreground">{figure.label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums break-words">{figure.value}</dd>
          {figure.detail ? <dd className="mt-0.5 text-xs text-muted-foreground">{figure.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** Shown in place of results while a field is invalid. */
export function FixFieldsNotice() {
  return (
    <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
      Correct the highlighted fields to see the results.
    </p>
  );
}
