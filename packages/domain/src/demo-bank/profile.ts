/**
 * The demo household: everything drawn once per seed (employer, pay, loan terms, opening balances,
 * account masks…), plus the fixed account catalogue and the history start.
 */
import { HISTORY_START } from '../dates';
import { dayNumber, daysFromCivil, monthIndex } from './calendar';
import { hash32, Rng } from './random';
import { SECURITY_SPECS } from './securities';
import type { DemoBankAccount } from './types';

/** The six demo accounts, in display order. */
export const ACCOUNT_KEYS = ['checking', 'savings', 'card', 'brokerage', 'mortgage', 'eur'] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];

/** The institution every demo account belongs to. */
export const DEMO_BANK_INSTITUTION_NAME = 'Lodestar Demo Bank';

/** Accounts open on this day with their opening balances; nothing happens before it. */
export const OPENING_DAY = dayNumber(HISTORY_START);

type AccountSpec = Pick<DemoBankAccount, 'name' | 'officialName' | 'type' | 'subtype' | 'currency'>;

/** Fixed names and types of the six accounts. */
export const ACCOUNT_SPECS: Record<AccountKey, AccountSpec> = {
  checking: {
    name: 'Everyday Checking',
    officialName: 'Lodestar Demo Bank Everyday Checking',
    type: 'depository',
    subtype: 'checking',
    currency: 'USD',
  },
  savings: {
    name: 'High-Yield Savings',
    officialName: 'Lodestar Demo Bank High-Yield Savings',
    type: 'depository',
    subtype: 'savings',
    currency: 'USD',
  },
  card: {
    name: 'Rewards Visa',
    officialName: 'Lodestar Demo Bank Rewards Visa Signature Card',
    type: 'credit',
    subtype: 'credit card',
    currency: 'USD',
  },
  brokerage: {
    name: 'Individual Brokerage',
    officialName: 'Lodestar Demo Bank Individual Brokerage Account',
    type: 'brokerage',
    subtype: 'brokerage',
    currency: 'USD',
  },
  mortgage: {
    name: 'Home Mortgage',
    officialName: 'Lodestar Demo Bank 30-Year Fixed Rate Mortgage',
    type: 'loan',
    subtype: 'mortgage',
    currency: 'USD',
  },
  eur: {
    name: 'Euro Checking',
    officialName: 'Lodestar Demo Bank Euro Current Account (Lisbon)',
    type: 'depository',
    subtype: 'checking',
    currency: 'EUR',
  },
};

/** Terms of the household's mortgage. */
export type MortgageTerms = {
  principalMinor: number;
  ratePercent: string;
  monthlyRate: number;
  termMonths: number;
  originationDay: number;
  /** Month index of the first payment (the month after next of origination). */
  firstPaymentMonth: number;
  paymentMinor: number;
  /** Amount owed on the history start, after the payments made before it (positive). */
  owedAtOpeningMinor: number;
};

/** Everything drawn once per seed. */
export type Profile = {
  /** 8 hex digits identifying the seed inside external ids. */
  tag: string;
  city: string;
  employer: { name: string; descriptor: string };
  /** Biweekly net pay on the history start, minor units. */
  netPayStartMinor: number;
  /** Month (1–12) in which the yearly raise takes effect. */
  raiseMonth: number;
  /** 0 or 7: which Fridays are paydays. */
  paydayPhase: number;
  cardAutopayDay: number;
  creditLimitMinor: number;
  /** Months by which the two-yearly streaming price rise and the cancel/rejoin cycle are shifted. */
  streamingPhase: number;
  cinemaPhase: number;
  grocers: readonly [string, string];
  masks: Record<AccountKey, string>;
  openingBalanceMinor: Record<AccountKey, number>;
  openingQuantityMicro: Record<string, number>;
  openingCostMinor: Record<string, number>;
  mortgage: MortgageTerms;
};

const CITIES = ['PORTLAND OR', 'DENVER CO', 'AUSTIN TX', 'COLUMBUS OH', 'RALEIGH NC', 'MADISON WI'] as const;
const EMPLOYERS = [
  ['Northwind Traders', 'NORTHWIND TRADERS'],
  ['Contoso Ltd', 'CONTOSO LTD'],
  ['Fabrikam Inc', 'FABRIKAM INC'],
  ['Tailspin Toys', 'TAILSPIN TOYS'],
  ['Adatum Corporation', 'ADATUM CORP'],
] as const;
const GROCERS = ['GREENLEAF MARKET', 'FRESHWAY SUPERMARKET', 'HARVEST FOODS'] as const;
const MORTGAGE_RATES = ['2.875', '3.000', '3.125', '3.250', '3.500'] as const;

