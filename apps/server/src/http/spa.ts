import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-types';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lodestar</title></head>
<body><main><h1>The web app has not been built</h1><p>Run <code>npm run build</code>, or start the app with
<code>npm start</code>, which builds it when needed.</p></main></body></html>`;

/**
 * The public pages the build prerendered (apps/web/build/prerender.ts): dist/prerendered.json maps each
 * path to its HTML file. A build without it serves the shell for every path.
 */
function readPrerendered(distDir: string): Map<string, string> {
  const listPath = join(distDir, 'prerendered.json');
  const pages = new Map<string, string>();
  if (!existsSync(listPath)) return pages;
  const list = JSON.parse(readFileSync(listPath, 'utf8')) as Record<string, string>;
  for (const [path, file] of Object.entries(list)) {
    const filePath = join(distDir, file);
    if (existsSync(filePath)) pages.set(path, readFileSync(filePath, 'utf8'));
  }
  return pages;
}

/**
 * Serves the built single-page app: real files from dist (hashed assets cached for a year, the
 * service worker never), a public page's prerendered HTML at its path, and index.html (never cached) for
 * every other path, so deep links and the SPA's own 404 page work. API paths never reach this router.
 */
export function spaRoutes(distDir: string | undefined) {
  const app = new Hono<AppEnv>();
  const indexPath = distDir ? join(distDir, 'index.html') : undefined;
  if (!distDir || !indexPath || !existsSync(indexPath)) {
    return app.get('*', (c) => c.html(NOT_BUILT, 503));
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  const prerendered = readPrerendered(distDir);
  // Cache headers are set after the file is found (serveStatic's onFound runs too late to add them).
  const cacheFor =
    (value: string): MiddlewareHandler =>
    async (c, next) => {
      await next();
      const found = c.res.status === 200 || c.res.status === 206;
      if (found && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', value);
    };
  // The build writes brotli and gzip copies beside each asset (apps/web/build/precompress.ts): the one
  // the browser accepts is sent, and every text asset says its bytes depend on Accept-Encoding.
  const varyByEncoding: MiddlewareHandler = async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    const vary = c.res.headers.get('Vary') ?? '';
    if (
      c.res.status === 200 &&
      /javascript|css|json|svg|text\//.test(type) &&
      !/accept-encoding/i.test(vary)
    ) {
      c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
  };
  app.use(
    '/static/*',
    cacheFor('public, max-age=31536000, immutable'),
    varyByEncoding,
    serveStatic({ root: distDir, precompressed: true }),
  );
  // A missing hashed asset is a real 404, not the app shell.
  app.get('/static/*', (c) => c.text('Not found', 404));
  // The service worker (public/sw.js) is checked on every load, so a fixed worker reaches browsers at
  // once rather than after an hour; a missing one is a 404, never the app shell.
  app.use('/sw.js', cacheFor('no-cache'), serveStatic({ root: distDir, precompressed: true }));
  app.get('/sw.js', (c) => c.text('Not found', 404));
  app.use(
    '*',
    cacheFor('public, max-age=3600'),
    serveStatic({
      root: distDir,
      precompressed: true,
      // index.html is answered below with no-cache, for every page path.
      rewriteRequestPath: (path) => (path === '/' || path === '/index.html' ? '/__app_shell__' : path),
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    // A public page's own HTML (text, title, Open Graph tags); with a query (/blog?tag=…) the page
    // differs from what was prerendered, so the shell renders it.
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const page = new URL(c.req.url).search ? undefined : prerendered.get(path);
    return c.html(page ?? indexHtml);
  });
  return app;
}
