import { Lightbulb } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export default function InsightsPage() {
  return (
    <>
      <PageHeader
        title="Insights"
        description="Patterns in your money, explained with the numbers behind them."
      />
      <EmptyState icon={Lightbulb} title="No insights yet">
        With a few weeks of transactions, Lodestar points out your savings rate, categories that moved,
        subscriptions and unusual payments, each linked to the transactions behind it.
      </EmptyState>
    </>
  );
}
