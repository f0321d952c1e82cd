import { DEFAULT_LOCALE, formatMoney, type Money } from '@lodestar/domain';
import type { ComponentProps } from 'react';
import { usePreferencesOrNull } from '@/lib/preferences';
import { cn } from '@/lib/utils';

type MoneyTextProps = Omit<ComponentProps<'span'>, 'children'> & {
  amount: Pick<Money, 'amountMinor' | 'currency'>;
  /**
   * 'flow' (default) is a transaction amount: money in (positive) reads as income — a leading '+' and
   * green text, so the sign carries the meaning as well as the colour; money out keeps its minus.
   * 'plain' is a balance or a total: the formatted amount only, no '+' and no colour.
   */
  tone?: 'flow' | 'plain';
  /** Number format; by default the user's number_format preference. */
  locale?: string;
  /**
   * Privacy (show_balances off): the amount is replaced by dots and read out as "Amount hidden". By
   * default it follows the user's show_balances preference, so no amount anywhere escapes it.
   */
  masked?: boolean;
};

/** The text of an amount, as MoneyText shows it ('+$12.50', '-$3.99', '$0.00'). */
export function moneyText(
  amount: Pick<Money, 'amountMinor' | 'currency'>,
  tone: 'flow' | 'plain' = 'flow',
  locale = DEFAULT_LOCALE,
): string {
  const text = formatMoney({ amountMinor: amount.amountMinor, currency: amount.currency }, locale);
  return tone === 'flow' && amount.amountMinor > 0 ? `+${text}` : text;
}

/**
 * An amount in its own currency with the currency's decimals (the domain's formatMoney), in tabular
 * figures so columns of amounts line up.
 */
export function MoneyText({ amount, tone = 'flow', locale, masked, className, ...props }: MoneyTextProps) {
  const preferences = usePreferencesOrNull()?.preferences;
  const hidden = masked ?? (preferences ? !preferences.show_balances : false);
  if (hidden) {
    return (
      <span className={cn('tabular-nums whitespace-nowrap', className)} {...props}>
        <span aria-hidden="true">••••</span>
        <span className="sr-only">Amount hidden</span>
      </span>
    );
  }
  const income = tone === 'flow' && amount.amountMinor > 0;
  return (
    <span
      data-income={income ? '' : undefined}
      className={cn(
        'tabular-nums whitespace-nowrap',
        income &&
          'text-green-700 dark:text-green-400 in-[.high-contrast]:text-green-900 dark:in-[.high-contrast]:text-green-300',
        className,
      )}
      {...props}
    >
      {moneyText(amount, tone, locale ?? preferences?.number_format)}
    </span>
  );
}
