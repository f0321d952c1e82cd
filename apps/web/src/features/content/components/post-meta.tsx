import type { ContentEntry } from 'virtual:lodestar-content';
import { cn } from '@/lib/utils';
import { formatContentDate } from './content-html';

/** Date (or "Not released yet"), reading time and author of a post. */
export function PostMeta({ post, className }: { post: ContentEntry; className?: string }) {
  return (
    <p className={cn('flex flex-wrap gap-x-2 text-sm text-muted-foreground', className)}>
      {post.date ? (
        <time dateTime={post.date}>{formatContentDate(post.date)}</time>
      ) : (
        <span>Not released yet</span>
      )}
      <span aria-hidden="true">·</span>
      <span>{post.readingMinutes} min read</span>
    </p>
  );
}
