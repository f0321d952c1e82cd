import { Link, Outlet, ScrollRestoration } from 'react-router';
import { Logo } from '@/components/logo';
import { SkipLink } from '@/components/skip-link';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';

/** The homepage. */
export function PublicLayout() {
  const { user, isPending } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-2 px-4">
        <Link to="/" aria-label="Lodestar home" className="rounded-md">
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          <ThemeSwitcher />
          {isPending ? null : user ? (
            <Button asChild variant="ghost">
              <Link to="/dashboard">Dashboard</Link>
            </Button>
          ) : (
            <Button asChild variant="ghost">
              <Link to="/sign-in">Sign in</Link>
            </Button>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="border-t px-4 py-6 text-center text-sm text-muted-foreground">
        Lodestar runs on your own machine. Your data stays in your data folder.
      </footer>
      <ScrollRestoration />
    </div>
  );
}
