import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PREFERENCES_KEY = 'user-preferences';

/** The headings each public page's first HTML must carry before any script runs. */
const PAGES = [
  { path: '/', heading: 'Lodestar', title: 'Lodestar' },
  { path: '/blog', heading: 'Blog', title: 'Blog · Lodestar' },
  {
    path: '/blog/importing-bank-statements',
    heading: 'Importing from your bank: CSV, OFX and QIF, step by step',
    title: 'Importing from your bank: CSV, OFX and QIF, step by step · Lodestar',
    body: '4. Duplicates',
  },
  { path: '/help', heading: 'Help', title: 'Help · Lodestar' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service · Lodestar' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy · Lodestar' },
  {
    path: '/pricing',
    heading: 'Pricing',
    title: 'Pricing · Lodestar',
    body: 'Run Lodestar yourself and every feature is included, with no limits.',
  },
] as const;

/** React's hydration complaints (a mismatch makes it throw the HTML away and render again). */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => {
    if (/hydrat|#418|#423|#425/i.test(error.message)) errors.push(error.message);
  });
  return errors;
}

test.describe('public pages for visitors', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test.describe('before any script runs', () => {
    test.use({ javaScriptEnabled: false });

    test('each public page’s first HTML has its text, title, description and Open Graph tags', async ({
      page,
    }) => {
      for (const expected of PAGES) {
        await page.goto(expected.path);
        await expect(page.getByRole('heading', { level: 1, name: expected.heading })).toBeVisible();
        if ('body' in expected) await expect(page.getByText(expected.body).first()).toBeVisible();
        await expect(page).toHaveTitle(expected.title);
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length, expected.path).toBeGreaterThan(20);
        await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
          'content',
          description!,
        );
        // Absolute addresses on PUBLIC_URL as it was when the app was built.
        const url = await page.locator('link[rel="canonical"]').getAttribute('href');
        expect(new URL(url!).pathname).toBe(expected.path);
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url!);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
          'content',
          expected.path === '/' ? 'Lodestar' : expected.heading,
        );
      }
      // A page of the app is not prerendered: it is the empty shell.
      await page.goto('/dashboard');
      await expect(page.locator('#root')).toBeEmpty();
    });
  });

  test('a prerendered page hydrates without a mismatch, in the theme this browser saved', async ({
    page,
  }) => {
    const errors = hydrationErrors(page);
    await page.addInitScript(
      ([key]) => window.localStorage.setItem(key!, JSON.stringify({ theme: 'dark' })),
      [PREFERENCES_KEY],
    );
    await page.goto('/blog/importing-bank-statements');
    // Once hydrated, the header's switcher shows the saved theme and links navigate inside the app.
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'csv' }).click();
    await expect(page.getByRole('list', { name: 'Posts tagged csv' }).getByRole('listitem')).toHaveCount(1);
    for (const [index, path] of ['/', '/help', '/terms', '/pricing'].entries()) {
      await page.goto(path);
      // A pointer that moves starts the app; a move without movement does not (start-on-interaction.js),
      // and a browser's first move into a page reports none: two steps.
      await page.mouse.move(10, 20 + index * 10, { steps: 2 });
      await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test('the homepage fetches no app script before interaction, and a click that comes first is not lost', async ({
    page,
  }) => {
    const errors = hydrationErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Lodestar' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.sort()).toEqual(['/start-on-interaction.js', '/theme-init.js']);

    // The first interaction is a click on the theme menu's button: it starts the app, and the click is
    // held until the page has hydrated, then replayed, so the menu opens.
    await page.getByRole('button', { name: /^Theme: / }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
    expect(scripts.some((path) => path.startsWith('/static/'))).toBe(true);
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(errors).toEqual([]);
  });

  test('a tag filter in the address gets the app shell, not the prerendered list, so the list shows the filter', async ({
    page,
  }) => {
    await page.goto('/blog?tag=csv');
    await expect(page.getByRole('list', { name: 'Posts tagged csv' }).getByRole('listitem')).toHaveCount(1);
  });

  test('sitemap.xml lists the public pages and robots.txt points to it', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toMatch(/xml/);
    const xml = await sitemap.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser().parse(xml) as { urlset: { url: { loc: string }[] } };
    const paths = parsed.urlset.url.map((entry) => new URL(entry.loc).pathname);
    for (const path of ['/', '/blog', '/blog/importing-bank-statements', '/help', '/terms', '/privacy']) {
      expect(paths).toContain(path);
    }
    expect(paths).not.toContain('/dashboard');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /api/');
  });
});

test('a signed-in user opening a prerendered page gets the app around it', async ({ page }) => {
  const errors = hydrationErrors(page);
  await page.goto('/help');
  await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  expect(errors).toEqual([]);
});
