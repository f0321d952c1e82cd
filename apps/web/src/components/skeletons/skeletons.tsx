import { Skeleton } from '../ui/skeleton';
import { LoadingRegion } from './loading-region';

/** The loading skeletons of spec §2. */

export function ListSkeleton({ rows = 5, label }: { rows?: number; label?: string }) {
  return (
    <LoadingRegion label={label}>
      <div className="divide-y rounded-lg border bg-card">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="flex items-center gap-4 p-4">
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

/** A chart card with its four summary figures above it. */
export function ChartSkeleton({ label }: { label?: string }) {
  return (
    <LoadingRegion label={label}>
      <ChartSkeletonBody />
    </LoadingRegion>
  );
}

export function RoundChartSkeleton({ label }: { label?: string }) {
  return (
    <LoadingRegion label={label}>
      <div className="flex items-center gap-6 rounded-lg border bg-card p-5">
        <Skeleton className="size-40 shrink-0 rounded-full" />
        <div className="flex-1 space-y-3">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-4 w-full" />
          ))}
        </div>
      </div>
    </LoadingRegion>
  );
}

export function DashboardSkeleton() {
  return (
    <LoadingRegion label="Loading dashboard…">
      <div className="space-y-6">
        <Skeleton className="h-8 w-48" />
        <ChartSkeletonBody />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    </LoadingRegion>
  );
}

function ChartSkeletonBody() {
  return (
    <div className="rounded-lg border bg-card p-5">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="space-y-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-6 w-28" />
          </div>
        ))}
      </div>
      <Skeleton className="mt-6 h-56 w-full" />
    </div>
  );
}

export function SettingsSkeleton() {
  return (
    <LoadingRegion label="Loading settings…">
      <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
        <div className="space-y-2">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-9 w-full" />
          ))}
        </div>
        <div className="space-y-4">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-4 w-72" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      </div>
    </LoadingRegion>
  );
}

export function AuthCardSkeleton() {
  return (
    <LoadingRegion label="Loading…">
      <div className="w-full max-w-sm space-y-4 rounded-lg border bg-card p-6">
        <Skeleton className="mx-auto h-7 w-40" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </LoadingRegion>
  );
}

export function OverlaySkeleton({ label = 'Working…' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-background/70 backdrop-blur-sm">
      <LoadingRegion label={label} className="w-auto">
        <div
          className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary"
          aria-hidden="true"
        />
      </LoadingRegion>
    </div>
  );
}

/** Generic page fallback: a title bar and a list. */
export function PageSkeleton() {
  return (
    <LoadingRegion label="Loading page…">
      <div className="space-y-6">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-80" />
        <Skeleton className="h-64 w-full" />
      </div>
    </LoadingRegion>
  );
}
