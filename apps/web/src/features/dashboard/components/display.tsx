import { formatPercentage, type Money } from '@lodestar/domain';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { cn } from '@/lib/utils';
import { direction } from '../model';

export {
  Amount,
  useFigureDisplay as useDashboardDisplay,
  type FigureDisplay as DashboardDisplay,
} from '@/components/figure-display';
import { Amount, type FigureDisplay as DashboardDisplay } from '@/components/figure-display';

/**
 * A change told in words and an arrow: 'Up $120.00 (3.10%)'. The amount is masked with balances;
 * the percentage is not (it reveals no balance). `percent` null means there was no base to compare.
 */
export function ChangeText({
  amount,
  percent,
  display,
  suffix,
  className,
}: {
  amount: Money;
  percent: number | null;
  display: DashboardDisplay;
  suffix?: string;
  className?: string;
}) {
  const word = direction(amount.amountMinor);
  const Icon = word === 'Up' ? ArrowUpRight : word === 'Down' ? ArrowDownRight : Minus;
  const magnitude = { amountMinor: Math.abs(amount.amountMinor), currency: amount.currency };
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1', className)}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>{word}</span>
      {word === 'No change' ? null : (
        <>
          <Amount amount={magnitude} display={display} />
          {percent === null ? null : <span>({formatPercentage(Math.abs(percent), display.locale)})</span>}
        </>
      )}
      {suffix ? <span>{suffix}</span> : null}
    </span>
  );
}
