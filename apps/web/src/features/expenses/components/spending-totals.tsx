import type { ReactNode } from 'react';
import { MoneyText } from '@/components/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { SpendingSummary } from '../api';
import { monthLabel, monthName } from '../month';
import { ChangeText } from './change-text';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold break-words">{children}</dd>
    </div>
  );
}

/** The month's spending against the month before, and its income. */
export function SpendingTotals({
  summary,
  masked,
  locale,
}: {
  summary: SpendingSummary;
  masked: boolean;
  locale: string;
}) {
  const money = (amount: SpendingSummary['total']) => (
    <MoneyText amount={amount} tone="plain" masked={masked} locale={locale} />
  );
  return (
    <Card aria-labelledby="spending-totals-heading">
      <CardHeader>
        <CardTitle id="spending-totals-heading">Totals</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label={`Spent in ${monthLabel(summary.month)}`}>{money(summary.total)}</Figure>
          <Figure label={`Spent in ${monthLabel(summary.previousMonth)}`}>
            {money(summary.previousTotal)}
          </Figure>
          <Figure label="Change">
            <ChangeText
              className="text-base font-normal text-foreground"
              change={summary.change}
              previous={summary.previousTotal}
              previousLabel={monthName(summary.previousMonth)}
              masked={masked}
              locale={locale}
            />
          </Figure>
          <Figure label={`Income in ${monthLabel(summary.month)}`}>{money(summary.income)}</Figure>
        </dl>
      </CardContent>
    </Card>
  );
}
