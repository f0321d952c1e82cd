import { ListOrdered } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export function ActivityRoute() {
  return (
    <>
      <PageHeader title="Activity" description="Every transaction across your accounts, newest first." />
      <EmptyState icon={ListOrdered} title="No transactions yet">
        Transactions from linked and imported accounts will be listed here, with filters by date, account,
        category and type.
      </EmptyState>
    </>
  );
}
