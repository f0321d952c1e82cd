import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { AuthCardSkeleton } from '@/components/skeletons/skeletons';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { SkipLink } from './app-layout';

/** Sign-in and related pages: a centred card under the logo. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="flex h-14 items-center justify-between px-4">
        <Link to="/" aria-label="Lodestar home">
          <Logo />
        </Link>
        <ThemeSwitcher />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-10 outline-none sm:items-center"
      >
        <Suspense fallback={<AuthCardSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
