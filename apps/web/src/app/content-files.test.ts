import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUTH_PAGES, APP_PAGES, CONTENT_PAGES, HOME_PAGE } from './pages';
import {
  blogFeed,
  CONTENT_DIR,
  loadContent,
  readDocument,
  releaseNotes,
  renderMarkdown,
} from '../../build/content';

const site = loadContent();
const documents = [...site.blog, ...site.help, ...site.legal];

/** Paths the server answers itself (not pages of the app). */
const SERVER_PATHS = [
  '/api/docs',
  '/api/v1/openapi.json',
  '/api/v1/health',
  '/api/v1/ready',
  '/blog/rss.xml',
];

function markdownFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFilesUnder(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Whether an internal link leads somewhere: an article that exists, a page of the app, a server path. */
function resolves(href: string): boolean {
  const path = href.replace(/[?#].*$/, '');
  const article = /^\/(blog|help)\/([^/]+)$/.exec(path);
  if (article) {
    const docs = article[1] === 'blog' ? site.blog : site.help;
    return docs.some((doc) => doc.slug === article[2]);
  }
  if (SERVER_PATHS.includes(path)) return true;
  // Pages with a required parameter (an account, a security) are not linked from content: their ids are
  // the user's. Optional ones (a settings section) are.
  return [HOME_PAGE, ...AUTH_PAGES, ...APP_PAGES, ...CONTENT_PAGES]
    .filter((page) => !/:[a-zA-Z]+(\/|$)/.test(page.path))
    .some((page) => matchPath({ path: page.path, end: true }, path));
}

describe('content files', () => {
  it('every Markdown file in the content folder is compiled, with its front matter', () => {
    const files = markdownFilesUnder(CONTENT_DIR).map((file) => relative(join(CONTENT_DIR, '..'), file));
    expect(files.length).toBeGreaterThan(0);
    const compiled = documents.map((doc) => doc.source);
    // A file in a folder the build does not read would silently never be published.
    expect(files.filter((file) => !compiled.includes(file))).toEqual([]);
    for (const doc of documents) {
      expect(doc.title, doc.source).not.toBe('');
      expect(doc.summary, doc.source).not.toBe('');
      expect(doc.author, doc.source).not.toBe('');
      expect(doc.tags.length, doc.source).toBeGreaterThan(0);
      if (doc.source !== 'CHANGELOG.md') expect(doc.date, doc.source).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(doc.html, doc.source).not.toBe('');
    }
  });

  it('has the terms and the privacy policy', () => {
    expect(site.legal.map((doc) => doc.slug)).toEqual(['terms', 'privacy']);
  });

  it('every internal link leads to an article, a page of the app or a path the server answers', () => {
    const broken = documents.flatMap((doc) =>
      doc.links
        .filter((href) => !/^(https?:|mailto:)/.test(href))
        .filter((href) => !href.startsWith('/') || !resolves(href))
        .map((href) => `${doc.source}: ${href}`),
    );
    expect(broken).toEqual([]);
  });

  it('the link check itself tells a broken link from a good one', () => {
    expect(resolves('/terms')).toBe(true);
    expect(resolves('/settings/privacy')).toBe(true);
    expect(resolves('/help/no-such-article')).toBe(false);
    expect(resolves('/blog/no-such-post')).toBe(false);
    expect(resolves('/no-such-page')).toBe(false);
  });
});

describe('compiling Markdown', () => {
  it('escapes raw HTML and drops script URLs, so a file cannot inject markup', () => {
    const { html } = renderMarkdown(
      '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>',
      CONTENT_DIR,
      'test.md',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;');
  });

  it('renders headings with ids, lists, code blocks and tables', () => {
    const { html, text, readingMinutes } = renderMarkdown(
      '## Back up first\n\n- one\n- two\n\n```\nnpm start\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
      CONTENT_DIR,
      'test.md',
    );
    expect(html).toContain('<h2 id="back-up-first">Back up first</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<pre><code>npm start\n</code></pre>');
    expect(html).toContain('<div class="content-table"><table>');
    expect(text).toContain('npm start');
    expect(readingMinutes).toBe(1);
  });

  it('refuses a file without the required front matter, naming every problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-'));
    const file = join(dir, 'no-front-matter.md');
    writeFileSync(file, '---\ntitle: Only a title\ndate: 26/11/2026\n---\nBody');
    expect(() => readDocument(file, 'blog')).toThrow(
      /"summary" must be a non-empty text; "author" must be a non-empty text; "date" must be a date written yyyy-mm-dd; "tags" must be a list/,
    );
  });

  it('refuses an image that is not in the content folder', () => {
    expect(() => renderMarkdown('![chart](./missing.png)', CONTENT_DIR, 'test.md')).toThrow(
      /image \.\/missing\.png does not exist/,
    );
  });
});

describe('the blog feed', () => {
  it('is valid RSS 2.0 with every released post, linked absolutely', () => {
    const xml = blogFeed(site.blog, 'https://money.example/');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser().parse(xml) as {
      rss: {
        channel: { title: string; link: string; item: { title: string; link: string; pubDate: string }[] };
      };
    };
    const { channel } = parsed.rss;
    expect(channel.title).toBe('Lodestar blog');
    expect(channel.link).toBe('https://money.example/blog');
    const dated = site.blog.filter((post) => post.date !== null);
    expect(dated.length).toBeGreaterThanOrEqual(6);
    expect(channel.item.map((item) => item.link)).toEqual(
      dated.map((post) => `https://money.example/blog/${post.slug}`),
    );
    for (const item of channel.item) expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    // Changes not yet released have no date to publish under.
    expect(xml).not.toContain('release-notes-unreleased');
  });
});

describe('release notes', () => {
  it('become one post per CHANGELOG.md section, the unreleased one first and undated', () => {
    const dir = mkdtempSync(join(tmpdir(), 'changelog-'));
    const file = join(dir, 'CHANGELOG.md');
    writeFileSync(
      file,
      '# Changelog\n\n## Unreleased\n\n### Added\n\n- A thing\n- Another\n\n## [1.2.0] - 2026-10-01\n\n### Fixed\n\n- A bug\n',
    );
    const notes = releaseNotes(file);
    expect(notes.map((note) => [note.slug, note.title, note.date])).toEqual([
      ['release-notes-unreleased', 'Release notes: not yet released', null],
      ['release-notes-1-2-0', 'Release notes: 1.2.0', '2026-10-01'],
    ]);
    expect(notes[0]!.summary).toBe(
      "The 2 changes made since the last release, from the project's changelog.",
    );
    expect(notes[1]!.html).toContain('<li>A bug</li>');
  });
});

describe('links from the app to help articles', () => {
  const SRC = join(CONTENT_DIR, '..', 'apps', 'web', 'src');
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sourceFiles(join(dir, entry.name))
        : /\.tsx$/.test(entry.name) && !entry.name.includes('.test.')
          ? [join(dir, entry.name)]
          : [],
    );
  }

  it('every <HelpLink slug> names an article that exists', () => {
    const used = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<HelpLink\s+slug="([^"]+)"/g)].map((match) => ({
        file: relative(SRC, file),
        slug: match[1]!,
      })),
    );
    expect(used.length).toBeGreaterThanOrEqual(5);
    expect(used.filter(({ slug }) => !resolves(`/help/${slug}`))).toEqual([]);
  });
});
