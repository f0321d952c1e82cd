import { LayoutDashboard } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export default function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="Net worth, cash, investments and what changed." />
      <EmptyState icon={LayoutDashboard} title="Your net worth will appear here">
        Once you link an account or import a file, your balances, allocation, cash flow and net-worth history
        show up on this page.
      </EmptyState>
    </>
  );
}
