import { RadioGroup } from 'radix-ui';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export type SegmentedOption<T extends string> = { value: T; label: string; icon?: LucideIcon };

/**
 * A row of buttons of which exactly one is chosen: a Radix radio group, so arrow keys move the choice
 * and screen readers announce "radio, 2 of 3, checked".
 */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onValueChange,
  className,
}: {
  /** Accessible name of the group. */
  label: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onValueChange: (value: T) => void;
  className?: string;
}) {
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value}
      orientation="horizontal"
      onValueChange={(next) => {
        const option = options.find((candidate) => candidate.value === next);
        if (option) onValueChange(option.value);
      }}
      className={cn('inline-flex flex-wrap gap-1 rounded-md border bg-muted p-1', className)}
    >
      {options.map(({ value: optionValue, label: optionLabel, icon: Icon }) => (
        <RadioGroup.Item
          key={optionValue}
          value={optionValue}
          className="inline-flex items-center gap-1.5 rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=checked]:bg-card data-[state=checked]:text-foreground data-[state=checked]:shadow-sm data-[state=checked]:ring-1 data-[state=checked]:ring-primary"
        >
          {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
          {optionLabel}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
