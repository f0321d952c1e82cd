import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadingRegion } from '@/components/skeletons/loading-region';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { withRedirect } from '@/lib/redirect';
import { type CurrentUser, useSession } from '@/lib/session';
import { SETTINGS_TOASTS } from '../messages';
import { CardError } from './card-states';

/**
 * Account settings wait until authentication is ready (spec §2): a skeleton while the session loads,
 * an error with Retry when it cannot be read, and a way to sign in when the session has ended
 * (normally the app's sign-in guard gets there first).
 */
export function SignedInOnly({
  returnTo,
  children,
}: {
  /** Where to come back to after signing in. */
  returnTo: string;
  children: (user: CurrentUser) => ReactNode;
}) {
  const session = useSession();
  if (session.isPending) {
    return (
      <LoadingRegion label="Loading your account…">
        <div className="space-y-6">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      </LoadingRegion>
    );
  }
  if (session.error && !session.user) {
    return (
      <div className="rounded-lg border bg-card">
        <CardError
          title={SETTINGS_TOASTS.profileLoadFailed}
          error={session.error}
          onRetry={() => void session.refetch()}
        />
      </div>
    );
  }
  if (!session.user) {
    return (
      <EmptyState
        icon={LogIn}
        title="You are signed out"
        headingLevel={3}
        action={
          <Button asChild>
            <Link to={withRedirect('/sign-in', returnTo)}>Sign in</Link>
          </Button>
        }
      >
        Your session has ended. Sign in again to manage your account.
      </EmptyState>
    );
  }
  return children(session.user);
}
