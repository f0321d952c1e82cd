import { defineConfig } from '@playwright/test';

// Journeys run in the machine's Chromium (Debian's /usr/bin/chromium); Playwright never downloads one.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    // The app's service worker (offline start, ADR 046) would answer pages from its cache and hide
    // requests from page.route: journeys run without it; e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
  },
});
