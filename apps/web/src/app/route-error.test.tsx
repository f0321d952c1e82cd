import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setViewport } from '@/test/render-app';
import type { RouteObject } from 'react-router';
import { routes } from './router';

function Broken(): never {
  throw new Error('connect ECONNREFUSED postgres://lodestar:s3cret@db:5432 at Pool.connect');
}

/** The real route tree with one extra page that fails while rendering, in the given area. */
function withBrokenPage(areaId: 'public' | 'auth' | 'app', path: string): RouteObject[] {
  return routes.map((area): RouteObject => {
    if (area.id !== areaId || area.index) return area;
    const [pages, ...rest] = area.children ?? [];
    if (!pages || pages.index) return area;
    const withBroken: RouteObject = {
      ...pages,
      children: [{ path, element: <Broken /> }, ...(pages.children ?? [])],
    };
    return { ...area, children: [withBroken, ...rest] };
  });
}

describe('error boundaries', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('replace a failing page with a friendly message, keeping the app navigation', async () => {
    setViewport(1440);
    renderApp('/broken', withBrokenPage('app', '/broken'));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('never show the error text or stack', async () => {
    setViewport(1440);
    renderApp('/broken', withBrokenPage('app', '/broken'));
    await screen.findByRole('alert');
    expect(document.body).not.toHaveTextContent(/ECONNREFUSED|s3cret|postgres|Pool\.connect/);
  });

  it.each([
    ['public', '/broken-public'],
    ['auth', '/broken-auth'],
  ] as const)('exist for the %s area too', async (area, path) => {
    setViewport(375);
    renderApp(path, withBrokenPage(area, path));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
  });

  it('lead back home from the Home link', async () => {
    setViewport(1440);
    const user = userEvent.setup();
    const { router } = renderApp('/broken', withBrokenPage('app', '/broken'));
    await user.click(within(await screen.findByRole('alert')).getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lodestar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
