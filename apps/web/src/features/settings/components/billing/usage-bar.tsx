import { cn } from '@/lib/utils';

/** How much of a limit is used: a labelled bar, or "No limit". */
export function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const format = (value: number) => value.toLocaleString('en-US');
  const share = limit ? Math.min(1, used / limit) : 0;
  const full = limit !== null && used >= limit;
  return (
    <div className="space-y-1.5 px-5 py-3">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className={cn('tabular-nums', full ? 'font-medium text-destructive' : 'text-muted-foreground')}>
          {limit === null ? `${format(used)} · No limit` : `${format(used)} of ${format(limit)}`}
        </span>
      </div>
      {limit === null ? null : (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${format(used)} of ${format(limit)}`}
          className="h-2 overflow-hidden rounded-full bg-muted in-[.high-contrast]:border in-[.high-contrast]:border-foreground"
        >
          <div
            className={cn('h-full rounded-full', full ? 'bg-destructive' : 'bg-primary')}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </div>
      )}
    </div>
  );
}
