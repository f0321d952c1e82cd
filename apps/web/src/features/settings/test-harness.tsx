import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { envelopeError, json } from '@/test/fake-server';

/**
 * Test helpers for the settings feature. The network is the shared fake server of src/test
 * (installed as the global fetch by setup.ts, signed in as TEST_USER); these add envelope shorthands
 * and a render with a fresh query client, a toaster and a memory router. Nothing of ours is mocked.
 */

/** `{ success: true, data }` with status 200. */
export const ok = (data: unknown): Response => json(200, { success: true, data });

/** `{ success: false, error, code }` with `status`. */
export const fail = (status: number, error: string, code = 'ERROR'): Response =>
  envelopeError(status, code, error);

/** Renders `ui` at /settings in a router (with / and /sign-in pages) and a fresh query client. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/settings', element: ui },
      { path: '/sign-in', element: <h1>Sign in page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: ['/settings'] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
