import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Feed } from 'feed';
import matter from 'gray-matter';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import type { Plugin } from 'vite';

/**
 * The blog, the help center and the legal pages are Markdown files in the repository's content folder,
 * compiled here at build time: front matter is checked, Markdown becomes HTML (raw HTML in a file is
 * escaped, never passed through), and the browser receives finished HTML plus a small index. An author
 * adds a post by adding a file. See docs/decisions (content as files).
 */

// import.meta.dirname: under a test's browser-like environment import.meta.url is not a file URL.
const HERE = import.meta.dirname ?? dirname(fileURLToPath(import.meta.url));
export const CONTENT_DIR = resolve(HERE, '../../../content');
export const CHANGELOG_PATH = resolve(HERE, '../../../CHANGELOG.md');

/** Help topics in the order the help center shows them; each is a folder under content/help. */
export const HELP_TOPICS = [
  { id: 'getting-started', title: 'Getting started' },
  { id: 'accounts-and-connections', title: 'Accounts and connections' },
  { id: 'imports', title: 'Imports' },
  { id: 'categories-and-rules', title: 'Categories and rules' },
  { id: 'analytics', title: 'Analytics' },
  { id: 'settings-and-security', title: 'Settings and security' },
  { id: 'self-hosting', title: 'Self-hosting' },
  { id: 'faq', title: 'FAQ' },
] as const;

export const LEGAL_SLUGS = ['terms', 'privacy'] as const;

export type ContentKind = 'blog' | 'help' | 'legal';

export type ContentDocument = {
  kind: ContentKind;
  slug: string;
  /** Help topic id (help articles only). */
  topic?: string;
  title: string;
  /** yyyy-mm-dd; null only for the release notes of changes not yet released. */
  date: string | null;
  summary: string;
  tags: string[];
  author: string;
  readingMinutes: number;
  html: string;
  /** The article's words, for full-text search. */
  text: string;
  /** Every link target in the article. */
  links: string[];
  /** Local images (absolute file paths) in the order their placeholders appear in `html`. */
  images: string[];
  /** Where it came from, for error messages. */
  source: string;
};

const WORDS_PER_MINUTE = 200;
const IMAGE_PLACEHOLDER = (index: number) => `__CONTENT_IMAGE_${index}__`;

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function createMarkdown() {
  // html: false escapes any HTML written in a file, so nothing in content can inject markup or scripts;
  // markdown-it's validateLink already refuses javascript:, vbscript: and data: (except images) URLs.
  const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
  const defaultLinkOpen =
    md.renderer.rules.link_open ??
    ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const href = String(token.attrGet('href') ?? '');
    if (/^https?:\/\//.test(href)) token.attrSet('rel', 'noopener noreferrer');
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  // Headings get ids so a help article can link to a section.
  md.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
    const inline = tokens[idx + 1];
    if (inline?.type === 'inline') tokens[idx]!.attrSet('id', slugify(inline.content));
    return self.renderToken(tokens, idx, options);
  };
  // Tables scroll sideways inside their own box on a phone instead of widening the page.
  md.renderer.rules.table_open = () => '<div class="content-table"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}

const markdown = createMarkdown();

function walk(tokens: Token[], visit: (token: Token) => void) {
  for (const token of tokens) {
    visit(token);
    if (token.children) walk(token.children, visit);
  }
}

function plainText(tokens: Token[]): string {
  const parts: string[] = [];
  walk(tokens, (token) => {
    if (token.type === 'text' || token.type === 'code_inline') parts.push(token.content);
    else if (token.type === 'fence' || token.type === 'code_block') parts.push(token.content);
    else if (token.type === 'softbreak' || token.type === 'paragraph_close' || token.type === 'heading_close')
      parts.push(' ');
  });
  return parts.join('').replace(/\s+/g, ' ').trim();
}

type Rendered = Pick<ContentDocument, 'html' | 'text' | 'links' | 'images' | 'readingMinutes'>;

/** Renders Markdown; local image paths are resolved against `fileDir` and must exist. */
export function renderMarkdown(body: string, fileDir: string, source: string): Rendered {
  const tokens = markdown.parse(body, {});
  const links: string[] = [];
  const images: string[] = [];
  walk(tokens, (token) => {
    if (token.type === 'link_open') links.push(String(token.attrGet('href') ?? ''));
    if (token.type === 'image') {
      const src = String(token.attrGet('src') ?? '');
      if (/^[a-z]+:/i.test(src) || src.startsWith('/')) {
        throw new Error(`${source}: image ${src} must be a file in the content folder (a relative path)`);
      }
      const file = resolve(fileDir, src);
      if (!existsSync(file)) throw new Error(`${source}: image ${src} does not exist`);
      token.attrSet('src', IMAGE_PLACEHOLDER(images.length));
      token.attrSet('loading', 'lazy');
      images.push(file);
    }
  });
  const html = markdown.renderer.render(tokens, markdown.options, {});
  const text = plainText(tokens);
  const words = text.split(/\s+/).filter(Boolean).length;
  return { html, text, links, images, readingMinutes: Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)) };
}

