import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DateInput } from '@/components/date-input';
import { todayIn, useFigureDisplay } from '@/components/figure-display';
import { FormField } from '@/components/form-field';
import { LoadError } from '@/components/load-error';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import {
  accountsQuery,
  decimalInput,
  formSymbol,
  holdsAlready,
  type HoldingFormErrors,
  type HoldingFormValues,
  manualInvestmentAccounts,
  securityTransactionsQuery,
  SYMBOL_STATUS_NOTES,
  useAddHolding,
  useChangeLot,
  useRemoveLot,
  validateHoldingForm,
} from '../manual-holdings';
import { resultDetails, SymbolSearchResults } from './symbol-search-results';

/** One buy (lot) of a holding added by hand, as the edit form starts from it. */
export type EditableHolding = {
  /** The lot's id. */
  id: string;
  symbol: string;
  accountName: string;
  currency: string;
  quantity: string;
  price: string;
  date: string;
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit (and remove) this buy of a holding; without it the dialog adds one. */
  holding?: EditableHolding;
  /** Open on the confirmation to remove `holding`'s buy. */
  removing?: boolean;
  /** The symbol to start from when adding (a security's page). */
  symbol?: string;
};

/** Add a holding (or another buy of one) by hand to a manual investment account, or change or remove a buy. */
export function HoldingDialog({ open, onOpenChange, holding, removing = false, symbol }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        {open ? (
          holding ? (
            <EditForm holding={holding} removing={removing} onDone={() => onOpenChange(false)} />
          ) : (
            <AddForm symbol={symbol ?? ''} onDone={() => onOpenChange(false)} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {errorMessage(error)}
    </p>
  );
}

/** Matches from the market search, each a button that fills the symbol in. */
function SymbolSearch({ query, onPick }: { query: string; onPick: (symbol: string) => void }) {
  return (
    <SymbolSearchResults
      query={query}
      label={`Matches for ${query}`}
      empty={
        <>Nothing matches “{query}”. A symbol the market-data provider does not know can still be added.</>
      }
      limit={8}
      className="grid max-h-48 gap-1 overflow-y-auto"
      item={(result) => (
        <li key={result.symbol}>
          <button
            type="button"
            className="w-full rounded-md border px-3 py-2 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            onClick={() => onPick(result.symbol)}
          >
            <span className="font-medium">{result.symbol}</span>{' '}
            <span className="text-sm">{result.name}</span>
            <span className="block text-xs text-muted-foreground">{resultDetails(result)}</span>
          </button>
        </li>
      )}
    />
  );
}

function NoManualAccount({ onDone }: { onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Add holding</DialogTitle>
        <DialogDescription>
          Holdings are added by hand to a manual investment or brokerage account: one no connection keeps up
          to date. You have none yet.
        </DialogDescription>
      </DialogHeader>
      <p className="text-sm">
        On the Accounts page choose Add account, then Manual account, with the type Investment or Brokerage
        and its cash as the balance. Then come back here to add what it holds.
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Close
        </Button>
        <Button asChild>
          <Link to="/accounts" onClick={onDone}>
            Go to Accounts
          </Link>
        </Button>
      </DialogFooter>
    </div>
  );
}

function AddForm({ symbol: initialSymbol, onDone }: { symbol: string; onDone: () => void }) {
  const accounts = useQuery(accountsQuery());
  const { timeZone } = useFigureDisplay();
  const [values, setValues] = useState<HoldingFormValues>({
    accountId: '',
    symbol: initialSymbol,
    quantity: '',
    price: '',
    date: todayIn(timeZone),
  });
  const [errors, setErrors] = useState<HoldingFormErrors>({});
  const [query, setQuery] = useState('');
  const add = useAddHolding();
  const onSessionExpired = useSessionExpiredHandler();
  const set = (key: keyof HoldingFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  // The buys of the symbol typed: an account that has one gets this as another buy of that holding.
  const symbolTyped = formSymbol(values.symbol);
  const held = useQuery({ ...securityTransactionsQuery(symbolTyped ?? ''), enabled: symbolTyped !== null });

  if (accounts.isPending)
    return (
      <p className="text-sm text-muted-foreground" role="status">
        Loading your accounts…
      </p>
    );
  if (accounts.isError)
    return (
      <LoadError
        title="Failed to fetch your accounts"
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        retrying={accounts.isFetching}
      />
    );
  const choices = manualInvestmentAccounts(accounts.data);
  if (choices.length === 0) return <NoManualAccount onDone={onDone} />;
  const accountId = values.accountId || (choices.length === 1 ? (choices[0]?.id ?? '') : '');
  const account = choices.find((choice) => choice.id === accountId);
  const currency = account?.currency;
  const another = holdsAlready(held.data?.transactions, accountId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = { ...values, accountId };
    const problems = validateHoldingForm(filled, todayIn(timeZone), { editing: false });
    setErrors(problems);
    if (Object.keys(problems).length > 0 || add.isPending) return;
    add.mutate(
      {
        accountId,
        symbol: filled.symbol.trim().toUpperCase(),
        quantity: decimalInput(filled.quantity),
        price: decimalInput(filled.price),
        date: filled.date,
      },
      {
        onSuccess: (added) => {
          const note = SYMBOL_STATUS_NOTES[added.symbolStatus];
          toast.success(
            added.holding.lots > 1
              ? `Another buy of ${added.holding.symbol} added`
              : `${added.holding.symbol} added`,
            note ? { description: note } : undefined,
          );
          onDone();
        },
        onError: (failure) => onSessionExpired(failure),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Add holding</DialogTitle>
        <DialogDescription>
          A position in a manual investment account: how many units you bought, at what price, on which day.
          It is valued at the market-data provider’s latest price when it quotes the symbol in the account’s
          currency, else at your buy price. The account’s balance becomes its cash plus its holdings’ value.
        </DialogDescription>
      </DialogHeader>
      <FormField label="Account" error={errors.accountId}>
        {(control) => (
          <Select value={accountId} onValueChange={set('accountId')}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue placeholder="Choose an account" />
            </SelectTrigger>
            <SelectContent>
              {choices.map((account) => (
                <SelectItem key={account.id} value={account.id}>
                  {account.name} ({account.currency})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <div className="grid gap-2">
        <FormField
          label="Symbol"
          error={errors.symbol}
          hint="Search by name or symbol, or type a symbol the market does not list."
        >
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                value={values.symbol}
                maxLength={50}
                autoComplete="off"
                placeholder="AAPL"
                onChange={(event) => set('symbol')(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && values.symbol.trim()) {
                    event.preventDefault();
                    setQuery(values.symbol.trim().slice(0, 50));
                  }
                }}
              />
              <Button
                type="button"
                variant="outline"
                disabled={values.symbol.trim() === ''}
                onClick={() => setQuery(values.symbol.trim().slice(0, 50))}
              >
                <Search aria-hidden="true" />
                Search
              </Button>
            </div>
          )}
        </FormField>
        <SymbolSearch
          query={query}
          onPick={(picked) => {
            set('symbol')(picked);
            setQuery('');
          }}
        />
      </div>
      {another && symbolTyped && account ? (
        <p role="status" className="rounded-md border bg-muted/50 px-3 py-2 text-sm">
          {account.name} already holds {symbolTyped}: this is added as another buy of that holding, and its
          quantity and cost add up.
        </p>
      ) : null}
      <PositionFields values={values} errors={errors} currency={currency} onChange={set} />
      <FormError error={add.error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : another ? 'Add buy' : 'Add holding'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function PositionFields({
  values,
  errors,
  currency,
  onChange,
}: {
  values: Pick<HoldingFormValues, 'quantity' | 'price' | 'date'>;
  errors: HoldingFormErrors;
  currency: string | undefined;
  onChange: (key: keyof HoldingFormValues) => (value: string) => void;
}) {
  const { timeZone } = useFigureDisplay();
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <FormField label="Quantity" error={errors.quantity}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={values.quantity}
            onChange={(event) => onChange('quantity')(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label={currency ? `Buy price per unit (${currency})` : 'Buy price per unit'}
        error={errors.price}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={values.price}
            onChange={(event) => onChange('price')(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Bought on" error={errors.date}>
        {(control) => (
          <DateInput {...control} max={todayIn(timeZone)} value={values.date} onChange={onChange('date')} />
        )}
      </FormField>
    </div>
  );
}

function EditForm({
  holding,
  removing,
  onDone,
}: {
  holding: EditableHolding;
  removing: boolean;
  onDone: () => void;
}) {
  const { timeZone } = useFigureDisplay();
  const [values, setValues] = useState<HoldingFormValues>({
    accountId: '',
    symbol: holding.symbol,
    quantity: holding.quantity,
    price: holding.price,
    date: holding.date,
  });
  const [errors, setErrors] = useState<HoldingFormErrors>({});
  const [confirming, setConfirming] = useState(removing);
  const change = useChangeLot();
  const remove = useRemoveLot();
  const onSessionExpired = useSessionExpiredHandler();
  const set = (key: keyof HoldingFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  if (confirming) {
    return (
      <div className="grid gap-4">
        <DialogHeader>
          <DialogTitle>Remove this buy of {holding.symbol}?</DialogTitle>
          <DialogDescription>
            Remove the buy of {holding.quantity} {holding.symbol} on {holding.date} from {holding.accountName}
            . The account keeps its cash; its balance history no longer counts these units. Removing a
            holding’s last buy removes the holding.
          </DialogDescription>
        </DialogHeader>
        <FormError error={remove.error} />
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() => (removing ? onDone() : setConfirming(false))}
          >
            Keep it
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(holding.id, {
                onSuccess: (removed) => {
                  toast.success(
                    removed.holdingRemoved ? `${holding.symbol} removed` : `Buy of ${holding.symbol} removed`,
                  );
                  onDone();
                },
                onError: (failure) => onSessionExpired(failure),
              })
            }
          >
            {remove.isPending ? 'Removing...' : 'Remove buy'}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateHoldingForm(values, todayIn(timeZone), { editing: true });
    setErrors(problems);
    if (Object.keys(problems).length > 0 || change.isPending) return;
    change.mutate(
      {
        lotId: holding.id,
        body: {
          quantity: decimalInput(values.quantity),
          price: decimalInput(values.price),
          date: values.date,
        },
      },
      {
        onSuccess: (changed) => {
          const note = SYMBOL_STATUS_NOTES[changed.symbolStatus];
          toast.success(`${holding.symbol} updated`, note ? { description: note } : undefined);
          onDone();
        },
        onError: (failure) => onSessionExpired(failure),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Edit buy of {holding.symbol}</DialogTitle>
        <DialogDescription>
          In {holding.accountName}. To hold it in another account or under another symbol, remove it and add
          it again.
        </DialogDescription>
      </DialogHeader>
      <PositionFields values={values} errors={errors} currency={holding.currency} onChange={set} />
      <FormError error={change.error} />
      <DialogFooter className="sm:justify-between">
        <Button
          type="button"
          variant="ghost"
          className="text-destructive"
          onClick={() => setConfirming(true)}
        >
          Remove…
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}
