/**
 * Recurring obligations: the mortgage (transfer plus interest on the loan), the card's autopay, the
 * monthly move to savings, utilities, insurance, property tax, and the Lisbon flat's direct debits.
 */
import { daysInMonth, monthIndex } from './calendar';
import type { DayContext, Stream } from './context';
import { monthlyNetPay } from './income';
import { major2, monthlyOccurrence } from './schedule';

const yearsSince2020 = (ctx: DayContext): number => Math.max(0, ctx.year - 2020);

/** Payment due on the 1st (next bank day): interest charged on the loan, then the transfer from checking. */
const mortgage: Stream = (ctx) => {
  const index = monthlyOccurrence(ctx, 1, 'next-bank-day');
  if (index === undefined) return;
  const terms = ctx.profile.mortgage;
  const owed = -ctx.monthEnd(index - 1).balance.mortgage;
  if (owed <= 0) return;
  const interest = Math.round(owed * terms.monthlyRate);
  const payment = Math.min(terms.paymentMinor, owed + interest);
  ctx.emit({
    slug: 'mortgage-interest',
    account: 'mortgage',
    amountMinor: -interest,
    name: 'INTEREST CHARGED',
    description: `MORTGAGE INTEREST ${terms.ratePercent}% ON ${major2(owed)}`,
    category: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT',
    confidence: 'HIGH',
    channel: 'other',
  });
  ctx.transfer({
    slug: 'mortgage',
    from: 'checking',
    to: 'mortgage',
    amountMinor: payment,
    out: {
      name: 'LODESTAR HOME LOANS MORTGAGE PMT',
      merchantName: 'Lodestar Home Loans',
      description: `LODESTAR HOME LOANS MTG PYMT LOAN ****${ctx.profile.masks.mortgage}`,
      category: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT',
    },
    in: {
      name: 'PAYMENT RECEIVED - THANK YOU',
      description: `PAYMENT FROM CHECKING ****${ctx.profile.masks.checking}`,
      category: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT',
    },
    method: 'ach',
  });
};

/** Autopay of the full statement balance (statements close at month end). */
const cardAutopay: Stream = (ctx) => {
  const index = monthlyOccurrence(ctx, ctx.profile.cardAutopayDay, 'next-bank-day');
  if (index === undefined) return;
  const owed = -ctx.monthEnd(index - 1).balance.card;
  if (owed <= 0) return;
  ctx.transfer({
    slug: 'card-payment',
    from: 'checking',
    to: 'card',
    amountMinor: owed,
    out: {
      name: 'LODESTAR CARD AUTOPAY',
      description: `LODESTAR DEMO BANK CREDIT CARD AUTOPAY ****${ctx.profile.masks.card}`,
      category: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    },
    in: {
      name: 'AUTOPAY PAYMENT - THANK YOU',
      category: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    },
    method: 'internal_transfer',
  });
};

/** Standing order to savings on the 16th: 6% of net pay, in steps of $50. */
const toSavings: Stream = (ctx) => {
  if (monthlyOccurrence(ctx, 16, 'next-bank-day') === undefined) return;
  const { masks } = ctx.profile;
  ctx.transfer({
    slug: 'to-savings',
    from: 'checking',
    to: 'savings',
    amountMinor: Math.round((monthlyNetPay(ctx) * 0.06) / 50_00) * 50_00,
    out: {
      name: `ONLINE TRANSFER TO SAVINGS ****${masks.savings}`,
      category: 'TRANSFER_OUT_SAVINGS',
    },
    in: {
      name: `ONLINE TRANSFER FROM CHECKING ****${masks.checking}`,
      category: 'TRANSFER_IN_SAVINGS',
    },
    method: 'internal_transfer',
  });
};

/**
 * Keeps checking in a believable band: early each month (the 2nd, next bank day), a previous month-end
 * balance above $20,000 sends the excess over $12,000 to savings; one below $7,000 brings it back to
 * about $10,000 from savings (as far as savings allow).
 */
