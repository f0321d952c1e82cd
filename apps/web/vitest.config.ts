import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { content } from './build/content';

export default defineProject({
  plugins: [content()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // One DOM and one module graph per worker, as in the other projects: no file mocks modules, and
    // src/test/setup.ts empties what a test leaves behind (the rendered tree, the fake server, storage, the
    // root element's classes). Each file used to load React, the app and a new DOM again: 391 s of
    // processor time for the project, 135 s without (docs/performance.md).
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    // A guard, not a speed target: in CI the suite shares two cores with the browser journeys, and a test
    // that waits (findBy*, up to 15 s each, src/test/setup.ts) must not be cut off by Vitest's default of 5 s.
    testTimeout: 60_000,
  },
});
