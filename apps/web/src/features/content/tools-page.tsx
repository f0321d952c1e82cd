import { Calculator } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export default function ToolsPage() {
  return (
    <>
      <PageHeader title="Tools" description="Calculators for planning ahead." />
      <EmptyState icon={Calculator} title="Calculators will appear here">
        Compound growth, loan and mortgage amortisation and retirement planning calculators will be available
        on this page.
      </EmptyState>
    </>
  );
}
