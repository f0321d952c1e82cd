// Runs after `vite build` and the server-side build of src/entry-prerender.tsx (see package.json): writes
// each public page's HTML (its text, title, description, canonical address and Open Graph tags) to
// dist/pages/, the list the server serves them from (dist/prerendered.json, apps/server/src/http/spa.ts),
// and /sitemap.xml and /robots.txt. Addresses are absolute: PUBLIC_URL when the app is built, as for the
// blog's feed.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type PublicPage = {
  path: string;
  title: string;
  description: string;
  type: 'website' | 'article';
  lastModified?: string;
  startsOnInteraction?: true;
};
type Entry = {
  publicPages: () => PublicPage[];
  renderPage: (page: PublicPage, origin: string) => Promise<string>;
};

const WEB_DIR = resolve(import.meta.dirname, '..');
const DIST = join(WEB_DIR, 'dist');
const SSR_ENTRY = join(WEB_DIR, '.ssr', 'entry-prerender.js');

export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? '3000'}`).replace(/\/+$/, '');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The <head> tags of one page. */
export function headTags(page: PublicPage, site: string, image?: string): string {
  const title = page.title ? `${page.title} · Lodestar` : 'Lodestar';
  const url = `${site}${page.path === '/' ? '/' : page.path}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="Lodestar" />`,
    `<meta property="og:type" content="${page.type}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title || 'Lodestar')}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(`${site}${image}`)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
  ];
  return tags.join('\n    ');
}

/**
 * The template's scripts for a page that starts on interaction (ADR 053): the app's module script and its
 * preloads give way to public/start-on-interaction.js, which imports the same entry at the first
 * interaction. Other pages keep the template as it is.
 */
export function startOnInteraction(template: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry) throw new Error('index.html has no module script to defer');
  const loader = `<script src="/start-on-interaction.js" data-entry="${entry[1]}" defer></script>\n    `;
  return template.replace(entry[0], loader).replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/** The app's index.html with the page's head tags and its rendered HTML in #root. */
export function pageDocument(
  template: string,
  page: PublicPage,
  site: string,
  body: string,
  image?: string,
): string {
  // React writes a page's <title> before its markup; the head already has it.
  const markup = body.replace(/^(<title>[^<]*<\/title>)+/, '');
  // The page reads without JavaScript, so the shell's "needs JavaScript" notice does not apply.
  const scripts = page.startsOnInteraction ? startOnInteraction(template) : template;
  const withHead = scripts
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>/, headTags(page, site, image));
  if (withHead === scripts) throw new Error('index.html has no description tag to replace');
  const root = '<div id="root"></div>';
  if (!withHead.includes(root)) throw new Error('index.html has no empty #root');
  return withHead.replace(root, `<div id="root" data-prerendered="">${markup}</div>`);
}

export function sitemap(pages: PublicPage[], site: string): string {
  const urls = pages.map((page) =>
    [
      '  <url>',
      `    <loc>${escapeHtml(`${site}${page.path}`)}</loc>`,
      page.lastModified ? `    <lastmod>${page.lastModified}</lastmod>` : null,
      '  </url>',
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robots(site: string): string {
  // The app's own pages need an account; the API is not for crawlers.
  return ['User-agent: *', 'Disallow: /api/', 'Allow: /', '', `Sitemap: ${site}/sitemap.xml`, ''].join('\n');
}

/** A page's file under dist/pages ("/" is index.html, "/blog/x" is blog/x.html). */
export function pageFile(path: string): string {
  return path === '/' ? 'pages/index.html' : `pages${path}.html`;
}

async function main() {
  const entry = (await import(pathToFileURL(SSR_ENTRY).href)) as Entry;
  const site = siteUrl();
  const template = readFileSync(join(DIST, 'index.html'), 'utf8');
  const pages = entry.publicPages();
  rmSync(join(DIST, 'pages'), { recursive: true, force: true });
  const files: Record<string, string> = {};
  for (const page of pages) {
    const body = await entry.renderPage(page, site);
    const file = pageFile(page.path);
    mkdirSync(dirname(join(DIST, file)), { recursive: true });
    writeFileSync(join(DIST, file), pageDocument(template, page, site, body));
    files[page.path] = file;
  }
  writeFileSync(join(DIST, 'prerendered.json'), `${JSON.stringify(files, null, 2)}\n`);
  writeFileSync(join(DIST, 'sitemap.xml'), sitemap(pages, site));
  writeFileSync(join(DIST, 'robots.txt'), robots(site));
  process.stdout.write(`prerendered ${pages.length} public pages, sitemap.xml and robots.txt for ${site}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
