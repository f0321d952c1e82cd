import { PieChart } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export function AssetsRoute() {
  return (
    <>
      <PageHeader title="Assets" description="Holdings across your investment and crypto accounts." />
      <EmptyState icon={PieChart} title="No holdings yet">
        Stocks, funds and crypto you hold will be listed here with quantity, price, value, cost basis and
        gain, along with your allocation by type and account.
      </EmptyState>
    </>
  );
}
