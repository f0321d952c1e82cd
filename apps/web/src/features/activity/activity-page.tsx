import { ListOrdered } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export default function ActivityPage() {
  return (
    <>
      <PageHeader title="Activity" description="Every transaction across your accounts." />
      <EmptyState icon={ListOrdered} title="No transactions yet">
        Transactions from linked and imported accounts will be listed here, newest first, with filters by
        date, account, category and type.
      </EmptyState>
    </>
  );
}
