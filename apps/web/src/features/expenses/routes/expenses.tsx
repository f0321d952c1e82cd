import { Receipt } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export function ExpensesRoute() {
  return (
    <>
      <PageHeader title="Expenses" description="Where your money goes, month by month." />
      <EmptyState icon={Receipt} title="Your spending will appear here">
        Once you have transactions, this page shows spending by category and merchant, how this month compares
        with the last, and how income flows into categories and savings.
      </EmptyState>
    </>
  );
}
