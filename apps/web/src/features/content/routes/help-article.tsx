import { ArrowLeft, FileQuestion } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { helpArticles, helpTopics } from 'virtual:lodestar-content';
import { DocumentTitle } from '@/components/document-title';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { ContentHtml } from '../components/content-html';
import { WasThisHelpful } from '../components/was-this-helpful';

function BackToHelp() {
  return (
    <Link
      to="/help"
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Help
    </Link>
  );
}

/** One help article, the other articles of its topic, and "Was this helpful?". */
export function HelpArticleRoute() {
  const { slug } = useParams();
  const article = helpArticles.find((item) => item.slug === slug);
  if (!article) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-6">
        <DocumentTitle title="Article not found" />
        <BackToHelp />
        <h1 className="text-2xl font-semibold tracking-tight">Article not found</h1>
        <EmptyState
          icon={FileQuestion}
          title="There is no help article at this address"
          action={
            <Button asChild>
              <Link to="/help">Search help</Link>
            </Button>
          }
        >
          It may have been renamed. Search the help center for what you need.
        </EmptyState>
      </div>
    );
  }
  const topic = helpTopics.find((item) => item.id === article.topic);
  const related = helpArticles.filter((item) => item.topic === article.topic && item.slug !== article.slug);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <DocumentTitle title={article.title} />
      <BackToHelp />
      <article className="mt-4">
        <header className="mb-6">
          {topic ? <p className="text-sm font-medium text-muted-foreground">{topic.title}</p> : null}
          <h1 className="mt-1 text-3xl font-semibold leading-tight tracking-tight">{article.title}</h1>
          <p className="mt-2 text-lg text-muted-foreground">{article.summary}</p>
        </header>
        <ContentHtml kind="help" slug={article.slug} title={article.title} />
      </article>
      <WasThisHelpful key={article.slug} slug={article.slug} />
      {related.length > 0 && topic ? (
        <nav aria-label={`More about ${topic.title.toLowerCase()}`} className="mt-8">
          <h2 className="font-semibold">More about {topic.title.toLowerCase()}</h2>
          <ul className="mt-2 space-y-1">
            {related.map((item) => (
              <li key={item.slug}>
                <Link
                  to={`/help/${item.slug}`}
                  className="rounded-sm text-primary underline-offset-4 hover:underline"
                >
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
