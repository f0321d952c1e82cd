import { cn } from '@/lib/utils';

export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7 shrink-0">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path d="M16 5l2.6 8.4L27 16l-8.4 2.6L16 27l-2.6-8.4L5 16l8.4-2.6z" className="fill-brand" />
      </svg>
      {withName ? <span>Lodestar</span> : <span className="sr-only">Lodestar</span>}
    </span>
  );
}
