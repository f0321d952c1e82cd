import { Lightbulb } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export function InsightsRoute() {
  return (
    <>
      <PageHeader title="Insights" description="Patterns in your money, with the numbers behind them." />
      <EmptyState icon={Lightbulb} title="No insights yet">
        With a few weeks of transactions, this page points out your savings rate, categories that moved,
        subscriptions and unusual payments, each linked to the transactions behind it.
      </EmptyState>
    </>
  );
}
