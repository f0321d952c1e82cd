import { formatPercentage, nextMonth, toMajorString } from '@lodestar/domain';
import { useWriteAccess } from '@/lib/household';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarRange, Copy, EyeOff, Sigma } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useFigureDisplay } from '@/components/figure-display';
import { LoadError } from '@/components/load-error';
import { MoneyText } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import {
  type AverageWindow,
  type BudgetLine,
  type BudgetMonth,
  budgetKeys,
  budgetMonthQuery,
  budgetsApi,
} from '../budgets-api';
import { MonthNav } from '../components/month-nav';
import { adjacentMonths, currentMonth, monthLabel, monthName, parseMonth } from '../month';

export const BUDGET_TEXTS = {
  amountError: 'Enter an amount from 0 to 1,000,000',
  saved: 'Budget saved',
  removed: 'Budget removed',
  copied: 'Budgets copied from last month',
  averaged: 'Budgets set from the average',
} as const;

const WINDOWS: readonly { value: AverageWindow; label: string }[] = [
  { value: '3', label: '3 months' },
  { value: '6', label: '6 months' },
  { value: '12', label: '12 months' },
];

/** '', a number from 0 to 1,000,000 with at most two decimals, or null when it is not one. */
function parseAmount(text: string): number | null | 'invalid' {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return null;
  if (!/^\d+(\.\d{0,2})?$/.test(value)) return 'invalid';
  const number = Number(value);
  return number <= 1_000_000 ? number : 'invalid';
}

const STATUS_TEXT: Record<BudgetLine['status'], string> = {
  none: 'No budget',
  under: 'On track',
  near: 'Nearly used up',
  over: 'Budget used up',
};

/** The bar's colour says the status, and the status is also written next to it. */
function ProgressBar({ line, label }: { line: BudgetLine; label: string }) {
  const percent = line.percent ?? (line.status === 'over' ? 100 : 0);
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(Math.min(100, Math.max(0, percent)))}
      aria-valuetext={line.percent === null ? STATUS_TEXT[line.status] : `${line.percent} % used`}
      className="h-2.5 overflow-hidden rounded-full bg-muted in-[.high-contrast]:border in-[.high-contrast]:border-foreground"
    >
      <div
        data-status={line.status}
        className={cn(
          'h-full rounded-full',
          line.status === 'over' ? 'bg-destructive' : line.status === 'near' ? 'bg-amber-500' : 'bg-primary',
        )}
        style={{ width: `${width}%` }}
      />
    </div>
  );
}

