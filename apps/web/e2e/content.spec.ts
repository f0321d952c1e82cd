import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect, test } from './fixtures';
import { forEachView, settled, snap } from './journey-helpers';

const IMPORT_POST = 'Importing from your bank: CSV, OFX and QIF, step by step';

test.describe('blog, help and legal pages for visitors', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('blog list → post → tag filter, and the RSS feed', async ({ page, checkA11y }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    // `exact`: the tag filter's list is "Posts tagged csv", which a plain name would match too.
    const posts = page.getByRole('list', { name: 'Posts', exact: true }).getByRole('listitem');
    await expect(posts.nth(6)).toBeVisible();
    await expect(posts.first()).toContainText('min read');

    await page.getByRole('link', { name: IMPORT_POST }).click();
    await expect(page).toHaveURL(/\/blog\/importing-bank-statements$/);
    await expect(page.getByRole('heading', { level: 1, name: IMPORT_POST })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '4. Duplicates' })).toBeVisible();
    const more = page.getByRole('navigation', { name: 'More posts' });
    await expect(more.getByRole('link', { name: /Newer post/ })).toBeVisible();
    await expect(more.getByRole('link', { name: /Older post/ })).toBeVisible();
    await checkA11y(page);

    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'csv' }).click();
    await expect(page).toHaveURL(/\/blog\?tag=csv$/);
    const tagged = page.getByRole('list', { name: 'Posts tagged csv' }).getByRole('listitem');
    await expect(tagged).toHaveCount(1);
    await expect(tagged).toContainText(IMPORT_POST);
    await page.getByRole('link', { name: 'All posts' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(posts.nth(6)).toBeVisible();

    const feed = await page.request.get('/blog/rss.xml');
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/xml/);
    const xml = await feed.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser().parse(xml) as { rss: { channel: { item: { link: string }[] } } };
    expect(parsed.rss.channel.item.map((item) => new URL(item.link).pathname)).toContain(
      '/blog/importing-bank-statements',
    );
  });

  test('help search finds an article by a word in its body and highlights it', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Self-hosting' })).toBeVisible();
    // "xprv" is only in the body of the wallets article, not in any title or summary.
    await page.getByLabel('Search help').fill('xprv');
    await expect(page.getByRole('status').filter({ hasText: 'matches “xprv”' })).toBeVisible();
    const result = page.getByRole('list', { name: 'Matching articles' }).getByRole('listitem');
    await expect(result).toHaveCount(1);
    await expect(result.getByRole('link', { name: 'Crypto wallets' })).toBeVisible();
    await expect(result.locator('mark')).toHaveText(['xprv']);
    await expect(page).toHaveURL(/\/help\?q=xprv$/);
    await checkA11y(page);

    await result.getByRole('link', { name: 'Crypto wallets' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Crypto wallets' })).toBeVisible();
    await expect(page.getByText('Lodestar refuses private keys, xprv keys')).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Your answer is kept in this browser only.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('sign-up links to the terms and the privacy policy, which anyone can read', async ({
    page,
    context,
  }) => {
    await page.goto('/sign-up');
    const terms = page.getByRole('link', { name: 'Terms of Service (opens in a new tab)' });
    const [termsPage] = await Promise.all([context.waitForEvent('page'), terms.click()]);
    await expect(termsPage.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(
      termsPage.getByRole('heading', { level: 2, name: 'Who you are dealing with' }),
    ).toBeVisible();
    await termsPage.close();
    const privacy = page.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' });
    const [privacyPage] = await Promise.all([context.waitForEvent('page'), privacy.click()]);
    await expect(privacyPage.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(
      privacyPage.getByText('no telemetry, no usage analytics and no crash reports'),
    ).toBeVisible();
    // The form kept what was typed: the policy opened beside it.
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  });

  test('the pages at 375 and 1440 px, light and dark, pass axe', async ({ page, checkA11y }) => {
    test.setTimeout(180_000);
    const pages = [
      { path: '/blog', name: 'blog', heading: 'Blog' },
      { path: '/blog/how-net-worth-is-computed', name: 'blog-post', heading: /net worth/ },
      { path: '/help', name: 'help', heading: 'Help' },
      { path: '/help?q=backup', name: 'help-search', heading: 'Help' },
      { path: '/help/import-a-statement', name: 'help-article', heading: 'Import a statement' },
      { path: '/privacy', name: 'privacy', heading: 'Privacy Policy' },
    ];
    await forEachView(page, async ({ name: view }) => {
      for (const { path, name, heading } of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await settled(page);
        // Nothing may scroll sideways at any width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await checkA11y(page);
        await snap(page, `content-${name}-${view}`);
      }
    });
  });
});

test('a signed-in user reads help inside the app, with its navigation', async ({ page }) => {
  await page.goto('/help/connect-your-bank');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your bank' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
});
