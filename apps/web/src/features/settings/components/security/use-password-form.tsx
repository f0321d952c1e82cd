import { useRef, useState } from 'react';
import type { FieldControlProps } from '@/components/form-field';
import { Input } from '@/components/ui/input';

/**
 * The state the password dialogs share (Change Password, Set a Password): the fields' values, their
 * errors with focus on the first, busy while the request runs, and closing that resets everything (not
 * while busy). `passwordInput` renders a field's input for a FormField.
 */
export function usePasswordForm<Field extends string>(
  fields: readonly Field[],
  onOpenChange: (open: boolean) => void,
  onReset?: () => void,
) {
  type Errors = Partial<Record<Field, string>>;
  const empty = () => Object.fromEntries(fields.map((field) => [field, ''])) as Record<Field, string>;
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const reset = () => {
    setValues(empty());
    setErrors({});
    setBusy(false);
    onReset?.();
  };
  const changeOpen = (next: boolean) => {
    if (!next && busy) return;
    if (!next) reset();
    onOpenChange(next);
  };
  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = fields.find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  };
  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const passwordInput =
    (field: Field, autoComplete = 'new-password') =>
    (control: FieldControlProps) => (
      <Input
        {...control}
        ref={(element) => {
          inputs.current[field] = element;
        }}
        type="password"
        name={field}
        autoComplete={autoComplete}
        value={values[field]}
        readOnly={busy}
        onChange={(event) => update(field, event.target.value)}
      />
    );
  return { values, errors, setErrors, busy, setBusy, reset, changeOpen, showErrors, passwordInput };
}
