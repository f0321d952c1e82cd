import type { QueryClient } from '@tanstack/react-query';
import {
  blogPosts,
  type ContentKind,
  helpArticles,
  legalPages,
  loadDocumentHtml,
} from 'virtual:lodestar-content';
import { SESSION_QUERY_KEY } from '@/lib/session';

/**
 * The public pages that the build prerenders (build/prerender.ts): their first HTML carries the page's
 * text, title, description and Open Graph tags, and they are listed in /sitemap.xml.
 */
export type PublicPage = {
  path: string;
  /** The tab title (without " · Lodestar"); empty for the homepage. */
  title: string;
  description: string;
  /** Open Graph type. */
  type: 'website' | 'article';
  /** yyyy-mm-dd, for the sitemap. */
  lastModified?: string;
  /** The article whose HTML the page shows (loaded before the page renders or hydrates). */
  document?: { kind: ContentKind; slug: string };
  /**
   * The app's scripts load at the first interaction (public/start-on-interaction.js, ADR 053): the
   * homepage only. Articles and the other public pages are also read by signed-in people, who get the
   * app's layout around them as soon as the app starts, so those start at once.
   */
  startsOnInteraction?: true;
};

export const SITE_DESCRIPTION =
  'Lodestar: one honest view of your money on your own machine. Balances, transactions, spending, cash flow, investments, real estate and net-worth history, self-hosted.';

export function publicPages(): PublicPage[] {
  return [
    { path: '/', title: '', description: SITE_DESCRIPTION, type: 'website', startsOnInteraction: true },
    {
      path: '/blog',
      title: 'Blog',
      description: 'Articles on using Lodestar, and the release notes of every version.',
      type: 'website',
      lastModified: blogPosts.find((post) => post.date)?.date ?? undefined,
    },
    ...blogPosts.map((post): PublicPage => ({
      path: `/blog/${post.slug}`,
      title: post.title,
      description: post.summary,
      type: 'article',
      lastModified: post.date ?? undefined,
      document: { kind: 'blog', slug: post.slug },
    })),
    {
      path: '/help',
      title: 'Help',
      description: 'Help articles on every part of Lodestar, grouped by topic and searchable.',
      type: 'website',
    },
    ...helpArticles.map((article): PublicPage => ({
      path: `/help/${article.slug}`,
      title: article.title,
      description: article.summary,
      type: 'article',
      lastModified: article.date ?? undefined,
      document: { kind: 'help', slug: article.slug },
    })),
    ...legalPages.map((page): PublicPage => ({
      path: `/${page.slug}`,
      title: page.title,
      description: page.summary,
      type: 'website',
      lastModified: page.date ?? undefined,
      document: { kind: 'legal', slug: page.slug },
    })),
    {
      path: '/pricing',
      title: 'Pricing',
      description: 'What Lodestar costs: nothing when you run it yourself, and the plans a server may offer.',
      type: 'website',
    },
  ];
}

/** The prerendered page at `pathname` (a trailing slash ignored), if it is one. */
export function findPublicPage(pathname: string): PublicPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPages().find((page) => page.path === path);
}

/**
 * Puts in the query cache what a prerendered page shows in its first HTML, so the build's render and the
 * browser's first render (hydration) are the same: a visitor (the session is checked again at once, and a
 * signed-in user then gets the app's layout), and the page's article.
 */
export async function prepareQueryCache(queryClient: QueryClient, page: PublicPage): Promise<void> {
  queryClient.setQueryData(SESSION_QUERY_KEY, null, { updatedAt: 0 });
  if (page.document) {
    const { kind, slug } = page.document;
    const html = await loadDocumentHtml(kind, slug);
    if (html !== undefined) queryClient.setQueryData(['content', kind, slug], html);
  }
}
