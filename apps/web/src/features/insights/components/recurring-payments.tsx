import { categoryLabel, type DateFormat, formatIsoDate } from '@lodestar/domain';
import { TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { MoneyText } from '@/components/money';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Money, RecurringPayment } from '../api';
import { CADENCE_WORDS, isAppLink, monthlyRecurringOutflows, sortRecurring } from '../format';

type Display = { masked: boolean; locale: string; dateFormat: DateFormat };

const magnitude = (amount: Money): Money => ({
  amountMinor: Math.abs(amount.amountMinor),
  currency: amount.currency,
});

function PriceIncrease({
  payment,
  masked,
  locale,
}: { payment: RecurringPayment } & Omit<Display, 'dateFormat'>) {
  if (!payment.priceIncrease) return null;
  const money = (amount: Money) => (
    <MoneyText amount={magnitude(amount)} tone="plain" masked={masked} locale={locale} />
  );
  return (
    <Badge variant="warning" className="whitespace-normal">
      <TrendingUp aria-hidden="true" />
      <span>
        Price increase: was {money(payment.priceIncrease.from)}, now {money(payment.priceIncrease.to)}
      </span>
    </Badge>
  );
}

function PaymentRow({ payment, masked, locale, dateFormat }: { payment: RecurringPayment } & Display) {
  const date = (value: string) => formatIsoDate(value, dateFormat);
  const money = (amount: Money) => <MoneyText amount={amount} tone="flow" masked={masked} locale={locale} />;
  const name = isAppLink(payment.href) ? (
    <Link to={payment.href} className="font-medium underline-offset-4 hover:underline">
      {payment.name}
    </Link>
  ) : (
    <span className="font-medium">{payment.name}</span>
  );
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.5fr)] sm:items-start sm:gap-4">
      <div className="min-w-0 space-y-1">
        {name}
        <p className="text-xs text-muted-foreground">
          {CADENCE_WORDS[payment.cadence] ?? payment.cadence} · {categoryLabel(payment.category)} ·{' '}
          {payment.occurrences} {payment.occurrences === 1 ? 'payment' : 'payments'} so far
        </p>
        <PriceIncrease payment={payment} masked={masked} locale={locale} />
      </div>
      <dl className="text-sm">
        <dt className="text-xs text-muted-foreground">Average</dt>
        <dd>{money(payment.averageAmount)}</dd>
      </dl>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Last paid</dt>
          <dd>{date(payment.lastDate)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Next expected</dt>
          <dd>
            {date(payment.nextDate)}
            <br />
            {money(payment.nextAmount)}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * Payments that repeat, soonest next first, and what they cost a month together; money that comes in
 * on a schedule (pay, interest) is listed apart as recurring income, never among the payments.
 */
export function RecurringPayments({
  recurring,
  masked,
  locale,
  dateFormat,
}: { recurring: RecurringPayment[] } & Display) {
  const payments = recurring.filter((payment) => payment.averageAmount.amountMinor < 0);
  const income = recurring.filter((payment) => payment.averageAmount.amountMinor > 0);
  const monthly = monthlyRecurringOutflows(payments);
  const display = { masked, locale, dateFormat };
  return (
    <>
      {payments.length > 0 ? (
        <Card aria-labelledby="recurring-heading">
          <CardHeader>
            <CardTitle id="recurring-heading">Recurring payments</CardTitle>
            <CardDescription>
              Detected from repeating transactions; each opens its transactions in Activity.
            </CardDescription>
          </CardHeader>
          <CardContent className="pt-3">
            {monthly.length > 0 ? (
              <dl className="mb-2">
                <dt className="text-sm text-muted-foreground">Recurring payments out, a month</dt>
                {monthly.map((total) => (
                  <dd key={total.currency} className="text-xl font-semibold">
                    <MoneyText amount={total} tone="plain" masked={masked} locale={locale} />
                  </dd>
                ))}
              </dl>
            ) : null}
            <ul className="divide-y divide-border" aria-label="Recurring payments, soonest first">
              {sortRecurring(payments).map((payment) => (
                <PaymentRow key={`${payment.accountId}:${payment.key}`} payment={payment} {...display} />
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      {income.length > 0 ? (
        <Card aria-labelledby="recurring-income-heading">
          <CardHeader>
            <CardTitle id="recurring-income-heading">Recurring income</CardTitle>
            <CardDescription>
              Money that comes in on a schedule, such as pay; each opens its transactions in Activity.
            </CardDescription>
          </CardHeader>
          <CardContent className="pt-3">
            <ul className="divide-y divide-border" aria-label="Recurring income, soonest first">
              {sortRecurring(income).map((payment) => (
                <PaymentRow key={`${payment.accountId}:${payment.key}`} payment={payment} {...display} />
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
