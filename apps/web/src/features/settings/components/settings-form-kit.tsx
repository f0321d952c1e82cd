import { MESSAGES, PREFERENCES_TIMING, parseThresholdInput } from '@lodestar/domain';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { SegmentedControl, type SegmentedOption } from '@/components/ui/segmented-control';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Highlight } from '../search';

/**
 * The settings form kit (spec §2): a titled group and one row per kind of control — switch, dropdown,
 * button group, checkbox group, and a number row for alert thresholds. Every visible label and
 * description goes through <Highlight> so the settings search marks what matches.
 */

/** A titled group of settings. */
export function SettingsGroup({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border bg-card text-card-foreground">
      <div className="border-b px-5 py-4">
        <h3 id={id} className="font-semibold">
          <Highlight text={title} />
        </h3>
        {description ? (
          <p className="mt-1 text-sm text-muted-foreground">
            <Highlight text={description} />
          </p>
        ) : null}
      </div>
      <div className="divide-y">{children}</div>
    </section>
  );
}

/** A paragraph of explanatory text inside a group (searchable like every other text). */
export function SettingsText({ text }: { text: string }) {
  return (
    <p className="px-5 py-4 text-sm text-muted-foreground">
      <Highlight text={text} />
    </p>
  );
}

function Row({
  id,
  label,
  description,
  labelFor,
  extra,
  control,
}: {
  id: string;
  label: string;
  description?: string;
  /** The control's id when the label is a real <label>. */
  labelFor?: string;
  extra?: ReactNode;
  control: ReactNode;
}) {
  const Label = labelFor ? 'label' : 'p';
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Label id={`${id}-label`} htmlFor={labelFor} className="block text-sm font-medium">
          <Highlight text={label} />
        </Label>
        {description ? (
          <p id={`${id}-description`} className="mt-0.5 text-sm text-muted-foreground">
            <Highlight text={description} />
          </p>
        ) : null}
        {extra}
      </div>
      <div className="shrink-0 sm:max-w-[60%]">{control}</div>
    </div>
  );
}

export function SwitchRow({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  labelAdornment,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Shown after the description (for example an explanation behind an info button). */
  labelAdornment?: ReactNode;
}) {
  const id = useId();
  return (
    <Row
      id={id}
      label={label}
      description={description}
      extra={labelAdornment}
      control={
        <Switch
          checked={checked}
          onCheckedChange={onCheckedChange}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={description ? `${id}-description` : undefined}
        />
      }
    />
  );
}

export function ButtonGroupRow<T extends string>({
  label,
  description,
  value,
  options,
  onValueChange,
}: {
  label: string;
  description?: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onValueChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <Row
      id={id}
      label={label}
      description={description}
      control={
        <SegmentedControl label={label} value={value} options={options} onValueChange={onValueChange} />
      }
    />
  );
}

export type DropdownOption<T extends string> = {
  value: T;
  label: string;
  /** A short sample of what the choice looks like, shown after the label. */
  example?: string;
};

export const EMPTY_SELECT_VALUE_ERROR = 'Select items must not have an empty value';

/** One choice from a list (a Select). Option values must not be empty: Radix reserves '' for "none". */
export function DropdownRow<T extends string>({
  label,
  description,
  value,
  options,
  onValueChange,
}: {
  label: string;
  description?: string;
  value: T;
  options: readonly DropdownOption<T>[];
  onValueChange: (value: T) => void;
}) {
  const id = useId();
  if (options.some((option) => option.value === '')) throw new Error(EMPTY_SELECT_VALUE_ERROR);
  return (
    <Row
      id={id}
      label={label}
      description={description}
      labelFor={`${id}-trigger`}
      control={
        <Select
          value={value}
          onValueChange={(next) => {
            const option = options.find((candidate) => candidate.value === next);
            if (option) onValueChange(option.value);
          }}
        >
          <SelectTrigger
            id={`${id}-trigger`}
            className="w-full sm:w-64"
            aria-describedby={description ? `${id}-description` : undefined}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.example ? `${option.label} — ${option.example}` : option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      }
    />
  );
}

export type CheckboxOption<T extends string> = { value: T; label: string };

/**
 * Several choices (checkboxes in a fieldset). With `max`, shows 'Selected: n/max' and disables the
 * unchecked options once the cap is reached (spec §2).
 */
