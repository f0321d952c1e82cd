import {
  fireProjection,
  type FireInput,
  formatCurrency,
  formatPercentage,
  parseToolNumber,
  validateFireInput,
} from '@lodestar/domain';
import { useMemo } from 'react';
import { ChartDataTable } from '@/components/charts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatYears } from '../format';
import { useCalculator } from '../use-calculator';
import { NumberField } from './number-field';
import { ProjectionChart } from './projection-chart';
import { FixFieldsNotice, ResultFigures } from './result-figures';

type Values = {
  currentAge: string;
  currentSavings: string;
  annualIncome: string;
  annualSpending: string;
  expectedReturnPercent: string;
  inflationPercent: string;
  withdrawalRatePercent: string;
  maxAge: string;
};

const INITIAL: Values = {
  currentAge: '30',
  currentSavings: '50000',
  annualIncome: '90000',
  annualSpending: '50000',
  expectedReturnPercent: '7',
  inflationPercent: '3',
  withdrawalRatePercent: '4',
  maxAge: '100',
};

const read = (values: Values, locale: string): FireInput => ({
  currentAge: parseToolNumber(values.currentAge, locale),
  currentSavings: parseToolNumber(values.currentSavings, locale),
  annualIncome: parseToolNumber(values.annualIncome, locale),
  annualSpending: parseToolNumber(values.annualSpending, locale),
  expectedReturnPercent: parseToolNumber(values.expectedReturnPercent, locale),
  inflationPercent: parseToolNumber(values.inflationPercent, locale),
  withdrawalRatePercent: parseToolNumber(values.withdrawalRatePercent, locale),
  maxAge: parseToolNumber(values.maxAge, locale),
});

const ageLabel = (age: number) => `Age ${age}`;

/** Financial independence: the portfolio that covers spending, and the age savings get there. */
export function FireCalculator({ currency, locale }: { currency: string; locale: string }) {
  const { values, setValue, input, errors, result } = useCalculator({
    initial: INITIAL,
    locale,
    read,
    validate: validateFireInput,
    calculate: fireProjection,
  });
  const money = (value: number) => formatCurrency(value, currency, locale);

  const chart = useMemo(() => {
    if (!result) return null;
    return {
      points: result.rows.map((row) => row.age),
      series: [
        { label: 'Savings (today’s money)', values: result.rows.map((row) => row.balance), color: 0 },
        { label: 'FIRE number', values: result.rows.map(() => result.fireNumber), color: 1, dashed: true },
      ],
    };
  }, [result]);

  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (value: string) => setValue(name, value),
    error: errors[name],
  });

  const maxAge = input.maxAge ?? 100;
  const outcome =
    result === null
      ? ''
      : result.fiAge === null
        ? `Savings do not reach the FIRE number by age ${maxAge}.`
        : result.yearsToFi === 0
          ? 'Savings already cover the FIRE number.'
          : `Savings reach the FIRE number at age ${result.fiAge}, in ${formatYears(result.yearsToFi ?? 0)}.`;

  return (
    <Card aria-labelledby="fire-title">
      <CardHeader>
        <CardTitle id="fire-title">Financial independence (FIRE)</CardTitle>
        <CardDescription>
          When invested savings could pay for your spending for good. Figures are in today’s money: income and
          spending are assumed to rise with inflation, and savings grow at the return above inflation.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <form className="grid content-start gap-4" onSubmit={(event) => event.preventDefault()} noValidate>
          <NumberField label="Current age" integer {...field('currentAge')} />
          <NumberField label={`Invested savings (${currency})`} {...field('currentSavings')} />
          <NumberField label={`Yearly income after tax (${currency})`} {...field('annualIncome')} />
          <NumberField label={`Yearly spending (${currency})`} {...field('annualSpending')} />
          <NumberField label="Expected yearly return (%)" {...field('expectedReturnPercent')} />
          <NumberField label="Yearly inflation (%)" {...field('inflationPercent')} />
          <NumberField
            label="Withdrawal rate (%)"
            hint="The share of savings taken out in the first year of retirement; 4 % is a common rule of thumb."
            {...field('withdrawalRatePercent')}
          />
          <NumberField label="Project up to age" integer {...field('maxAge')} />
        </form>

        <div className="grid min-w-0 content-start gap-5">
          {result && chart ? (
            <>
              <ResultFigures
                figures={[
                  {
                    label: 'FIRE number',
                    value: money(result.fireNumber),
                    detail: `Covers ${money(input.annualSpending)} a year`,
                  },
                  {
                    label: 'Savings rate',
                    value:
                      result.savingsRatePercent === null
                        ? 'No income'
                        : formatPercentage(result.savingsRatePercent, locale),
                    detail: `${money(result.annualSavings)} a year`,
                  },
                  {
                    label: 'Financially independent at',
                    value: result.fiAge === null ? `Not by age ${maxAge}` : `Age ${result.fiAge}`,
                    detail:
                      result.yearsToFi === null
                        ? undefined
                        : result.yearsToFi === 0
                          ? 'Already there'
                          : `In ${formatYears(result.yearsToFi)}`,
                  },
                  {
                    label: 'Return above inflation',
                    value: formatPercentage(result.realReturnPercent, locale),
                    detail: 'A year',
                  },
                ]}
              />
              <p className="text-sm">{outcome}</p>
              <div>
                <ProjectionChart
                  points={chart.points}
                  pointLabel={ageLabel}
                  series={chart.series}
                  currency={currency}
                  locale={locale}
                  ariaLabel={`Line chart of savings by age against the FIRE number of ${money(result.fireNumber)}. ${outcome}`}
                />
                <ChartDataTable
                  caption="Savings by age, in today’s money"
                  columns={[
                    { key: 'age', label: 'Age' },
                    { key: 'balance', label: 'Savings', numeric: true },
                  ]}
                  rows={result.rows.map((row) => ({ age: row.age, balance: money(row.balance) }))}
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
