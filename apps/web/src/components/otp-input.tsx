import { LIMITS, sanitizeOtpInput } from '@lodestar/domain';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export type OtpInputProps = {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  autoFocus?: boolean;
  id?: string;
  'aria-describedby'?: string;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>;

/**
 * A one-time-code field: a single numeric text input that keeps only digits and truncates to
 * `length` (default 6), so pasting "123 456" gives "123456". Label it with a <Label htmlFor={id}>.
 */
export function OtpInput({ value, onChange, length = LIMITS.otpLength, className, ...props }: OtpInputProps) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      className={cn('text-center font-mono text-lg tracking-[0.5em] md:text-lg', className)}
      {...props}
      value={value}
      onChange={(event) => onChange(sanitizeOtpInput(event.target.value, length))}
    />
  );
}
