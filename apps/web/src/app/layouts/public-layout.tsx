import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { PageSkeleton } from '@/components/skeletons/skeletons';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { Button } from '@/components/ui/button';
import { SkipLink } from './app-layout';

/** The homepage and other public pages. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4">
        <Link to="/" aria-label="Lodestar home">
          <Logo />
        </Link>
        <nav aria-label="Account" className="flex items-center gap-1">
          <ThemeSwitcher />
          <Button asChild variant="ghost">
            <Link to="/sign-in">Sign in</Link>
          </Button>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t py-6 text-center text-sm text-muted-foreground">
        Lodestar runs on your own machine. Your data stays in your data folder.
      </footer>
    </div>
  );
}
