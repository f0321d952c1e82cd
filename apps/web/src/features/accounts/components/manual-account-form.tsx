import { useSessionExpiredHandler } from '@/lib/session';
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, type AccountType, isLiability } from '@lodestar/domain/accounts';
import { currencyExponent, DISPLAY_CURRENCIES } from '@lodestar/domain/currencies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { RefusalMessage } from '@/components/refusal-message';
import { type Account, accountsApi, accountsQueryKeys } from '../api';
import { ACCOUNT_NAME_MAX, parseAmountInput, validateAccountName } from '../model';
import { FormField } from '@/components/form-field';

type Errors = { name?: string; balance?: string };

/**
 * A manual account: name (1–60), any spec type, a display currency (USD by default) and its current
 * balance. For a credit card or loan the user enters what is owed; it is saved as a negative balance.
 */
export function ManualAccountForm({
  onCreated,
  onCancel,
  submitLabel = 'Add account',
  cancelLabel = 'Back',
}: {
  onCreated: (account: Account) => void;
  onCancel: () => void;
  submitLabel?: string;
  cancelLabel?: string;
}) {
  const [name, setName] = useState('');
  const [type, setType] = useState<AccountType>('depository');
  const [currency, setCurrency] = useState<string>('USD');
  const [balance, setBalance] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const liability = isLiability(type);
  const create = useMutation({
    mutationFn: accountsApi.createAccount,
    onSuccess: (account) => {
      queryClient.setQueryData<Account[]>(accountsQueryKeys.accounts, (list) =>
        list && !list.some((item) => item.id === account.id) ? [...list, account] : list,
      );
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.accounts });
      toast.success(`${account.name} added`);
      onCreated(account);
    },
    onError: (error) => onSessionExpired(error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmountInput(balance, currencyExponent(currency));
    const next: Errors = { name: validateAccountName(name), balance: parsed.error };
    setErrors(next);
    if (next.name || parsed.error !== undefined || create.isPending) return;
    const value = liability ? -Math.abs(parsed.value) : parsed.value;
    create.mutate({ name: name.trim(), type, currency, balance: value === 0 ? 0 : value });
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4" aria-label="Add a manual account">
      <FormField label="Account name" error={errors.name} hint={`1 to ${ACCOUNT_NAME_MAX} characters.`}>
        {(control) => (
          <Input
            {...control}
            value={name}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Type">
          {(control) => (
            <Select value={type} onValueChange={(value) => setType(value as AccountType)}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ACCOUNT_TYPES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {ACCOUNT_TYPE_LABELS[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Currency">
          {(control) => (
            <Select value={currency} onValueChange={setCurrency}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DISPLAY_CURRENCIES.map((code) => (
                  <SelectItem key={code} value={code}>
                    {code}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      <FormField
        label={liability ? `Amount owed (${currency})` : `Current balance (${currency})`}
        error={errors.balance}
        hint={
          liability
            ? 'What you owe today; it is saved as a negative balance.'
            : 'What the account holds today.'
        }
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={balance}
            onChange={(event) => setBalance(event.target.value)}
          />
        )}
      </FormField>
      {create.error ? <RefusalMessage error={create.error} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
