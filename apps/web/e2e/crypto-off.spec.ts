import { expect, signUpAndSignIn, test, uniqueEmail } from './fixtures';
import { forEachView, snap } from './journey-helpers';

// A server with crypto turned off (FEATURE_CRYPTO=false): Wallets and CEXes say so instead of failing
// on the endpoints the server does not serve.
test.use({ serverEnv: { FEATURE_CRYPTO: 'false' }, storageState: { cookies: [], origins: [] } });

test('crypto off: Wallets and CEXes say crypto is turned off on this server', async ({
  page,
  server,
  checkA11y,
}) => {
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('crypto-off'), name: 'No Crypto' });
  for (const [path, title] of [
    ['/wallets', 'Wallets'],
    ['/cexes', 'CEXes'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Crypto is turned off on this server' })).toBeVisible();
    await expect(page.getByText('could not be loaded')).toHaveCount(0);
  }
  await forEachView(page, async ({ name }) => {
    await page.goto('/cexes');
    await expect(page.getByRole('heading', { name: 'Crypto is turned off on this server' })).toBeVisible();
    await checkA11y(page);
    await snap(page, `crypto-off-${name}`);
  });
});
