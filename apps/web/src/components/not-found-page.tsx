import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { DocumentTitle } from './document-title';
import { Button } from './ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <DocumentTitle title="Page not found" />
      <Compass aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted-foreground">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/dashboard">Go to the dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Home</Link>
        </Button>
      </div>
    </div>
  );
}
