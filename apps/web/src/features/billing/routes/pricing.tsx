import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Check, Server } from 'lucide-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import {
  billingApi,
  billingQueryKeys,
  type BillingPeriod,
  formatPrice,
  goTo,
  type PlanTier,
} from '@/lib/billing';
import { RefusalMessage } from '@/components/refusal-message';

/** What a tier includes, from the tier table (spec §9). */
function highlights(tier: PlanTier): string[] {
  const count = (value: number) => value.toLocaleString('en-US');
  const features = tier.features as Record<string, unknown>;
  return [
    `${count(tier.limits.accounts)} accounts`,
    `${count(tier.limits.transactions)} transactions`,
    `${tier.limits.syncFrequency === 'hourly' ? 'Hourly' : 'Daily'} sync`,
    `The last ${count(tier.limits.dataRetention)} days of history`,
    features.advancedAnalytics ? 'Insights and investment performance' : null,
    features.apiAccess ? `API access, ${count(tier.limits.apiCalls)} calls a day` : null,
    features.customReports ? 'Custom reports' : null,
    features.webhooks ? 'Webhooks' : null,
    features.exportData ? 'Export your data' : null,
  ].filter((item): item is string => item !== null);
}

type Period = BillingPeriod;

function UpgradeButton({ period }: { period: Period }) {
  const { user } = useSession();
  const checkout = useMutation({
    mutationFn: () => billingApi.checkout(period),
    onSuccess: ({ url }) => goTo(url),
  });
  if (!user)
    return (
      <Button asChild className="w-full">
        <Link to="/sign-up">Create an account to upgrade</Link>
      </Button>
    );
  return (
    <div className="space-y-2">
      <Button className="w-full" onClick={() => checkout.mutate()} disabled={checkout.isPending}>
        {checkout.isPending ? 'Opening Checkout...' : 'Upgrade to Pro'}
      </Button>
      {checkout.error ? <RefusalMessage error={checkout.error} /> : null}
    </div>
  );
}

function TierCard({ tier, period }: { tier: PlanTier; period: Period }) {
  const { user } = useSession();
  const price = tier.pricing.find((entry) => entry.period === period) ?? tier.pricing[0];
  const recommended = Boolean(tier.badge);
  return (
    <section
      aria-labelledby={`tier-${tier.name}`}
      className={cn(
        'flex flex-col rounded-lg border bg-card p-6 text-card-foreground',
        recommended && 'border-primary ring-1 ring-primary in-[.high-contrast]:ring-2',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`tier-${tier.name}`} className="text-xl font-semibold">
          {tier.displayName}
        </h2>
        {tier.badge ? <Badge>{tier.badge}</Badge> : null}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{tier.description}</p>
      <p className="mt-4">
        <span className="text-3xl font-semibold tabular-nums">{formatPrice(price?.price ?? 0)}</span>
        <span className="text-sm text-muted-foreground">
          {' '}
          {price && price.price > 0 ? (price.period === 'yearly' ? 'per year' : 'per month') : 'forever'}
        </span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {highlights(tier).map((item) => (
          <li key={item} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {item}
          </li>
        ))}
      </ul>
      <div className="mt-6">
        {tier.name === 'pro' ? (
          <UpgradeButton period={price?.period === 'yearly' ? 'yearly' : 'monthly'} />
        ) : (
          <Button asChild variant="outline" className="w-full">
            <Link to={user ? '/settings/billing' : '/sign-up'}>{user ? 'Your plan' : 'Start free'}</Link>
          </Button>
        )}
      </div>
    </section>
  );
}

export const PRICING_INTRO =
  'Run Lodestar yourself and every feature is included, with no limits. A server that offers plans lists them here.';

/** Public pricing: Free and Pro from the tier table when billing is on; self-hosted says there are no limits. */
/** Monthly or yearly, offered when the server has a yearly price. */
function PeriodChoice({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  return (
    <div role="group" aria-label="Billing period" className="mx-auto mt-6 flex w-fit rounded-md border p-1">
      {(['monthly', 'yearly'] as const).map((value) => (
        <Button
          key={value}
          size="sm"
          variant={period === value ? 'primary' : 'ghost'}
          aria-pressed={period === value}
          onClick={() => onChange(value)}
        >
          {value === 'monthly' ? 'Monthly' : 'Yearly'}
        </Button>
      ))}
    </div>
  );
}

export function PricingRoute() {
  const plans = useQuery({ queryKey: billingQueryKeys.plans, queryFn: billingApi.plans });
  const [period, setPeriod] = useState<Period>('monthly');
  const offersYearly =
    plans.data?.tiers.some((tier) => tier.pricing.some((entry) => entry.period === 'yearly')) ?? false;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <DocumentTitle title="Pricing" />
      <h1 className="text-center text-3xl font-semibold tracking-tight">Pricing</h1>
      {plans.isPending ? (
        <>
          {/* What the prerendered page says before the server has answered (true in both modes). */}
          <p className="mt-2 text-center text-muted-foreground">{PRICING_INTRO}</p>
          <div role="status" aria-label="Loading plans" className="mt-8 grid gap-6 md:grid-cols-2">
            <Skeleton className="h-96" />
            <Skeleton className="h-96" />
          </div>
        </>
      ) : plans.isError ? (
        <LoadError
          className="mt-8 rounded-lg border"
          title="Failed to load the plans"
          error={plans.error}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : plans.data.tiers.length === 0 ? (
        <div role="status" className="mx-auto mt-8 flex max-w-xl gap-3 rounded-lg border bg-card p-6 text-sm">
          <Server aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <p>
            This server is self-hosted: every feature is included and nothing is limited. There is no plan to
            buy.
          </p>
        </div>
      ) : (
        <>
          <p className="mt-2 text-center text-muted-foreground">Start free. Upgrade when you need more.</p>
          {offersYearly ? <PeriodChoice period={period} onChange={setPeriod} /> : null}
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {plans.data.tiers.map((tier) => (
              <TierCard key={tier.name} tier={tier} period={offersYearly ? period : 'monthly'} />
            ))}
          </div>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Prices in US dollars. Payments are handled by Stripe; cancel at any time from Settings → Billing.
          </p>
        </>
      )}
    </div>
  );
}
