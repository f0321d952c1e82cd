import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Journeys run in the machine's Chromium; Playwright never downloads one. Debian's headless shell
// (package chromium-headless-shell, the same Chromium release built without the browser's interface) when
// it is installed, as CI does: the same journeys cost it about a fifth less processor time than the full
// browser in its headless mode (ADR 092); else Debian's /usr/bin/chromium. CHROMIUM_PATH chooses another.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  // Two workers, each with its own server, data directory, mail inbox and account (e2e/fixtures.ts); a
  // spec file runs whole in one worker. Times in docs/performance.md.
  workers: 2,
  // In CI a journey that fails is run once more; one that then passes is listed as flaky in the log, with
  // its first failure's message, page snapshot (error-context.md) and server output kept
  // (test-results/e2e), so it is seen and not hidden; the retry records a trace.
  retries: process.env.CI ? 1 : 0,
  // A journey that visits many pages with axe (shell.spec: nine) took just over 60 s on a slower 2-core
  // machine with both workers busy (load average 8–9); a guard, not a speed target.
  timeout: 120_000,
  // Two workers share two cores: a fresh server's first page can take longer than Playwright's 5 s.
  expect: { timeout: 15_000 },
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
    trace: 'on-first-retry',
    // The app's service worker (offline start, ADR 046) would answer pages from its cache and hide
    // requests from page.route: journeys run without it; e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
  },
});
