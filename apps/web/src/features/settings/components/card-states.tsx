import type { LucideIcon } from 'lucide-react';
import { AlertCircle } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { SETTINGS_TOASTS } from '../messages';
import { useSessionExpiredHandler } from '../use-session-expired';
import { errorMessage, isUnauthorized } from '../user-api';

/** Placeholder rows while a card's list loads; announced as `label`. */
export function CardLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="divide-y">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 px-5 py-3">
          <Skeleton className="size-5 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3 w-28 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * A card's list could not be read: what failed, the server's reason and a Retry button. A 401 means
 * the session has ended: the session is read again, so the page can ask the visitor to sign in.
 */
export function CardError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const onSessionExpired = useSessionExpiredHandler();
  useEffect(() => {
    onSessionExpired(error);
  }, [error, onSessionExpired]);
  const reason = isUnauthorized(error) ? SETTINGS_TOASTS.sessionEnded : errorMessage(error);
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-2">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <div>
          <p className="text-sm font-medium">{title}</p>
          <p className="text-sm text-muted-foreground">{reason}</p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-auto"
        onClick={onRetry}
        disabled={retrying}
      >
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

/** A card's list is empty. */
export function CardEmpty({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 px-5 py-4 text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
