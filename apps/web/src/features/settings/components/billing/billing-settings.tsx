import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertTriangle, Server } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { CardError, CardLoading } from '../card-states';
import { SettingsGroup } from '../settings-form-kit';
import { useSettingsDates } from '../../format';
import {
  type Billing,
  billingApi,
  billingQueryKeys,
  type BillingPlan,
  goTo,
  STATUS_LABELS,
} from '@/lib/billing';
import { UsageBar } from './usage-bar';

export const SELF_HOSTED_NOTICE =
  'This server is self-hosted: every feature is on and nothing is limited. There is no plan to buy.';

function PlanActions({ plan }: { plan: BillingPlan }) {
  const checkout = useMutation({
    mutationFn: () => billingApi.checkout('monthly'),
    onSuccess: ({ url }) => goTo(url),
  });
  const portal = useMutation({ mutationFn: billingApi.portal, onSuccess: ({ url }) => goTo(url) });
  const failed = checkout.error ?? portal.error;
  return (
    <div className="space-y-2 px-5 py-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        {plan.tier === 'pro' ? null : (
          <Button onClick={() => checkout.mutate()} disabled={checkout.isPending}>
            {checkout.isPending ? 'Opening Checkout...' : 'Upgrade to Pro'}
          </Button>
        )}
        {plan.canManage ? (
          <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
            {portal.isPending ? 'Opening...' : 'Manage billing'}
          </Button>
        ) : null}
        <Button asChild variant="ghost">
          <Link to="/pricing">Compare plans</Link>
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(failed)}
        </p>
      ) : null}
    </div>
  );
}

/** What the plan allows, from its limits and features. */
function allowance(plan: BillingPlan, usage: Billing['usage']): string {
  const count = (value: number | null) => (value === null ? 'unlimited' : value.toLocaleString('en-US'));
  const extras = [plan.features.exportData ? 'export' : null, plan.features.apiAccess ? 'API access' : null]
    .filter(Boolean)
    .join(' and ');
  return (
    `Up to ${count(usage.accounts.limit)} accounts and ${count(usage.transactions.limit)} transactions, ` +
    `${plan.syncFrequency} sync, the last ${count(plan.dataRetentionDays)} days of history` +
    `${extras ? `, ${extras}` : ''}.`
  );
}

function PlanSummary({ plan, usage }: { plan: BillingPlan; usage: Billing['usage'] }) {
  const dates = useSettingsDates();
  const status = plan.status ? (STATUS_LABELS[plan.status] ?? plan.status) : null;
  return (
    <div className="space-y-2 px-5 py-4">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-semibold">{plan.displayName}</span>
        {status ? (
          <Badge variant={plan.status === 'active' || plan.status === 'trialing' ? 'success' : 'warning'}>
            {status}
          </Badge>
        ) : null}
      </p>
      <p className="text-sm text-muted-foreground">{allowance(plan, usage)}</p>
      {plan.currentPeriodEnd && plan.status !== 'canceled' ? (
        <p className="text-sm">
          {plan.cancelAtPeriodEnd ? 'Pro ends on ' : 'Renews on '}
          <time dateTime={plan.currentPeriodEnd}>{dates.date(plan.currentPeriodEnd)}</time>
          {plan.cancelAtPeriodEnd ? '; you keep everything, with the Free plan’s limits after that.' : null}
        </p>
      ) : null}
    </div>
  );
}

function GraceBanner({ graceEndsAt }: { graceEndsAt: string }) {
  const dates = useSettingsDates();
  return (
    <div
      role="alert"
      className="flex gap-3 bg-amber-50 px-5 py-4 text-sm text-amber-950 dark:bg-amber-400/10 dark:text-amber-100 in-[.high-contrast]:bg-card in-[.high-contrast]:text-foreground"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        Your last payment failed. Pro stays on until{' '}
        <time dateTime={graceEndsAt} className="font-medium">
          {dates.dateTime(graceEndsAt)}
        </time>
        ; update your card with Manage billing to keep it.
      </p>
    </div>
  );
}

function Usage({ usage }: { usage: Billing['usage'] }) {
  return (
    <SettingsGroup title="Usage" description="What you use against your plan’s limits.">
      <UsageBar label="Accounts" used={usage.accounts.used} limit={usage.accounts.limit} />
      <UsageBar label="Transactions" used={usage.transactions.used} limit={usage.transactions.limit} />
      <UsageBar label="API calls today" used={usage.apiCallsToday.used} limit={usage.apiCallsToday.limit} />
    </SettingsGroup>
  );
}

/** Settings → Billing: the plan, its state, usage bars and the upgrade and manage buttons. */
export function BillingSettings() {
  const billing = useQuery({ queryKey: billingQueryKeys.billing, queryFn: billingApi.get });
  return (
    <div className="space-y-6">
      <SettingsGroup title="Plan" description="Your plan and its billing.">
        {billing.isPending ? (
          <CardLoading label="Loading your plan" rows={2} />
        ) : billing.isError ? (
          <CardError
            title="Failed to load your plan"
            error={billing.error}
            onRetry={() => void billing.refetch()}
            retrying={billing.isFetching}
          />
        ) : billing.data.plan === null ? (
          <div role="status" className="flex gap-3 px-5 py-4 text-sm">
            <Server aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
            <p>{SELF_HOSTED_NOTICE}</p>
          </div>
        ) : (
          <>
            {billing.data.plan.graceEndsAt ? (
              <GraceBanner graceEndsAt={billing.data.plan.graceEndsAt} />
            ) : null}
            <PlanSummary plan={billing.data.plan} usage={billing.data.usage} />
            <PlanActions plan={billing.data.plan} />
          </>
        )}
      </SettingsGroup>
      {billing.isSuccess ? <Usage usage={billing.data.usage} /> : null}
    </div>
  );
}
