import { startFakeCoinGecko, type FakeCoinGecko } from '@lodestar/server/testing/fake-coingecko';
import { startFakeBinance, type FakeBinance } from '@lodestar/server/testing/fake-exchanges';
import { snap } from './auth-helpers';
import { expect, signUpAndSignIn, test as base, uniqueEmail } from './fixtures';
import { fakeForWorker, forEachView } from './journey-helpers';

// CEXes: connect Binance with an API key through a fake of Binance's documented API (signatures
// checked) and a fake CoinGecko on 127.0.0.1: a key that can withdraw is refused, a read-only key is
// connected and its balances per market type are shown on CEXes, Assets and the dashboard's crypto share.
const KEY = { apiKey: 'journey-binance-key', secret: 'journey-binance-secret' };

const test = base.extend<object, { binance: FakeBinance; gecko: FakeCoinGecko }>({
  binance: fakeForWorker(() => startFakeBinance(KEY)),
  gecko: fakeForWorker(startFakeCoinGecko),
  serverEnv: [
    async ({ binance, gecko }, use) =>
      use({
        OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
        CRYPTO_PRICES_URL: gecko.url,
        CCXT_API_URLS: JSON.stringify({ binance: binance.url }),
      }),
    { scope: 'worker' },
  ],
});

test.use({ storageState: { cookies: [], origins: [] } });

test('cexes: connect Binance with a read-only key and see its holdings on CEXes, Assets and the dashboard', async ({
  page,
  server,
  binance,
  gecko,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  binance.spot = { BTC: '0.25000000', USDT: '1500.00000000' };
  binance.futures = { USDT: '500.00000000' };
  binance.funding = { USDT: '250.00000000' };
  gecko.coins.set('bitcoin', {
    prices: { usd: 64_000, eur: 59_000 },
    change24h: 1.25,
    lastUpdatedAt: Math.floor(Date.now() / 1000),
  });
  gecko.coins.set('tether', { prices: { usd: 1, eur: 0.92 }, lastUpdatedAt: Math.floor(Date.now() / 1000) });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndSignIn(page.request, server.url, { email: uniqueEmail('cexes'), name: 'Cex Owner' });

  await page.goto('/cexes');
  await expect(page.getByRole('heading', { name: 'No exchanges yet' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Connect an exchange' });
  await expect(form.getByText('Use a read-only key')).toBeVisible();
  await checkA11y(page);
  await snap(page, 'cexes-empty-1440-light');

  // OKX asks for its passphrase too; Binance only for key and secret.
  await form.getByRole('radio', { name: 'OKX' }).check();
  await expect(form.getByLabel('Passphrase')).toBeVisible();
  await form.getByRole('radio', { name: 'Binance' }).check();
  await expect(form.getByLabel('Passphrase')).toHaveCount(0);

  // A key that can withdraw is refused, naming the switch to turn off.
  binance.restrictions = { ...binance.restrictions, enableWithdrawals: true };
  await form.getByLabel('API key').fill(KEY.apiKey);
  await form.getByLabel('API secret').fill(KEY.secret);
  await form.getByRole('button', { name: 'Connect exchange' }).click();
  await expect(form.getByRole('alert')).toContainText('Turn off “Enable Withdrawals”', { timeout: 30_000 });
  await checkA11y(page);

  binance.restrictions = { ...binance.restrictions, enableWithdrawals: false };
  await form.getByLabel('Name (optional)').fill('Main Binance');
  await form.getByRole('button', { name: 'Connect exchange' }).click();

  const card = page.getByRole('region', { name: 'Main Binance' });
  const spot = card.getByRole('list', { name: 'Holdings of Main Binance Spot' });
  await expect(spot.getByText('0.25 BTC')).toBeVisible({ timeout: 60_000 });
  await expect(spot.getByText('$64,000.00')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Holdings of Main Binance USD-M Futures' })).toContainText(
    '500 USDT',
  );
  await expect(card.getByRole('list', { name: 'Holdings of Main Binance Funding' })).toContainText('250 USDT');
  // 0.25 × 64,000 + 1,500 + 500 + 250 = 18,250
  await expect(card.getByText('$18,250.00').first()).toBeVisible();
  await expect(card.getByText(/^Synced/)).toBeVisible();
  await checkA11y(page);

  await page.goto('/assets');
  await expect(page.getByText('Bitcoin').first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('crypto-share')).toContainText('Crypto is 100.00% of your assets');

  await forEachView(page, async ({ name }) => {
    await page.goto('/cexes');
    await expect(page.getByText('0.25 BTC')).toBeVisible();
    await checkA11y(page);
    await snap(page, `cexes-${name}`);
  });

  await page.getByRole('button', { name: 'Remove Main Binance' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove exchange' }).click();
  await expect(page.getByRole('heading', { name: 'No exchanges yet' })).toBeVisible();
});
