import { Skeleton } from '../ui/skeleton';
import { ChartSkeletonBody } from './chart-skeleton';
import { LoadingRegion } from './loading-region';

export function DashboardSkeleton() {
  return (
    <LoadingRegion label="Loading dashboard…">
      <div className="space-y-6">
        <div className="space-y-2">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <ChartSkeletonBody />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    </LoadingRegion>
  );
}
