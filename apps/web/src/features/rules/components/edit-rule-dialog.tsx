import {
  TRANSACTION_CATEGORIES,
  TRANSACTION_CATEGORY_VALUES,
  type TransactionCategory,
} from '@lodestar/domain';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ListedRule } from '../api';
import { formOf, partsOf, type RuleForm, type RuleFormErrors, serverErrors } from '../model';
import { useUpdateRule } from '../queries';

const DIRECTIONS = [
  { value: 'any', label: 'Money in or out' },
  { value: 'out', label: 'Money out' },
  { value: 'in', label: 'Money in' },
] as const;

function TextInput({
  label,
  field,
  form,
  errors,
  hint,
  onChange,
  inputMode,
}: {
  label: string;
  field:
    'nameContains' | 'merchantEquals' | 'nameMatches' | 'amountMin' | 'amountMax' | 'currency' | 'rename';
  form: RuleForm;
  errors: RuleFormErrors;
  hint?: string;
  onChange: (changes: Partial<RuleForm>) => void;
  inputMode?: 'decimal';
}) {
  return (
    <FormField label={label} error={errors[field]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          value={form[field]}
          inputMode={inputMode}
          autoComplete="off"
          onChange={(event) => onChange({ [field]: event.target.value })}
        />
      )}
    </FormField>
  );
}

function CheckRow({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

/** The fields of the edit dialog; mounted per opening so it starts from the rule as saved. */
function EditRuleForm({
  rule,
  accountNames,
  onDone,
}: {
  rule: ListedRule;
  accountNames: string[];
  onDone: () => void;
}) {
  const [form, setForm] = useState<RuleForm>(() => formOf(rule));
  const [errors, setErrors] = useState<RuleFormErrors>({});
  const update = useUpdateRule();
  const change = (changes: Partial<RuleForm>) => setForm((current) => ({ ...current, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const checked = partsOf(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { id: rule.id, patch: checked.parts },
      {
        onSuccess: onDone,
        onError: (error) => setErrors(serverErrors(error, 'The rule could not be saved')),
      },
    );
  };
  // Fields the dialog keeps but does not show (accounts, detailed category) report here with the form's own.
  const otherError = errors.accountIds ?? errors.detailed ?? errors.enabled ?? errors.form;
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">When a transaction…</legend>
        {errors.conditions ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.conditions}
          </p>
        ) : null}
        <TextInput
          label="Merchant is"
          field="merchantEquals"
          form={form}
          errors={errors}
          hint="The merchant key: lower-case words, e.g. blue bottle coffee"
          onChange={change}
        />
        <TextInput label="Name contains" field="nameContains" form={form} errors={errors} onChange={change} />
        <TextInput
          label="Name matches"
          field="nameMatches"
          form={form}
          errors={errors}
          hint="The whole name, with * for any text, e.g. AMZN*"
          onChange={change}
        />
        <FormField label="Direction" error={errors.direction}>
          {(control) => (
            <Select
              value={form.direction}
              onValueChange={(direction) => change({ direction: direction as RuleForm['direction'] })}
            >
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DIRECTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextInput
            label="Amount at least"
            field="amountMin"
            form={form}
            errors={errors}
            inputMode="decimal"
            onChange={change}
          />
          <TextInput
            label="Amount at most"
            field="amountMax"
            form={form}
            errors={errors}
            inputMode="decimal"
            onChange={change}
          />
          <TextInput label="Currency" field="currency" form={form} errors={errors} onChange={change} />
        </div>
        {accountNames.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            Only on {accountNames.length === 1 ? 'the account' : 'the accounts'} {accountNames.join(', ')}{' '}
            (kept as it is).
          </p>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">…then</legend>
        {errors.actions ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.actions}
          </p>
        ) : null}
        <FormField label="Category" error={errors.category}>
          {(control) => (
            <Select
              value={form.category}
              onValueChange={(category) => change({ category: category as TransactionCategory | 'none' })}
            >
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="none">Leave the category</SelectItem>
                {TRANSACTION_CATEGORY_VALUES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {TRANSACTION_CATEGORIES[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <TextInput label="Rename to" field="rename" form={form} errors={errors} onChange={change} />
        <CheckRow
          id={`rule-${rule.id}-exclude`}
          label="Leave out of totals"
          checked={form.exclude}
          onChange={(exclude) => change({ exclude })}
        />
        <CheckRow
          id={`rule-${rule.id}-transfer`}
          label="Mark as a transfer"
          checked={form.markTransfer}
          onChange={(markTransfer) => change({ markTransfer })}
        />
      </fieldset>
      <CheckRow
        id={`rule-${rule.id}-enabled`}
        label="Rule is on"
        checked={form.enabled}
        onChange={(enabled) => change({ enabled })}
      />
      {otherError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {otherError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
          {update.isPending ? 'Saving…' : 'Save rule'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Edit a rule: its conditions, actions and whether it is on, checked with the server's own rules. */
export function EditRuleDialog({
  rule,
  accountNames,
  onOpenChange,
  onCloseAutoFocus,
}: {
  rule: ListedRule | undefined;
  accountNames: string[];
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when the dialog closes (the button that opened it). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={rule !== undefined} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>Edit rule</DialogTitle>
          <DialogDescription>
            Every condition you fill in must hold. Saved changes apply to new transactions; run the rules to
            update past ones.
          </DialogDescription>
        </DialogHeader>
        {rule ? (
          <EditRuleForm rule={rule} accountNames={accountNames} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
