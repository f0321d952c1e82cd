import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { billingApi, billingQueryKeys } from '@/lib/billing';

/** How often the success page asks whether Stripe's webhook has landed, and for how long. */
export const POLL_INTERVAL_MS = 1_500;
export const POLL_TIMEOUT_MS = 60_000;

function Panel({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Clock;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div role="status" className="flex max-w-xl gap-3 rounded-lg border bg-card p-6">
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
      <div className="space-y-3">
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </div>
  );
}

/**
 * Back from Stripe Checkout: the plan changes when Stripe's webhook arrives, so this page asks
 * GET /billing until the plan is Pro, and says so if that takes more than a minute.
 */
export function BillingSuccessRoute() {
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), POLL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  const billing = useQuery({
    queryKey: billingQueryKeys.billing,
    queryFn: billingApi.get,
    refetchInterval: (query) =>
      query.state.data?.plan?.tier === 'pro' || waitedLong ? false : POLL_INTERVAL_MS,
  });
  const pro = billing.data?.plan?.tier === 'pro';
  const timedOut = !pro && waitedLong;
  return (
    <>
      <PageHeader title="Upgrade" description="Your payment with Stripe." />
      {billing.isError && !billing.data ? (
        <LoadError
          className="max-w-xl rounded-lg border"
          title="Failed to read your plan"
          error={billing.error}
          onRetry={() => void billing.refetch()}
          retrying={billing.isFetching}
        />
      ) : pro ? (
        <Panel icon={CheckCircle2} title="You are on Pro">
          <p className="text-sm text-muted-foreground">Thank you. Your new limits and features are on now.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to="/dashboard">Go to the dashboard</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/settings/billing">See your plan</Link>
            </Button>
          </div>
        </Panel>
      ) : timedOut ? (
        <Panel icon={Clock} title="Stripe has not confirmed the payment yet">
          <p className="text-sm text-muted-foreground">
            This can take a few minutes. Your plan changes as soon as Stripe confirms it; nothing more is
            needed from you.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => void billing.refetch()}>Check again</Button>
            <Button asChild variant="outline">
              <Link to="/settings/billing">Settings → Billing</Link>
            </Button>
          </div>
        </Panel>
      ) : (
        <Panel icon={Clock} title="Confirming your payment…">
          <p className="text-sm text-muted-foreground">
            Waiting for Stripe to confirm. This page updates by itself.
          </p>
        </Panel>
      )}
    </>
  );
}

/** Back from Stripe Checkout without paying. */
export function BillingCancelRoute() {
  return (
    <>
      <PageHeader title="Upgrade" description="Your payment with Stripe." />
      <Panel icon={XCircle} title="Checkout was cancelled">
        <p className="text-sm text-muted-foreground">
          Nothing was charged. You are still on your current plan.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link to="/settings/billing">Back to billing</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/pricing">Compare plans</Link>
          </Button>
        </div>
      </Panel>
    </>
  );
}
