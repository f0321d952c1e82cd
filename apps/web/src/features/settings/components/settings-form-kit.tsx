import { type ReactNode, useId } from 'react';
import { SegmentedControl, type SegmentedOption } from '@/components/ui/segmented-control';
import { Switch } from '@/components/ui/switch';

/** A titled group of settings (spec §2's settings form kit). */
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
          {title}
        </h3>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      <div className="divide-y">{children}</div>
    </section>
  );
}

function Row({
  label,
  labelId,
  description,
  descriptionId,
  control,
}: {
  label: string;
  labelId: string;
  description?: string;
  descriptionId: string;
  control: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium">
          {label}
        </p>
        {description ? (
          <p id={descriptionId} className="mt-0.5 text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <div className="shrink-0">{control}</div>
    </div>
  );
}

export function SwitchRow({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Row
      label={label}
      labelId={`${id}-label`}
      description={description}
      descriptionId={`${id}-description`}
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
      label={label}
      labelId={`${id}-label`}
      description={description}
      descriptionId={`${id}-description`}
      control={
        <SegmentedControl label={label} value={value} options={options} onValueChange={onValueChange} />
      }
    />
  );
}