/** A 30-year fixed loan taken out in 2019 of about five years of net pay. */
function mortgageTerms(rng: Rng, netPayMinor: number): MortgageTerms {
  const principalMinor = Math.round((netPayMinor * 26 * rng.between(4.6, 5.4)) / 1_000_00) * 1_000_00;
  const ratePercent = rng.pick(MORTGAGE_RATES);
  const monthlyRate = Number(ratePercent) / 100 / 12;
  const termMonths = 360;
  const originationMonth = rng.int(1, 6);
  const originationDay = daysFromCivil(2019, originationMonth, rng.int(3, 27));
  const firstPaymentMonth = monthIndex(2019, originationMonth) + 2;
  const paymentMinor = Math.round((principalMinor * monthlyRate) / (1 - (1 + monthlyRate) ** -termMonths));
  let owed = principalMinor;
  for (let month = firstPaymentMonth; month < monthIndex(2020, 1); month++) {
    owed = owed + Math.round(owed * monthlyRate) - paymentMinor;
  }
  return {
    principalMinor,
    ratePercent: ratePercent.replace(/0+$/, '').replace(/\.$/, ''),
    monthlyRate,
    termMonths,
    originationDay,
    firstPaymentMonth,
    paymentMinor,
    owedAtOpeningMinor: owed,
  };
}

function distinctMasks(rng: Rng): Record<AccountKey, string> {
  const used = new Set<string>();
  const masks = {} as Record<AccountKey, string>;
  for (const key of ACCOUNT_KEYS) {
    let mask = '';
    do mask = String(rng.int(0, 9999)).padStart(4, '0');
    while (used.has(mask));
    used.add(mask);
    masks[key] = mask;
  }
  return masks;
}

/** Draws the household for `seed`. */
export function createProfile(seed: string): Profile {
  const rng = new Rng(`${seed}|profile`);
  const [employerName, employerDescriptor] = rng.pick(EMPLOYERS);
  const primaryGrocer = rng.pick(GROCERS);
  const secondaryGrocer = rng.pick(GROCERS.filter((grocer) => grocer !== primaryGrocer));
  const netPayStartMinor = rng.int(3_150_00, 3_650_00) + rng.int(0, 99);
  const mortgage = mortgageTerms(rng, netPayStartMinor);
  const openingQuantityMicro: Record<string, number> = {};
  const openingCostMinor: Record<string, number> = {};
  for (const spec of SECURITY_SPECS) {
    const [min, max] = spec.openingUnits;
    const units = spec.type === 'money_market' ? rng.int(min * 100, max * 100) / 100 : rng.int(min, max);
    openingQuantityMicro[spec.securityId] = Math.round(units * 1_000_000);
    openingCostMinor[spec.securityId] = Math.round(
      units * spec.anchorCloseMinor * (spec.type === 'money_market' ? 1 : rng.between(0.68, 0.94)),
    );
  }
  return {
    tag: hash32(seed).toString(16).padStart(8, '0'),
    city: rng.pick(CITIES),
    employer: { name: employerName, descriptor: employerDescriptor },
    netPayStartMinor,
    raiseMonth: rng.int(2, 4),
    paydayPhase: rng.pick([0, 7]),
    cardAutopayDay: rng.int(18, 25),
    creditLimitMinor: rng.pick([12_000_00, 15_000_00, 18_500_00, 20_000_00]),
    streamingPhase: rng.int(0, 4),
    cinemaPhase: rng.int(0, 5),
    grocers: [primaryGrocer, secondaryGrocer],
    masks: distinctMasks(rng),
    openingBalanceMinor: {
      checking: rng.int(3_800_00, 6_200_00) + rng.int(0, 99),
      savings: rng.int(12_000_00, 19_000_00) + rng.int(0, 99),
      card: -(rng.int(900_00, 2_400_00) + rng.int(0, 99)),
      brokerage: rng.int(400_00, 1_600_00) + rng.int(0, 99),
      mortgage: -mortgage.owedAtOpeningMinor,
      eur: rng.int(5_500_00, 8_000_00) + rng.int(0, 99),
    },
    openingQuantityMicro,
    openingCostMinor,
    mortgage,
  };
}
