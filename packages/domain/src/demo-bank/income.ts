/** Income streams: biweekly pay with yearly raises, a March bonus, tax refunds, interest, rental payouts. */
import {
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  nextBankDay,
  nextWeekday,
  previousBankDay,
} from './calendar';
import type { DayContext, Stream } from './context';

const FIRST_FRIDAY = daysFromCivil(2020, 1, 3);
const FIRST_YEAR = 2020;

function isNominalPayday(ctx: DayContext, day: number): boolean {
  return (((day - FIRST_FRIDAY - ctx.profile.paydayPhase) % 14) + 14) % 14 === 0;
}

/** Biweekly net pay due on the nominal payday `day`: raises from the raise month, benefit changes each January. */
export function netPay(ctx: DayContext, day: number): number {
  const { year } = civilFromDays(day);
  let pay = ctx.profile.netPayStartMinor;
  for (let y = FIRST_YEAR; y <= year; y++) {
    if (y > FIRST_YEAR && day >= daysFromCivil(y, 1, 1)) {
      pay = Math.round(pay * (1 + ctx.plan(`benefits|${y}`).between(-0.012, 0.004)));
    }
    if (day >= daysFromCivil(y, ctx.profile.raiseMonth, 1)) {
      pay = Math.round(pay * (1 + ctx.plan(`raise|${y}`).between(0.025, 0.055)));
    }
  }
  return pay;
}

/** Net pay per month (26 paychecks / 12) at the start of the current month, minor units. */
export function monthlyNetPay(ctx: DayContext): number {
  return ctx.once(`monthly-net|${ctx.monthIndex}`, () =>
    Math.round((netPay(ctx, ctx.day - ctx.date + 1) * 26) / 12),
  );
}

/** Paid on Fridays every two weeks, the bank day before when Friday is a holiday. */
const salary: Stream = (ctx) => {
  for (let ahead = 0; ahead <= 3; ahead++) {
    const nominal = ctx.day + ahead;
    if (!isNominalPayday(ctx, nominal) || previousBankDay(nominal) !== ctx.day) continue;
    const { descriptor, name } = ctx.profile.employer;
    ctx.emit({
      slug: 'salary-0',
      account: 'checking',
      amountMinor: netPay(ctx, nominal),
      name: `${descriptor} PAYROLL PPD`,
      merchantName: name,
      description: `${descriptor} DIR DEP PAYROLL PPD ID: 9${ctx.profile.tag.slice(0, 6).toUpperCase()}`,
      category: 'INCOME_WAGES',
      confidence: 'VERY_HIGH',
      channel: 'other',
      method: 'ach',
    });
    const { month, day } = civilFromDays(nominal);
    if (month === 3 && day >= 15 && day <= 28) {
      const share = ctx.plan(`bonus|${ctx.year}`).between(0.045, 0.095);
      ctx.emit({
        slug: 'bonus-0',
        account: 'checking',
        amountMinor: Math.round(netPay(ctx, nominal) * 26 * share),
        name: `${descriptor} BONUS PPD`,
        merchantName: name,
        description: `${descriptor} ANNUAL BONUS PPD`,
        category: 'INCOME_WAGES',
        confidence: 'HIGH',
        channel: 'other',
        method: 'ach',
      });
    }
  }
};

/** One federal tax settlement a year: usually a refund in spring, sometimes a payment due mid-April. */
const taxes: Stream = (ctx) => {
  if (ctx.month < 3 || ctx.month > 5) return;
  const plan = ctx.plan(`tax|${ctx.year}`);
  const refund = plan.chance(0.75);
  const due = refund
    ? nextBankDay(daysFromCivil(ctx.year, 3, 20) + plan.int(0, 50))
    : nextBankDay(daysFromCivil(ctx.year, 4, 8) + plan.int(0, 7));
  if (due !== ctx.day) return;
  const amountMinor = plan.amount(refund ? 1_100 : 700, 0.5, 180, 3_400);
  ctx.emit(
    refund
      ? {
          slug: 'tax-0',
          account: 'checking',
          amountMinor,
          name: 'IRS TREAS 310 TAX REF',
          merchantName: 'IRS',
          description: 'IRS TREAS 310 TAX REF PPD',
          category: 'INCOME_TAX_REFUND',
          confidence: 'VERY_HIGH',
          channel: 'other',
          method: 'ach',
        }
      : {
          slug: 'tax-0',
          account: 'checking',
          amountMinor: -amountMinor,
          name: 'IRS USATAXPYMT',
          merchantName: 'IRS',
          description: 'IRS USATAXPYMT IRS PPD',
          category: 'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT',
          confidence: 'HIGH',
          channel: 'online',
          method: 'ach',
        },
  );
};

