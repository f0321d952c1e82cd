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
    setupFiles: ['./src/test/setup.ts'],
    // A guard, not a speed target: in CI the suite shares two cores with the browser journeys, and a test
    // that waits (findBy*, up to 5 s) must not be cut off by Vitest's default of 5 s.
    testTimeout: 15_000,
  },
});
