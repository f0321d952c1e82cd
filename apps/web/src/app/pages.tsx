import type { ReactNode } from 'react';
import { matchPath, type RouteObject } from 'react-router';
import { AuthCardSkeleton } from '@/components/skeletons/auth-card-skeleton';
import { ChartSkeleton } from '@/components/skeletons/chart-skeleton';
import { DashboardSkeleton } from '@/components/skeletons/dashboard-skeleton';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { PageSkeleton } from '@/components/skeletons/page-skeleton';
import { RoundChartSkeleton } from '@/components/skeletons/round-chart-skeleton';
import { SettingsSkeleton } from '@/components/skeletons/settings-skeleton';

/**
 * Every page of spec §2 with the skeleton that matches its shape. Pages load lazily (one chunk each);
 * the skeleton shows while a page's code loads, on the first visit and on slow navigations.
 */
export type PageDefinition = {
  path: string;
  skeleton: ReactNode;
  lazy: NonNullable<RouteObject['lazy']>;
};

export const HOME_PAGE: PageDefinition = {
  path: '/',
  skeleton: <PageSkeleton />,
  lazy: () => import('@/features/home/routes/home').then((m) => ({ Component: m.HomeRoute })),
};

/** Public pricing (docs/billing.md): Free and Pro when billing is on, "no limits" when self-hosted. */
export const PRICING_PAGE: PageDefinition = {
  path: '/pricing',
  skeleton: <PageSkeleton />,
  lazy: () => import('@/features/billing/routes/pricing').then((m) => ({ Component: m.PricingRoute })),
};

/** Spec §2 authentication paths; each also matches anything below it ("matched by prefix"). */
export const AUTH_PATHS = [
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/two-factor',
  '/auth-code-error',
] as const;

export type AuthPath = (typeof AUTH_PATHS)[number];

/** Pages for visitors only: a signed-in user is sent on to the redirect target (the dashboard). */
export const GUEST_ONLY_PATHS: readonly AuthPath[] = [
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/two-factor',
];