const cashSweep: Stream = (ctx) => {
  const index = monthlyOccurrence(ctx, 2, 'next-bank-day');
  if (index === undefined) return;
  const previous = ctx.monthEnd(index - 1).balance;
  const balance = previous.checking;
  const { masks } = ctx.profile;
  const topUp = Math.min(
    Math.ceil((10_000_00 - balance) / 500_00),
    Math.floor((previous.savings - 2_000_00) / 500_00),
  );
  if (balance > 20_000_00) {
    ctx.transfer({
      slug: 'sweep-to-savings',
      from: 'checking',
      to: 'savings',
      amountMinor: Math.floor((balance - 12_000_00) / 500_00) * 500_00,
      out: { name: `ONLINE TRANSFER TO SAVINGS ****${masks.savings}`, category: 'TRANSFER_OUT_SAVINGS' },
      in: { name: `ONLINE TRANSFER FROM CHECKING ****${masks.checking}`, category: 'TRANSFER_IN_SAVINGS' },
      method: 'internal_transfer',
    });
  } else if (balance < 7_000_00 && topUp > 0) {
    ctx.transfer({
      slug: 'sweep-from-savings',
      from: 'savings',
      to: 'checking',
      amountMinor: topUp * 500_00,
      out: {
        name: `ONLINE TRANSFER TO CHECKING ****${masks.checking}`,
        category: 'TRANSFER_OUT_ACCOUNT_TRANSFER',
      },
      in: {
        name: `ONLINE TRANSFER FROM SAVINGS ****${masks.savings}`,
        category: 'TRANSFER_IN_ACCOUNT_TRANSFER',
      },
      method: 'internal_transfer',
    });
  }
};

/** Car loan with an outside lender (paid off mid-2023, a new one from September 2024) and after-school care. */
const familyBills: Stream = (ctx) => {
  if (monthlyOccurrence(ctx, 15, 'next-bank-day') !== undefined) {
    const first = ctx.monthIndex < monthIndex(2023, 6);
    const second = ctx.monthIndex >= monthIndex(2024, 9) && ctx.monthIndex < monthIndex(2029, 9);
    if (first || second) {
      ctx.emit({
        slug: 'car-loan-0',
        account: 'checking',
        amountMinor: first ? -489_17 : -612_40,
        name: 'SUMMIT AUTO FINANCE PMT',
        merchantName: 'Summit Auto Finance',
        description: `SUMMIT AUTO FINANCE AUTO PMT LOAN ${first ? '7731' : '9052'}`,
        category: 'LOAN_PAYMENTS_CAR_PAYMENT',
        confidence: 'VERY_HIGH',
        channel: 'online',
        method: 'ach',
      });
    }
  }
  if (ctx.month !== 7 && ctx.month !== 8 && monthlyOccurrence(ctx, 1, 'next-bank-day') !== undefined) {
    ctx.emit({
      slug: 'afterschool-0',
      account: 'checking',
      amountMinor: -Math.round(495_00 * 1.04 ** yearsSince2020(ctx)),
      name: 'BRIGHT PATH AFTERSCHOOL',
      merchantName: 'Bright Path',
      description: 'BRIGHT PATH AFTERSCHOOL PROGRAM TUITION',
      category: 'GENERAL_SERVICES_CHILDCARE',
      confidence: 'HIGH',
      channel: 'online',
      method: 'ach',
    });
  }
};

/** Seasonal factor peaking in January and July (heating and cooling). */
const twoPeakSeason = (month: number): number => Math.cos((2 * Math.PI * (month - 1)) / 6);

