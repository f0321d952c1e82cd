import {
  compoundGrowth,
  type CompoundGrowthInput,
  type CompoundingFrequency,
  type ContributionTiming,
  formatCurrency,
  parseToolNumber,
  validateCompoundGrowthInput,
} from '@lodestar/domain';
import { useMemo } from 'react';
import { ChartDataTable } from '@/components/charts';
import { FormField } from '@/components/form-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatYears } from '../format';
import { useCalculator } from '../use-calculator';
import { NumberField } from './number-field';
import { ProjectionChart } from './projection-chart';
import { FixFieldsNotice, ResultFigures } from './result-figures';

const FREQUENCIES: readonly { value: `${CompoundingFrequency}`; label: string }[] = [
  { value: '1', label: 'Yearly' },
  { value: '2', label: 'Every six months' },
  { value: '4', label: 'Quarterly' },
  { value: '12', label: 'Monthly' },
  { value: '52', label: 'Weekly' },
  { value: '365', label: 'Daily' },
];

const TIMINGS = [
  { value: 'start', label: 'Start of month' },
  { value: 'end', label: 'End of month' },
] as const satisfies readonly { value: ContributionTiming; label: string }[];

type Values = {
  principal: string;
  monthlyContribution: string;
  annualRatePercent: string;
  years: string;
  compoundsPerYear: string;
  contributionTiming: ContributionTiming;
};

const INITIAL: Values = {
  principal: '10000',
  monthlyContribution: '500',
  annualRatePercent: '7',
  years: '20',
  compoundsPerYear: '12',
  contributionTiming: 'end',
};

const read = (values: Values, locale: string): CompoundGrowthInput => ({
  principal: parseToolNumber(values.principal, locale),
  monthlyContribution: parseToolNumber(values.monthlyContribution, locale),
  annualRatePercent: parseToolNumber(values.annualRatePercent, locale),
  years: parseToolNumber(values.years, locale),
  compoundsPerYear: Number(values.compoundsPerYear),
  contributionTiming: values.contributionTiming,
});

const yearLabel = (year: number) => `Year ${year}`;

/** Savings growth with a starting amount and a monthly contribution. */
export function CompoundGrowthCalculator({ currency, locale }: { currency: string; locale: string }) {
  const { values, setValue, errors, result } = useCalculator({
    initial: INITIAL,
    locale,
    read,
    validate: validateCompoundGrowthInput,
    calculate: compoundGrowth,
  });
  const money = (value: number) => formatCurrency(value, currency, locale);

  const chart = useMemo(() => {
    if (!result) return null;
    return {
      points: result.rows.map((row) => row.year),
      series: [
        { label: 'Balance', values: result.rows.map((row) => row.balance), color: 0 },
        {
          label: 'Contributions',
          values: result.rows.map((row) => row.contributions),
          color: 1,
          dashed: true,
        },
      ],
    };
  }, [result]);

  return (
    <Card aria-labelledby="compound-growth-title">
      <CardHeader>
        <CardTitle id="compound-growth-title">Compound growth</CardTitle>
        <CardDescription>
          How savings grow with a starting amount, regular contributions and interest.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <form className="grid content-start gap-4" onSubmit={(event) => event.preventDefault()} noValidate>
          <NumberField
            label={`Starting amount (${currency})`}
            value={values.principal}
            onChange={(value) => setValue('principal', value)}
            error={errors.principal}
          />
          <NumberField
            label={`Monthly contribution (${currency})`}
            value={values.monthlyContribution}
            onChange={(value) => setValue('monthlyContribution', value)}
            error={errors.monthlyContribution}
          />
          <NumberField
            label="Annual interest rate (%)"
            value={values.annualRatePercent}
            onChange={(value) => setValue('annualRatePercent', value)}
            error={errors.annualRatePercent}
          />
          <NumberField
            label="Years"
            integer
            value={values.years}
            onChange={(value) => setValue('years', value)}
            error={errors.years}
          />
          <FormField label="Compounding" error={errors.compoundsPerYear}>
            {(control) => (
              <Select
                value={values.compoundsPerYear}
                onValueChange={(value) => setValue('compoundsPerYear', value)}
              >
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FREQUENCIES.map((frequency) => (
                    <SelectItem key={frequency.value} value={frequency.value}>
                      {frequency.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <div className="grid gap-2">
            {/* The group carries the same text as its accessible name. */}
            <span className="text-sm leading-none font-medium" aria-hidden="true">
              Contributions are made at the
            </span>
            <SegmentedControl
              label="Contributions are made at the"
              value={values.contributionTiming}
              options={TIMINGS}
              onValueChange={(value) => setValue('contributionTiming', value)}
              className="w-fit"
            />
          </div>
        </form>

        <div className="grid min-w-0 content-start gap-5">
          {result && chart ? (
            <>
              <ResultFigures
                figures={[
                  {
                    label: `Balance after ${formatYears(result.rows.length - 1)}`,
                    value: money(result.totals.balance),
                  },
                  { label: 'Total contributions', value: money(result.totals.contributions) },
                  { label: 'Total interest', value: money(result.totals.interest) },
                ]}
                className="xl:grid-cols-3"
              />
              <div>
                <ProjectionChart
                  points={chart.points}
                  pointLabel={yearLabel}
                  series={chart.series}
                  currency={currency}
                  locale={locale}
                  ariaLabel={`Line chart of the balance by year: ${money(result.totals.balance)} after ${formatYears(
                    result.rows.length - 1,
                  )}, of which ${money(result.totals.contributions)} contributed and ${money(
                    result.totals.interest,
                  )} interest.`}
                />
                <ChartDataTable
                  caption="Balance by year"
                  columns={[
                    { key: 'year', label: 'Year' },
                    { key: 'contributions', label: 'Contributions', numeric: true },
                    { key: 'interest', label: 'Interest', numeric: true },
                    { key: 'balance', label: 'Balance', numeric: true },
                  ]}
                  rows={result.rows.map((row) => ({
                    year: row.year,
                    contributions: money(row.contributions),
                    interest: money(row.interest),
                    balance: money(row.balance),
                  }))}
                />
              </div>
            </>
          ) : (
            <FixFieldsNotice />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
