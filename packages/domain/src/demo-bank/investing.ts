/**
 * The brokerage account: a monthly contribution from checking, invested the next trading day across six
 * funds and stocks (fractional shares), and dividends paid in cash.
 */
import { allocate, money } from '../money';
import { dayInMonth, nextBankDay, nextTradingDayAfter } from './calendar';
import type { DayContext, Stream } from './context';
import { monthlyNetPay } from './income';
import { major2, monthlyOccurrence } from './schedule';
import { SECURITY_SPECS } from './securities';

const CONTRIBUTION_DAY = 6;

/** Monthly contribution: 9% of net pay, in steps of $25. */
function contributionMinor(ctx: DayContext): number {
  return Math.round((monthlyNetPay(ctx) * 0.09) / 25_00) * 25_00;
}

/** Formats millionths of a unit as a decimal string without trailing zeros ('2.5', '12.345678'). */
export function microToDecimal(micro: number): string {
  const whole = Math.floor(micro / 1_000_000);
  const fraction = String(micro % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const contribution: Stream = (ctx) => {
  if (monthlyOccurrence(ctx, CONTRIBUTION_DAY, 'next-bank-day') === undefined) return;
  ctx.transfer({
    slug: 'brokerage-contribution',
    from: 'checking',
    to: 'brokerage',
    amountMinor: contributionMinor(ctx),
    out: {
      name: `LODESTAR INVEST TRANSFER ****${ctx.profile.masks.brokerage}`,
      description: 'AUTOMATIC INVESTMENT TRANSFER TO BROKERAGE',
      category: 'TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS',
    },
    in: {
      name: `ACH DEPOSIT FROM CHECKING ****${ctx.profile.masks.checking}`,
      category: 'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
    },
    method: 'ach',
  });
};

/**
 * The trading day after this month's contribution: the contribution, plus any cash above $1,000 left at
 * the previous month end (dividends), is split by target allocation.
 */
const buys: Stream = (ctx) => {
  if (ctx.date > 16) return;
  const posted = ctx.once(`contributed|${ctx.monthIndex}`, () =>
    nextBankDay(dayInMonth(ctx.monthIndex, CONTRIBUTION_DAY)),
  );
  if (nextTradingDayAfter(posted) !== ctx.day) return;
  const idleCash = ctx.monthEnd(ctx.monthIndex - 1).balance.brokerage - 1_000_00;
  const total = contributionMinor(ctx) + Math.max(0, Math.floor(idleCash / 100_00) * 100_00);
  const parts = allocate(
    money(total, 'USD'),
    SECURITY_SPECS.map((spec) => spec.allocation),
  );
  SECURITY_SPECS.forEach((spec, n) => {
    const cents = parts[n]?.amountMinor ?? 0;
    if (cents <= 0) return;
    const priceMinor = ctx.close(spec.securityId, ctx.day);
    const quantityMicro = Math.floor((cents * 1_000_000) / priceMinor);
    ctx.emit({
      slug: `buy-${spec.ticker.toLowerCase()}`,
      account: 'brokerage',
      amountMinor: -cents,
      name: `BUY ${spec.ticker} ${microToDecimal(quantityMicro)} SH @ ${major2(priceMinor)}`,
      description: `BOUGHT ${microToDecimal(quantityMicro)} ${spec.name} AT ${major2(priceMinor)}`,
      category: 'INVESTMENT_BUY',
      confidence: 'VERY_HIGH',
      channel: 'other',
      method: 'brokerage',
      investment: { securityId: spec.securityId, quantityMicro, priceMinor },
    });
  });
};

/** Cash dividends on the units held at the end of the previous month. */
const dividends: Stream = (ctx) => {
  for (const spec of SECURITY_SPECS) {
    if (monthlyOccurrence(ctx, spec.dividendDay, 'previous-bank-day', spec.dividendMonths) !== ctx.monthIndex)
      continue;
    const previous = ctx.monthEnd(ctx.monthIndex - 1);
    const units = (previous.quantityMicro[spec.securityId] ?? 0) / 1_000_000;
    const price = ctx.close(spec.securityId, ctx.day - ctx.date);
    const perYear = spec.dividendMonths.length;
    const amountMinor = Math.round((units * price * spec.dividendYield(ctx.year)) / perYear);
    if (amountMinor <= 0) continue;
    ctx.emit({
      slug: `dividend-${spec.ticker.toLowerCase()}`,
      account: 'brokerage',
      amountMinor,
      name: `DIVIDEND ${spec.ticker}`,
      description: `CASH DIVIDEND ${spec.name} ON ${microToDecimal(previous.quantityMicro[spec.securityId] ?? 0)} SH`,
      category: 'INCOME_DIVIDENDS',
      confidence: 'VERY_HIGH',
      channel: 'other',
      method: 'brokerage',
    });
  }
};

/** Brokerage streams, in the order they run each day. */
export const INVESTING_STREAMS: readonly Stream[] = [contribution, buys, dividends];
