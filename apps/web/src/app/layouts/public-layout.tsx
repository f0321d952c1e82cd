import { Link, Outlet, ScrollRestoration } from 'react-router';
import { Logo } from '@/components/logo';
import { SkipLink } from '@/components/skip-link';
import { ThemeSwitcher } from '@/components/theme-switcher';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';

const FOOTER_LINKS = [
  { to: '/blog', label: 'Blog' },
  { to: '/help', label: 'Help' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

/**
 * The homepage, and the blog, help and legal pages for visitors. `contained` gives a page the width and
 * padding the homepage sets for itself.
 */
/** True on a server someone runs for themselves and on one that sells plans alike. */
export const FOOTER_NOTE =
  "Lodestar keeps your data in this server's own database, under the control of whoever runs it.";

export function PublicLayout({ contained = false }: { contained?: boolean }) {
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
        {contained ? (
          <div className="mx-auto w-full max-w-6xl px-4 py-8 md:py-12">
            <Outlet />
          </div>
        ) : (
          <Outlet />
        )}
      </main>
      <footer className="border-t px-4 py-6 text-center text-sm text-muted-foreground">
        <nav aria-label="Site" className="mb-3">
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {FOOTER_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="rounded-sm underline-offset-4 hover:text-foreground hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{FOOTER_NOTE}</p>
      </footer>
      <ScrollRestoration />
    </div>
  );
}
