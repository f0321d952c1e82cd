import { legalPages } from 'virtual:lodestar-content';
import { PageHeader } from '@/components/page-header';
import { ContentHtml, formatContentDate } from '../components/content-html';

function LegalPage({ slug }: { slug: 'terms' | 'privacy' }) {
  const page = legalPages.find((entry) => entry.slug === slug);
  if (!page) throw new Error(`The ${slug} page is missing from the content folder.`);
  return (
    <article className="mx-auto w-full max-w-3xl">
      <PageHeader title={page.title} description={page.summary} />
      {page.date ? (
        <p className="-mt-4 mb-6 text-sm text-muted-foreground">
          Last updated <time dateTime={page.date}>{formatContentDate(page.date)}</time>
        </p>
      ) : null}
      <ContentHtml kind="legal" slug={slug} title={page.title} />
    </article>
  );
}

export function TermsRoute() {
  return <LegalPage slug="terms" />;
}

export function PrivacyRoute() {
  return <LegalPage slug="privacy" />;
}
