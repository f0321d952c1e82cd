import { DISPLAY_CURRENCIES, US_STATES } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { DateInput } from '@/components/date-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { loanAccountsQuery } from '../api';
import { type FieldErrors, isUs, NO_MORTGAGE, type PropertyForm } from '../model';

type FieldsProps = {
  form: PropertyForm;
  errors: FieldErrors;
  onChange: (changes: Partial<PropertyForm>) => void;
};

function TextField({
  label,
  field,
  errorKey = field,
  hint,
  form,
  errors,
  onChange,
  ...input
}: FieldsProps & {
  label: string;
  field: keyof PropertyForm;
  errorKey?: string;
  hint?: string;
  type?: string;
  inputMode?: 'decimal';
  autoComplete?: string;
  max?: string;
  maxLength?: number;
}) {
  return (
    <FormField label={label} error={errors[errorKey]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          {...input}
          value={form[field]}
          onChange={(event) => onChange({ [field]: event.target.value })}
        />
      )}
    </FormField>
  );
}

/** Name and address; the state is a list of the US states (and DC) for a US address. */
export function AddressFields(props: FieldsProps) {
  const { form, errors, onChange } = props;
  const us = isUs(form.country);
  return (
    <>
      <TextField {...props} label="Name" field="name" hint="Such as Home or Lake cabin." autoComplete="off" />
      <TextField
        {...props}
        label="Address line 1"
        field="line1"
        errorKey="address.line1"
        autoComplete="address-line1"
      />
      <TextField
        {...props}
        label="Address line 2 (optional)"
        field="line2"
        errorKey="address.line2"
        autoComplete="address-line2"
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          {...props}
          label="City"
          field="city"
          errorKey="address.city"
          autoComplete="address-level2"
        />
        <TextField
          {...props}
          label="Country"
          field="country"
          errorKey="address.country"
          hint="Two-letter code, such as US or GB."
          autoComplete="country"
          maxLength={2}
        />
        {us ? (
          <FormField label="State" error={errors['address.state']}>
            {(control) => (
              <Select value={form.state || undefined} onValueChange={(state) => onChange({ state })}>
                <SelectTrigger {...control}>
                  <SelectValue placeholder="Choose a state" />
                </SelectTrigger>
                <SelectContent>
                  {US_STATES.map((code) => (
                    <SelectItem key={code} value={code}>
                      {code}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        ) : (
          <TextField
            {...props}
            label="State or region (optional)"
            field="state"
            errorKey="address.state"
            autoComplete="address-level1"
          />
        )}
        <TextField
          {...props}
          label="Postal code (optional)"
          field="postalCode"
          errorKey="address.postalCode"
          autoComplete="postal-code"
        />
      </div>
    </>
  );
}

/** A date field of the property form, typed in the user's date format. */
function DateField({
  label,
  field,
  hint,
  form,
  errors,
  onChange,
  max,
}: FieldsProps & { label: string; field: 'purchaseDate' | 'valuationDate'; hint?: string; max?: string }) {
  return (
    <FormField label={label} error={errors[field]} hint={hint}>
      {(control) => (
        <DateInput
          {...control}
          max={max}
          value={form[field]}
          onChange={(value) => onChange({ [field]: value })}
        />
      )}
    </FormField>
  );
}

/** Purchase price and date, currency, and an optional current value with its date. */
export function PurchaseFields(props: FieldsProps & { today: string }) {
  const { form, errors, onChange, today } = props;
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          {...props}
          label={`Purchase price (${form.currency})`}
          field="purchasePrice"
          inputMode="decimal"
          autoComplete="off"
        />
        <DateField {...props} label="Purchase date" field="purchaseDate" max={today} />
        <FormField label="Currency" error={errors.currency}>
          {(control) => (
            <Select value={form.currency} onValueChange={(currency) => onChange({ currency })}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DISPLAY_CURRENCIES.map((code) => (
                  <SelectItem key={code} value={code}>
                    {code}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          {...props}
          label={`Current value (${form.currency}, optional)`}
          field="currentValue"
          inputMode="decimal"
          autoComplete="off"
          hint="Leave empty to use the purchase price."
        />
        <DateField
          {...props}
          label="Value date (optional)"
          field="valuationDate"
          max={today}
          hint="Today when left empty."
        />
      </div>
    </>
  );
}

/** The loan against the property: one of the user's loan accounts, or none. */
export function MortgageField({ form, errors, onChange, linkedName }: FieldsProps & { linkedName?: string }) {
  const loans = useQuery(loanAccountsQuery());
  const options = loans.data ?? [];
  const hint = loans.isError
    ? 'Your loan accounts could not be loaded.'
    : loans.isSuccess && options.length === 0
      ? 'Add a loan account on the Accounts page to link it here.'
      : 'The loan must be in the property’s currency.';
  return (
    <FormField label="Mortgage" error={errors.mortgageAccountId} hint={hint}>
      {(control) => (
        <Select
          value={form.mortgageAccountId}
          onValueChange={(mortgageAccountId) => onChange({ mortgageAccountId })}
          disabled={loans.isPending}
        >
          <SelectTrigger {...control}>
            <SelectValue placeholder="Loading loans…" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_MORTGAGE}>None</SelectItem>
            {options.map((loan) => (
              <SelectItem key={loan.id} value={loan.id}>
                {loan.name} ({loan.currency})
              </SelectItem>
            ))}
            {/* A linked loan that is no longer listed (hidden or gone) still shows as chosen. */}
            {form.mortgageAccountId !== NO_MORTGAGE &&
            loans.isSuccess &&
            !options.some((loan) => loan.id === form.mortgageAccountId) ? (
              <SelectItem value={form.mortgageAccountId}>{linkedName ?? 'Linked loan'}</SelectItem>
            ) : null}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}
