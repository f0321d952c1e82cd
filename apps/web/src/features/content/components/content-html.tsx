import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { type ContentKind, loadDocumentHtml } from 'virtual:lodestar-content';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** One article's HTML: it is compiled and sanitised at build time and arrives as a chunk of its own. */
export function useDocumentHtml(kind: ContentKind, slug: string) {
  return useQuery({
    queryKey: ['content', kind, slug],
    queryFn: async () => {
      const html = await loadDocumentHtml(kind, slug);
      if (html === undefined) throw new Error('This article does not exist.');
      return html;
    },
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * Renders an article with the app's typography. Links to pages of the app stay inside the app (no full
 * reload); links elsewhere open as usual.
 */
export function ContentHtml({
  kind,
  slug,
  title,
  className,
}: {
  kind: ContentKind;
  slug: string;
  title: string;
  className?: string;
}) {
  const navigate = useNavigate();
  const document = useDocumentHtml(kind, slug);
  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest('a');
      const href = anchor?.getAttribute('href');
      if (!href || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
  if (document.isPending) {
    return (
      <div role="status" aria-label={`Loading ${title}`} className="space-y-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (document.isError) {
    return (
      <LoadError
        className="rounded-lg border"
        title={`${title} could not be loaded`}
        error={document.error}
        onRetry={() => void document.refetch()}
        retrying={document.isFetching}
      />
    );
  }
  return (
    // The click handler only routes links that are already keyboard-reachable; it adds no interaction.
    <div
      className={cn('content-prose', className)}
      onClick={onClick}
      // Compiled from the repository's Markdown with raw HTML escaped (build/content.ts).
      dangerouslySetInnerHTML={{ __html: document.data }}
    />
  );
}

const DATE_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** "November 26, 2026" style dates for content (the content's date is a calendar day, not a moment). */
export function formatContentDate(date: string): string {
  return DATE_FORMAT.format(new Date(`${date}T00:00:00Z`));
}
