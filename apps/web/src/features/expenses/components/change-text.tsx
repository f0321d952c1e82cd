import { formatPercentage } from '@lodestar/domain';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { MoneyText } from '@/components/money';
import { cn } from '@/lib/utils';
import type { Change, Money } from '../api';

/**
 * A month-on-month change of spending in words ("up 4.20% ($120.00 more than October)"), so the
 * direction never rests on colour or an arrow alone. More spending is not coloured as good or bad.
 */
export function ChangeText({
  change,
  previous,
  previousLabel,
  masked,
  locale,
  className,
}: {
  change: Change;
  /** Last month's amount: 0 means there is nothing to compare with. */
  previous: Money;
  /** 'October' or 'last month'. */
  previousLabel: string;
  masked: boolean;
  locale: string;
  className?: string;
}) {
  const delta = change.amount.amountMinor;
  const magnitude = { amountMinor: Math.abs(delta), currency: change.amount.currency };
  const amount = <MoneyText amount={magnitude} tone="plain" masked={masked} locale={locale} />;
  let content;
  let Icon = Minus;
  if (delta === 0) {
    content = <>the same as {previousLabel}</>;
  } else if (previous.amountMinor === 0 || change.percent === null) {
    Icon = delta > 0 ? ArrowUpRight : ArrowDownRight;
    content = (
      <>
        {amount} {delta > 0 ? 'more' : 'less'} than {previousLabel}
      </>
    );
  } else {
    Icon = delta > 0 ? ArrowUpRight : ArrowDownRight;
    content = (
      <>
        {delta > 0 ? 'up' : 'down'} {formatPercentage(Math.abs(change.percent), locale)} ({amount}{' '}
        {delta > 0 ? 'more' : 'less'} than {previousLabel})
      </>
    );
  }
  return (
    <span className={cn('inline-flex items-start gap-1 text-muted-foreground', className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{content}</span>
    </span>
  );
}
