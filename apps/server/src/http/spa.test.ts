import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spaRoutes } from './spa';

function distWith(files: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'lodestar-spa-'));
  mkdirSync(join(dist, 'static'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lodestar</title><div id="root"></div>');
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dist, name), body);
  return dist;
}

describe('service worker serving', () => {
  const built = distWith({
    'sw.js': "importScripts('/push-sw.js');",
    'push-sw.js': "self.addEventListener('push', () => {});",
    'favicon.svg': '<svg/>',
  });
  const withoutWorker = distWith({});
  afterAll(() => {
    rmSync(built, { recursive: true, force: true });
    rmSync(withoutWorker, { recursive: true, force: true });
  });

  it('serves /sw.js as JavaScript that browsers re-check on every load', async () => {
    const response = await spaRoutes(built).request('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain("importScripts('/push-sw.js')");
  });

  it('serves the push handlers the worker imports with no-cache too', async () => {
    const response = await spaRoutes(built).request('/push-sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the hour of caching for other public files', async () => {
    const response = await spaRoutes(built).request('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers 404, not the app shell, when the build has no service worker', async () => {
    const response = await spaRoutes(withoutWorker).request('/sw.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });
});

describe('files the build writes beside the app', () => {
  const built = distWith({});
  mkdirSync(join(built, 'blog'));
  writeFileSync(
    join(built, 'blog', 'rss.xml'),
    '<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>',
  );
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  it('serves the blog feed as XML, while /blog and its posts stay pages of the app', async () => {
    const feed = await spaRoutes(built).request('/blog/rss.xml');
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/xml/);
    expect(await feed.text()).toContain('<rss version="2.0">');
    for (const path of ['/blog', '/blog/', '/blog/a-post']) {
      const page = await spaRoutes(built).request(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<div id="root">');
    }
  });
});

describe('prerendered public pages', () => {
  const built = distWith({
    'prerendered.json': JSON.stringify({ '/': 'pages/index.html', '/blog': 'pages/blog.html' }),
  });
  mkdirSync(join(built, 'pages'));
  writeFileSync(join(built, 'pages', 'index.html'), '<div id="root" data-prerendered="">Home text</div>');
  writeFileSync(join(built, 'pages', 'blog.html'), '<div id="root" data-prerendered="">Blog text</div>');
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  it("answers a public page's path with its prerendered HTML, never cached", async () => {
    for (const [path, text] of [
      ['/', 'Home text'],
      ['/blog', 'Blog text'],
      ['/blog/', 'Blog text'],
    ]) {
      const response = await spaRoutes(built).request(path!);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toContain(text);
    }
  });

  it('serves the shell for other paths and for a public page with a query', async () => {
    for (const path of ['/dashboard', '/blog?tag=imports', '/blog/unknown']) {
      const body = await (await spaRoutes(built).request(path)).text();
      expect(body, path).toContain('<div id="root"></div>');
    }
  });
});
