import type { ReactNode } from 'react';
import { LoadingRegion } from '@/components/skeletons/loading-region';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/lib/preferences';

/**
 * The load state of a preferences section: a skeleton while the preferences load, then the section;
 * when the server copy could not be read, 'Failed to load preferences' above it with Retry, while the
 * copy cached in this browser stays usable (spec §4).
 */
export function PreferencesState({ label, children }: { label: string; children: ReactNode }) {
  const { loading, error, reload } = usePreferences();
  if (loading) {
    return (
      <LoadingRegion label={`Loading ${label}…`}>
        <div className="space-y-6">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      </LoadingRegion>
    );
  }
  return (
    <div className="space-y-6">
      {error ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-lg border border-destructive/40 bg-card px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <p className="text-sm font-medium">{error}</p>
            <p className="text-sm text-muted-foreground">
              Showing the copy saved in this browser until your account can be reached.
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            className="self-start sm:self-auto"
            onClick={() => void reload()}
          >
            Retry
          </Button>
        </div>
      ) : null}
      {children}
    </div>
  );
}
