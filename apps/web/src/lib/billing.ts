import { ApiError, apiFetch, type ApiData } from '@/lib/api-client';

/** Plans and billing (docs/billing.md), typed by the server's OpenAPI document. */

export type Billing = ApiData<'/billing'>;
export type BillingPlan = NonNullable<Billing['plan']>;
export type Plans = ApiData<'/billing/plans'>;
export type PlanTier = Plans['tiers'][number];
export type BillingPeriod = 'monthly' | 'yearly';

export const billingQueryKeys = {
  billing: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
};

/** The code of a refusal the user can lift by upgrading (a plan limit or a Pro-only feature). */
export const UPGRADE_REQUIRED = 'UPGRADE_REQUIRED';

export function isUpgradeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === UPGRADE_REQUIRED;
}

export const billingApi = {
  get: () => apiFetch<Billing>('/billing'),
  plans: () => apiFetch<Plans>('/billing/plans'),
  checkout: (period: BillingPeriod = 'monthly') =>
    apiFetch<ApiData<'/billing/checkout', 'post'>>('/billing/checkout', { method: 'POST', body: { period } }),
  portal: () => apiFetch<ApiData<'/billing/portal', 'post'>>('/billing/portal', { method: 'POST', body: {} }),
};

/** A price in US dollars, without cents when whole ($15). */
export function formatPrice(price: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Number.isInteger(price) ? 0 : 2,
  }).format(price);
}

/** How a Stripe subscription status reads. */
export const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  incomplete: 'Payment pending',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** Opens a Stripe page (Checkout or the portal) in this tab. */
export function goTo(url: string): void {
  window.location.assign(url);
}
