import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { UpgradeLink } from '@/components/refusal-message';
import { Button } from '@/components/ui/button';
import { errorMessage, isUnauthorized } from '@/lib/api-client';
import { isUpgradeRequired } from '@/lib/billing';
import { SESSION_ENDED, useSessionExpiredHandler } from '@/lib/session';
import { cn } from '@/lib/utils';

/**
 * Something could not be read: what failed, the server's reason and a Retry button. A 401 means the
 * session has ended: the session is read again and the app's sign-in guard takes over. A feature the
 * plan leaves out (403 UPGRADE_REQUIRED) is not a failure: its reason and the way to upgrade, no Retry.
 */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
  className,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const onSessionExpired = useSessionExpiredHandler();
  useEffect(() => {
    onSessionExpired(error);
  }, [error, onSessionExpired]);
  const reason = isUnauthorized(error) ? SESSION_ENDED.title : errorMessage(error);
  if (isUpgradeRequired(error)) {
    return (
      <div role="note" className={cn('space-y-2 px-5 py-4', className)}>
        <p className="text-sm font-medium">{reason}</p>
        <UpgradeLink />
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
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
