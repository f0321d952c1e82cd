import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { NewExchange, SupportedExchanges } from './api';
import { useConnectExchange } from './queries';

type FieldName = SupportedExchanges['exchanges'][number]['fields'][number]['name'];

/**
 * Connect an exchange: pick it, then fill in only the credentials its API key has (the server's list,
 * from ccxt). The key is checked by the exchange before anything is stored; a key that can trade or
 * withdraw is refused with the permissions to switch off.
 */
export function ConnectExchangeForm({
  supported,
  onDone,
}: {
  supported: SupportedExchanges;
  onDone?: () => void;
}) {
  const [exchangeId, setExchangeId] = useState(supported.exchanges[0]?.id ?? 'binance');
  const [values, setValues] = useState<Partial<Record<FieldName, string>>>({});
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'label' | 'form', string>>>({});
  const connect = useConnectExchange();
  const baseId = useId();
  const exchange = supported.exchanges.find((item) => item.id === exchangeId) ?? supported.exchanges[0];
  if (!exchange) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    const missing: Partial<Record<FieldName, string>> = {};
    for (const field of exchange.fields)
      if (!values[field.name]?.trim()) missing[field.name] = `Enter the ${field.label}`;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const body: NewExchange = { exchange: exchange.id };
    for (const field of exchange.fields) body[field.name] = values[field.name]?.trim() ?? '';
    if (label.trim()) body.label = label.trim();
    connect.mutate(body, {
      onSuccess: () => {
        setValues({});
        setLabel('');
        onDone?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.items.length) {
          const next: Partial<Record<FieldName | 'label' | 'form', string>> = {};
          for (const item of error.items) next[(item.field as FieldName | 'label') ?? 'form'] = item.message;
          setErrors(next);
        } else setErrors({ form: errorMessage(error) });
      },
    });
  };

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={submit} noValidate aria-label="Connect an exchange">
      <fieldset className="grid grid-cols-1 gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Exchange</legend>
        <div className="flex flex-wrap gap-2">
          {supported.exchanges.map((option) => (
            <label
              key={option.id}
              className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={`${baseId}-exchange`}
                value={option.id}
                checked={exchangeId === option.id}
                onChange={() => {
                  setExchangeId(option.id);
                  setErrors({});
                }}
                className="accent-primary"
              />
              {option.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div
        className="rounded-md border border-dashed p-3 text-sm text-muted-foreground"
        id={`${baseId}-advice`}
      >
        <p className="font-medium text-foreground">Use a read-only key</p>
        <p>{supported.advice}</p>
        <p className="mt-1">
          On {exchange.name}: {exchange.keyHelp}.
        </p>
      </div>
      {exchange.fields.map((field) => {
        const id = `${baseId}-${field.name}`;
        const error = errors[field.name];
        return (
          <div key={field.name} className="grid grid-cols-1 gap-1.5">
            <Label htmlFor={id}>{field.label}</Label>
            <Input
              id={id}
              type={field.name === 'apiKey' || field.name === 'uid' ? 'text' : 'password'}
              value={values[field.name] ?? ''}
              onChange={(event) => {
                setValues((current) => ({ ...current, [field.name]: event.target.value }));
                setErrors((current) => ({ ...current, [field.name]: undefined }));
              }}
              spellCheck={false}
              autoComplete="off"
              className="font-mono text-sm"
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error ? true : undefined}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={`${baseId}-label`}>Name (optional)</Label>
        <Input
          id={`${baseId}-label`}
          value={label}
          maxLength={100}
          placeholder={exchange.name}
          onChange={(event) => setLabel(event.target.value)}
          autoComplete="off"
          aria-describedby={errors.label ? `${baseId}-label-error` : undefined}
          aria-invalid={errors.label ? true : undefined}
        />
        {errors.label ? (
          <p id={`${baseId}-label-error`} role="alert" className="text-sm text-destructive">
            {errors.label}
          </p>
        ) : null}
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? 'Checking the key…' : 'Connect exchange'}
        </Button>
      </div>
    </form>
  );
}
