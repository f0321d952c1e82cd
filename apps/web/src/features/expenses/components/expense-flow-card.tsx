import { FLOW_PERIODS, type FlowPeriod, formatPercentage, shareOf, toMajorNumber } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ChartDataTable, SankeyChart } from '@/components/charts';
import { LoadError } from '@/components/load-error';
import { MoneyText } from '@/components/money';
import { ChartSkeleton } from '@/components/skeletons/chart-skeleton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { type ExpenseFlow, expenseFlowQuery } from '../api';
import { monthLabel } from '../month';

const PERIOD_OPTIONS: readonly { value: FlowPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
];

/** The ?flow= value, monthly unless it names another flow period. */
export function parseFlowPeriod(value: string | null, fallback: FlowPeriod = 'monthly'): FlowPeriod {
  return FLOW_PERIODS.find((period) => period === value) ?? fallback;
}

/** 'November 2026', 'Q4 2026' or '2026' for the flow's first day. */
export function flowPeriodLabel(period: FlowPeriod, from: string): string {
  const year = from.slice(0, 4);
  if (period === 'yearly') return year;
  if (period === 'quarterly') return `Q${Math.floor((Number(from.slice(5, 7)) - 1) / 3) + 1} ${year}`;
  return monthLabel(from.slice(0, 7));
}

/** One sentence with the period's income, spending and savings (or the shortfall taken from savings). */
export function FlowSummary({
  flow,
  masked,
  locale,
}: {
  flow: ExpenseFlow;
  masked: boolean;
  locale: string;
}) {
  const money = (amount: ExpenseFlow['income']) => (
    <MoneyText amount={amount} tone="plain" masked={masked} locale={locale} />
  );
  const when = flowPeriodLabel(flow.period, flow.from);
  const { income, spending, savings } = flow;
  let sentence;
  if (income.amountMinor === 0 && spending.amountMinor === 0) {
    sentence = <>No income or spending in {when}.</>;
  } else if (savings.amountMinor < 0) {
    const shortfall = { amountMinor: -savings.amountMinor, currency: savings.currency };
    sentence = (
      <>
        In {when} you earned {money(income)} and spent {money(spending)}: {money(shortfall)} more than you
        earned, drawn from savings.
      </>
    );
  } else {
    const rate = formatPercentage(shareOf(savings.amountMinor, income.amountMinor), locale);
    sentence = (
      <>
        In {when} you earned {money(income)}, spent {money(spending)} and saved {money(savings)} ({rate} of
        income).
      </>
    );
  }
  return <p className="text-sm">{sentence}</p>;
}

const TABLE_COLUMNS = [
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
  { key: 'amount', label: 'Amount', numeric: true },
] as const;

function FlowBody({ flow, masked, locale }: { flow: ExpenseFlow; masked: boolean; locale: string }) {
  const { nodes, links } = useMemo(() => {
    const major = (amountMinor: number) => toMajorNumber({ amountMinor, currency: flow.currency });
    return {
      nodes: flow.nodes.map(({ id, label, kind }) => ({ id, label, kind })),
      links: flow.links.map((link) => ({ ...link, amount: major(link.amount) })),
    };
  }, [flow]);
  const labelOf = (id: string) => flow.nodes.find((node) => node.id === id)?.label ?? id;
  const rows = flow.links.map((link) => ({
    from: labelOf(link.from),
    to: labelOf(link.to),
    amount: (
      <MoneyText
        amount={{ amountMinor: link.amount, currency: flow.currency }}
        tone="plain"
        masked={masked}
        locale={locale}
      />
    ),
  }));
  const when = flowPeriodLabel(flow.period, flow.from);
  return (
    <div className="space-y-4">
      <FlowSummary flow={flow} masked={masked} locale={locale} />
      {flow.links.length > 0 ? (
        <>
          <SankeyChart
            nodes={nodes}
            links={links}
            currency={flow.currency}
            ariaLabel={`Expense flow for ${when}: income sources into income, then into spending categories and savings`}
            locale={locale}
            masked={masked}
          />
          <ChartDataTable caption={`Expense flow for ${when}`} columns={TABLE_COLUMNS} rows={rows} />
        </>
      ) : null}
    </div>
  );
}

/** Where the period's income went: sources → income → categories, Other and Savings (Sankey + table). */
export function ExpenseFlowCard({
  month,
  period,
  onPeriodChange,
  masked,
  locale,
}: {
  month: string;
  period: FlowPeriod;
  onPeriodChange: (period: FlowPeriod) => void;
  masked: boolean;
  locale: string;
}) {
  const query = useQuery(expenseFlowQuery(period, `${month}-01`));
  return (
    <Card aria-labelledby="expense-flow-heading">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle id="expense-flow-heading">Expense flow</CardTitle>
          <CardDescription>How income flows into spending and savings.</CardDescription>
        </div>
        <SegmentedControl
          label="Expense flow period"
          value={period}
          options={PERIOD_OPTIONS}
          onValueChange={onPeriodChange}
        />
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ChartSkeleton label="Loading the expense flow…" />
        ) : query.isError ? (
          <LoadError
            className="px-0 py-0"
            title="The expense flow could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <FlowBody flow={query.data} masked={masked} locale={locale} />
        )}
      </CardContent>
    </Card>
  );
}
