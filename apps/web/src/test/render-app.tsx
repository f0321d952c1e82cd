import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { routes } from '@/app/router';

/**
 * Renders the real route tree at `path` (memory history) inside the real providers (with `client` as the
 * query client when given).
 */
export function renderApp(path: string, routeTree: RouteObject[] = routes, client?: QueryClient) {
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  const result = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

/**
 * happy-dom does no layout, so media queries are answered here: `min-width` against `width`, and
 * `prefers-color-scheme: dark` against `prefersDark`.
 */
export function setViewport(width: number, { prefersDark = false }: { prefersDark?: boolean } = {}) {
  window.matchMedia = ((query: string): MediaQueryList => {
    const minWidth = /min-width:\s*(\d+)px/.exec(query);
    const matches = minWidth
      ? width >= Number(minWidth[1])
      : query.includes('prefers-color-scheme: dark')
        ? prefersDark
        : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}