/** Whether `pathname` is one of the guest-only pages or below one. */
export function isGuestOnlyPath(pathname: string): boolean {
  return GUEST_ONLY_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

const AUTH_ROUTES: Record<AuthPath, NonNullable<RouteObject['lazy']>> = {
  '/sign-in': () => import('@/features/auth/routes/sign-in').then((m) => ({ Component: m.SignInRoute })),
  '/sign-up': () => import('@/features/auth/routes/sign-up').then((m) => ({ Component: m.SignUpRoute })),
  '/forgot-password': () =>
    import('@/features/auth/routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
  '/reset-password': () =>
    import('@/features/auth/routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
  '/verify-email': () =>
    import('@/features/auth/routes/verify-email').then((m) => ({ Component: m.VerifyEmailRoute })),
  '/two-factor': () =>
    import('@/features/auth/routes/two-factor').then((m) => ({ Component: m.TwoFactorRoute })),
  '/auth-code-error': () =>
    import('@/features/auth/routes/auth-code-error').then((m) => ({ Component: m.AuthCodeErrorRoute })),
};

export const AUTH_PAGES: PageDefinition[] = AUTH_PATHS.map((path) => ({
  path: `${path}/*`,
  skeleton: <AuthCardSkeleton />,
  lazy: AUTH_ROUTES[path],
}));

export const APP_PAGES: PageDefinition[] = [
  {
    path: '/household/accept',
    skeleton: <PageSkeleton />,
    lazy: () =>
      import('@/features/household/routes/accept-invitation').then((m) => ({
        Component: m.AcceptInvitationRoute,
      })),
  },
  {
    path: '/dashboard',
    skeleton: <DashboardSkeleton />,
    lazy: () =>
      import('@/features/dashboard/routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
  },
  {
    path: '/accounts',
    skeleton: <ListSkeleton />,
    lazy: () => import('@/features/accounts/routes/accounts').then((m) => ({ Component: m.AccountsRoute })),
  },
  {
    path: '/accounts/:accountId',
    skeleton: <PageSkeleton />,
    lazy: () => import('@/features/accounts/routes/account').then((m) => ({ Component: m.AccountRoute })),
  },
  {
    path: '/wallets',
    skeleton: <ListSkeleton />,
    lazy: () => import('@/features/accounts/routes/wallets').then((m) => ({ Component: m.WalletsRoute })),
  },
  {
    path: '/banks',
    skeleton: <ListSkeleton />,
    lazy: () => import('@/features/accounts/routes/banks').then((m) => ({ Component: m.BanksRoute })),
  },
  {
    path: '/cexes',
    skeleton: <ListSkeleton />,
    lazy: () => import('@/features/accounts/routes/cexes').then((m) => ({ Component: m.CexesRoute })),
  },
  {
    path: '/activity',
    skeleton: <ListSkeleton rows={10} />,
    lazy: () => import('@/features/activity/routes/activity').then((m) => ({ Component: m.ActivityRoute })),
  },
  {
    path: '/activity/rules',
    skeleton: <ListSkeleton rows={4} />,
    lazy: () => import('@/features/rules/routes/rules').then((m) => ({ Component: m.RulesRoute })),
  },
  {
    path: '/expenses',
    skeleton: <ChartSkeleton />,
    lazy: () => import('@/features/expenses/routes/expenses').then((m) => ({ Component: m.ExpensesRoute })),
  },
  {
    path: '/expenses/budgets',
    skeleton: <ListSkeleton rows={6} />,
    lazy: () => import('@/features/expenses/routes/budgets').then((m) => ({ Component: m.BudgetsRoute })),
  },
  {
    path: '/insights',
    skeleton: <ListSkeleton />,
    lazy: () => import('@/features/insights/routes/insights').then((m) => ({ Component: m.InsightsRoute })),
  },
  {
    path: '/reports',
    skeleton: <ChartSkeleton />,
    lazy: () => import('@/features/reports/routes/reports').then((m) => ({ Component: m.ReportsRoute })),
  },
  {
    path: '/assets',
    skeleton: <RoundChartSkeleton />,
    lazy: () => import('@/features/assets/routes/assets').then((m) => ({ Component: m.AssetsRoute })),
  },
  {
    path: '/assets/securities/:symbol',
    skeleton: <ChartSkeleton />,
    lazy: () => import('@/features/assets/routes/security').then((m) => ({ Component: m.SecurityRoute })),
  },
  {
    path: '/real-estate',
    skeleton: <ListSkeleton />,
    lazy: () =>
      import('@/features/real-estate/routes/real-estate').then((m) => ({ Component: m.RealEstateRoute })),
  },
  {
    path: '/tools',
    skeleton: <PageSkeleton />,
    lazy: () => import('@/features/tools/routes/tools').then((m) => ({ Component: m.ToolsRoute })),
  },
  {
    path: '/billing/success',
    skeleton: <PageSkeleton />,
    lazy: () =>
      import('@/features/billing/routes/billing-return').then((m) => ({ Component: m.BillingSuccessRoute })),
  },
  {
    path: '/billing/cancel',
    skeleton: <PageSkeleton />,
    lazy: () =>
      import('@/features/billing/routes/billing-return').then((m) => ({ Component: m.BillingCancelRoute })),
  },
  {
    path: '/settings/:section?',
    skeleton: <SettingsSkeleton />,
    lazy: () =>
      import('@/features/settings/routes/settings').then((m) => ({
        Component: m.SettingsRoute,
        loader: m.settingsLoader,
      })),
  },
];

/**
 * The blog, the help center and the legal pages: public, read by visitors and signed-in users alike
 * (app/layouts/content-layout.tsx). Their text is compiled from the content folder at build time.
 */
export const CONTENT_PAGES: PageDefinition[] = [
  {
    path: '/blog',
    skeleton: <ListSkeleton />,
    lazy: () => import('@/features/content/routes/blog').then((m) => ({ Component: m.BlogRoute })),
  },
  {
    path: '/help',
    skeleton: <PageSkeleton />,
    lazy: () => import('@/features/content/routes/help').then((m) => ({ Component: m.HelpRoute })),
  },
  {
    path: '/blog/:slug',
    skeleton: <PageSkeleton />,
    lazy: () => import('@/features/content/routes/blog-post').then((m) => ({ Component: m.BlogPostRoute })),
  },
  {
    path: '/help/:slug',
    skeleton: <PageSkeleton />,
    lazy: () =>
      import('@/features/content/routes/help-article').then((m) => ({ Component: m.HelpArticleRoute })),
  },
  {
    path: '/terms',
    skeleton: <PageSkeleton />,
    lazy: () => import('@/features/content/routes/legal').then((m) => ({ Component: m.TermsRoute })),
  },
  {
    path: '/privacy',
    skeleton: <PageSkeleton />,
    lazy: () => import('@/features/content/routes/legal').then((m) => ({ Component: m.PrivacyRoute })),
  },
];

/** The skeleton for the page at `pathname` (a generic one for paths that match no page). */
export function skeletonFor(pathname: string): ReactNode {
  const page = [HOME_PAGE, PRICING_PAGE, ...AUTH_PAGES, ...APP_PAGES, ...CONTENT_PAGES].find(({ path }) =>
    matchPath({ path, end: true }, pathname),
  );
  return page?.skeleton ?? <PageSkeleton />;
}
