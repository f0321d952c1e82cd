import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';

/**
 * A labelled number box for a calculator: plain text with a decimal keypad on phones (a number input
 * would drop what it cannot parse, so '1,000' or '12,5' would vanish instead of being read), and the
 * field's message under it while the value is invalid.
 */
export function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  integer = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** Whole numbers only (ages, years): a numeric keypad without a decimal key. */
  integer?: boolean;
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          inputMode={integer ? 'numeric' : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
