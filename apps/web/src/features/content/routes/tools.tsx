import { Calculator } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export function ToolsRoute() {
  return (
    <>
      <PageHeader title="Tools" description="Calculators for planning ahead." />
      <EmptyState icon={Calculator} title="No tools yet">
        Calculators for compound growth, loan and mortgage repayments and retirement planning will be
        available on this page.
      </EmptyState>
    </>
  );
}
