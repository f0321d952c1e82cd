import { useQuery } from '@tanstack/react-query';
import { WriteOnly } from '@/components/write-only';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { type PropertyDetail, propertyQuery } from '../api';
import { addressText } from '../model';
import { useDeleteProperty } from '../queries';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { RealEstateDisplay } from './display';
import { PropertyFigures } from './property-card';
import { EditPropertyDialog } from './property-dialogs';
import { AddValuationForm, ValuationTable, ValueChart } from './valuations';

export const DELETE_PROPERTY_TEXT =
  'Deleting removes the property, its valuations and its history from your net worth.';

/** A property in full: figures, value over time, valuation history, edit and delete. */
export function PropertySheet({
  propertyId,
  display,
  onClose,
}: {
  propertyId: string | null;
  display: RealEstateDisplay;
  onClose: () => void;
}) {
  return (
    <Sheet open={propertyId !== null} onOpenChange={(open) => !open && onClose()}>
      {propertyId ? (
        <SheetContent
          side="right"
          closeLabel="Close property"
          className="w-full max-w-full bg-card text-card-foreground sm:w-[36rem] sm:max-w-[90vw]"
          header={<SheetTitle className="px-1 text-base font-semibold">Property details</SheetTitle>}
        >
          <SheetDescription>Value, valuations and mortgage of the property</SheetDescription>
          <div key={propertyId} className="grid flex-1 content-start gap-5 overflow-y-auto p-4">
            <PropertyBody propertyId={propertyId} display={display} onDeleted={onClose} />
          </div>
        </SheetContent>
      ) : null}
    </Sheet>
  );
}

function PropertyBody({
  propertyId,
  display,
  onDeleted,
}: {
  propertyId: string;
  display: RealEstateDisplay;
  onDeleted: () => void;
}) {
  const property = useQuery(propertyQuery(propertyId));
  if (property.isPending) return <ListSkeleton rows={3} label="Loading the property…" />;
  if (property.isError) {
    return (
      <LoadError
        title="The property could not be loaded"
        error={property.error}
        onRetry={() => void property.refetch()}
        retrying={property.isFetching}
        className="rounded-md border px-3"
      />
    );
  }
  return <PropertyContent property={property.data} display={display} onDeleted={onDeleted} />;
}

function PropertyContent({
  property,
  display,
  onDeleted,
}: {
  property: PropertyDetail;
  display: RealEstateDisplay;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const remove = useDeleteProperty(() => {
    setConfirming(false);
    onDeleted();
  });
  return (
    <>
      <div className="grid gap-1">
        <p className="text-lg leading-snug font-semibold break-words">{property.name}</p>
        <p className="text-sm text-muted-foreground">{addressText(property.address)}</p>
        <WriteOnly>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Delete property
            </Button>
          </div>
        </WriteOnly>
      </div>
      <PropertyFigures property={property} display={display} />
      <section aria-labelledby="value-history-heading" className="grid gap-2">
        <h3 id="value-history-heading" className="text-sm font-semibold">
          Value over time
        </h3>
        <ValueChart property={property} display={display} />
      </section>
      <section aria-labelledby="valuations-heading" className="grid gap-3">
        <div className="flex items-center justify-between gap-2">
          <h3 id="valuations-heading" className="text-sm font-semibold">
            Valuations
          </h3>
          {adding ? null : (
            <WriteOnly>
              <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                Add valuation
              </Button>
            </WriteOnly>
          )}
        </div>
        {adding ? (
          <AddValuationForm property={property} display={display} onDone={() => setAdding(false)} />
        ) : null}
        <ValuationTable property={property} display={display} />
      </section>
      <EditPropertyDialog property={property} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${property.name}?`}
        description={DELETE_PROPERTY_TEXT}
        action="Delete property"
        busyAction="Deleting..."
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: property.id, name: property.name })}
      />
    </>
  );
}
