import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link to a help-center article (content/help/<topic>/<slug>.md). Every slug used is checked against
 * the content folder by src/app/content-files.test.ts.
 */
export function HelpLink({ slug, children }: { slug: string; children: ReactNode }) {
  return (
    <Link to={`/help/${slug}`} className="font-medium text-primary underline underline-offset-4">
      {children}
    </Link>
  );
}