/** ACH bills from checking: electricity, water, internet, car and home insurance, property tax. */
const utilities: Stream = (ctx) => {
  const inflation = 1.03 ** yearsSince2020(ctx);
  if (monthlyOccurrence(ctx, 12, 'next-bank-day') !== undefined) {
    const rng = ctx.rng('electric');
    const typical = 92 * inflation * (1 + 0.32 * twoPeakSeason(ctx.month));
    ctx.emit({
      slug: 'electric-0',
      account: 'checking',
      amountMinor: -rng.amount(typical, 0.08, 40, 400),
      name: 'METRO POWER & LIGHT ONLINE PMT',
      merchantName: 'Metro Power & Light',
      description: `METRO POWER & LIGHT WEB PMT ACCT ${ctx.profile.tag.slice(2, 8).toUpperCase()}`,
      category: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
      confidence: 'VERY_HIGH',
      channel: 'online',
      method: 'ach',
    });
  }
  if (monthlyOccurrence(ctx, 20, 'next-bank-day', [1, 4, 7, 10]) !== undefined) {
    ctx.emit({
      slug: 'water-0',
      account: 'checking',
      amountMinor: -ctx.rng('water').amount(84 * inflation, 0.12, 45, 180),
      name: 'CITY WATER & SEWER UTIL',
      merchantName: 'City Water & Sewer',
      category: 'RENT_AND_UTILITIES_WATER',
      confidence: 'HIGH',
      channel: 'online',
      method: 'ach',
    });
  }
  if (monthlyOccurrence(ctx, 8, 'next-bank-day') !== undefined) {
    ctx.emit({
      slug: 'internet-0',
      account: 'checking',
      amountMinor: ctx.year <= 2022 ? -69_99 : ctx.year <= 2024 ? -74_99 : -79_99,
      name: 'FIBERLINK INTERNET',
      merchantName: 'FiberLink',
      description: 'FIBERLINK COMMUNICATIONS AUTOPAY',
      category: 'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
      confidence: 'VERY_HIGH',
      channel: 'online',
      method: 'ach',
    });
  }
  if (monthlyOccurrence(ctx, 3, 'next-bank-day') !== undefined) {
    // Car insurance renews each June with a bigger rise in 2023–24 (as US premiums did).
    let premium = 118_40;
    for (let year = 2020; year <= ctx.year; year++) {
      if (year === ctx.year && ctx.month < 6) break;
      premium = Math.round(
        premium * (1 + ctx.plan(`auto-insurance|${year}`).between(0.03, year >= 2023 ? 0.16 : 0.07)),
      );
    }
    ctx.emit({
      slug: 'auto-insurance-0',
      account: 'checking',
      amountMinor: -premium,
      name: 'GUARDIAN MUTUAL INS PREM',
      merchantName: 'Guardian Mutual Insurance',
      description: 'GUARDIAN MUTUAL INSURANCE CO AUTO PREMIUM PPD',
      category: 'GENERAL_SERVICES_INSURANCE',
      confidence: 'VERY_HIGH',
      channel: 'online',
      method: 'ach',
    });
  }
  if (monthlyOccurrence(ctx, 15, 'next-bank-day', [9]) !== undefined) {
    ctx.emit({
      slug: 'home-insurance-0',
      account: 'checking',
      amountMinor: -Math.round(
        ctx.plan('home-insurance').int(1_050_00, 1_550_00) * 1.07 ** yearsSince2020(ctx),
      ),
      name: 'HEARTHSTONE HOME INSURANCE',
      merchantName: 'Hearthstone Insurance',
      description: 'HEARTHSTONE HOME INS ANNUAL PREMIUM',
      category: 'GENERAL_SERVICES_INSURANCE',
      confidence: 'HIGH',
      channel: 'online',
      method: 'ach',
    });
  }
  if (monthlyOccurrence(ctx, 15, 'previous-bank-day', [4, 10]) !== undefined) {
    const yearly = ctx.plan('property-tax').int(4_800_00, 7_600_00) * 1.035 ** yearsSince2020(ctx);
    ctx.emit({
      slug: 'property-tax-0',
      account: 'checking',
      amountMinor: -Math.round(yearly / 2),
      name: 'COUNTY TREASURER PROPERTY TAX',
      merchantName: 'County Treasurer',
      description: `COUNTY TREASURER ${ctx.profile.city} PROPERTY TAX INSTALLMENT`,
      category: 'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT',
      confidence: 'HIGH',
      channel: 'online',
      method: 'ach',
    });
  }
  if (ctx.date === daysInMonth(ctx.year, ctx.month) && ctx.rng('maintenance-fee').chance(0.1)) {
    ctx.emit({
      slug: 'maintenance-fee-0',
      account: 'checking',
      amountMinor: -12_00,
      name: 'MONTHLY MAINTENANCE FEE',
      description: 'MONTHLY MAINTENANCE FEE - MINIMUM DAILY BALANCE NOT MET',
      category: 'BANK_FEES_OTHER_BANK_FEES',
      confidence: 'VERY_HIGH',
      channel: 'other',
    });
  }
};

