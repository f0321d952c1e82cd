import { Link, Outlet, ScrollRestoration } from 'react-router';
import { Logo } from '@/components/logo';
import { SkipLink } from '@/components/skip-link';
import { ThemeSwitcher } from '@/components/theme-switcher';

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
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
