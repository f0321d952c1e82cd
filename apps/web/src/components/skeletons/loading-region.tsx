import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Wraps a skeleton so screen readers hear one 'Loading…' instead of a series of empty boxes. */
export function LoadingRegion({
  label = 'Loading…',
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" aria-live="polite" className={cn('w-full', className)}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
