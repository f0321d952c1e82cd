import { startFakeYahooFinance, type FakeYahooFinance } from '@lodestar/server/testing/fake-yahoo-finance';
import { test as base } from './fixtures';

/**
 * The journeys' test with a fake of Yahoo Finance's HTTP API on 127.0.0.1 (one per worker, dated today)
 * that the server asks for quotes, search, history and news. `prepare` adjusts the fake's securities
 * before the server starts.
 */
export function testWithFakeYahoo(prepare: (fake: FakeYahooFinance) => void = () => {}) {
  return base.extend<object, { yahoo: FakeYahooFinance }>({
    yahoo: [
      // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument to be destructured.
      async ({}, use) => {
        const fake = await startFakeYahooFinance(new Date().toISOString().slice(0, 10));
        prepare(fake);
        await use(fake);
        await fake.close();
      },
      { scope: 'worker' },
    ],
    serverEnv: [
      async ({ yahoo }, use) =>
        use({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', YAHOO_FINANCE_BASE_URL: yahoo.url }),
      { scope: 'worker' },
    ],
  });
}
