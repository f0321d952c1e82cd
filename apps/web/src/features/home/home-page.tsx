import { ChartLine, Database, Landmark, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const POINTS = [
  {
    icon: Landmark,
    title: 'Every account in one place',
    text: 'Bank accounts through aggregators or file imports, crypto exchanges, wallets, investments and property.',
  },
  {
    icon: ChartLine,
    title: 'Numbers you can trust',
    text: 'Balances, spending, cash flow and net-worth history computed from your own transactions, to the cent.',
  },
  {
    icon: Database,
    title: 'Yours to run',
    text: 'One command starts it on your machine with its own database. No account with us, no data leaving home.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by default',
    text: 'Provider secrets are encrypted at rest, and nothing is shared with anyone.',
  },
];

export default function HomePage() {
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="py-16 text-center md:py-24">
        <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">Lodestar</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          One honest view of your money: balances, transactions, spending, cash flow, investments, real estate
          and net-worth history, on your own machine.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/sign-up">Create an account</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/sign-in">Sign in</Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to="/dashboard">Open the dashboard</Link>
          </Button>
        </div>
      </section>
      <section aria-labelledby="why" className="pb-20">
        <h2 id="why" className="sr-only">
          Why Lodestar
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border bg-card p-5">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
