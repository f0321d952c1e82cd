import { type DateFormat, formatIsoDate, formatSignedPercentage } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { MoneyText } from '@/components/money';
import { ListSkeleton } from '@/components/skeletons/list-skeleton';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useMoneyDisplay, useUserPreferences } from '@/lib/user-preferences';
import {
  PERFORMANCE_RANGE_LABELS,
  PERFORMANCE_REASONS,
  performanceQuery,
  type PerformanceFigures,
  type PerformanceRange,
} from '../api';

const RANGE_OPTIONS = (Object.keys(PERFORMANCE_RANGE_LABELS) as PerformanceRange[]).map((value) => ({
  value,
  label: PERFORMANCE_RANGE_LABELS[value],
}));

/** A return with its sign in the text ('+2.01%', '(3.20%)'), colour only repeating it; null is '—'. */
function ReturnText({ percent, locale }: { percent: number | null; locale: string }) {
  if (percent === null) return <span className="text-muted-foreground">—</span>;
  const tone =
    percent > 0
      ? 'text-green-700 dark:text-green-400 in-[.high-contrast]:text-green-900 dark:in-[.high-contrast]:text-green-300'
      : percent < 0
        ? 'text-red-700 dark:text-red-400 in-[.high-contrast]:text-red-900 dark:in-[.high-contrast]:text-red-300'
        : '';
  return <span className={`tabular-nums ${tone}`}>{formatSignedPercentage(percent, locale)}</span>;
}

type Row = {
  key: string;
  name: string;
  figures: PerformanceFigures | null;
  note: string | null;
  overall?: boolean;
};

function Figures({
  row,
  masked,
  locale,
  dateFormat,
}: {
  row: Row;
  masked: boolean;
  locale: string;
  dateFormat: DateFormat;
}) {
  const { figures } = row;
  if (figures === null) return <p className="text-sm text-muted-foreground">{row.note}</p>;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-3 lg:grid-cols-6">
      <div>
        <dt className="text-xs text-muted-foreground">Time-weighted</dt>
        <dd>
          <ReturnText percent={figures.timeWeightedPercent} locale={locale} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Money-weighted (a year)</dt>
        <dd>
          <ReturnText percent={figures.moneyWeightedPercent} locale={locale} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Dividends and interest</dt>
        <dd>
          <MoneyText amount={figures.income} tone="plain" masked={masked} locale={locale} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Fees and taxes</dt>
        <dd>
          <MoneyText amount={figures.costs} tone="plain" masked={masked} locale={locale} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Net deposits</dt>
        <dd>
          <MoneyText amount={figures.netDeposits} masked={masked} locale={locale} />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Value</dt>
        <dd>
          <MoneyText amount={figures.endValue} tone="plain" masked={masked} locale={locale} />
          <span className="block text-xs text-muted-foreground">
            measured from {formatIsoDate(figures.from, dateFormat)}
          </span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * Performance of the investment and crypto accounts over a chosen range (GET /investments/performance):
 * time- and money-weighted returns, dividends and interest, fees and taxes, per account and overall, or
 * why an account is not measured.
 */
export function PerformanceCard() {
  const [range, setRange] = useState<PerformanceRange>('1y');
  const performance = useQuery(performanceQuery(range));
  const { showBalances, locale } = useMoneyDisplay();
  const { preferences } = useUserPreferences();
  const masked = !showBalances;
  const { data } = performance;

  let body;
  if (performance.isPending) {
    body = <ListSkeleton label="Loading performance…" />;
  } else if (performance.isError) {
    body = (
      <LoadError
        title="Failed to fetch investment performance"
        error={performance.error}
        onRetry={() => void performance.refetch()}
        retrying={performance.isFetching}
      />
    );
  } else if (data && data.accounts.length === 0) {
    body = (
      <p className="py-4 text-sm text-muted-foreground">
        No investment or crypto accounts yet: their returns show here once one is linked.
      </p>
    );
  } else if (data) {
    const rows: Row[] = [
      ...(data.accounts.length > 1 || data.overall.figures
        ? [
            {
              key: 'overall',
              name: `All measured accounts (${data.overall.accountCount}), in ${data.currency}`,
              figures: data.overall.figures,
              note: 'No account can be measured yet.',
              overall: true,
            },
          ]
        : []),
      ...data.accounts.map((account) => ({
        key: account.accountId,
        name: account.name,
        figures: account.figures,
        note: account.unavailable ? PERFORMANCE_REASONS[account.unavailable] : null,
      })),
    ];
    body = (
      <ul className="grid gap-3" aria-label={`Performance, ${PERFORMANCE_RANGE_LABELS[range]}`}>
        {rows.map((row) => (
          <li
            key={row.key}
            aria-label={row.name}
            className={`grid gap-2 rounded-lg border border-border p-3 ${row.overall ? 'bg-muted/40' : ''}`}
          >
            <h3 className="text-sm font-medium">{row.name}</h3>
            <Figures row={row} masked={masked} locale={locale} dateFormat={preferences.date_format} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby="performance-heading">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle id="performance-heading">Performance</CardTitle>
          <p className="text-sm text-muted-foreground">
            Returns from each account’s daily balances, with deposits and withdrawals taken out.
          </p>
        </div>
        <SegmentedControl
          label="Performance range"
          value={range}
          options={RANGE_OPTIONS}
          onValueChange={setRange}
        />
      </CardHeader>
      <CardContent aria-busy={performance.isFetching || undefined}>{body}</CardContent>
    </Card>
  );
}
