import { ArrowLeft, ArrowRight, FileQuestion } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { blogPosts } from 'virtual:lodestar-content';
import { DocumentTitle } from '@/components/document-title';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { ContentHtml } from '../components/content-html';
import { PostMeta } from '../components/post-meta';

function BackToBlog() {
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All posts
    </Link>
  );
}

/** One post, with its tags and the newer and older posts around it. */
export function BlogPostRoute() {
  const { slug } = useParams();
  const index = blogPosts.findIndex((post) => post.slug === slug);
  const post = blogPosts[index];
  if (!post) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-6">
        <DocumentTitle title="Post not found" />
        <BackToBlog />
        <h1 className="text-2xl font-semibold tracking-tight">Post not found</h1>
        <EmptyState
          icon={FileQuestion}
          title="There is no post at this address"
          action={
            <Button asChild>
              <Link to="/blog">See every post</Link>
            </Button>
          }
        >
          It may have been renamed. Every post is listed on the blog.
        </EmptyState>
      </div>
    );
  }
  const newer = blogPosts[index - 1];
  const older = blogPosts[index + 1];
  return (
    <div className="mx-auto w-full max-w-3xl">
      <DocumentTitle title={post.title} />
      <BackToBlog />
      <article className="mt-4">
        <header className="mb-8">
          <h1 className="text-3xl font-semibold leading-tight tracking-tight">{post.title}</h1>
          <PostMeta post={post} className="mt-2" />
          <p className="mt-3 text-lg text-muted-foreground">{post.summary}</p>
          <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={`/blog?tag=${encodeURIComponent(tag)}`}
                  className="inline-flex min-h-8 items-center rounded-full border bg-card px-3 text-sm hover:bg-accent"
                >
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        </header>
        <ContentHtml kind="blog" slug={post.slug} title={post.title} />
      </article>
      {newer || older ? (
        <nav aria-label="More posts" className="mt-12 grid gap-3 border-t pt-6 sm:grid-cols-2">
          {newer ? (
            <Link
              to={`/blog/${newer.slug}`}
              rel="prev"
              className="rounded-lg border bg-card p-4 hover:bg-accent"
            >
              <span className="flex items-center gap-1 text-sm text-muted-foreground">
                <ArrowLeft aria-hidden="true" className="size-4" /> Newer post
              </span>
              <span className="mt-1 block font-medium">{newer.title}</span>
            </Link>
          ) : (
            <span className="hidden sm:block" />
          )}
          {older ? (
            <Link
              to={`/blog/${older.slug}`}
              rel="next"
              className="rounded-lg border bg-card p-4 text-right hover:bg-accent"
            >
              <span className="flex items-center justify-end gap-1 text-sm text-muted-foreground">
                Older post <ArrowRight aria-hidden="true" className="size-4" />
              </span>
              <span className="mt-1 block font-medium">{older.title}</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