/** High-yield savings APY (percent) by year, following the rate cycle. */
function savingsApy(year: number): number {
  const byYear: Record<number, number> = {
    2020: 0.9,
    2021: 0.5,
    2022: 1.6,
    2023: 4.15,
    2024: 4.3,
    2025: 3.8,
    2026: 3.5,
  };
  return byYear[year] ?? 3.5;
}

/** Interest credited on the last day of each month on the previous month-end balance. */
const savingsInterest: Stream = (ctx) => {
  if (ctx.date !== daysInMonth(ctx.year, ctx.month)) return;
  const balance = ctx.monthEnd(ctx.monthIndex - 1).balance.savings;
  const amountMinor = Math.round((Math.max(0, balance) * savingsApy(ctx.year)) / 100 / 12);
  if (amountMinor <= 0) return;
  ctx.emit({
    slug: 'interest-0',
    account: 'savings',
    amountMinor,
    name: 'INTEREST PAYMENT',
    description: `INTEREST PAID ${String(ctx.month).padStart(2, '0')}/${ctx.year} APY ${savingsApy(ctx.year).toFixed(2)}%`,
    category: 'INCOME_INTEREST_EARNED',
    confidence: 'VERY_HIGH',
    channel: 'other',
  });
};

/** Payout days and amounts of holiday lets of the Lisbon flat in a month (May–October). */
function rentalPayouts(ctx: DayContext, index: number): { day: number; amountMinor: number }[] {
  return ctx.once(`rental|${index}`, () => planPayouts(ctx, index));
}

function planPayouts(ctx: DayContext, index: number): { day: number; amountMinor: number }[] {
  const month = (((index % 12) + 12) % 12) + 1;
  const year = Math.floor(index / 12);
  const counts: Record<number, readonly [number, number]> = {
    5: [0, 1],
    6: [1, 2],
    7: [1, 2],
    8: [1, 3],
    9: [1, 2],
    10: [0, 1],
  };
  const range = counts[month];
  if (!range) return [];
  const plan = ctx.plan(`rental|${index}`);
  const payouts: { day: number; amountMinor: number }[] = [];
  const count = plan.int(range[0], range[1]);
  for (let n = 0; n < count; n++) {
    const day = nextWeekday(daysFromCivil(year, month, plan.int(1, daysInMonth(year, month))));
    payouts.push({ day, amountMinor: plan.amount(780, 0.3, 380, 1_450) });
  }
  return payouts;
}

/** Holiday-let payouts into the euro account, and the cleaner paid two weekdays after each stay. */
const rental: Stream = (ctx) => {
  for (const index of [ctx.monthIndex - 1, ctx.monthIndex]) {
    rentalPayouts(ctx, index).forEach((payout, n) => {
      if (payout.day === ctx.day) {
        ctx.emit({
          slug: `rental-${index}-${n}`,
          account: 'eur',
          amountMinor: payout.amountMinor,
          name: 'HOLIDAYNEST PAYOUT',
          merchantName: 'HolidayNest',
          description: `SEPA CREDIT HOLIDAYNEST BV PAYOUT REF HN${payout.day}${n}`,
          category: 'INCOME_OTHER_INCOME',
          confidence: 'MEDIUM',
          channel: 'other',
          method: 'ach',
        });
      }
      if (nextWeekday(payout.day + 2) === ctx.day) {
        ctx.emit({
          slug: `cleaning-${index}-${n}`,
          account: 'eur',
          amountMinor: -ctx.plan(`cleaning|${index}|${n}`).amount(55, 0.15, 40, 80),
          name: 'LIMPEZAS ALFAMA LDA',
          merchantName: 'Limpezas Alfama',
          description: 'COMPRA LIMPEZAS ALFAMA LDA LISBOA PRT',
          category: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
          confidence: 'LOW',
          channel: 'other',
          method: 'direct_debit',
        });
      }
    });
  }
};

/** Income streams, in the order they run each day. */
export const INCOME_STREAMS: readonly Stream[] = [salary, taxes, savingsInterest, rental];
