import { Skeleton } from '../ui/skeleton';
import { LoadingRegion } from './loading-region';

/** A page title, its description and one content block: for pages without a more specific shape. */
export function PageSkeleton() {
  return (
    <LoadingRegion label="Loading page…">
      <div className="space-y-6">
        <div className="space-y-2">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    </LoadingRegion>
  );
}
