import { useSessionExpiredHandler } from '@/lib/session';
import { currencyExponent } from '@lodestar/domain/currencies';
import { isIsoDate } from '@lodestar/domain/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { todayIn, useFigureDisplay } from '@/components/figure-display';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { DateInput } from '@/components/date-input';
import { type Account, accountsApi, accountsQueryKeys, errorMessage } from '../api';
import { DELETE_HISTORY_TEXT, deleteAccountQuestion } from '../messages';
import { ACCOUNT_NAME_MAX, parseAmountInput, validateAccountName } from '../model';
import { useFailureToast, useInvalidateMoneyData } from '../queries';
import { FormField } from '@/components/form-field';

type DialogProps = { account: Account; open: boolean; onOpenChange: (open: boolean) => void };

function useReplaceAccount() {
  const queryClient = useQueryClient();
  return (saved: Account) => {
    queryClient.setQueryData<Account[]>(accountsQueryKeys.accounts, (list) =>
      list?.map((account) => (account.id === saved.id ? { ...account, ...saved } : account)),
    );
    void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.accounts });
  };
}

/** A failure inside a dialog: said in the dialog, where the user is looking. */
function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {errorMessage(error)}
    </p>
  );
}

/** Rename: 1 to 60 characters. */
export function RenameAccountDialog({ account, open, onOpenChange }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? <RenameForm account={account} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const [name, setName] = useState(account.name);
  const [error, setError] = useState<string>();
  const replace = useReplaceAccount();
  const onSessionExpired = useSessionExpiredHandler();
  const rename = useMutation({
    mutationFn: (value: string) => accountsApi.updateAccount(account.id, { name: value }),
    onSuccess: (saved) => {
      replace(saved);
      toast.success(`Renamed to ${saved.name}`);
      onDone();
    },
    onError: (failure) => onSessionExpired(failure),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAccountName(name);
    setError(problem);
    if (problem || rename.isPending) return;
    rename.mutate(name.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Rename account</DialogTitle>
        <DialogDescription>
          The name Lodestar shows for {account.name}. Up to 60 characters.
        </DialogDescription>
      </DialogHeader>
      <FormField label="Account name" error={error}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={ACCOUNT_NAME_MAX + 20}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <FormError error={rename.error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A manual account's balance on a date (balance history). */
export function UpdateBalanceDialog({ account, open, onOpenChange }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? <BalanceForm account={account} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BalanceForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  // "Today" is the calendar day in the user's time zone preference, not the browser's.
  const { timeZone, dateFormat } = useFigureDisplay();
  const [date, setDate] = useState(() => todayIn(timeZone));
  const [errors, setErrors] = useState<{ amount?: string; date?: string }>({});
  const replace = useReplaceAccount();
  const invalidate = useInvalidateMoneyData();
  const onSessionExpired = useSessionExpiredHandler();
  const save = useMutation({
    mutationFn: ({ balance, on }: { balance: number; on: string }) =>
      accountsApi.updateBalance(account.id, balance, on),
    onSuccess: (saved) => {
      replace(saved);
      void invalidate();
      toast.success(`Balance of ${saved.name} updated`);
      onDone();
    },
    onError: (failure) => onSessionExpired(failure),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmountInput(amount, currencyExponent(account.currency));
    const today = todayIn(timeZone);
    const dateError = !isIsoDate(date)
      ? date
        ? `Enter a real date as ${dateFormat}`
        : 'Enter a date'
      : date > today
        ? 'The date cannot be in the future'
        : undefined;
    setErrors({ amount: parsed.error, date: dateError });
    if (parsed.error !== undefined || dateError || save.isPending) return;
    save.mutate({ balance: parsed.value, on: date });
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Update balance</DialogTitle>
        <DialogDescription>
          What {account.name} held on a date, in {account.currency}. Earlier balances stay in its history.
        </DialogDescription>
      </DialogHeader>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={`Balance (${account.currency})`} error={errors.amount}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Date" error={errors.date}>
          {(control) => <DateInput {...control} max={todayIn(timeZone)} value={date} onChange={setDate} />}
        </FormField>
      </div>
      <FormError error={save.error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save balance'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * 'Delete {name} and its {n} transactions? This cannot be undone.', and what happens to history: its
 * balance history leaves net worth on every past day, and its imports go with it.
 */
export function DeleteAccountDialog({
  account,
  open,
  onOpenChange,
  onDeleted,
}: DialogProps & { onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMoneyData();
  const fail = useFailureToast();
  const remove = useMutation({
    mutationFn: () => accountsApi.deleteAccount(account.id),
    onSuccess: (result) => {
      queryClient.setQueryData<Account[]>(accountsQueryKeys.accounts, (list) =>
        list?.filter((item) => item.id !== account.id),
      );
      void invalidate();
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.imports });
      toast.success(`${account.name} deleted`, {
        description: `${result.deletedTransactions} ${result.deletedTransactions === 1 ? 'transaction' : 'transactions'} removed`,
      });
      onOpenChange(false);
      onDeleted?.();
    },
    onError: (error) => fail(`Could not delete ${account.name}`, error),
  });
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete account</AlertDialogTitle>
          <AlertDialogDescription>
            {deleteAccountQuestion(account.name, account.transactionCount)}
          </AlertDialogDescription>
          <p className="text-sm text-muted-foreground">{DELETE_HISTORY_TEXT}</p>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (!remove.isPending) remove.mutate();
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete account'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