function isIsoDate(value: string) {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** gray-matter (js-yaml) turns an unquoted yyyy-mm-dd into a Date; either spelling is accepted. */
function dateField(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  if (typeof value === 'string' && isIsoDate(value)) return value;
  return undefined;
}

/** Reads one Markdown file; throws with every front-matter problem at once. */
export function readDocument(file: string, kind: ContentKind, topic?: string): ContentDocument {
  const source = relative(dirname(CONTENT_DIR), file);
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${source}: the front matter is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); quote a value that contains ": "`,
    );
  }
  const data = parsed.data as Record<string, unknown>;
  const problems: string[] = [];
  const text = (key: string) => {
    const value = data[key];
    if (typeof value !== 'string' || !value.trim()) {
      problems.push(`"${key}" must be a non-empty text`);
      return '';
    }
    return value.trim();
  };
  const title = text('title');
  const summary = text('summary');
  const author = text('author');
  const date = dateField(data.date);
  if (!date) problems.push('"date" must be a date written yyyy-mm-dd');
  const tags = data.tags;
  if (
    !Array.isArray(tags) ||
    tags.length === 0 ||
    !tags.every((tag) => typeof tag === 'string' && tag.trim())
  ) {
    problems.push('"tags" must be a list of one or more words');
  }
  const slug = basename(file, '.md');
  if (slug !== slugify(slug)) problems.push(`the file name must be lower-case words joined by "-" (${slug})`);
  if (problems.length > 0) throw new Error(`${source}: ${problems.join('; ')}`);
  const rendered = renderMarkdown(parsed.content, dirname(file), source);
  return {
    kind,
    slug,
    ...(topic ? { topic } : {}),
    title,
    date: date ?? null,
    summary,
    tags: (tags as string[]).map((tag) => tag.trim().toLowerCase()),
    author,
    ...rendered,
    source,
  };
}

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * Release notes, one post per CHANGELOG.md section ("## Unreleased", "## [1.2.0] - 2026-12-01"). The
 * changes not yet released have no date; they are listed first.
 */
export function releaseNotes(changelogPath = CHANGELOG_PATH): ContentDocument[] {
  if (!existsSync(changelogPath)) return [];
  const changelog = readFileSync(changelogPath, 'utf8');
  const sections = changelog.split(/^## /m).slice(1);
  return sections.map((section) => {
    const newline = section.indexOf('\n');
    const heading = section.slice(0, newline).trim();
    const body = section.slice(newline + 1).trim();
    const match = /^\[?([^\]\s]+)\]?(?:\s*-\s*(\d{4}-\d{2}-\d{2}))?/.exec(heading);
    const version = match?.[1] ?? heading;
    const released = version.toLowerCase() !== 'unreleased';
    const date = match?.[2] && isIsoDate(match[2]) ? match[2] : null;
    const entries = body.split('\n').filter((line) => line.startsWith('- ')).length;
    const rendered = renderMarkdown(body, dirname(changelogPath), 'CHANGELOG.md');
    return {
      kind: 'blog' as const,
      slug: released ? `release-notes-${slugify(version)}` : 'release-notes-unreleased',
      title: released ? `Release notes: ${version}` : 'Release notes: not yet released',
      date,
      summary: released
        ? `The ${entries} changes in Lodestar ${version}.`
        : `The ${entries} changes made since the last release, from the project's changelog.`,
      tags: ['release notes'],
      author: 'The Lodestar maintainers',
      ...rendered,
      source: 'CHANGELOG.md',
    };
  });
}

export type SiteContent = { blog: ContentDocument[]; help: ContentDocument[]; legal: ContentDocument[] };

/** Everything under the content folder plus the release notes, checked and rendered. */
export function loadContent(contentDir = CONTENT_DIR, changelogPath = CHANGELOG_PATH): SiteContent {
  const articles = markdownFiles(join(contentDir, 'blog')).map((file) => readDocument(file, 'blog'));
  const blog = [...articles, ...releaseNotes(changelogPath)].sort((a, b) => {
    if (a.date === b.date) return a.title.localeCompare(b.title);
    if (a.date === null) return -1;
    if (b.date === null) return 1;
    return b.date.localeCompare(a.date);
  });
  const helpDir = join(contentDir, 'help');
  const topicIds: string[] = HELP_TOPICS.map((topic) => topic.id);
  const unknown = existsSync(helpDir)
    ? readdirSync(helpDir).filter(
        (name) => statSync(join(helpDir, name)).isDirectory() && !topicIds.includes(name),
      )
    : [];
  if (unknown.length > 0) {
    throw new Error(
      `content/help: unknown topic folders ${unknown.join(', ')} (topics: ${topicIds.join(', ')})`,
    );
  }
  const help = HELP_TOPICS.flatMap(({ id }) =>
    markdownFiles(join(helpDir, id)).map((file) => readDocument(file, 'help', id)),
  );
  const legal = LEGAL_SLUGS.map((slug) => readDocument(join(contentDir, 'legal', `${slug}.md`), 'legal'));
  for (const [kind, docs] of Object.entries({ blog, help })) {
    const seen = new Set<string>();
    for (const doc of docs) {
      if (seen.has(doc.slug))
        throw new Error(`${doc.source}: another ${kind} article already uses /${kind}/${doc.slug}`);
      seen.add(doc.slug);
    }
  }
  return { blog, help, legal };
}