/** The phone bill, charged to the card on the 17th. */
const phone: Stream = (ctx) => {
  if (monthlyOccurrence(ctx, 17, 'none') === undefined) return;
  const plan = ctx.year >= 2024 ? 89_99 : 84_99;
  ctx.purchase({
    slug: 'phone-0',
    account: 'card',
    amountMinor: -(plan + ctx.rng('phone').int(3_10, 7_40)),
    name: 'VERIDIAN WIRELESS AUTOPAY',
    merchantName: 'Veridian Wireless',
    description: 'VERIDIAN WIRELESS*BILL PAY 800-555-0199',
    category: 'RENT_AND_UTILITIES_TELEPHONE',
    confidence: 'VERY_HIGH',
    channel: 'online',
    method: 'credit_card',
  });
};

/** Direct debits of the Lisbon flat from the euro account. */
const lisbonFlat: Stream = (ctx) => {
  if (monthlyOccurrence(ctx, 8, 'next-weekday') !== undefined) {
    ctx.emit({
      slug: 'condo-0',
      account: 'eur',
      amountMinor: ctx.year >= 2024 ? -92_00 : -85_00,
      name: 'CONDOMINIO R DA SAUDADE 12',
      description: 'DD SEPA CONDOMINIO RUA DA SAUDADE 12 LISBOA',
      category: 'RENT_AND_UTILITIES_OTHER_UTILITIES',
      confidence: 'LOW',
      channel: 'other',
      method: 'direct_debit',
    });
  }
  if (monthlyOccurrence(ctx, 20, 'next-weekday') !== undefined) {
    const typical = 42 * (1 + 0.35 * Math.cos((2 * Math.PI * (ctx.month - 1)) / 12));
    ctx.emit({
      slug: 'luzboa-0',
      account: 'eur',
      amountMinor: -ctx.rng('luzboa').amount(typical, 0.1, 18, 120),
      name: 'LUZBOA ENERGIA SA',
      merchantName: 'Luzboa Energia',
      description: 'DD SEPA LUZBOA ENERGIA SA FATURA ELECTRICIDADE',
      category: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
      confidence: 'MEDIUM',
      channel: 'other',
      method: 'direct_debit',
    });
  }
  if (monthlyOccurrence(ctx, 5, 'next-weekday') !== undefined) {
    ctx.emit({
      slug: 'onda-0',
      account: 'eur',
      amountMinor: -34_99,
      name: 'ONDA FIBRA',
      merchantName: 'Onda Fibra',
      description: 'DD SEPA ONDA TELECOMUNICACOES FIBRA 500MB',
      category: 'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
      confidence: 'HIGH',
      channel: 'other',
      method: 'direct_debit',
    });
  }
  if (monthlyOccurrence(ctx, 10, 'next-weekday', [2]) !== undefined) {
    ctx.emit({
      slug: 'flat-repairs-0',
      account: 'eur',
      amountMinor: -ctx.plan(`flat-repairs|${ctx.year}`).amount(900, 0.5, 250, 3_200),
      name: 'OBRAS E REPAROS ALFAMA LDA',
      merchantName: 'Obras e Reparos Alfama',
      description: 'TRF OBRAS E REPAROS ALFAMA LDA MANUTENCAO ANUAL',
      category: 'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE',
      confidence: 'LOW',
      channel: 'other',
      method: 'direct_debit',
    });
  }
  if (monthlyOccurrence(ctx, 31, 'next-weekday', [5]) !== undefined) {
    ctx.emit({
      slug: 'imi-0',
      account: 'eur',
      amountMinor: -Math.round(ctx.plan('imi').int(360_00, 460_00) * 1.02 ** yearsSince2020(ctx)),
      name: 'AT IMI PAGAMENTO',
      merchantName: 'Autoridade Tributaria',
      description: 'PAGAMENTO IMI AUTORIDADE TRIBUTARIA E ADUANEIRA',
      category: 'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT',
      confidence: 'MEDIUM',
      channel: 'online',
      method: 'direct_debit',
    });
  }
};

/** Bill streams, in the order they run each day. */
export const BILL_STREAMS: readonly Stream[] = [
  mortgage,
  cardAutopay,
  toSavings,
  cashSweep,
  familyBills,
  utilities,
  phone,
  lisbonFlat,
];
