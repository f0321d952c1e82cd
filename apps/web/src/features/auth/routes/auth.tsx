import { Info, KeyRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Button } from '@/components/ui/button';
import { authPageText } from '../auth-pages';

/**
 * The authentication pages. Accounts are not enabled in this server build, and the page says so
 * plainly instead of showing a form that cannot work.
 */
export function AuthRoute() {
  const { pathname } = useLocation();
  const page = authPageText(pathname);
  return (
    <section
      aria-labelledby="auth-title"
      className="w-full max-w-sm rounded-lg border bg-card p-6 text-center text-card-foreground shadow-sm"
    >
      <DocumentTitle title={page.title} />
      <KeyRound aria-hidden="true" className="mx-auto size-8 text-primary" />
      <h1 id="auth-title" className="mt-3 text-2xl font-semibold">
        {page.title}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">{page.purpose}</p>
      <p className="mt-5 flex gap-2 rounded-md border bg-muted p-3 text-left text-sm">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Accounts cannot be created or used on this server yet: signing in arrives with the next release.
        </span>
      </p>
      <Button asChild variant="outline" className="mt-6 w-full">
        <Link to="/">Back to the homepage</Link>
      </Button>
    </section>
  );
}
