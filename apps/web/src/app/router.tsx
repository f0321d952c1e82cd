import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { ContentLayout } from './layouts/content-layout';
import { PublicLayout } from './layouts/public-layout';
import { APP_PAGES, AUTH_PAGES, CONTENT_PAGES, HOME_PAGE, PRICING_PAGE, type PageDefinition } from './pages';
import { RouteError } from './route-error';

function toRoute({ path, skeleton, lazy }: PageDefinition): RouteObject {
  return { path, lazy, hydrateFallbackElement: skeleton };
}

/**
 * Four areas, each with its own layout and error boundary. The boundary sits on a pathless child of
 * the layout, so a failing page is replaced by the error message while the layout (and its
 * navigation) stays usable; the boundary on the layout itself catches a failing layout.
 */
export const routes: RouteObject[] = [
  {
    id: 'public',
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: [toRoute(HOME_PAGE), toRoute(PRICING_PAGE)] }],
  },
  {
    id: 'auth',
    element: <AuthLayout />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: AUTH_PAGES.map(toRoute) }],
  },
  {
    id: 'content',
    element: <ContentLayout />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: CONTENT_PAGES.map(toRoute) }],
  },
  {
    id: 'app',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [...APP_PAGES.map(toRoute), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
