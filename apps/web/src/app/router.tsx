import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import {
  DashboardSkeleton,
  ListSkeleton,
  PageSkeleton,
  SettingsSkeleton,
} from '@/components/skeletons/skeletons';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';

/** A lazily loaded page with the skeleton that matches it. */
function page(
  Component: LazyExoticComponent<ComponentType>,
  fallback: ReactNode = <PageSkeleton />,
): ReactNode {
  return (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
}

const Home = lazy(() => import('@/features/home/home-page'));
const Dashboard = lazy(() => import('@/features/dashboard/dashboard-page'));
const Accounts = lazy(() => import('@/features/accounts/accounts-page'));
const Wallets = lazy(() =>
  import('@/features/accounts/account-kind-pages').then((m) => ({ default: m.WalletsPage })),
);
const Banks = lazy(() =>
  import('@/features/accounts/account-kind-pages').then((m) => ({ default: m.BanksPage })),
);
const Cexes = lazy(() =>
  import('@/features/accounts/account-kind-pages').then((m) => ({ default: m.CexesPage })),
);
const Activity = lazy(() => import('@/features/activity/activity-page'));
const Expenses = lazy(() => import('@/features/expenses/expenses-page'));
const Insights = lazy(() => import('@/features/insights/insights-page'));
const Assets = lazy(() => import('@/features/assets/assets-page'));
const RealEstate = lazy(() => import('@/features/real-estate/real-estate-page'));
const Blog = lazy(() => import('@/features/content/blog-page'));
const Tools = lazy(() => import('@/features/content/tools-page'));
const Help = lazy(() => import('@/features/content/help-page'));
const Settings = lazy(() => import('@/features/settings/settings-page'));
const Auth = lazy(() => import('@/features/auth/auth-page'));

/** Spec §2 authentication paths. */
export const AUTH_PATHS = [
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/two-factor',
  '/auth-code-error',
] as const;

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: [{ index: true, element: page(Home) }] }],
  },
  {
    element: <AuthLayout />,
    errorElement: <RouteError />,
    children: [
      { errorElement: <RouteError />, children: AUTH_PATHS.map((path) => ({ path, element: page(Auth) })) },
    ],
  },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a page render within the layout, so navigation stays usable.
        errorElement: <RouteError />,
        children: [
          { path: '/dashboard', element: page(Dashboard, <DashboardSkeleton />) },
          { path: '/accounts', element: page(Accounts, <ListSkeleton />) },
          { path: '/wallets', element: page(Wallets, <ListSkeleton />) },
          { path: '/banks', element: page(Banks, <ListSkeleton />) },
          { path: '/cexes', element: page(Cexes, <ListSkeleton />) },
          { path: '/activity', element: page(Activity, <ListSkeleton rows={10} />) },
          { path: '/expenses', element: page(Expenses) },
          { path: '/insights', element: page(Insights) },
          { path: '/assets', element: page(Assets, <ListSkeleton />) },
          { path: '/real-estate', element: page(RealEstate) },
          { path: '/blog', element: page(Blog) },
          { path: '/tools', element: page(Tools) },
          { path: '/help', element: page(Help) },
          { path: '/settings', element: page(Settings, <SettingsSkeleton />) },
          { path: '/settings/:section', element: page(Settings, <SettingsSkeleton />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
