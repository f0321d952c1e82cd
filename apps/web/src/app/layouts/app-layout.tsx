import { ServerCrash } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Logo } from '@/components/logo';
import { SkipLink } from '@/components/skip-link';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { Button } from '@/components/ui/button';
import { UserMenu } from '@/components/user-menu';
import { HouseholdNotice, HouseholdSwitcher } from '@/components/household-switcher';
import { useScreenSize } from '@/lib/breakpoints';
import { useSession } from '@/lib/session';
import { useDelayedFlag } from '@/lib/use-delayed-flag';
import { skeletonFor } from '../pages';
import { MobileNav } from './mobile-nav';
import { SideNav } from './side-nav';
import { HelpLink } from '@/components/help-link';

/** Show a page's skeleton only when its code takes longer than this to arrive. */
const PENDING_SKELETON_DELAY_MS = 150;

/**
 * After moving to another area, focus goes to the page content, so keyboard and screen-reader users
 * start there (as after a full page load) instead of on the link they left. Moving between settings
 * sections keeps focus where it is.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const area = pathname.split('/')[1] ?? '';
  const previousArea = useRef(area);
  useEffect(() => {
    if (previousArea.current === area) return;
    previousArea.current = area;
    main.current?.focus({ preventScroll: true });
  }, [area]);
  return main;
}

/** The session could not be checked (the server is down): say so, with a retry, instead of a redirect. */
function SessionError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <DocumentTitle title="Cannot reach the server" />
      <ServerCrash aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-semibold">Cannot reach the server</h1>
      <p className="text-muted-foreground">
        Lodestar could not check whether you are signed in. Make sure the server is running, then try again.
      </p>
      <p className="text-sm text-muted-foreground">
        <HelpLink slug="running-lodestar">Running Lodestar yourself</HelpLink>
      </p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

/**
 * The signed-in area: full sidebar (desktop), icon rail (tablet) or drawer (phone), a top bar, the page.
 * It needs a session: while it is being checked the page's skeleton shows; a visitor goes to
 * /sign-in with this page as the redirect target; a server that cannot be reached gets a retry.
 */
export function AppLayout() {
  const screen = useScreenSize();
  const location = useLocation();
  const navigation = useNavigation();
  const main = useFocusMainOnNavigation();
  const session = useSession();
  const pendingPath =
    navigation.state === 'loading' && navigation.location.pathname !== location.pathname
      ? navigation.location.pathname
      : null;
  const showSkeleton = useDelayedFlag(pendingPath, PENDING_SKELETON_DELAY_MS);
  const { user } = session;
  let content;
  if (user) {
    content = showSkeleton && pendingPath ? skeletonFor(pendingPath) : <Outlet />;
  } else if (session.isPending || navigation.state !== 'idle') {
    // While another navigation is under way (signing out goes to /sign-in), let it finish rather than
    // redirecting on top of it.
    content = skeletonFor(location.pathname);
  } else if (session.error) {
    content = <SessionError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  } else if (session.signedOut) {
    content = <Navigate to="/sign-in" replace />;
  } else {
    const redirect = encodeURIComponent(location.pathname + location.search);
    content = <Navigate to={`/sign-in?redirect=${redirect}`} replace />;
  }
  return (
    <div className="min-h-dvh">
      <SkipLink />
      {screen === 'mobile' ? null : (
        // A landmark, so the logo link is not content outside every landmark (axe `region`).
        <aside
          aria-label="Sidebar"
          className="fixed inset-y-0 left-0 z-30 flex w-16 flex-col border-r bg-sidebar lg:w-60"
        >
          <Link
            to="/dashboard"
            className="flex h-14 shrink-0 items-center border-b px-4 max-lg:justify-center max-lg:px-0"
          >
            <Logo withName={screen === 'desktop'} />
          </Link>
          <SideNav compact={screen === 'tablet'} />
        </aside>
      )}
      <div className="flex min-h-dvh flex-col md:pl-16 lg:pl-60">
        <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-2 border-b bg-background/95 px-4 backdrop-blur md:px-8">
          <div className="flex items-center gap-2">
            {screen === 'mobile' ? (
              <>
                <MobileNav />
                <Link to="/dashboard" aria-label="Lodestar dashboard">
                  <Logo />
                </Link>
              </>
            ) : null}
          </div>
          <div className="flex items-center gap-1">
            {user ? <HouseholdSwitcher /> : null}
            <ThemeSwitcher />
            {user ? <UserMenu user={user} /> : null}
          </div>
        </header>
        <main
          id="main"
          ref={main}
          tabIndex={-1}
          aria-busy={pendingPath || (!user && session.isPending) ? true : undefined}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none md:px-8"
        >
          {user ? <HouseholdNotice /> : null}
          {content}
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}
