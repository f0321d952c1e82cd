import { Skeleton } from '../ui/skeleton';
import { LoadingRegion } from './loading-region';

/** A doughnut chart with its legend. */
export function RoundChartSkeleton({ label }: { label?: string }) {
  return (
    <LoadingRegion label={label}>
      <div className="flex flex-col items-center gap-6 rounded-lg border bg-card p-5 sm:flex-row">
        <Skeleton className="size-40 shrink-0 rounded-full" />
        <div className="w-full flex-1 space-y-3">
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="flex items-center gap-3">
              <Skeleton className="size-3 rounded-full" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-4 w-12" />
            </div>
          ))}
        </div>
      </div>
    </LoadingRegion>
  );
}
