import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder rows while a card's list loads; announced as `label`. */
export function CardLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="divide-y">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 px-5 py-3">
          <Skeleton className="size-5 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3 w-28 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A card's list could not be read (the shared load error, inside the card). */
export const CardError = LoadError;

/** A card's list is empty. */
export function CardEmpty({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 px-5 py-4 text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
