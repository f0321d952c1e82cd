import { ChartLine, Database, Landmark, ShieldCheck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Button } from '@/components/ui/button';
import { billingApi, billingQueryKeys } from '@/lib/billing';
import { useSession } from '@/lib/session';

const POINTS = [
  {
    icon: Landmark,
    title: 'Every account in one place',
    text: 'Banks linked through Plaid or SimpleFIN Bridge, statements imported from CSV, OFX, QFX, QIF, CAMT.053 or MT940 files, Bitcoin and Solana wallets followed by address, crypto exchanges connected with a read-only API key, accounts and property kept by hand, and a demo bank to try it all.',
  },
  {
    icon: ChartLine,
    title: 'Numbers you can check',
    text: 'Balances, spending, cash flow and net-worth history worked out from your own transactions, to the cent.',
  },
  {
    icon: Database,
    title: 'Yours to run',
    text: 'One command starts it on your own machine, with its own database. No account with us, nothing to subscribe to.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by default',
    text: 'No analytics and no tracking. Your data stays in your data folder, and nothing is shared with anyone.',
  },
];

/** Visitors get Create account and Sign in; a signed-in user goes straight to the dashboard. */
function HomeActions() {
  const { user, isPending } = useSession();
  if (isPending) return <div className="mt-8 h-11" aria-hidden="true" />;
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      {user ? (
        <Button asChild size="lg">
          <Link to="/dashboard">Open dashboard</Link>
        </Button>
      ) : (
        <>
          <Button asChild size="lg">
            <Link to="/sign-up">Create account</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/sign-in">Sign in</Link>
          </Button>
        </>
      )}
    </div>
  );
}

/** When the server sells plans (Stripe configured), "nothing to subscribe to" would not be true. */
const WITH_PLANS = {
  title: 'Free to start',
  text: 'Start on the Free plan; Pro adds more accounts, hourly sync, export and API access.',
};

export function HomeRoute() {
  const plans = useQuery({ queryKey: billingQueryKeys.plans, queryFn: billingApi.plans });
  const sellsPlans = plans.data?.mode === 'stripe';
  const points = POINTS.map((point) =>
    sellsPlans && point.title === 'Yours to run' ? { ...point, ...WITH_PLANS } : point,
  );
  return (
    <div className="mx-auto max-w-6xl px-4">
      <DocumentTitle />
      <section aria-labelledby="home-title" className="py-16 text-center md:py-24">
        <h1 id="home-title" className="text-4xl font-semibold tracking-tight md:text-5xl">
          Lodestar
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          One honest view of your money: balances, transactions, spending, cash flow, investments, real estate
          and net-worth history. Self-hosted, on your own machine.
        </p>
        <HomeActions />
      </section>
      <section aria-labelledby="why" className="pb-20">
        <h2 id="why" className="sr-only">
          Why Lodestar
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {points.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border bg-card p-5 text-card-foreground">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              {sellsPlans && title === WITH_PLANS.title ? (
                <Link
                  to="/pricing"
                  className="mt-2 inline-block text-sm font-medium text-primary underline underline-offset-4"
                >
                  See pricing
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
