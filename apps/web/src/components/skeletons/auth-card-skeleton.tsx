import { Skeleton } from '../ui/skeleton';
import { LoadingRegion } from './loading-region';

/** The centred card of the sign-in, sign-up and related pages. */
export function AuthCardSkeleton() {
  return (
    <LoadingRegion className="max-w-sm">
      <div className="w-full space-y-4 rounded-lg border bg-card p-6">
        <Skeleton className="mx-auto size-8 rounded-full" />
        <Skeleton className="mx-auto h-7 w-40" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </LoadingRegion>
  );
}
