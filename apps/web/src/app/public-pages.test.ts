import { blogPosts, helpArticles } from 'virtual:lodestar-content';
import { describe, expect, it } from 'vitest';
import { headTags, pageDocument, pageFile, robots, sitemap, startOnInteraction } from '../../build/prerender';
import { createQueryClient } from './providers';
import { findPublicPage, prepareQueryCache, publicPages } from './public-pages';
import { SESSION_QUERY_KEY } from '@/lib/session';

const SITE = 'https://money.example.org';
const TEMPLATE = `<!doctype html><html><head><meta name="description" content="x" /><title>Lodestar</title>
<script type="module" crossorigin src="/static/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/static/react-def.js">
<link rel="stylesheet" crossorigin href="/static/index-ghi.css"></head>
<body><noscript>Lodestar needs JavaScript</noscript><div id="root"></div></body></html>`;

describe('public pages', () => {
  it('lists the homepage, blog, help, legal and pricing pages, each post and help article once', () => {
    const paths = publicPages().map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ['/', '/blog', '/help', '/terms', '/privacy', '/pricing'])
      expect(paths).toContain(path);
    for (const post of blogPosts) expect(paths).toContain(`/blog/${post.slug}`);
    for (const article of helpArticles) expect(paths).toContain(`/help/${article.slug}`);
    expect(paths).not.toContain('/dashboard');
    for (const page of publicPages()) expect(page.description.length, page.path).toBeGreaterThan(20);
  });

  it('starts the scripts on interaction on the homepage only', () => {
    const deferred = publicPages()
      .filter((page) => page.startsOnInteraction)
      .map((page) => page.path);
    // Articles, help, pricing and the rest are read by signed-in people too, who get the app around them.
    expect(deferred).toEqual(['/']);
  });

  it('finds a page with or without a trailing slash, and nothing for pages of the app', () => {
    expect(findPublicPage('/blog/')?.path).toBe('/blog');
    expect(findPublicPage('/')?.path).toBe('/');
    expect(findPublicPage('/settings')).toBeUndefined();
  });

  it("fills the cache as a visitor's, with the page's article, and marks the session to check again", async () => {
    const post = publicPages().find((page) => page.path === '/blog/importing-bank-statements')!;
    const client = createQueryClient();
    await prepareQueryCache(client, post);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(client.getQueryState(SESSION_QUERY_KEY)?.dataUpdatedAt).toBe(0);
    expect(client.getQueryData(['content', 'blog', 'importing-bank-statements'])).toContain('<h2');
  });
});

describe('prerendered documents', () => {
  const page = {
    path: '/blog/a-post',
    title: 'Fish & "chips" <b>',
    description: 'A post about fish.',
    type: 'article' as const,
    lastModified: '2026-11-20',
  };

  it("puts the page's title, description, canonical address and Open Graph tags in the head, escaped", () => {
    const tags = headTags(page, SITE);
    expect(tags).toContain('<title>Fish &amp; &quot;chips&quot; &lt;b&gt; · Lodestar</title>');
    expect(tags).toContain('<link rel="canonical" href="https://money.example.org/blog/a-post" />');
    expect(tags).toContain('<meta property="og:type" content="article" />');
    expect(tags).toContain('<meta property="og:description" content="A post about fish." />');
    expect(tags).not.toContain('og:image');
    expect(headTags(page, SITE, '/og.png')).toContain(
      '<meta property="og:image" content="https://money.example.org/og.png" />',
    );
  });

  it('writes the markup into #root, once, without the shell’s title and JavaScript notice', () => {
    const html = pageDocument(TEMPLATE, page, SITE, '<title>Fish · Lodestar</title><main>Hello</main>');
    expect(html).toContain('<div id="root" data-prerendered=""><main>Hello</main></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('noscript');
  });

  it('keeps the app’s module script on other pages, and swaps it for the loader on pages that start on interaction', () => {
    const eager = pageDocument(TEMPLATE, page, SITE, '<main>Hello</main>');
    expect(eager).toContain('<script type="module" crossorigin src="/static/index-abc.js"></script>');
    expect(eager).toContain('rel="modulepreload"');

    const deferred = pageDocument(TEMPLATE, { ...page, startsOnInteraction: true }, SITE, '<main>Hi</main>');
    expect(deferred).toContain(
      '<script src="/start-on-interaction.js" data-entry="/static/index-abc.js" defer></script>',
    );
    expect(deferred).not.toContain('type="module"');
    expect(deferred).not.toContain('modulepreload');
    // The style sheet still loads at once: the page looks right before any script.
    expect(deferred).toContain('<link rel="stylesheet" crossorigin href="/static/index-ghi.css">');
    expect(() => startOnInteraction('<html><head></head></html>')).toThrow('no module script');
  });

  it('lists every page in the sitemap with its date, and robots.txt points to it', () => {
    const xml = sitemap([page, { ...page, path: '/', lastModified: undefined }], SITE);
    expect(xml).toContain(
      '<loc>https://money.example.org/blog/a-post</loc>\n    <lastmod>2026-11-20</lastmod>',
    );
    expect(xml).toContain('<loc>https://money.example.org/</loc>\n  </url>');
    expect(robots(SITE)).toContain('Sitemap: https://money.example.org/sitemap.xml');
    expect(pageFile('/')).toBe('pages/index.html');
    expect(pageFile('/blog/a-post')).toBe('pages/blog/a-post.html');
  });
});
