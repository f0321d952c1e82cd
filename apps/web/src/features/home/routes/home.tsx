import { ChartLine, Check, Database, Landmark, ShieldCheck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Button } from '@/components/ui/button';
import { billingApi, billingQueryKeys } from '@/lib/billing';
import { useSession } from '@/lib/session';
import accountsShot from '../screenshots/accounts-desktop-light.webp';
import dashboardShot from '../screenshots/dashboard-desktop-light.webp';
import dashboardPhoneShot from '../screenshots/dashboard-phone-dark.webp';
import expensesShot from '../screenshots/expenses-desktop-dark.webp';

/**
 * Screens of the app itself with the demo bank connected, taken by the journey
 * e2e/home-screenshots.spec.ts (HOME_SCREENSHOTS=write refreshes them).
 */
const SCREENSHOTS = [
  {
    src: dashboardShot,
    alt: 'Screenshot of the dashboard',
    width: 1280,
    height: 800,
    caption: 'The dashboard: net worth, allocation, accounts and this month against the last.',
  },
  {
    src: expensesShot,
    alt: 'Screenshot of the expenses page',
    width: 1280,
    height: 800,
    caption: 'Expenses by category and merchant, with the flow from income to spending and savings.',
  },
  {
    src: accountsShot,
    alt: 'Screenshot of the accounts page',
    width: 1280,
    height: 800,
    caption: 'Every account with its balance, from linked banks, imports, wallets and exchanges.',
  },
] as const;

/** What the app does today (README, "What is here today"). */
const FEATURES = [
  'Bank accounts linked through Plaid or SimpleFIN Bridge, synced on a schedule',
  'Statements imported from CSV, OFX, QFX, QIF, CAMT.053 and MT940 files, duplicates found for you',
  'Bitcoin and Solana wallets followed by public address; eight crypto exchanges with a read-only key',
  'Every transaction searchable, with categories, rules, notes, bulk changes and export',
  'Net-worth history by asset class, expenses by category and merchant, cash flow and insights',
  'Monthly budgets per category with rollover; signed webhooks for your own automations',
  'Investments with quotes and charts, real estate with valuations and mortgages, calculators',
  'Every total in your currency, converted with daily ECB reference rates',
  'Two-factor sign-in, passkeys, alerts by email and browser push, export and restore of everything',
] as const;

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
      <section aria-labelledby="why" className="pb-16">
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
      <section aria-labelledby="screens" className="pb-16">
        <h2 id="screens" className="text-2xl font-semibold tracking-tight">
          What it looks like
        </h2>
        <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_1fr]">
          <Screenshot {...SCREENSHOTS[0]} />
          <Screenshot
            src={dashboardPhoneShot}
            alt="Screenshot of the dashboard on a phone"
            width={390}
            height={844}
            caption="The same dashboard on a phone, in the dark theme."
          />
        </div>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <Screenshot {...SCREENSHOTS[1]} />
          <Screenshot {...SCREENSHOTS[2]} />
        </div>
      </section>
      <section aria-labelledby="features" className="pb-16">
        <h2 id="features" className="text-2xl font-semibold tracking-tight">
          What is here today
        </h2>
        <ul className="mt-6 grid gap-x-8 gap-y-3 md:grid-cols-2">
          {FEATURES.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="self-host" className="pb-16">
        <h2 id="self-host" className="text-2xl font-semibold tracking-tight">
          Run it yourself in two commands
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          In Lodestar's folder, with Node.js 20.19 or newer and nothing else: it starts its own database and
          keeps your data in <code className="rounded bg-muted px-1 py-0.5 text-sm">./data</code>.
        </p>
        <pre className="mt-4 overflow-x-auto rounded-lg border bg-card p-4 text-sm text-card-foreground">
          <code>{'npm install\nnpm start   # http://localhost:3000'}</code>
        </pre>
        <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/help/running-lodestar" className="font-medium text-primary underline underline-offset-4">
            Running Lodestar yourself
          </Link>
          <Link to="/blog" className="font-medium text-primary underline underline-offset-4">
            Read the blog
          </Link>
          <Link to="/help" className="font-medium text-primary underline underline-offset-4">
            Browse the help center
          </Link>
        </p>
      </section>
    </div>
  );
}

/** One screenshot with its caption; below the fold, so the browser fetches it when it comes near. */
function Screenshot({
  src,
  alt,
  width,
  height,
  caption,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  caption: string;
}) {
  return (
    <figure className="self-start overflow-hidden rounded-lg border bg-card">
      <img
        src={src}
        width={width}
        height={height}
        alt={alt}
        loading="lazy"
        decoding="async"
        className="h-auto w-full"
      />
      <figcaption className="border-t px-4 py-3 text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
