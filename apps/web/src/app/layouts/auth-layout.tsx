import { Link, Navigate, Outlet, ScrollRestoration, useLocation, useSearchParams } from 'react-router';
import { Logo } from '@/components/logo';
import { AuthCardSkeleton } from '@/components/skeletons/auth-card-skeleton';
import { SkipLink } from '@/components/skip-link';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { safeRedirect } from '@/lib/redirect';
import { useSession } from '@/lib/session';
import { isGuestOnlyPath } from '../pages';

/**
 * Sign-in, sign-up, forgot-password and two-factor are for visitors: a signed-in user goes on to the
 * redirect target (the dashboard by default). The other authentication pages work either way. When
 * the session cannot be checked the page shows anyway; its own calls then report the problem.
 */
function GuestGate() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { user, isPending } = useSession();
  if (!isGuestOnlyPath(pathname)) return <Outlet />;
  if (user) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  if (isPending) return <AuthCardSkeleton />;
  return <Outlet />;
}

/** Sign-in and related pages: the logo above a centred card. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="flex h-14 items-center justify-end px-4">
        <ThemeSwitcher />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 flex-col items-center px-4 pb-16 pt-4 outline-none sm:justify-center sm:pt-0"
      >
        <Link to="/" aria-label="Lodestar home" className="mb-6 rounded-md">
          <Logo className="text-xl" />
        </Link>
        <GuestGate />
      </main>
      <ScrollRestoration />
    </div>
  );
}
