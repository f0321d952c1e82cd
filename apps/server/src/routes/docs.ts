import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../app-types';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Only these files are served from swagger-ui-dist; everything is local (no CDN, strict CSP). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Lodestar API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png" />
  </head>
  <body>
    <main id="swagger-ui" aria-label="Lodestar API reference"></main>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// An external file rather than an inline script, because the CSP allows scripts from 'self' only.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});
`;

/** The API reference page at /api/docs, rendering /api/v1/openapi.json with locally served assets. */
export function docsRoutes() {
  const cache = new Map<string, Buffer>();
  return new Hono<AppEnv>()
    .get('/', (c) => c.html(PAGE))
    .get('/init.js', (c) => c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
    .get('/assets/:file', async (c) => {
      const file = c.req.param('file');
      const type = ASSETS[file];
      if (!type) return c.notFound();
      let body = cache.get(file);
      if (!body) {
        body = await readFile(join(swaggerDir, file));
        cache.set(file, body);
      }
      return c.body(new Uint8Array(body), 200, {
        'content-type': type,
        'cache-control': 'public, max-age=86400',
      });
    });
}
