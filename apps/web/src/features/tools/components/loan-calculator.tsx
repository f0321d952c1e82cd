import {
  amortizationByYear,
  type AmortizationInput,
  amortizationSchedule,
  type DateFormat,
  formatCurrency,
  formatIsoDate,
  parseToolNumber,
  validateAmortizationInput,
} from '@lodestar/domain';
import { useMemo } from 'react';
import { ChartDataTable, type ChartTableColumn } from '@/components/charts';
import { FormField } from '@/components/form-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateInput } from '@/components/date-input';
import { formatMonths } from '../format';
import { useCalculator } from '../use-calculator';
import { NumberField } from './number-field';
import { ProjectionChart, type ProjectionSeries } from './projection-chart';
import { FixFieldsNotice, ResultFigures } from './result-figures';

type Values = {
  principal: string;
  annualRatePercent: string;
  termYears: string;
  extraMonthlyPayment: string;
  startDate: string;
};

const INITIAL: Values = {
  principal: '300000',
  annualRatePercent: '6.5',
  termYears: '30',
  extraMonthlyPayment: '0',
  startDate: '',
};

/** The term is typed in years and used in whole months (2.5 years → 30 payments). */
const read = (values: Values, locale: string): AmortizationInput => {
  const years = parseToolNumber(values.termYears, locale);
  return {
    principal: parseToolNumber(values.principal, locale),
    annualRatePercent: parseToolNumber(values.annualRatePercent, locale),
    termMonths: Number.isFinite(years) ? Math.round(years * 12) : Number.NaN,
    // An empty extra-payment box means no extra payment.
    extraMonthlyPayment:
      values.extraMonthlyPayment.trim() === '' ? 0 : parseToolNumber(values.extraMonthlyPayment, locale),
    startDate: values.startDate === '' ? undefined : values.startDate,
  };
};

const yearLabel = (year: number) => `Year ${year}`;

/** Loan and mortgage repayments: the monthly payment, the schedule and what extra payments save. */
export function LoanCalculator({
  currency,
  locale,
  dateFormat,
}: {
  currency: string;
  locale: string;
  dateFormat: DateFormat;
}) {
  const { values, setValue, input, errors, result } = useCalculator({
    initial: INITIAL,
    locale,
    read,
    validate: validateAmortizationInput,
    calculate: amortizationSchedule,
  });
  const money = (value: number) => formatCurrency(value, currency, locale);
  const hasExtra = (input.extraMonthlyPayment ?? 0) > 0;

  const view = useMemo(() => {
    if (!result) return null;
    const years = amortizationByYear(result.rows);
    const baseline = hasExtra
      ? amortizationByYear(amortizationSchedule({ ...input, extraMonthlyPayment: 0 }).rows)
      : years;
    const points = [0, ...baseline.map((year) => year.year)];
    const balances = (rows: typeof years) =>
      points.map((point) => (point === 0 ? input.principal : (rows[point - 1]?.balance ?? 0)));
    const series: ProjectionSeries[] = [{ label: 'Balance', values: balances(years), color: 0 }];
    if (hasExtra) {
      series.push({
        label: 'Balance without extra payments',
        values: balances(baseline),
        color: 1,
        dashed: true,
      });
    }
    return { years, points, series };
  }, [result, input, hasExtra]);

  const columns: ChartTableColumn[] = [
    { key: 'year', label: 'Year' },
    { key: 'paid', label: 'Paid', numeric: true },
    ...(hasExtra ? [{ key: 'extra', label: 'Of which extra', numeric: true }] : []),
    { key: 'principal', label: 'Principal', numeric: true },
    { key: 'interest', label: 'Interest', numeric: true },
    { key: 'balance', label: 'Balance', numeric: true },
  ];

  return (
    <Card aria-labelledby="loan-title">
      <CardHeader>
        <CardTitle id="loan-title">Loan and mortgage</CardTitle>
        <CardDescription>
          The monthly payment of a fixed-rate loan, how it splits between interest and principal, and what
          paying extra each month saves.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <form className="grid content-start gap-4" onSubmit={(event) => event.preventDefault()} noValidate>
          <NumberField
            label={`Loan amount (${currency})`}
            value={values.principal}
            onChange={(value) => setValue('principal', value)}
            error={errors.principal}
          />
          <NumberField
            label="Annual interest rate (%)"
            value={values.annualRatePercent}
            onChange={(value) => setValue('annualRatePercent', value)}
            error={errors.annualRatePercent}
          />
          <NumberField
            label="Term (years)"
            value={values.termYears}
            onChange={(value) => setValue('termYears', value)}
            error={errors.termMonths}
          />
          <NumberField
            label={`Extra monthly payment (${currency})`}
            value={values.extraMonthlyPayment}
            onChange={(value) => setValue('extraMonthlyPayment', value)}
            error={errors.extraMonthlyPayment}
            hint="Paid on top of each payment, straight off the balance."
          />
          <FormField
            label="Start date (optional)"
            error={errors.startDate}
            hint="Dates the payments and the payoff."
          >
            {(control) => (
              <DateInput
                {...control}
                value={values.startDate}
                onChange={(value) => setValue('startDate', value)}
              />
            )}
          </FormField>
        </form>

        <div className="grid min-w-0 content-start gap-5">
          {result && view ? (
            <>
              <ResultFigures
                figures={[
                  { label: 'Monthly payment', value: money(result.monthlyPayment) },
                  { label: 'Total interest', value: money(result.totals.interest) },
                  { label: 'Total paid', value: money(result.totals.paid) },
                  {
                    label: 'Paid off in',
                    value: formatMonths(result.totals.months),
                    detail: result.totals.payoffDate
                      ? `Last payment ${formatIsoDate(result.totals.payoffDate, dateFormat)}`
                      : undefined,
                  },
                  ...(hasExtra
                    ? [
                        {
                          label: 'Interest saved',
                          value: money(result.totals.interestSaved),
                          detail: `${formatMonths(result.totals.monthsSaved)} sooner`,
                        },
                      ]
                    : []),
                ]}
              />
              <div>
                <ProjectionChart
                  points={view.points}
                  pointLabel={yearLabel}
                  series={view.series}
                  currency={currency}
                  locale={locale}
                  ariaLabel={`Line chart of the remaining balance by year: ${money(input.principal)} paid off in ${formatMonths(
                    result.totals.months,
                  )} at ${money(result.monthlyPayment)} a month${
                    hasExtra ? ` plus ${money(input.extraMonthlyPayment ?? 0)} extra` : ''
                  }.`}
                />
                <ChartDataTable
                  caption="Repayment by year"
                  columns={columns}
                  rows={view.years.map((year) => ({
                    year: year.year,
                    paid: money(year.paid),
                    extra: money(year.extra),
                    principal: money(year.principal),
                    interest: money(year.interest),
                    balance: money(year.balance),
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
