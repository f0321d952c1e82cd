import { Newspaper, Rss } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { blogPosts } from 'virtual:lodestar-content';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { PostMeta } from '../components/post-meta';

const ALL_TAGS = [...new Set(blogPosts.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b));

function TagFilter({ selected }: { selected: string | null }) {
  const pill = (active: boolean) =>
    cn(
      'inline-flex min-h-9 items-center rounded-full border px-3 text-sm transition-colors',
      active
        ? 'border-primary bg-primary text-primary-foreground'
        : 'bg-card text-foreground hover:bg-accent hover:text-accent-foreground',
    );
  return (
    <nav aria-label="Filter posts by tag" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to="/blog"
            className={pill(selected === null)}
            aria-current={selected === null ? 'page' : undefined}
          >
            All posts
          </Link>
        </li>
        {ALL_TAGS.map((tag) => (
          <li key={tag}>
            <Link
              to={`/blog?tag=${encodeURIComponent(tag)}`}
              className={pill(selected === tag)}
              aria-current={selected === tag ? 'page' : undefined}
            >
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The blog: articles and release notes compiled from the content folder, newest first. */
export function BlogRoute() {
  const [searchParams] = useSearchParams();
  const tag = searchParams.get('tag');
  const posts = tag ? blogPosts.filter((post) => post.tags.includes(tag)) : blogPosts;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title="Blog"
        description="Articles about running your own finances with Lodestar, and its release notes."
        actions={
          <Button asChild variant="outline" size="sm">
            {/* A file the server sends, not a page of the app: a full request. */}
            <a href="/blog/rss.xml" type="application/rss+xml">
              <Rss aria-hidden="true" />
              RSS feed
            </a>
          </Button>
        }
      />
      {blogPosts.length > 0 ? <TagFilter selected={tag} /> : null}
      {posts.length === 0 ? (
        <EmptyState
          icon={Newspaper}
          title={tag ? `No posts tagged “${tag}”` : 'No posts yet'}
          action={
            tag ? (
              <Button asChild variant="outline">
                <Link to="/blog">Show all posts</Link>
              </Button>
            ) : undefined
          }
        >
          {tag
            ? 'Choose another tag, or show every post.'
            : 'Articles are Markdown files in the content/blog folder; none has been added yet.'}
        </EmptyState>
      ) : (
        <ol aria-label={tag ? `Posts tagged ${tag}` : 'Posts'} className="space-y-4">
          {posts.map((post) => (
            <li key={post.slug}>
              <article className="rounded-lg border bg-card p-5 text-card-foreground">
                <h2 className="text-lg font-semibold leading-snug">
                  <Link to={`/blog/${post.slug}`} className="rounded-sm hover:underline underline-offset-4">
                    {post.title}
                  </Link>
                </h2>
                <PostMeta post={post} className="mt-1" />
                <p className="mt-2 text-sm text-muted-foreground">{post.summary}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
