import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useMoneyDisplay, useUserPreferences } from '@/lib/user-preferences';
import type { Property, PropertyDetail } from '../api';
import {
  checkNewProperty,
  checkPropertyChanges,
  emptyForm,
  type FieldErrors,
  formOf,
  type PropertyForm,
  serverErrors,
  todayIn,
} from '../model';
import { useCreateProperty, useUpdateProperty } from '../queries';
import { AddressFields, MortgageField, PurchaseFields } from './property-fields';

/** Every field of the form, by the server's name for it. */
const FIELDS = [
  'name',
  'address.line1',
  'address.line2',
  'address.city',
  'address.state',
  'address.postalCode',
  'address.country',
  'purchasePrice',
  'purchaseDate',
  'currency',
  'currentValue',
  'valuationDate',
  'mortgageAccountId',
] as const;

function useFormState(initial: () => PropertyForm) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const change = (changes: Partial<PropertyForm>) => {
    setForm((current) => {
      const next = { ...current, ...changes };
      // A state code chosen for the US means nothing elsewhere, and the reverse.
      if (
        changes.country !== undefined &&
        (current.country.toUpperCase() === 'US') !== (next.country.toUpperCase() === 'US')
      ) {
        next.state = '';
      }
      return next;
    });
  };
  const showServerErrors = (error: unknown) => {
    const found = serverErrors(error, FIELDS);
    setErrors(found.fields);
    setFormError(found.form);
  };
  return { form, change, errors, setErrors, formError, setFormError, showServerErrors };
}

function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** Add a property: its address, purchase, optional current value and the loan against it. */
export function AddPropertyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (property: PropertyDetail) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {open ? (
          <AddPropertyForm
            onCancel={() => onOpenChange(false)}
            onCreated={(property) => {
              onOpenChange(false);
              onCreated?.(property);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AddPropertyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (property: PropertyDetail) => void;
}) {
  const { currency } = useMoneyDisplay();
  const { preferences } = useUserPreferences();
  const today = todayIn(preferences.time_zone);
  const state = useFormState(() => emptyForm(currency));
  const create = useCreateProperty(onCreated);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const { errors, body } = checkNewProperty(state.form);
    state.setErrors(errors);
    state.setFormError(undefined);
    if (!body) return;
    create.mutate(body, { onError: state.showServerErrors });
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Add a property</DialogTitle>
        <DialogDescription>
          Its value counts towards your net worth from the purchase date; a linked mortgage is subtracted for
          its equity.
        </DialogDescription>
      </DialogHeader>
      <AddressFields form={state.form} errors={state.errors} onChange={state.change} />
      <PurchaseFields form={state.form} errors={state.errors} onChange={state.change} today={today} />
      <MortgageField form={state.form} errors={state.errors} onChange={state.change} />
      <FormError message={state.formError} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add property'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Edit a property's name, address and mortgage link (its value changes through valuations). */
export function EditPropertyDialog({
  property,
  open,
  onOpenChange,
}: {
  property: Property;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {open ? <EditPropertyForm property={property} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditPropertyForm({ property, onDone }: { property: Property; onDone: () => void }) {
  const state = useFormState(() => formOf(property));
  const update = useUpdateProperty(property.id, onDone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const { errors, body } = checkPropertyChanges(state.form);
    state.setErrors(errors);
    state.setFormError(undefined);
    if (!body) return;
    update.mutate(body, { onError: state.showServerErrors });
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Edit property</DialogTitle>
        <DialogDescription>The name, address and mortgage of {property.name}.</DialogDescription>
      </DialogHeader>
      <AddressFields form={state.form} errors={state.errors} onChange={state.change} />
      <MortgageField
        form={state.form}
        errors={state.errors}
        onChange={state.change}
        linkedName={property.mortgage?.name}
      />
      <FormError message={state.formError} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
