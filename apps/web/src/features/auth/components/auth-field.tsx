import { type ReactNode, useId } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** What a field's control needs for its label, its error and its hint to be announced. */
export type AuthControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled field: the control gets the label's id, `aria-invalid` when there is an error and
 * `aria-describedby` naming the error and the hint, which sit under it.
 */
export function AuthField({
  label,
  error,
  invalid,
  hint,
  labelAside,
  className,
  children,
}: {
  label: string;
  error?: string;
  /** Marks the control invalid without a message of its own (the message is on another field). */
  invalid?: boolean;
  hint?: ReactNode;
  /** Something on the label's line, right-aligned (the 'Forgot password?' link). */
  labelAside?: ReactNode;
  className?: string;
  children: (control: AuthControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({
        id,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {hint ? <div id={hintId}>{hint}</div> : null}
    </div>
  );
}