/** The RSS 2.0 feed of the blog; links are absolute, on `siteUrl`. */
export function blogFeed(blog: ContentDocument[], siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  const dated = blog.filter((post) => post.date !== null);
  const feed = new Feed({
    title: 'Lodestar blog',
    description: 'Articles and release notes about Lodestar, the self-hosted personal-finance dashboard.',
    id: `${site}/blog`,
    link: `${site}/blog`,
    language: 'en',
    copyright: 'Lodestar contributors',
    ...(dated[0]?.date ? { updated: new Date(`${dated[0].date}T00:00:00Z`) } : {}),
    feedLinks: { rss: `${site}/blog/rss.xml` },
  });
  // Release notes of changes not yet released have no date: they join the feed once released.
  for (const post of dated) {
    feed.addItem({
      title: post.title,
      id: `${site}/blog/${post.slug}`,
      link: `${site}/blog/${post.slug}`,
      description: post.summary,
      date: new Date(`${post.date}T00:00:00Z`),
      category: post.tags.map((name) => ({ name })),
      author: [{ name: post.author }],
    });
  }
  return feed.rss2();
}

const INDEX_ID = 'virtual:lodestar-content';
const DOC_PREFIX = `${INDEX_ID}/doc/`;

type IndexEntry = Omit<ContentDocument, 'html' | 'links' | 'images' | 'source' | 'text'> & { text?: string };

function indexEntry(doc: ContentDocument, withText: boolean): IndexEntry {
  const { html: _html, links: _links, images: _images, source: _source, text, ...meta } = doc;
  return withText ? { ...meta, text } : meta;
}

function documentModule(doc: ContentDocument): string {
  const imports = doc.images.map((file, index) => `import image${index} from ${JSON.stringify(file)};`);
  const replacements = doc.images.map(
    (_file, index) => `.replaceAll(${JSON.stringify(IMAGE_PLACEHOLDER(index))}, image${index})`,
  );
  return `${imports.join('\n')}\nexport default ${JSON.stringify(doc.html)}${replacements.join('')};\n`;
}

/**
 * Vite plugin: `virtual:lodestar-content` is the index (titles, dates, summaries, tags; help articles
 * also carry their text for search), and each article's HTML is a chunk of its own that loads when the
 * article is opened. The build also writes the blog's RSS feed to /blog/rss.xml.
 */
export function content(options: { siteUrl?: string } = {}): Plugin {
  let cached: SiteContent | undefined;
  const site = () => (cached ??= loadContent());
  const files = () => [
    CHANGELOG_PATH,
    ...(['blog', 'help', 'legal'] as const).flatMap((kind) => allFiles(join(CONTENT_DIR, kind))),
  ];
  return {
    name: 'lodestar-content',
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(DOC_PREFIX)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${INDEX_ID}`)) return undefined;
      for (const file of files()) this.addWatchFile(file);
      const { blog, help, legal } = site();
      if (id === `\0${INDEX_ID}`) {
        const all = [...blog, ...help, ...legal];
        const loaders = all
          .map(
            (doc) =>
              `  ${JSON.stringify(`${doc.kind}/${doc.slug}`)}: () => import(${JSON.stringify(`${DOC_PREFIX}${doc.kind}/${doc.slug}`)}),`,
          )
          .join('\n');
        return [
          `export const helpTopics = ${JSON.stringify(HELP_TOPICS)};`,
          `export const blogPosts = ${JSON.stringify(blog.map((doc) => indexEntry(doc, false)))};`,
          `export const helpArticles = ${JSON.stringify(help.map((doc) => indexEntry(doc, true)))};`,
          `export const legalPages = ${JSON.stringify(legal.map((doc) => indexEntry(doc, false)))};`,
          `const loaders = {\n${loaders}\n};`,
          `export function loadDocumentHtml(kind, slug) {`,
          `  const load = loaders[kind + '/' + slug];`,
          `  return load ? load().then((module) => module.default) : Promise.resolve(undefined);`,
          `}`,
        ].join('\n');
      }
      const key = id.slice(`\0${DOC_PREFIX}`.length);
      const doc = [...blog, ...help, ...legal].find((item) => `${item.kind}/${item.slug}` === key);
      if (!doc) throw new Error(`No content at ${key}`);
      return documentModule(doc);
    },
    watchChange(id) {
      if (id === CHANGELOG_PATH || id.startsWith(CONTENT_DIR)) cached = undefined;
    },
    generateBundle() {
      const siteUrl =
        options.siteUrl ?? process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`;
      this.emitFile({ type: 'asset', fileName: 'blog/rss.xml', source: blogFeed(site().blog, siteUrl) });
    },
  };
}

function allFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