function AmountField({
  line,
  month,
  onSave,
  saving,
}: {
  line: BudgetLine;
  month: string;
  onSave: (amount: number | null) => void;
  saving: boolean;
}) {
  const id = useId();
  const stored = line.budget ? toMajorString(line.budget) : '';
  const [text, setText] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  // A new answer from the server (another month, copy, average) replaces what the field shows.
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    setText(stored);
    setError(null);
  }
  // What was last sent for this field: Enter then the blur that follows must not save twice.
  const [sent, setSent] = useState<number | null | undefined>(undefined);
  const commit = () => {
    const parsed = parseAmount(text);
    if (parsed === 'invalid') {
      setError(BUDGET_TEXTS.amountError);
      return;
    }
    setError(null);
    const current = line.budget ? Number(toMajorString(line.budget)) : null;
    if (parsed === current || (saving && parsed === sent)) return;
    setSent(parsed);
    onSave(parsed);
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        <span className="sr-only">{`${line.label}: `}</span>
        {`Budget for ${monthName(month)}`}
      </label>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        placeholder="No budget"
        readOnly={saving}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        className="w-32"
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function BudgetRow({
  line,
  view,
  window,
  masked,
  locale,
  onSave,
  onRollover,
  saving,
}: {
  line: BudgetLine;
  view: BudgetMonth;
  window: AverageWindow;
  masked: boolean;
  locale: string;
  onSave: (category: string, amount: number | null) => void;
  onRollover: (category: string, rollover: boolean) => void;
  saving: boolean;
}) {
  const rolloverId = useId();
  const { canWrite } = useWriteAccess();
  const average = line.averages[window];
  const money = (amount: BudgetLine['spent']) => (
    <MoneyText amount={amount} tone="plain" masked={masked} locale={locale} />
  );
  return (
    <li
      className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-start"
      data-testid={`budget-${line.category}`}
    >
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 className="font-medium">{line.label}</h3>
          <p className="text-sm tabular-nums">
            {money(line.spent)}
            {line.available ? (
              <>
                <span className="text-muted-foreground"> of </span>
                {money(line.available)}
              </>
            ) : (
              <span className="text-muted-foreground"> spent</span>
            )}
          </p>
        </div>
        {line.available ? <ProgressBar line={line} label={`${line.label}: spent of budget`} /> : null}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {line.status !== 'none' ? (
            <span
              className={cn(
                line.status === 'over' && 'font-medium text-destructive',
                line.status === 'near' && 'font-medium text-amber-800 dark:text-amber-300',
              )}
            >
              {STATUS_TEXT[line.status]}
              {line.percent ? ` (${formatPercentage(line.percent, locale)})` : ''}
            </span>
          ) : null}
          {line.remaining ? (
            <span>
              {line.remaining.amountMinor >= 0 ? 'Left: ' : 'Over by: '}
              <MoneyText
                amount={{ ...line.remaining, amountMinor: Math.abs(line.remaining.amountMinor) }}
                tone="plain"
                masked={masked}
                locale={locale}
              />
            </span>
          ) : null}
          {line.remainingPerDay && line.remainingPerDay.amountMinor > 0 && view.daysLeft > 0 ? (
            <span>
              {'Per day left: '}
              {money(line.remainingPerDay)}
            </span>
          ) : null}
          {line.rollover && line.carried.amountMinor !== 0 ? (
            <span>
              {line.carried.amountMinor > 0 ? 'Carried in: ' : 'Overspent before: '}
              <MoneyText
                amount={{ ...line.carried, amountMinor: Math.abs(line.carried.amountMinor) }}
                tone="plain"
                masked={masked}
                locale={locale}
              />
            </span>
          ) : null}
          <span>
            {`Average of ${window} months: `}
            {money(average)}
          </span>
        </p>
      </div>
      {canWrite ? (
        <div className="flex items-end gap-4 sm:justify-end">
          <AmountField
            line={line}
            month={view.month}
            saving={saving}
            onSave={(amount) => onSave(line.category, amount)}
          />
          <div className="flex items-center gap-2 pb-2">
            <Switch
              id={rolloverId}
              checked={line.rollover}
              disabled={saving}
              onCheckedChange={(checked) => onRollover(line.category, checked)}
            />
            <label htmlFor={rolloverId} className="text-sm">
              Roll over
              <span className="sr-only">{` ${line.label}`}</span>
            </label>
          </div>
        </div>
      ) : line.rollover ? (
        <p className="text-sm text-muted-foreground sm:text-right">Rolls over</p>
      ) : null}
    </li>
  );
}

/**
 * Budgets (/expenses/budgets?month=YYYY-MM): a monthly amount per spending category and for all
 * spending, with what was spent from the same figures as Expenses, what is left per day, the average of
 * the months before, rollover, and "copy last month" / "set from average".
 */
export function BudgetsRoute() {
  const display = useFigureDisplay();
  const { canWrite } = useWriteAccess();
  const { masked, locale } = display;
  const [openedAt] = useState(() => Date.now());
  // Budgets may be set one month ahead.
  const thisMonth = currentMonth(openedAt, display.timeZone);
  const latest = nextMonth(thisMonth);
  const [params, setParams] = useSearchParams();
  // A month up to next month; anything else (missing, malformed, further ahead) means this month.
  const asked = params.get('month');
  const month = asked && parseMonth(asked, latest) === asked ? asked : thisMonth;
  const { previous, next } = adjacentMonths(month, latest);
  const [window, setWindow] = useState<AverageWindow>('3');
  const queryClient = useQueryClient();
  const view = useQuery(budgetMonthQuery(month));

  const showMonth = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('month', value);
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );

  const settle = (data: BudgetMonth) => {
    queryClient.setQueryData(budgetKeys.month(data.month), data);
    // Rollover and amounts change the months after this one too.
    void queryClient.invalidateQueries({ queryKey: budgetKeys.all, refetchType: 'none' });
  };
  const mutation = useMutation({
    mutationFn: async (
      change:
        | { kind: 'amount'; category: string; amount: number | null }
        | { kind: 'rollover'; category: string; rollover: boolean }
        | { kind: 'copy' }
        | { kind: 'average'; months: number },
    ) => {
      switch (change.kind) {
        case 'amount':
          return budgetsApi.setAmount(month, change.category, change.amount);
        case 'rollover':
          return budgetsApi.setRollover(month, change.category, change.rollover);
        case 'copy':
          return budgetsApi.copyPrevious(month);
        case 'average':
          return budgetsApi.fromAverage(month, change.months);
      }
    },
    onSuccess: (data, change) => {
      settle(data);
      if (change.kind === 'amount')
        toast.success(change.amount === null ? BUDGET_TEXTS.removed : BUDGET_TEXTS.saved);
      if (change.kind === 'copy') toast.success(BUDGET_TEXTS.copied);
      if (change.kind === 'average') toast.success(BUDGET_TEXTS.averaged);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const saving = mutation.isPending;

  const header = (
    <PageHeader
      title="Budgets"
      description="A monthly amount per category, and how much of it is spent."
      actions={<MonthNav month={month} previous={previous} next={next} onChange={showMonth} />}
    />
  );

  let body;
  if (view.isPending) {
    body = <ListSkeleton rows={6} label="Loading budgets…" />;
  } else if (view.isError) {
    body = (
      <Card>
        <LoadError
          title="Budgets could not be loaded"
          error={view.error}
          onRetry={() => void view.refetch()}
          retrying={view.isFetching}
        />
      </Card>
    );
  } else {
    const data = view.data;
    const anyBudget = [data.overall, ...data.categories].some((line) => line.budget !== null);
    const rowProps = {
      view: data,
      window,
      masked,
      locale,
      saving,
      onSave: (category: string, amount: number | null) =>
        mutation.mutate({ kind: 'amount', category, amount }),
      onRollover: (category: string, rollover: boolean) =>
        mutation.mutate({ kind: 'rollover', category, rollover }),
    };
    body = (
      <div className="space-y-4">
        <Card>
          <CardHeader>
            <CardTitle>{`All spending in ${monthLabel(month)}`}</CardTitle>
            <CardDescription>
              {data.daysLeft > 0 && data.daysLeft < data.daysInMonth
                ? `${data.daysLeft} ${data.daysLeft === 1 ? 'day' : 'days'} left this month, today included.`
                : data.daysLeft === 0
                  ? 'This month is over.'
                  : 'This month has not started yet.'}
              {anyBudget || !canWrite
                ? ''
                : ' No budget is set for this month yet: enter amounts below, copy last month’s or start from your average.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="flex flex-wrap items-center gap-2">
              {canWrite ? (
                <>
                  <Button
                    variant="outline"
                    disabled={saving || !data.previousMonthHasBudgets}
                    onClick={() => mutation.mutate({ kind: 'copy' })}
                  >
                    <Copy aria-hidden="true" />
                    Copy last month
                  </Button>
                  <Button
                    variant="outline"
                    disabled={saving}
                    onClick={() => mutation.mutate({ kind: 'average', months: Number(window) })}
                  >
                    <Sigma aria-hidden="true" />
                    {`Set from ${window}-month average`}
                  </Button>
                </>
              ) : null}
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <CalendarRange aria-hidden="true" className="size-4" />
                Compare with
              </span>
              <SegmentedControl
                label="Average over"
                value={window}
                options={WINDOWS}
                onValueChange={setWindow}
              />
            </div>
            {canWrite && !data.previousMonthHasBudgets ? (
              <p className="text-xs text-muted-foreground">{`${monthLabel(previous)} has no budgets to copy.`}</p>
            ) : null}
            <ul aria-label="Overall budget">
              <BudgetRow line={data.overall} {...rowProps} />
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>By category</CardTitle>
            <CardDescription>
              Spending counts the same transactions as Expenses: transfers, excluded transactions and income
              are left out; refunds lower it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul aria-label="Category budgets" className="divide-y">
              {data.categories.map((line) => (
                <BudgetRow key={line.category} line={line} {...rowProps} />
              ))}
            </ul>
            {data.hiddenCategories.length > 0 ? (
              <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
                <EyeOff aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  {`${data.hiddenCategories.length} hidden ${data.hiddenCategories.length === 1 ? 'category is' : 'categories are'} left out (`}
                  <Link
                    to="/settings/financial"
                    className="underline underline-offset-2 hover:text-foreground"
                  >
                    Settings → Financial
                  </Link>
                  )
                </span>
              </p>
            ) : null}
            {data.missingCurrencies.length > 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">
                {`Left out for want of an exchange rate: ${data.missingCurrencies.join(', ')}.`}
              </p>
            ) : null}
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <>
      <p className="mb-2">
        <Link
          to={`/expenses?month=${month > thisMonth ? thisMonth : month}`}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Expenses
        </Link>
      </p>
      {header}
      {body}
    </>
  );
}
