import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { FigureDisplay } from '@/components/figure-display';
import { MoneyText } from '@/components/money';
import type { AccountDetail } from '../api';

type Liability = NonNullable<AccountDetail['liability']>;
type MoneyValue = NonNullable<Liability['nextPayment']>;

const TITLES: Record<Liability['kind'], string> = {
  credit: 'Card terms and payments',
  student: 'Student loan terms and payments',
  mortgage: 'Mortgage terms and payments',
};

const APR_NAMES: Record<string, string> = {
  purchase_apr: 'Purchase APR',
  cash_apr: 'Cash advance APR',
  balance_transfer_apr: 'Balance transfer APR',
  special: 'Special APR',
};

/** '12.500000' → '12.5%'. */
export function percentText(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}${trimmed ? `.${trimmed}` : ''}%`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,11rem)_1fr] gap-3 py-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function Money({ amount, display }: { amount: MoneyValue; display: FigureDisplay }) {
  return <MoneyText amount={amount} tone="plain" masked={display.masked} locale={display.locale} />;
}

/** Amount, and the day it is about, when known. */
function Dated({
  amount,
  date,
  display,
  joiner,
}: {
  amount: MoneyValue | null;
  date: string | null;
  display: FigureDisplay;
  joiner: string;
}) {
  if (!amount && !date) return <>Not reported</>;
  return (
    <>
      {amount ? <Money amount={amount} display={display} /> : 'Not reported'}
      {date ? ` ${joiner} ${display.formatDate(date)}` : ''}
    </>
  );
}

/**
 * What the lender last reported about a credit card or loan (Plaid liabilities): APRs or the interest
 * rate, the payment due and when, the last statement and payment, the payoff or maturity date.
 */
export function LiabilityCard({ liability, display }: { liability: Liability; display: FigureDisplay }) {
  const paymentLabel = liability.kind === 'mortgage' ? 'Next monthly payment' : 'Minimum payment';
  const payoffLabel = liability.kind === 'mortgage' ? 'Matures' : 'Expected payoff';
  return (
    <Card aria-labelledby="account-liability-heading">
      <CardHeader>
        <CardTitle id="account-liability-heading">{TITLES[liability.kind]}</CardTitle>
        <CardDescription>
          As the lender last reported them, {display.formatDateTime(liability.updatedAt)}. Amounts in{' '}
          {liability.currency}.
        </CardDescription>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y">
          {liability.kind === 'credit' ? (
            liability.aprs.length > 0 ? (
              liability.aprs.map((apr, index) => (
                <Row key={`${apr.type}-${index}`} label={APR_NAMES[apr.type] ?? `${apr.type} APR`}>
                  {percentText(apr.percentage)}
                  {apr.balanceSubjectToApr ? (
                    <span className="text-muted-foreground">
                      {' '}
                      on <Money amount={apr.balanceSubjectToApr} display={display} />
                    </span>
                  ) : null}
                </Row>
              ))
            ) : (
              <Row label="APR">Not reported</Row>
            )
          ) : (
            <Row label="Interest rate">
              {liability.interestRate
                ? `${percentText(liability.interestRate.percentage)}${liability.interestRate.type ? ` (${liability.interestRate.type})` : ''}`
                : 'Not reported'}
            </Row>
          )}
          <Row label={paymentLabel}>
            {liability.nextPayment ? (
              <Money amount={liability.nextPayment} display={display} />
            ) : (
              'Not reported'
            )}
          </Row>
          <Row label="Next payment due">
            {liability.nextPaymentDueDate ? display.formatDate(liability.nextPaymentDueDate) : 'Not reported'}
            {liability.isOverdue ? (
              <Badge variant="destructive" className="ml-2">
                Overdue
              </Badge>
            ) : null}
          </Row>
          {liability.kind !== 'mortgage' ? (
            <Row label="Last statement balance">
              <Dated
                amount={liability.lastStatementBalance}
                date={liability.lastStatementIssueDate}
                display={display}
                joiner="issued"
              />
            </Row>
          ) : null}
          <Row label="Last payment">
            <Dated
              amount={liability.lastPayment}
              date={liability.lastPaymentDate}
              display={display}
              joiner="on"
            />
          </Row>
          {liability.kind !== 'credit' ? (
            <Row label={payoffLabel}>
              {liability.payoffDate ? display.formatDate(liability.payoffDate) : 'Not reported'}
            </Row>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
