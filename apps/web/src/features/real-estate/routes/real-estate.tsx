import { Home } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export function RealEstateRoute() {
  return (
    <>
      <PageHeader title="Real Estate" description="Property you own and the loans against it." />
      <EmptyState icon={Home} title="No properties yet">
        Properties you add will be listed here with their valuation history, linked mortgage, equity and
        loan-to-value, and they will count towards your net worth.
      </EmptyState>
    </>
  );
}
