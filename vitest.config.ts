import { defineConfig } from 'vitest/config';

// One run, four projects. Database-backed projects share one PostgreSQL server per run
// (embedded by default, or TEST_DATABASE_URL) and get a fresh database per test file.
// Every project runs its files in one module graph per worker (`isolate: false`): no file mocks modules,
// and loading the app once instead of once per file saves about three seconds of imports per file (the
// web project: also a DOM per file; apps/web/vitest.config.ts). The time-outs are guards against a test
// that hangs, not speed targets: in CI the suite shares two cores with the browser journeys, and on a
// slower machine a database test's wait of 30 s was reached by tests that were only slow.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          isolate: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Vitest's 5 s was reached in CI by a test checking 2,500 generated rows (5.5 s beside the journeys).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'db',
          root: 'packages/db',
          isolate: false,
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/testing/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          isolate: false,
          include: ['src/**/*.test.ts'],
          globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
