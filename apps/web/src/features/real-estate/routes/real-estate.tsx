import { useQuery } from '@tanstack/react-query';
import { WriteOnly } from '@/components/write-only';
import { Home, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { propertiesQuery } from '../api';
import { useRealEstateDisplay } from '../components/display';
import { PropertyCard, PropertyTotals } from '../components/property-card';
import { AddPropertyDialog } from '../components/property-dialogs';
import { PropertySheet } from '../components/property-sheet';

/**
 * Real Estate: the user's properties with value, mortgage, equity and loan-to-value, their totals, and
 * a sheet per property (?property=id) with its valuation history.
 */
export function RealEstateRoute() {
  const properties = useQuery(propertiesQuery());
  const display = useRealEstateDisplay();
  const [adding, setAdding] = useState(false);
  const [params, setParams] = useSearchParams();
  const openId = params.get('property');
  const setOpen = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('property', id);
          else next.delete('property');
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );

  const addButton = (
    <WriteOnly>
      <Button onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" />
        Add property
      </Button>
    </WriteOnly>
  );
  const list = properties.data?.properties ?? [];
  let body;
  if (properties.isPending) {
    body = <ListSkeleton rows={3} label="Loading your properties…" />;
  } else if (properties.isError) {
    body = (
      <Card>
        <LoadError
          title="Your properties could not be loaded"
          error={properties.error}
          onRetry={() => void properties.refetch()}
          retrying={properties.isFetching}
        />
      </Card>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState icon={Home} title="Add a property to track its value and equity" action={addButton}>
        Record what you paid and what it is worth now; link its mortgage to see your equity and loan-to-value.
        Its value counts towards your net worth.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <PropertyTotals totals={properties.data.totals} display={display} />
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.map((property) => (
            <PropertyCard
              key={property.id}
              property={property}
              display={display}
              onOpen={() => setOpen(property.id)}
            />
          ))}
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Real Estate"
        description="Property you own and the loans against it."
        actions={list.length > 0 ? addButton : undefined}
      />
      {body}
      <AddPropertyDialog open={adding} onOpenChange={setAdding} />
      <PropertySheet propertyId={openId} display={display} onClose={() => setOpen(null)} />
    </>
  );
}