export function CheckboxGroupRow<T extends string>({
  label,
  description,
  options,
  values,
  onValuesChange,
  max,
}: {
  label: string;
  description?: string;
  options: readonly CheckboxOption<T>[];
  values: readonly T[];
  onValuesChange: (values: T[]) => void;
  max?: number;
}) {
  const id = useId();
  const atCap = max !== undefined && values.length >= max;
  const toggle = (value: T, checked: boolean) => {
    const next = checked ? [...values, value] : values.filter((item) => item !== value);
    // Keep the options' order, whatever the order of clicks.
    onValuesChange(options.map((option) => option.value).filter((item) => next.includes(item)));
  };
  return (
    <fieldset className="px-5 py-4" aria-describedby={description ? `${id}-description` : undefined}>
      <legend className="float-left w-full text-sm font-medium">
        <Highlight text={label} />
      </legend>
      {description ? (
        <p id={`${id}-description`} className="clear-left pt-0.5 text-sm text-muted-foreground">
          <Highlight text={description} />
        </p>
      ) : null}
      {max !== undefined ? (
        <p className="clear-left pt-0.5 text-sm text-muted-foreground" aria-live="polite">
          Selected: {values.length}/{max}
        </p>
      ) : null}
      <div className="clear-left grid grid-cols-1 gap-3 pt-3 sm:grid-cols-2">
        {options.map((option) => {
          const checked = values.includes(option.value);
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="flex items-center gap-2">
              <Checkbox
                id={optionId}
                checked={checked}
                disabled={!checked && atCap}
                onCheckedChange={(state) => toggle(option.value, state === true)}
              />
              <label htmlFor={optionId} className="text-sm peer-disabled:opacity-60">
                <Highlight text={option.label} />
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The value a threshold input shows: blank for a disabled (null) threshold. */
const thresholdText = (value: number | null) => (value === null ? '' : String(value));

/**
 * An alert threshold (spec §5): a number from 0 to 1,000,000 in steps of 0.01. Blank spending means
 * disabled (null); blank low balance falls back to 100, blank large transaction to 1,000. Anything else shows 'Invalid amount' /
 * 'Please enter a valid positive number' and is not saved.
 */
export function NumberRow({
  label,
  description,
  kind,
  value,
  onValueChange,
  prefix,
}: {
  label: string;
  description?: string;
  kind: 'spending' | 'low_balance' | 'large_transaction';
  value: number | null;
  onValueChange: (value: number | null) => void;
  /** A currency symbol or code shown before the input. */
  prefix?: string;
}) {
  const id = useId();
  const [text, setText] = useState(() => thresholdText(value));
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [syncedValue, setSyncedValue] = useState(value);
  // A value changed elsewhere (a reload after a failed save) shows up unless the user is typing.
  if (!editing && value !== syncedValue) {
    setSyncedValue(value);
    setText(thresholdText(value));
    setError(null);
  }
  const errorId = `${id}-error`;
  const describedBy = [description ? `${id}-description` : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Row
      id={id}
      label={label}
      description={description}
      labelFor={`${id}-input`}
      extra={
        error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-destructive">
            <span className="font-medium">{MESSAGES.invalidAmount}:</span> {error}
          </p>
        ) : null
      }
      control={
        <div className="flex items-center gap-2">
          {prefix ? (
            <span aria-hidden="true" className="text-sm text-muted-foreground">
              {prefix}
            </span>
          ) : null}
          <Input
            id={`${id}-input`}
            type="number"
            inputMode="decimal"
            min={PREFERENCES_TIMING.thresholdMin}
            max={PREFERENCES_TIMING.thresholdMax}
            step={PREFERENCES_TIMING.thresholdStep}
            placeholder={
              kind === 'spending'
                ? 'Off'
                : String(
                    kind === 'low_balance'
                      ? PREFERENCES_TIMING.lowBalanceDefault
                      : PREFERENCES_TIMING.largeTransactionDefault,
                  )
            }
            className="w-full sm:w-40"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            onFocus={() => setEditing(true)}
            onBlur={() => {
              // What stays in the box is what is saved: blank low balance shows 100, bad input goes.
              if (error) toast.error(MESSAGES.invalidAmount, { description: error });
              setEditing(false);
              setSyncedValue(value);
              setText(thresholdText(value));
              setError(null);
            }}
            onChange={(event) => {
              setText(event.target.value);
              const parsed = parseThresholdInput(kind, event.target.value);
              if (!parsed.ok) {
                setError(parsed.message);
                return;
              }
              setError(null);
              onValueChange(parsed.value);
            }}
          />
        </div>
      }
    />
  );
}
