import { type FieldErrors, hasNoErrors } from '@lodestar/domain';
import { useMemo, useState } from 'react';

/**
 * The state of one calculator form: the text of each field as typed, the calculator input read from
 * it, one message per invalid field, and the result (null while any field is invalid). Results follow
 * every keystroke; there is nothing to submit.
 */
export function useCalculator<V extends Record<string, string>, I, R>({
  initial,
  locale,
  read,
  validate,
  calculate,
}: {
  initial: V;
  /** The user's number format, for reading typed numbers ('10.000' is ten thousand in de-DE). */
  locale: string;
  /** Field texts → calculator input (unparseable numbers become NaN, which validation reports). */
  read: (values: V, locale: string) => I;
  validate: (input: I) => FieldErrors<I>;
  calculate: (input: I) => R;
}) {
  const [values, setValues] = useState<V>(initial);
  const input = useMemo(() => read(values, locale), [read, values, locale]);
  const errors = useMemo(() => validate(input), [validate, input]);
  const result = useMemo(() => (hasNoErrors(errors) ? calculate(input) : null), [calculate, errors, input]);
  const setValue = <K extends keyof V>(field: K, value: V[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  return { values, setValue, input, errors, result };
}
