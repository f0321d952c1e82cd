import { LoadingRegion } from './loading-region';

/** Covers the screen while something long-running finishes (an import, a sync, an export). */
export function OverlaySkeleton({ label = 'Working…' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-background/70 backdrop-blur-sm">
      <LoadingRegion label={label} className="w-auto">
        <div
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary"
        />
      </LoadingRegion>
    </div>
  );
}
