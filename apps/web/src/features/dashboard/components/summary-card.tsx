import { TIME_PERIODS, type Money } from '@lodestar/domain';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { DashboardData } from '../api';
import { Amount, ChangeText, type DashboardDisplay } from './display';

/** Net worth with its change over the period, then the totals by side and by class. */
export function SummaryCard({ data, display }: { data: DashboardData; display: DashboardDisplay }) {
  const { summary } = data;
  const figures: { label: string; amount: Money }[] = [
    { label: 'Assets', amount: summary.assets },
    { label: 'Liabilities', amount: summary.liabilities },
    { label: 'Cash', amount: summary.cash },
    { label: 'Investments', amount: summary.investments },
    { label: 'Crypto', amount: summary.crypto },
    { label: 'Real estate', amount: summary.realEstate },
  ];
  return (
    <Card aria-labelledby="net-worth-heading" className="lg:col-span-3">
      <CardHeader>
        <CardTitle id="net-worth-heading">Net worth</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div>
          <p className="text-3xl font-semibold tracking-tight sm:text-4xl" data-testid="net-worth">
            <Amount amount={summary.netWorth} display={display} />
          </p>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="net-worth-change">
            {summary.change.amount === null ? (
              <span>
                Change since {display.formatDate(summary.change.from)} not shown:{' '}
                {summary.change.missing.join(', ')} {summary.change.missing.length === 1 ? 'has' : 'have'} no
                exchange rate to {data.currency} yet, so the totals are incomplete.
              </span>
            ) : (
              <ChangeText
                amount={summary.change.amount}
                percent={summary.change.percent}
                display={display}
                suffix={`since ${display.formatDate(summary.change.from)} (${TIME_PERIODS[data.period]})${
                  summary.change.estimated ? ', estimated' : ''
                }`}
              />
            )}
          </p>
        </div>
        <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-6">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-md border bg-background p-3">
              <dt className="text-xs font-medium text-muted-foreground">{figure.label}</dt>
              <dd className="mt-1 text-lg font-semibold">
                <Amount amount={figure.amount} display={display} />
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
