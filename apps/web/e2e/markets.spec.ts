import { testWithFakeYahoo } from './fake-yahoo';
import { axe, expect } from './fixtures';
import { connectDemoBank, forEachView, settled, signUpByApi, snap } from './journey-helpers';

// Markets on Assets: search a symbol, add it to the watchlist, reorder, open its detail with the price
// chart, your position and its news. Quotes come from a fake of Yahoo Finance's endpoints on 127.0.0.1.
// The demo brokerage holds NWND: the fake knows it too, so its page shows your position.
const test = testWithFakeYahoo((fake) => {
  const model = fake.securities.find((security) => security.symbol === 'AAPL');
  if (!model) return;
  fake.securities.push({
    ...model,
    symbol: 'NWND',
    name: 'Northwind Technologies Inc.',
    // Near the demo bank's own NWND price, so the two sources do not tell wildly different stories.
    closes: model.closes.map((point) => ({
      ...point,
      close: ((Number(point.close) * 148.89) / Number(model.closes.at(-1)?.close ?? 1)).toFixed(2),
    })),
  });
});

test.use({ storageState: { cookies: [], origins: [] } });

test('markets: search a symbol, add it to the watchlist, reorder, open its detail with chart and position', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpByApi(page.request, server.url, 'markets', 'Ada Markets');
  await connectDemoBank(page.request, server.url);

  await page.goto('/assets');
  const card = page
    .getByRole('region', { name: 'Watchlist' })
    .or(page.locator('[aria-labelledby="watchlist-heading"]'));
  // The first page after sign-up loads every card at once: give it longer on a busy machine.
  await expect(card.getByText('Your watchlist is empty.')).toBeVisible({ timeout: 20_000 });

  // Search by name, add from the results.
  await card.getByLabel('Find a stock, ETF or fund').fill('Northwind');
  await card.getByRole('button', { name: 'Search' }).click();
  const results = card.getByRole('list', { name: 'Results for Northwind' });
  await expect(results.getByText('Northwind Technologies Inc.')).toBeVisible();
  await results.getByRole('button', { name: 'Add NWND to your watchlist' }).click();
  const list = card.getByRole('list', { name: 'Watchlist' });
  await expect(list.getByRole('link', { name: 'NWND' })).toBeVisible();
  await expect(results.getByText('On your watchlist')).toBeVisible();

  await card.getByLabel('Find a stock, ETF or fund').fill('vanguard');
  await card.getByRole('button', { name: 'Search' }).click();
  await card.getByRole('button', { name: 'Add VTI to your watchlist' }).click();
  await expect(list.getByRole('link', { name: 'VTI' })).toBeVisible();
  // Trending: the provider's list with prices; a watched one says so.
  const trending = page.getByRole('list', { name: 'Trending securities' });
  await expect(trending.getByRole('link', { name: 'AAPL' })).toBeVisible();
  await expect(trending.getByRole('button', { name: 'Add AAPL to your watchlist' })).toBeVisible();
  await expect(trending.getByText('On your watchlist')).toBeVisible();
  // Every price says its currency and the day it is from.
  await expect(list.getByText(/USD · price of/).first()).toBeVisible();

  // Reorder by keyboard: focus Move VTI up and press Enter.
  await list.getByRole('button', { name: 'Move VTI up' }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('link')).toHaveText(['VTI', 'NWND']);
  // And by pointer: drag NWND onto VTI.
  await list.getByRole('listitem').nth(1).dragTo(list.getByRole('listitem').nth(0));
  await expect(list.getByRole('link')).toHaveText(['NWND', 'VTI']);
  // News for the held and watched symbols, each headline a link out to its publisher.
  const assetsNews = page.locator('[aria-labelledby="news-heading"]');
  await expect(
    assetsNews.getByRole('link', { name: /Northwind Technologies Inc\. shares move after analyst update/ }),
  ).toBeVisible();
  await expect(
    assetsNews.getByRole('link', { name: /Why VTI is on investors' radar \(video\)/ }),
  ).toBeVisible();
  await settled(page);
  await checkA11y(page);
  await snap(page, 'markets-assets-1440-light');

  // The security's page: price with currency and date, chart with ranges, your position.
  await list.getByRole('link', { name: 'NWND' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'NWND' })).toBeVisible();
  await expect(page.getByText('Northwind Technologies Inc.').first()).toBeVisible();
  await expect(page.getByText(/USD · price of/)).toBeVisible();
  await expect(page.getByRole('img', { name: /NWND closing prices, 1Y, last close/ })).toBeVisible();
  await page.getByRole('radio', { name: '3M' }).click();
  await expect(page.getByRole('img', { name: /NWND closing prices, 3M/ })).toBeVisible();
  const position = page.locator('[aria-labelledby="position-heading"]');
  await expect(position.getByText('Quantity')).toBeVisible();
  await expect(position.getByText(/Value \(USD, price of/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from watchlist' })).toBeVisible();
  // Its news: that symbol's headlines only, each with its source and time, opening in a new tab.
  const news = page.locator('[aria-labelledby="news-heading"]');
  const headline = news.getByRole('link', {
    name: /Northwind Technologies Inc\. shares move after analyst update/,
  });
  await expect(headline).toHaveAttribute('href', 'https://news.example.com/nwnd-story.html');
  await expect(headline).toHaveAttribute('target', '_blank');
  await expect(headline).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(news.getByText(/^Reuters ·/)).toBeVisible();
  await expect(news.getByRole('listitem')).toHaveCount(2);
  await expect(news.getByText(/VTI/)).toHaveCount(0);
  await settled(page);
  await checkA11y(page);
  await snap(page, 'markets-security-1440-light');

  // An unknown symbol says so.
  await page.goto('/assets/securities/NOPE1');
  await expect(page.getByText('No security found for symbol NOPE1.')).toBeVisible();

  await forEachView(page, async ({ width, name }) => {
    await page.goto('/assets');
    await expect(page.getByRole('link', { name: 'NWND', exact: true })).toBeVisible();
    await settled(page);
    await checkA11y(page);
    // Nothing runs off the side of the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snap(page, `markets-assets-${name}`);
    await page.goto('/assets/securities/NWND');
    await expect(page.getByText(/USD · price of/)).toBeVisible();
    await expect(
      page
        .locator('[aria-labelledby="news-heading"]')
        .getByRole('link', { name: /Why NWND is on investors' radar/ }),
    ).toBeVisible();
    await settled(page);
    await checkA11y(page);
    await snap(page, `markets-security-${name}`);
  });
});

test('investments: holdings with day change, weight and price date; performance by range per account and overall', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpByApi(page.request, server.url, 'investments', 'Ada Investor');
  await connectDemoBank(page.request, server.url);
  // A fund account whose balance the user keeps: 9,500 sixty days ago, 10,000 today.
  const created = await page.request.post('/api/v1/accounts', {
    headers: { origin: server.url },
    data: { name: 'Index fund', type: 'investment', currency: 'USD', balance: 10_000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as { data: { account: { id: string } } };
  const earlier = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const entered = await page.request.post(`/api/v1/accounts/${data.account.id}/balance`, {
    headers: { origin: server.url },
    data: { balance: 9_500, date: earlier },
  });
  expect(entered.status(), await entered.text()).toBe(200);

  await page.goto('/assets');
  const table = page.getByRole('table', { name: 'Holdings' });
  await expect(table.getByRole('columnheader', { name: 'Day change' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Weight' })).toBeVisible();
  // NWND is quoted by the provider: its day change has a sign in the text and the quote's date.
  const nwnd = table.getByRole('row', { name: /^NWND/ });
  await expect(nwnd.getByText(/^[+(]?[+-]?\$[\d,.]+\)?$/).last()).toBeVisible();
  await expect(nwnd.getByText(/%/).last()).toBeVisible();
  // The demo bank's other securities are not known to the provider: said, not guessed.
  await expect(table.getByText('Ticker not found').first()).toBeVisible();

  // The demo brokerage's balance is the one Accounts shows, as holdings + cash; the prices' date is said.
  const listed = await page.request.get('/api/v1/accounts');
  const { data: list } = (await listed.json()) as {
    data: {
      accounts: { name: string; type: string; currentBalance: { amountMinor: number; currency: string } }[];
    };
  };
  const brokerage = list.accounts.find((account) => account.type === 'brokerage');
  if (!brokerage) throw new Error('the demo bank has no brokerage');
  const { amountMinor, currency } = brokerage.currentBalance;
  const balance = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amountMinor / 100);
  const balances = page.getByRole('region', { name: 'Investment account balances' });
  const demo = balances.getByRole('listitem', { name: brokerage.name });
  await expect(demo).toContainText(`in ${currency}`);
  await expect(demo).toContainText(`Balance${balance}`);
  await expect(demo).toContainText('Holdings');
  await expect(demo).toContainText('Cash');
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText(
    /Prices (as of \d\d\/\d\d\/\d{4}|from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4})/,
  );

  const performance = page.locator('[aria-labelledby="performance-heading"]');
  await expect(performance.getByRole('radio', { name: '1Y' })).toBeChecked();
  const fund = performance.getByRole('listitem', { name: 'Index fund' });
  await expect(fund.getByText('Time-weighted')).toBeVisible();
  await expect(fund.getByText('+5.26%').first()).toBeVisible();
  await expect(performance.getByRole('listitem', { name: 'Individual Brokerage' })).toContainText(
    'Not measured',
  );
  // Range by keyboard: an arrow key moves to YTD, Space chooses it (once the page's requests, the news
  // card's among them, have ended, so nothing re-renders under the focus). The group moves the focus on
  // the next task after the key: Space waits for it, as a person sees the focus move before pressing.
  await settled(page);
  await performance.getByRole('radio', { name: '1Y' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(performance.getByRole('radio', { name: 'YTD' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(performance.getByRole('radio', { name: 'YTD' })).toBeChecked();
  await expect(performance.getByRole('list', { name: 'Performance, YTD' })).toBeVisible();
  await settled(page);
  await checkA11y(page);

  await forEachView(page, async ({ width, name }) => {
    await page.goto('/assets');
    await expect(
      page.locator('[aria-labelledby="performance-heading"]').getByText('Index fund'),
    ).toBeVisible();
    await settled(page);
    await checkA11y(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snap(page, `investments-assets-${name}`);
  });

  // High contrast: the holdings table, the totals, the balances and the performance card keep enhanced contrast.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  const set = await page.request.put('/api/v1/user/preferences', {
    headers: { origin: server.url },
    data: { key: 'high_contrast', value: true },
  });
  expect(set.status()).toBe(200);
  await page.goto('/assets');
  await expect(page.locator('html')).toHaveClass(/high-contrast/);
  await expect(page.locator('[aria-labelledby="performance-heading"]').getByText('Index fund')).toBeVisible();
  await settled(page);
  const results = await axe(page, {
    rules: ['color-contrast-enhanced'],
    include: [
      '[aria-labelledby="holdings-heading"]',
      '[aria-label="Totals"]',
      '[aria-labelledby="brokerage-heading"]',
      '[aria-labelledby="performance-heading"]',
    ],
  });
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await snap(page, 'investments-assets-1440-light-high-contrast');
});

test('market news sources: choose a publisher from those of your recent news, or type one', async ({
  page,
  server,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpByApi(page.request, server.url, 'news-sources', 'Ada Reader');
  const watched = await page.request.post('/api/v1/watchlist', {
    headers: { origin: server.url },
    data: { symbol: 'VTI' },
  });
  expect(watched.status(), await watched.text()).toBe(200);

  const seen = page.getByRole('group', { name: 'Publishers in your recent news' });
  // Assets shows the news of the watched symbol; its publishers are then offered.
  await page.goto('/assets');
  const news = page.locator('[aria-labelledby="news-heading"]');
  await expect(news.getByRole('link', { name: /Why VTI is on investors' radar/ })).toBeVisible();
  await page.goto('/settings/financial');
  const video = seen.getByRole('checkbox', { name: /^Yahoo Finance Video ·/ });
  await expect(video).toHaveAttribute('aria-checked', 'false');
  // Market news other users' pages fetched counts too: it is the same for everyone.
  await expect(seen.getByRole('checkbox', { name: /^Reuters · \d+ headlines?$/ })).toBeVisible();
  await settled(page);
  // By keyboard: Space ticks the focused publisher.
  await video.focus();
  await page.keyboard.press('Space');
  await expect(video).toHaveAttribute('aria-checked', 'true');
  const chosen = page.getByRole('list', { name: 'News sources' });
  await expect(chosen.getByRole('listitem')).toHaveText(['Yahoo Finance Video×']);
  // A typed name stays beside the ticked ones.
  await page.getByRole('textbox', { name: 'News Sources' }).fill('Barron’s');
  await page.keyboard.press('Enter');
  await expect(chosen.getByRole('listitem')).toHaveText(['Yahoo Finance Video×', 'Barron’s×']);
  await settled(page);
  await checkA11y(page);

  await forEachView(page, async ({ width, name }) => {
    await page.goto('/settings/financial');
    await expect(video).toHaveAttribute('aria-checked', 'true');
    await settled(page);
    await checkA11y(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snap(page, `news-sources-settings-${name}`);
  });

  // The news now keeps that publisher only.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/assets');
  await expect(news.getByRole('link', { name: /Why VTI is on investors' radar/ })).toBeVisible();
  await expect(news.getByText(/^Reuters ·/)).toHaveCount(0);
});
