import { Skeleton } from '../ui/skeleton';
import { LoadingRegion } from './loading-region';

/** The chart card without its status wrapper, for use inside larger skeletons. */
export function ChartSkeletonBody() {
  return (
    <div className="rounded-lg border bg-card p-5">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="space-y-2" data-skeleton-figure="">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-6 w-28" />
          </div>
        ))}
      </div>
      <Skeleton className="mt-6 h-56 w-full" />
    </div>
  );
}

/** A chart card with its four summary figures above it (spec §2). */
export function ChartSkeleton({ label }: { label?: string }) {
  return (
    <LoadingRegion label={label}>
      <ChartSkeletonBody />
    </LoadingRegion>
  );
}
