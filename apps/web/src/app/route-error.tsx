import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { NotFoundPage } from '@/components/not-found-page';
import { Button } from '@/components/ui/button';

/**
 * Error boundary for a route area. A 404 shows the not-found page; anything else a friendly message
 * with a retry and a way home. Never the error's text or stack: it can hold internals or secrets,
 * so it goes to the browser console for whoever runs the server.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <DocumentTitle title="Something went wrong" />
      <TriangleAlert aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page could not be shown. Your data is safe. Try again, and if it keeps happening, restart
        Lodestar.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {/* A full reload also recovers from a page chunk that no longer exists after an upgrade. */}
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <Button asChild variant="outline">
          <Link to="/">Home</Link>
        </Button>
      </div>
    </div>
  );
}
