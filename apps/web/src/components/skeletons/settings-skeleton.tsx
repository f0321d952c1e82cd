import { Skeleton } from '../ui/skeleton';
import { LoadingRegion } from './loading-region';

/** Section list beside a section's cards. */
export function SettingsSkeleton() {
  return (
    <LoadingRegion label="Loading settings…">
      <div className="space-y-6">
        <div className="space-y-2">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
          <div className="space-y-2">
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} className="h-9 w-full" />
            ))}
          </div>
          <div className="space-y-4">
            <Skeleton className="h-7 w-40" />
            <Skeleton className="h-4 w-72 max-w-full" />
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        </div>
      </div>
    </LoadingRegion>
  );
}
