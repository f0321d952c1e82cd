import { formatPercentage, toMajorNumber } from '@lodestar/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { categoryColor, DoughnutChart, seriesCssColor } from '@/components/charts';
import { MoneyText } from '@/components/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { CategorySpending, SpendingSummary } from '../api';
import { categoryActivityHref, monthLabel, monthName } from '../month';
import { ChangeText } from './change-text';

const count = (n: number, locale: string) =>
  `${n.toLocaleString(locale)} ${n === 1 ? 'transaction' : 'transactions'}`;

function CategoryRow({
  row,
  month,
  previousMonth,
  masked,
  locale,
}: {
  row: CategorySpending;
  month: string;
  previousMonth: string;
  masked: boolean;
  locale: string;
}) {
  const width = Math.max(0, Math.min(100, row.percent));
  // The same colour as the category's slice of the doughnut and its node in the expense flow.
  const color = seriesCssColor(categoryColor(row.category));
  return (
    <li className="relative rounded-md px-2 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring hover:bg-accent/50">
      <div className="flex items-baseline justify-between gap-3">
        {/* The link covers the whole row (after:inset-0), so the row is one target with a short name. */}
        <span className="flex min-w-0 items-center gap-2">
          <span
            aria-hidden="true"
            data-testid="category-swatch"
            className="size-3 shrink-0 rounded-full"
            style={{ backgroundColor: color }}
          />
          <Link
            to={categoryActivityHref(row.category, month)}
            className="min-w-0 truncate font-medium outline-none after:absolute after:inset-0 after:content-['']"
          >
            {row.label}
          </Link>
        </span>
        <MoneyText amount={row.amount} tone="plain" masked={masked} locale={locale} className="font-medium" />
      </div>
      <div className="mt-2 flex items-center gap-3">
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div className="h-full rounded-full" style={{ width: `${width}%`, backgroundColor: color }} />
        </div>
        <span className="w-16 text-right text-sm tabular-nums text-muted-foreground">
          <span className="sr-only">Share of spending: </span>
          {formatPercentage(row.percent, locale)}
        </span>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
        <span>{count(row.transactionCount, locale)}</span>
        <span aria-hidden="true">·</span>
        <ChangeText
          change={row.change}
          previous={row.previousAmount}
          previousLabel={monthName(previousMonth)}
          masked={masked}
          locale={locale}
          className="[&_svg]:size-3.5"
        />
      </p>
    </li>
  );
}

/** Spending per category: a doughnut of the shares and a list whose rows open the category's transactions. */
export function CategoryBreakdown({
  summary,
  masked,
  locale,
}: {
  summary: SpendingSummary;
  masked: boolean;
  locale: string;
}) {
  const segments = useMemo(
    () =>
      summary.byCategory
        .filter((row) => row.amount.amountMinor > 0)
        .map((row) => ({
          label: row.label,
          value: toMajorNumber(row.amount),
          color: categoryColor(row.category),
        })),
    [summary.byCategory],
  );
  const ariaLabel = `Spending by category in ${monthLabel(summary.month)}: ${summary.byCategory
    .slice(0, 5)
    .map((row) => `${row.label} ${formatPercentage(row.percent, locale)}`)
    .join(', ')}`;
  return (
    <Card aria-labelledby="by-category-heading">
      <CardHeader>
        <CardTitle id="by-category-heading">By category</CardTitle>
        <CardDescription>
          Each category opens its transactions in Activity; its colour is the same in the chart and in the
          expense flow.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[minmax(0,220px)_1fr] md:items-start">
        {segments.length > 0 ? (
          <DoughnutChart
            segments={segments}
            currency={summary.currency}
            ariaLabel={ariaLabel}
            locale={locale}
            masked={masked}
          />
        ) : (
          <div />
        )}
        <ul className="divide-y divide-border" aria-label="Categories">
          {summary.byCategory.map((row) => (
            <CategoryRow
              key={row.category}
              row={row}
              month={summary.month}
              previousMonth={summary.previousMonth}
              masked={masked}
              locale={locale}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
