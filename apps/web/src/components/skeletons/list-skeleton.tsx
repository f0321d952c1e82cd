import { Skeleton } from '../ui/skeleton';
import { LoadingRegion } from './loading-region';

/** Rows of a list or table (spec §2: five by default). */
export function ListSkeleton({ rows = 5, label }: { rows?: number; label?: string }) {
  return (
    <LoadingRegion label={label}>
      <div className="divide-y rounded-lg border bg-card" data-testid="list-skeleton">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="flex items-center gap-4 p-4" data-skeleton-row="">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-1/5" />
            </div>
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}
