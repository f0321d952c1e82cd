import { categoryLabel } from '@lodestar/domain';
import { Link } from 'react-router';
import { MoneyText } from '@/components/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { SpendingSummary } from '../api';
import { merchantActivityHref } from '../month';

/** The month's ten merchants with the most spending; each opens Activity searched for it. */
export function TopMerchants({
  summary,
  masked,
  locale,
}: {
  summary: SpendingSummary;
  masked: boolean;
  locale: string;
}) {
  return (
    <Card aria-labelledby="top-merchants-heading">
      <CardHeader>
        <CardTitle id="top-merchants-heading">Top merchants</CardTitle>
      </CardHeader>
      <CardContent>
        {summary.byMerchant.length === 0 ? (
          <p className="text-sm text-muted-foreground">No merchant names on this month&apos;s spending.</p>
        ) : (
          <ol className="divide-y divide-border">
            {summary.byMerchant.map((row) => (
              <li
                key={row.merchant}
                className="relative flex items-center justify-between gap-3 rounded-md px-2 py-2.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring hover:bg-accent/50"
              >
                <div className="min-w-0">
                  <Link
                    to={merchantActivityHref(row.merchant, summary.month)}
                    className="block truncate font-medium outline-none after:absolute after:inset-0 after:content-['']"
                  >
                    {row.merchant}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {categoryLabel(row.category)} · {row.transactionCount}{' '}
                    {row.transactionCount === 1 ? 'transaction' : 'transactions'}
                  </p>
                </div>
                <MoneyText amount={row.amount} tone="plain" masked={masked} locale={locale} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
