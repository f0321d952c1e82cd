import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { server } from './fake-server';

// The network edge: every fetch goes to the fake server (signed in by default). Installed before the
// app's modules load, because the auth client keeps the fetch it finds at start-up.
globalThis.fetch = server.fetch as typeof fetch;

// A lazily loaded page's first render can take over a second on a busy machine, and over five in CI on a
// slow 2-core machine beside the browser journeys: findBy*/waitFor wait up to 15 s (a guard, not a speed
// target; the default 1 s made first tests of a file fail under load, not the code).
configure({ asyncUtilTimeout: 15_000 });

const originalMatchMedia = window.matchMedia;

afterEach(() => {
  cleanup();
  server.reset();
  // Sonner keeps its toasts in module state and replays the active ones to the next test's toaster.
  toast.dismiss();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-font-size');
  document.documentElement.removeAttribute('style');
  window.matchMedia = originalMatchMedia;
  // The files share one module graph and DOM per worker (vitest.config.ts): a test's fake clock or stubbed
  // global never reaches the next file.
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
