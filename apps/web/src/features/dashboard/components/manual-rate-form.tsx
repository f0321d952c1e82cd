import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DateInput } from '@/components/date-input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import { type ManualRateErrors, type ManualRateForm, validateManualRate } from '../model';
import { useAddManualRate } from '../queries';

/** Server field names → the form's fields ('quote' is fixed to the reporting currency, shown with base). */
function fieldErrors(error: unknown): ManualRateErrors | null {
  if (!(error instanceof ApiError) || error.items.length === 0) return null;
  const errors: ManualRateErrors = {};
  for (const item of error.items) {
    const field = item.field === 'quote' ? 'base' : item.field;
    if (field === 'base' || field === 'date' || field === 'rate') errors[field] ??= item.message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Enter a rate by hand: 1 unit of a currency = rate × the reporting currency, from a date on. */
export function ManualRateFormSection({
  quote,
  initialCurrency,
  today,
}: {
  quote: string;
  initialCurrency: string;
  today: string;
}) {
  const [form, setForm] = useState<ManualRateForm>({ base: initialCurrency, date: today, rate: '' });
  const [errors, setErrors] = useState<ManualRateErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useAddManualRate();
  const onSessionExpired = useSessionExpiredHandler();

  const change = (field: keyof ManualRateForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateManualRate(form, quote, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const base = form.base.trim().toUpperCase();
    save.mutate(
      { base, quote, date: form.date, rate: form.rate.trim() },
      {
        onSuccess: () => {
          toast.success(`Exchange rate for ${base} saved`);
          setForm((current) => ({ ...current, rate: '' }));
        },
        onError: (error) => {
          if (onSessionExpired(error)) return;
          const byField = fieldErrors(error);
          if (byField) setErrors(byField);
          else setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="manual-rate-heading" className="grid gap-3">
      <h3 id="manual-rate-heading" className="text-sm font-semibold">
        Add a manual rate
      </h3>
      <p className="text-xs text-muted-foreground">
        A manual rate applies from its date on and beats the ECB rate of the same day.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Currency" error={errors.base} hint="Three letters, e.g. EUR">
          {(control) => (
            <Input
              {...control}
              value={form.base}
              onChange={change('base')}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={3}
            />
          )}
        </FormField>
        <FormField label="Date" error={errors.date}>
          {(control) => (
            <DateInput
              {...control}
              value={form.date}
              max={today}
              onChange={(date) => setForm((current) => ({ ...current, date }))}
            />
          )}
        </FormField>
        <FormField
          label={`Rate in ${quote}`}
          error={errors.rate}
          hint={`${quote} for 1 unit of the currency`}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={form.rate}
              onChange={change('rate')}
            />
          )}
        </FormField>
      </div>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rate'}
        </Button>
      </div>
    </form>
  );
}
