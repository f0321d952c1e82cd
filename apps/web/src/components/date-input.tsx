import { formatIsoDate, type DateFormat } from '@lodestar/domain';
import { parseDateAs } from '@lodestar/domain/import/statement-dates';
import { CalendarDays } from 'lucide-react';
import { useRef, useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { useUserPreferences } from '@/lib/user-preferences';
import { cn } from '@/lib/utils';

/** The calendar date typed in `format` ('' for nothing typed), or undefined when it is not a real date. */
export function parseTypedDate(text: string, format: DateFormat): string | undefined {
  if (text.trim() === '') return '';
  return parseDateAs(text, format);
}

type DateInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange' | 'min' | 'max'> & {
  /** The date as 'YYYY-MM-DD', or '' for none. */
  value: string;
  /**
   * Called with 'YYYY-MM-DD' once the text is a real date, '' when it is cleared, and the text as typed
   * when it is not a date (so a form can say so); `onlyDates` calls it for the first two only.
   */
  onChange: (value: string) => void;
  /** 'YYYY-MM-DD' bounds, for the calendar picker. */
  min?: string;
  max?: string;
  /** Call onChange only with a date or '' (filters that apply as you type). */
  onlyDates?: boolean;
  /** The accessible name of the calendar button. */
  pickerLabel?: string;
};

/**
 * A date typed in the user's date format (spec §3 date_format: a DD/MM user types DD/MM, never the
 * browser's own order), with the format as placeholder and a calendar button that opens the browser's
 * picker. Two-digit years and one-digit days and months are read; on leaving the field a date is
 * rewritten in full.
 */
export function DateInput({
  value,
  onChange,
  min,
  max,
  onlyDates = false,
  pickerLabel = 'Choose a date',
  className,
  onBlur,
  disabled,
  ...props
}: DateInputProps) {
  const format = useUserPreferences().preferences.date_format;
  const shown = (iso: string) => (iso ? formatIsoDate(iso, format) : '');
  const [text, setText] = useState(() => shown(value));
  const [seen, setSeen] = useState({ value, format });
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a reset, a default) or a new date format replaces the text, unless the
  // text already says that date.
  if (seen.value !== value || seen.format !== format) {
    setSeen({ value, format });
    if (parseTypedDate(text, format) !== value || seen.format !== format) setText(shown(value));
  }
  const parsed = parseTypedDate(text, format);
  const invalid = parsed === undefined;

  function type(next: string) {
    setText(next);
    const date = parseTypedDate(next, format);
    if (date !== undefined) {
      setSeen({ value: date, format });
      onChange(date);
    } else if (!onlyDates) {
      setSeen({ value: next, format });
      onChange(next);
    }
  }

  return (
    <div className={cn('relative', className)}>
      <Input
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={format}
        value={text}
        disabled={disabled}
        aria-invalid={props['aria-invalid'] ?? (invalid || undefined)}
        onChange={(event) => type(event.target.value)}
        onBlur={(event) => {
          if (parsed) setText(shown(parsed));
          onBlur?.(event);
        }}
        className="pr-10"
      />
      <button
        type="button"
        className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
        aria-label={pickerLabel}
        disabled={disabled}
        onClick={() => {
          const input = picker.current;
          if (!input) return;
          if (typeof input.showPicker === 'function') {
            try {
              input.showPicker();
              return;
            } catch {
              // Not allowed here (no user activation): fall back to focusing the hidden input.
            }
          }
          input.focus();
        }}
      >
        <CalendarDays className="size-4" aria-hidden="true" />
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
        value={parsed || ''}
        min={min}
        max={max}
        onChange={(event) => type(event.target.value ? shown(event.target.value) : '')}
      />
    </div>
  );
}
