import { useMemo, useState, type FormEvent } from 'react';
import { useWriteAccess } from '@/lib/household';
import { Trash2 } from 'lucide-react';
import {
  ChartDataTable,
  dateToX,
  MASKED_AMOUNT,
  TimeSeriesChart,
  tooltipCurrency,
} from '@/components/charts';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DateInput } from '@/components/date-input';
import { Textarea } from '@/components/ui/textarea';
import type { PropertyDetail, Valuation } from '../api';
import {
  checkValuation,
  type FieldErrors,
  serverErrors,
  todayIn,
  valuationSteps,
  type ValuationForm,
} from '../model';
import { useAddValuation, useDeleteValuation } from '../queries';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Amount, type RealEstateDisplay } from './display';

/** The value over time as a step line, with its points as a table. */
export function ValueChart({ property, display }: { property: PropertyDetail; display: RealEstateDisplay }) {
  const today = todayIn(display.timeZone);
  const points = useMemo(() => valuationSteps(property.valuations, today), [property.valuations, today]);
  const currency = property.currentValue.currency;
  const series = useMemo(
    () => [
      {
        id: 'value',
        label: 'Value',
        points: points.map((point) => ({ x: dateToX(point.date), y: point.value })),
      },
    ],
    [points],
  );
  const amount = (value: number) =>
    display.masked ? MASKED_AMOUNT : tooltipCurrency(value, currency, display.locale);
  const title = `Value of ${property.name} over time`;
  return (
    <div>
      <TimeSeriesChart
        series={series}
        currency={currency}
        locale={display.locale}
        dateFormat={display.dateFormat}
        masked={display.masked}
        height={200}
        ariaLabel={display.masked ? title : `${title}, now ${amount(points.at(-1)?.value ?? 0)}`}
      />
      <ChartDataTable
        caption={title}
        columns={[
          { key: 'date', label: 'Date' },
          { key: 'value', label: 'Value', numeric: true },
        ]}
        rows={points
          .filter((point) => point.kind !== 'step')
          .map((point) => ({
            date:
              point.kind === 'today'
                ? `${display.formatDate(point.date)} (today)`
                : display.formatDate(point.date),
            value: amount(point.value),
          }))}
      />
    </div>
  );
}

const SOURCE_LABELS: Record<Valuation['source'], string> = { purchase: 'Purchase price', manual: 'Manual' };

/** Every valuation, newest first; manual ones can be deleted (after a confirmation). */
export function ValuationTable({
  property,
  display,
}: {
  property: PropertyDetail;
  display: RealEstateDisplay;
}) {
  const [deleting, setDeleting] = useState<Valuation | null>(null);
  const { canWrite } = useWriteAccess();
  const remove = useDeleteValuation(property.id, () => setDeleting(null));
  return (
    <>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Valuations of {property.name}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-2 font-medium">
              Date
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Value
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Source
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Note
            </th>
            <th scope="col" className="py-2 pl-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {property.valuations.map((valuation) => (
            <tr key={valuation.id} className="border-b border-border align-top last:border-0">
              <td className="py-2 pr-2 whitespace-nowrap">{display.formatDate(valuation.date)}</td>
              <td className="px-2 py-2 text-right">
                <Amount amount={valuation.value} display={display} />
              </td>
              <td className="px-2 py-2">{SOURCE_LABELS[valuation.source]}</td>
              <td className="px-2 py-2 break-words text-muted-foreground">{valuation.note ?? ''}</td>
              <td className="py-1 pl-2 text-right">
                {valuation.source === 'manual' && canWrite ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Delete the valuation of ${display.formatDate(valuation.date)}`}
                    onClick={() => setDeleting(valuation)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete valuation"
        description={
          deleting
            ? `Delete the valuation of ${display.formatDate(deleting.date)}? The property's value and its history are worked out again without it.`
            : ''
        }
        action="Delete valuation"
        busyAction="Deleting..."
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}

const VALUATION_FIELDS = ['date', 'value', 'note'] as const;

/** What the property was worth on a day: date (today by default), value and an optional note. */
export function AddValuationForm({
  property,
  display,
  onDone,
}: {
  property: PropertyDetail;
  display: RealEstateDisplay;
  onDone: () => void;
}) {
  const today = todayIn(display.timeZone);
  const currency = property.currentValue.currency;
  const [form, setForm] = useState<ValuationForm>({ date: today, value: '', note: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const add = useAddValuation(property.id, onDone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const checked = checkValuation(form);
    setErrors(checked.errors);
    setFormError(undefined);
    if (!checked.body) return;
    add.mutate(checked.body, {
      onError: (error) => {
        const found = serverErrors(error, VALUATION_FIELDS);
        setErrors(found.fields);
        setFormError(found.form);
      },
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add valuation"
      className="grid gap-3 rounded-md border p-3"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField label="Date" error={errors.date}>
          {(control) => (
            <DateInput
              {...control}
              max={today}
              value={form.date}
              onChange={(date) => setForm({ ...form, date })}
            />
          )}
        </FormField>
        <FormField label={`Value (${currency})`} error={errors.value}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={form.value}
              onChange={(event) => setForm({ ...form, value: event.target.value })}
            />
          )}
        </FormField>
      </div>
      <FormField label="Note (optional)" error={errors.note} hint="Such as an appraisal or a sale nearby.">
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={form.note}
            onChange={(event) => setForm({ ...form, note: event.target.value })}
          />
        )}
      </FormField>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Save valuation'}
        </Button>
      </div>
    </form>
  );
}
