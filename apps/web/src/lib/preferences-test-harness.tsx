import { mergePreferences, type Preferences, preferencesPatchSchema } from '@lodestar/domain';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { envelopeError, json, server } from '@/test/fake-server';

/**
 * Test helpers for preferences: a stand-in for the server's /api/v1/user/preferences (GET, PUT
 * {key,value}, PATCH) that keeps the stored document and refuses bad values with 400 as the server
 * does, and a render inside the app's real providers. Nothing of ours is mocked.
 */

export type PreferencesServer = {
  /** The stored document. */
  stored: () => Preferences;
  /** The bodies of every PATCH so far. */
  patches: () => unknown[];
  /** The bodies of every PUT so far. */
  puts: () => unknown[];
  /** Makes the next writes (PATCH and PUT) answer 500 until set back to false. */
  failWrites: (fail: boolean) => void;
};

const ok = (data: unknown) => json(200, { success: true, data });

/** Serves the preferences from an in-memory store starting at `initial` merged over the defaults. */
export function servePreferences(initial: Partial<Preferences> = {}): PreferencesServer {
  let stored = mergePreferences(initial);
  let failing = false;
  const write = (changes: unknown) => {
    const parsed = preferencesPatchSchema.safeParse(changes);
    if (!parsed.success) {
      return json(400, { success: false, error: 'Validation failed', items: [], timestamp: '' });
    }
    stored = mergePreferences(stored, parsed.data);
    return ok(stored);
  };
  server.on('GET', '/api/v1/user/preferences', () => ok(stored));
  server.on('PATCH', '/api/v1/user/preferences', ({ body }) =>
    failing ? envelopeError(500, 'INTERNAL', 'An unexpected error occurred') : write(body),
  );
  server.on('PUT', '/api/v1/user/preferences', ({ body }) => {
    if (failing) return envelopeError(500, 'INTERNAL', 'An unexpected error occurred');
    const { key, value } = (body ?? {}) as { key?: string; value?: unknown };
    return typeof key === 'string' ? write({ [key]: value }) : write(body);
  });
  return {
    stored: () => stored,
    patches: () => server.calls('/api/v1/user/preferences', 'PATCH').map((request) => request.body),
    puts: () => server.calls('/api/v1/user/preferences', 'PUT').map((request) => request.body),
    failWrites: (fail) => {
      failing = fail;
    },
  };
}

/** The preferences cached in this browser (localStorage 'user-preferences'). */
export function cachedPreferenceValues(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem('user-preferences') ?? '{}') as Record<string, unknown>;
}

/** Renders `ui` at /settings inside the app's providers (query client, preferences, tooltips, toasts). */
export function renderInApp(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '/settings', element: ui }], { initialEntries: ['/settings'] });
  return render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}
