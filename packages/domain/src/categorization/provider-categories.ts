import {
  CONFIDENCE_LEVEL_SCORES,
  type ConfidenceLevel,
  isInvestmentCategory,
  isTransactionCategory,
  type TransactionCategory,
} from '../categories';
import { foldText } from './text';

/**
 * Provider categories → the spec's twelve categories (spec §3).
 *
 * Sources, tried in order until one gives a category:
 *  1. Plaid personal-finance category (`primary`, `detailed`; v1 and the December 2025 v2 taxonomy);
 *  2. Plaid's legacy hierarchy (`['Food and Drink', 'Restaurants', 'Coffee Shop']`);
 *  3. a free-text QIF/CSV category ('Groceries', 'Auto:Fuel', 'Lebensmittel'…), case- and
 *     accent-insensitive; QIF '[Account]' categories are transfers.
 *
 * Primaries without a spec category of their own (see the table in ./README.md):
 * PERSONAL_CARE, BANK_FEES and GOVERNMENT_AND_NON_PROFIT → GENERAL_SERVICES (their detailed code keeps
 * the wider display label: 'Personal Care', 'Bank Fees', 'Government & Non-Profit');
 * TRANSFER_IN, TRANSFER_OUT and LOAN_DISBURSEMENTS → TRANSFER (borrowed money is not income);
 * OTHER and investment codes → no category. Two detailed codes move away from their primary:
 * LOAN_PAYMENTS_CREDIT_CARD_PAYMENT → TRANSFER (the purchases were already counted on the card; counting
 * the payment again would double spending) and GENERAL_SERVICES_AUTOMOTIVE → TRANSPORTATION (car upkeep).
 */

/** What a provider (or an imported file) says about a transaction's category. */
export type ProviderCategoryInput = {
  /** Plaid `personal_finance_category.primary`, e.g. 'FOOD_AND_DRINK'. */
  primary?: string | null;
  /** Plaid `personal_finance_category.detailed`, e.g. 'FOOD_AND_DRINK_GROCERIES'. */
  detailed?: string | null;
  /** A level ('VERY_HIGH'…'UNKNOWN'), a 0..1 number, or a numeric string. */
  confidence?: string | number | null;
  /** Plaid legacy hierarchy, most general first: ['Food and Drink', 'Restaurants']. */
  legacy?: readonly string[] | null;
  /** Free-text category of a QIF/CSV import: 'Groceries', 'Auto:Fuel', 'Food & Dining'. */
  qifCategory?: string | null;
};

/** The mapped category: one of the twelve or null, a detailed code when known, confidence 0..1. */
export type ProviderCategoryResult = {
  category: TransactionCategory | null;
  detailed: string | null;
  confidence: number;
};

/**
 * Confidence given to a mapping when the source sent none: HIGH (0.8, trusted) when the code or word
 * is recognised exactly, MEDIUM (0.5, shown as 'Uncategorized') when only a vague parent ('Shops',
 * 'Service') or a word inside a longer text matched.
 */
export const MAPPING_CONFIDENCE = {
  exact: CONFIDENCE_LEVEL_SCORES.HIGH,
  vague: CONFIDENCE_LEVEL_SCORES.MEDIUM,
} as const;

type Level = 'exact' | 'vague';
type Mapped = { category: TransactionCategory; detailed: string | null; level: Level };

/** Plaid personal-finance primaries (v1 and v2) → spec category; null = no spec category. */
export const PLAID_PRIMARY_CATEGORIES = {
  INCOME: 'INCOME',
  TRANSFER_IN: 'TRANSFER',
  TRANSFER_OUT: 'TRANSFER',
  LOAN_DISBURSEMENTS: 'TRANSFER',
  LOAN_PAYMENTS: 'LOAN_PAYMENTS',
  BANK_FEES: 'GENERAL_SERVICES',
  ENTERTAINMENT: 'ENTERTAINMENT',
  FOOD_AND_DRINK: 'FOOD_AND_DRINK',
  GENERAL_MERCHANDISE: 'GENERAL_MERCHANDISE',
  HOME_IMPROVEMENT: 'HOME_IMPROVEMENT',
  MEDICAL: 'MEDICAL',
  PERSONAL_CARE: 'GENERAL_SERVICES',
  GENERAL_SERVICES: 'GENERAL_SERVICES',
  GOVERNMENT_AND_NON_PROFIT: 'GENERAL_SERVICES',
  TRANSPORTATION: 'TRANSPORTATION',
  TRAVEL: 'TRAVEL',
  RENT_AND_UTILITIES: 'RENT_AND_UTILITIES',
  TRANSFER: 'TRANSFER',
  OTHER: null,
} as const satisfies Record<string, TransactionCategory | null>;

type PlaidPrimary = keyof typeof PLAID_PRIMARY_CATEGORIES;

/** Detailed codes whose spec category differs from their primary's. */
export const DETAILED_CATEGORY_OVERRIDES: Readonly<Record<string, TransactionCategory>> = {
  LOAN_PAYMENTS_CREDIT_CARD_PAYMENT: 'TRANSFER',
  GENERAL_SERVICES_AUTOMOTIVE: 'TRANSPORTATION',
};

/** Primaries outside the twelve whose own code is kept as `detailed`, so rows keep their wider label. */
const LABELLED_PRIMARIES: ReadonlySet<string> = new Set([
  'PERSONAL_CARE',
  'BANK_FEES',
  'GOVERNMENT_AND_NON_PROFIT',
]);

const PLAID_PRIMARIES = Object.keys(PLAID_PRIMARY_CATEGORIES) as PlaidPrimary[];

/**
 * Maps what a provider says to one of the spec's twelve categories, a detailed code and a 0..1
 * confidence. A confidence the input carries is used as is (levels via CONFIDENCE_LEVEL_SCORES, numbers
 * clamped to 0..1, anything unreadable counts as UNKNOWN = 0); without one, see MAPPING_CONFIDENCE.
 * A Plaid confidence belongs to the Plaid category: when that cannot be mapped and the legacy or QIF
 * category is used instead, the mapping's own confidence applies. Nothing mapped → category null,
 * confidence 0.
 */
export function mapProviderCategory(input: ProviderCategoryInput): ProviderCategoryResult {
  const given = parseConfidence(input.confidence);
  const hasPlaid = Boolean(input.primary?.trim() || input.detailed?.trim());

  const plaid = hasPlaid ? mapPlaidCategory(input.primary, input.detailed) : null;
  if (plaid?.mapped) return result(plaid.mapped, given);

  const fallback = mapLegacyHierarchy(input.legacy) ?? mapFreeTextCategory(input.qifCategory);
  if (fallback) return result(fallback, hasPlaid ? undefined : given);

  const investment = plaid?.detailed ?? (toCode(input.primary) || null);
  return {
    category: null,
    detailed: investment && isInvestmentCategory(investment) ? investment : null,
    confidence: 0,
  };
}

function result(mapped: Mapped, given: number | undefined): ProviderCategoryResult {
  return {
    category: mapped.category,
    detailed: mapped.detailed,
    confidence: given ?? MAPPING_CONFIDENCE[mapped.level],
  };
}

/**
 * A provider confidence as a 0..1 number: a level name (case-insensitive) via CONFIDENCE_LEVEL_SCORES,
 * a number or numeric string clamped to 0..1, anything else (unknown words, NaN) 0. Missing → undefined.
 */
export function parseConfidence(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? clamp01(value) : 0;
  const text = value.trim();
  if (!text) return undefined;
  const level = text.toUpperCase().replace(/[\s-]+/g, '_');
  if (Object.hasOwn(CONFIDENCE_LEVEL_SCORES, level)) return CONFIDENCE_LEVEL_SCORES[level as ConfidenceLevel];
  return /^\d*\.?\d+$/.test(text) ? clamp01(Number(text)) : 0;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function toCode(value: string | null | undefined): string {
  return (value ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

/** The Plaid primary a detailed code belongs to (longest prefix: TRANSFER_IN before TRANSFER). */
function plaidPrimaryOf(code: string): PlaidPrimary | undefined {
  let best: PlaidPrimary | undefined;
  for (const primary of PLAID_PRIMARIES) {
    if ((code === primary || code.startsWith(`${primary}_`)) && primary.length > (best?.length ?? 0)) {
      best = primary;
    }
  }
  return best;
}

function isPlaidPrimary(code: string): code is PlaidPrimary {
  return Object.hasOwn(PLAID_PRIMARY_CATEGORIES, code);
}

/**
 * Plaid primary/detailed → category. The detailed code is kept only when it belongs to the primary
 * (a mismatching one is dropped: the primary wins); without a primary, the detailed code's own primary
 * is used. One of the twelve values sent as a primary maps to itself.
 */
function mapPlaidCategory(
  primaryText: string | null | undefined,
  detailedText: string | null | undefined,
): { mapped: Mapped | null; detailed: string | null } {
  let primary: string = toCode(primaryText);
  let detailed: string | null = toCode(detailedText) || null;
  const detailedPrimary = detailed ? plaidPrimaryOf(detailed) : undefined;
  if (!isPlaidPrimary(primary) && !isTransactionCategory(primary)) {
    if (!detailedPrimary) return { mapped: null, detailed };
    primary = detailedPrimary;
  } else if (detailed && detailedPrimary !== primary) {
    detailed = null;
  }
  if (detailed === primary) detailed = null;

  const category =
    (detailed ? DETAILED_CATEGORY_OVERRIDES[detailed] : undefined) ??
    (isPlaidPrimary(primary) ? PLAID_PRIMARY_CATEGORIES[primary] : (primary as TransactionCategory));
  if (!detailed && LABELLED_PRIMARIES.has(primary)) detailed = primary;
  if (!category) return { mapped: null, detailed };
  return { mapped: { category, detailed, level: 'exact' }, detailed };
}

// ---------------------------------------------------------------------------------------------------
// Plaid legacy hierarchy

type Entry = readonly [TransactionCategory, string | null, Level?];

/** Legacy paths (folded, '>'-joined) → [category, detailed code, level (default exact)]. */
const LEGACY_PATHS: Readonly<Record<string, Entry>> = {
  'bank fees': ['GENERAL_SERVICES', 'BANK_FEES'],
  'bank fees>overdraft': ['GENERAL_SERVICES', 'BANK_FEES_OVERDRAFT_FEES'],
  'bank fees>atm': ['GENERAL_SERVICES', 'BANK_FEES_ATM_FEES'],
  'bank fees>foreign transaction': ['GENERAL_SERVICES', 'BANK_FEES_FOREIGN_TRANSACTION_FEES'],
  'bank fees>insufficient funds': ['GENERAL_SERVICES', 'BANK_FEES_INSUFFICIENT_FUNDS'],
  'bank fees>late payment': ['GENERAL_SERVICES', 'BANK_FEES_OTHER_BANK_FEES'],
  'bank fees>wire transfer': ['GENERAL_SERVICES', 'BANK_FEES_OTHER_BANK_FEES'],
  'cash advance': ['TRANSFER', 'TRANSFER_IN_CASH_ADVANCES_AND_LOANS', 'vague'],
  community: ['GENERAL_SERVICES', null, 'vague'],
  'community>government departments and agencies': [
    'GENERAL_SERVICES',
    'GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES',
  ],
  'community>religious': ['GENERAL_SERVICES', 'GOVERNMENT_AND_NON_PROFIT_DONATIONS'],
  'community>education': ['GENERAL_SERVICES', 'GENERAL_SERVICES_EDUCATION'],
  'community>day care and preschools': ['GENERAL_SERVICES', 'GENERAL_SERVICES_CHILDCARE'],
  'food and drink': ['FOOD_AND_DRINK', null],
  'food and drink>restaurants': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  'food and drink>restaurants>coffee shop': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'],
  'food and drink>restaurants>fast food': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_FAST_FOOD'],
  'food and drink>bar': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  healthcare: ['MEDICAL', null],
  'healthcare>healthcare services>dentists': ['MEDICAL', 'MEDICAL_DENTAL_CARE'],
  'healthcare>healthcare services>optometrists': ['MEDICAL', 'MEDICAL_EYE_CARE'],
  'healthcare>physicians': ['MEDICAL', 'MEDICAL_PRIMARY_CARE'],
  'interest>interest earned': ['INCOME', 'INCOME_INTEREST_EARNED'],
  'interest>interest charged': ['GENERAL_SERVICES', 'BANK_FEES_INTEREST_CHARGE'],
  payment: ['LOAN_PAYMENTS', null, 'vague'],
  'payment>credit card': ['TRANSFER', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'],
  'payment>rent': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'],
  'payment>loan': ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_OTHER_PAYMENT'],
  recreation: ['ENTERTAINMENT', null, 'vague'],
  'recreation>gyms and fitness centers': ['GENERAL_SERVICES', 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS'],
  'recreation>arts and entertainment': [
    'ENTERTAINMENT',
    'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS',
  ],
  'recreation>arts and entertainment>movie theatres': ['ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES'],
  'recreation>arts and entertainment>casinos and gaming': [
    'ENTERTAINMENT',
    'ENTERTAINMENT_CASINOS_AND_GAMBLING',
  ],
  service: ['GENERAL_SERVICES', null, 'vague'],
  'service>utilities': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_OTHER_UTILITIES'],
  'service>utilities>electric': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  'service>utilities>gas': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  'service>utilities>water': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_WATER'],
  'service>utilities>sanitary and waste management': [
    'RENT_AND_UTILITIES',
    'RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT',
  ],
  'service>telecommunication services': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_TELEPHONE'],
  'service>cable': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_INTERNET_AND_CABLE'],
  'service>internet services': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_INTERNET_AND_CABLE'],
  'service>insurance': ['GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE'],
  'service>financial': ['GENERAL_SERVICES', 'GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING'],
  'service>automotive': ['TRANSPORTATION', 'GENERAL_SERVICES_AUTOMOTIVE'],
  'service>shipping and freight': ['GENERAL_SERVICES', 'GENERAL_SERVICES_POSTAGE_AND_SHIPPING'],
  'service>storage': ['GENERAL_SERVICES', 'GENERAL_SERVICES_STORAGE'],
  'service>education': ['GENERAL_SERVICES', 'GENERAL_SERVICES_EDUCATION'],
  'service>legal': ['GENERAL_SERVICES', 'GENERAL_SERVICES_CONSULTING_AND_LEGAL'],
  'service>personal care': ['GENERAL_SERVICES', 'PERSONAL_CARE_OTHER_PERSONAL_CARE'],
  'service>home improvement': ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE'],
  shops: ['GENERAL_MERCHANDISE', null, 'vague'],
  'shops>supermarkets and groceries': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  'shops>food and beverage store': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK'],
  'shops>beer wine and spirits': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR'],
  'shops>pharmacies': ['MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'],
  'shops>hardware store': ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_HARDWARE'],
  'shops>furniture and home decor': ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_FURNITURE'],
  'shops>clothing and accessories': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'],
  'shops>computers and electronics': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ELECTRONICS'],
  'shops>department stores': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_DEPARTMENT_STORES'],
  'shops>discount stores': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_DISCOUNT_STORES'],
  'shops>convenience stores': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_CONVENIENCE_STORES'],
  'shops>bookstores': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS'],
  'shops>pets': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_PET_SUPPLIES'],
  'shops>sporting goods': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_SPORTING_GOODS'],
  'shops>office supplies': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_OFFICE_SUPPLIES'],
  'shops>warehouses and wholesale stores': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_SUPERSTORES'],
  'shops>digital purchase': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE'],
  'tax>refund': ['INCOME', 'INCOME_TAX_REFUND'],
  'tax>payment': ['GENERAL_SERVICES', 'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT'],
  transfer: ['TRANSFER', null],
  'transfer>payroll': ['INCOME', 'INCOME_WAGES'],
  'transfer>payroll>benefits': ['INCOME', 'INCOME_OTHER_INCOME'],
  'transfer>deposit': ['TRANSFER', 'TRANSFER_IN_DEPOSIT'],
  'transfer>withdrawal': ['TRANSFER', 'TRANSFER_OUT_WITHDRAWAL'],
  'transfer>internal account transfer': ['TRANSFER', 'TRANSFER_IN_ACCOUNT_TRANSFER'],
  'transfer>savings': ['TRANSFER', 'TRANSFER_OUT_SAVINGS'],
  'transfer>wire': ['TRANSFER', null],
  'transfer>credit': ['TRANSFER', null, 'vague'],
  'transfer>debit': ['TRANSFER', null, 'vague'],
  'transfer>third party': ['TRANSFER', null, 'vague'],
  travel: ['TRAVEL', null, 'vague'],
  'travel>airlines and aviation services': ['TRAVEL', 'TRAVEL_FLIGHTS'],
  'travel>lodging': ['TRAVEL', 'TRAVEL_LODGING'],
  'travel>car and truck rentals': ['TRAVEL', 'TRAVEL_RENTAL_CARS'],
  'travel>car service': ['TRANSPORTATION', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES'],
  'travel>taxi': ['TRANSPORTATION', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES'],
  'travel>gas stations': ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  'travel>parking': ['TRANSPORTATION', 'TRANSPORTATION_PARKING'],
  'travel>public transportation services': ['TRANSPORTATION', 'TRANSPORTATION_PUBLIC_TRANSIT'],
  'travel>tolls and fees': ['TRANSPORTATION', 'TRANSPORTATION_TOLLS'],
};

function foldPart(text: string): string {
  return foldText(text.replace(/&/g, ' and ').replace(/[^\p{L}\p{N}\s]+/gu, ' '));
}

/**
 * Plaid legacy hierarchy → category: the longest known path wins (['Food and Drink', 'Restaurants',
 * 'Thai'] → 'food and drink>restaurants'); failing that, the free-text words on its parts, vaguely.
 */
function mapLegacyHierarchy(hierarchy: readonly string[] | null | undefined): Mapped | null {
  const parts = (hierarchy ?? []).map(foldPart).filter(Boolean);
  for (let length = parts.length; length > 0; length -= 1) {
    const entry = LEGACY_PATHS[parts.slice(0, length).join('>')];
    if (entry) return { category: entry[0], detailed: entry[1], level: entry[2] ?? 'exact' };
  }
  const words = resolveSegments(parts);
  return words ? { ...words, level: 'vague' } : null;
}

// ---------------------------------------------------------------------------------------------------
// Free-text (QIF / CSV) categories

/** Folded words and phrases → [category, detailed]. English first, then de, fr, es, nl. */
const TEXT_CATEGORIES: Readonly<Record<string, readonly [TransactionCategory, string | null]>> = {
  // Food & drink
  groceries: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  grocery: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  supermarket: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  food: ['FOOD_AND_DRINK', null],
  'food and dining': ['FOOD_AND_DRINK', null],
  'food and drink': ['FOOD_AND_DRINK', null],
  dining: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  'dining out': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  'eating out': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  restaurant: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  takeout: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  takeaway: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  'fast food': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_FAST_FOOD'],
  coffee: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'],
  'coffee shop': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'],
  cafe: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'],
  alcohol: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR'],
  'alcohol and bars': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR'],
  bar: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  // Transportation
  gas: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  fuel: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  gasoline: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  petrol: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  'gas and fuel': ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  auto: ['TRANSPORTATION', null],
  automobile: ['TRANSPORTATION', null],
  car: ['TRANSPORTATION', null],
  'auto and transport': ['TRANSPORTATION', null],
  transportation: ['TRANSPORTATION', null],
  transport: ['TRANSPORTATION', null],
  parking: ['TRANSPORTATION', 'TRANSPORTATION_PARKING'],
  toll: ['TRANSPORTATION', 'TRANSPORTATION_TOLLS'],
  'public transit': ['TRANSPORTATION', 'TRANSPORTATION_PUBLIC_TRANSIT'],
  'public transportation': ['TRANSPORTATION', 'TRANSPORTATION_PUBLIC_TRANSIT'],
  transit: ['TRANSPORTATION', 'TRANSPORTATION_PUBLIC_TRANSIT'],
  taxi: ['TRANSPORTATION', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES'],
  'ride share': ['TRANSPORTATION', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES'],
  rideshare: ['TRANSPORTATION', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES'],
  'auto service': ['TRANSPORTATION', 'GENERAL_SERVICES_AUTOMOTIVE'],
  'service and parts': ['TRANSPORTATION', 'GENERAL_SERVICES_AUTOMOTIVE'],
  'car repair': ['TRANSPORTATION', 'GENERAL_SERVICES_AUTOMOTIVE'],
  // Rent & utilities
  rent: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'],
  'rent and utilities': ['RENT_AND_UTILITIES', null],
  housing: ['RENT_AND_UTILITIES', null],
  utilities: ['RENT_AND_UTILITIES', null],
  utility: ['RENT_AND_UTILITIES', null],
  bills: ['RENT_AND_UTILITIES', null],
  'bills and utilities': ['RENT_AND_UTILITIES', null],
  electric: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  electricity: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  'gas and electric': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  'gas and electricity': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  water: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_WATER'],
  internet: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_INTERNET_AND_CABLE'],
  cable: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_INTERNET_AND_CABLE'],
  'internet and cable': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_INTERNET_AND_CABLE'],
  phone: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_TELEPHONE'],
  telephone: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_TELEPHONE'],
  'mobile phone': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_TELEPHONE'],
  'cell phone': ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_TELEPHONE'],
  // Loans
  mortgage: ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT'],
  'mort int': ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT'],
  'loan payment': ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_OTHER_PAYMENT'],
  loan: ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_OTHER_PAYMENT'],
  'student loan': ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT'],
  'car payment': ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CAR_PAYMENT'],
  'auto payment': ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CAR_PAYMENT'],
  // Income
  income: ['INCOME', null],
  salary: ['INCOME', 'INCOME_WAGES'],
  paycheck: ['INCOME', 'INCOME_WAGES'],
  paycheque: ['INCOME', 'INCOME_WAGES'],
  wages: ['INCOME', 'INCOME_WAGES'],
  payroll: ['INCOME', 'INCOME_WAGES'],
  bonus: ['INCOME', 'INCOME_WAGES'],
  'interest income': ['INCOME', 'INCOME_INTEREST_EARNED'],
  'interest earned': ['INCOME', 'INCOME_INTEREST_EARNED'],
  dividend: ['INCOME', 'INCOME_DIVIDENDS'],
  'dividend income': ['INCOME', 'INCOME_DIVIDENDS'],
  'div income': ['INCOME', 'INCOME_DIVIDENDS'],
  'int inc': ['INCOME', 'INCOME_INTEREST_EARNED'],
  'interest inc': ['INCOME', 'INCOME_INTEREST_EARNED'],
  'other inc': ['INCOME', 'INCOME_OTHER_INCOME'],
  'tax refund': ['INCOME', 'INCOME_TAX_REFUND'],
  pension: ['INCOME', 'INCOME_RETIREMENT_PENSION'],
  // Transfers
  transfer: ['TRANSFER', null],
  'credit card payment': ['TRANSFER', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'],
  atm: ['TRANSFER', 'TRANSFER_OUT_WITHDRAWAL'],
  cash: ['TRANSFER', 'TRANSFER_OUT_WITHDRAWAL'],
  'cash and atm': ['TRANSFER', 'TRANSFER_OUT_WITHDRAWAL'],
  'atm withdrawal': ['TRANSFER', 'TRANSFER_OUT_WITHDRAWAL'],
  savings: ['TRANSFER', 'TRANSFER_OUT_SAVINGS'],
  // Shopping
  shopping: ['GENERAL_MERCHANDISE', null],
  clothing: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'],
  clothes: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'],
  electronics: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ELECTRONICS'],
  'electronics and software': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ELECTRONICS'],
  book: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS'],
  gift: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES'],
  household: ['GENERAL_MERCHANDISE', null],
  pet: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_PET_SUPPLIES'],
  'pet food': ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_PET_SUPPLIES'],
  // Entertainment
  entertainment: ['ENTERTAINMENT', null],
  movie: ['ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES'],
  'movies and dvds': ['ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES'],
  music: ['ENTERTAINMENT', 'ENTERTAINMENT_MUSIC_AND_AUDIO'],
  games: ['ENTERTAINMENT', 'ENTERTAINMENT_VIDEO_GAMES'],
  hobbies: ['ENTERTAINMENT', null],
  entertain: ['ENTERTAINMENT', null],
  recreation: ['ENTERTAINMENT', null],
  // Travel
  travel: ['TRAVEL', null],
  vacation: ['TRAVEL', null],
  hotel: ['TRAVEL', 'TRAVEL_LODGING'],
  lodging: ['TRAVEL', 'TRAVEL_LODGING'],
  airfare: ['TRAVEL', 'TRAVEL_FLIGHTS'],
  flight: ['TRAVEL', 'TRAVEL_FLIGHTS'],
  'air travel': ['TRAVEL', 'TRAVEL_FLIGHTS'],
  'rental car': ['TRAVEL', 'TRAVEL_RENTAL_CARS'],
  'rental car and taxi': ['TRAVEL', 'TRAVEL_RENTAL_CARS'],
  // Medical
  medical: ['MEDICAL', null],
  health: ['MEDICAL', null],
  healthcare: ['MEDICAL', null],
  doctor: ['MEDICAL', 'MEDICAL_PRIMARY_CARE'],
  dentist: ['MEDICAL', 'MEDICAL_DENTAL_CARE'],
  pharmacy: ['MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'],
  eyecare: ['MEDICAL', 'MEDICAL_EYE_CARE'],
  // Home improvement
  'home improvement': ['HOME_IMPROVEMENT', null],
  home: ['HOME_IMPROVEMENT', null],
  furniture: ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_FURNITURE'],
  hardware: ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_HARDWARE'],
  'home repair': ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE'],
  'home rpair': ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE'],
  'home maintenance': ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE'],
  'lawn and garden': ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE'],
  // Services (incl. personal care, fees, government)
  services: ['GENERAL_SERVICES', null],
  insurance: ['GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE'],
  education: ['GENERAL_SERVICES', 'GENERAL_SERVICES_EDUCATION'],
  tuition: ['GENERAL_SERVICES', 'GENERAL_SERVICES_EDUCATION'],
  childcare: ['GENERAL_SERVICES', 'GENERAL_SERVICES_CHILDCARE'],
  'child care': ['GENERAL_SERVICES', 'GENERAL_SERVICES_CHILDCARE'],
  daycare: ['GENERAL_SERVICES', 'GENERAL_SERVICES_CHILDCARE'],
  'personal care': ['GENERAL_SERVICES', 'PERSONAL_CARE'],
  gym: ['GENERAL_SERVICES', 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS'],
  fitness: ['GENERAL_SERVICES', 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS'],
  hair: ['GENERAL_SERVICES', 'PERSONAL_CARE_HAIR_AND_BEAUTY'],
  haircut: ['GENERAL_SERVICES', 'PERSONAL_CARE_HAIR_AND_BEAUTY'],
  laundry: ['GENERAL_SERVICES', 'PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING'],
  fee: ['GENERAL_SERVICES', 'BANK_FEES'],
  'bank fee': ['GENERAL_SERVICES', 'BANK_FEES'],
  'bank charge': ['GENERAL_SERVICES', 'BANK_FEES'],
  'service charge': ['GENERAL_SERVICES', 'BANK_FEES'],
  'fees and charges': ['GENERAL_SERVICES', 'BANK_FEES'],
  'bank chrg': ['GENERAL_SERVICES', 'BANK_FEES'],
  tax: ['GENERAL_SERVICES', 'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT'],
  taxes: ['GENERAL_SERVICES', 'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT'],
  charity: ['GENERAL_SERVICES', 'GOVERNMENT_AND_NON_PROFIT_DONATIONS'],
  donation: ['GENERAL_SERVICES', 'GOVERNMENT_AND_NON_PROFIT_DONATIONS'],
  'gifts and donations': ['GENERAL_SERVICES', 'GOVERNMENT_AND_NON_PROFIT_DONATIONS'],
  // German
  lebensmittel: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  supermarkt: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  'essen gehen': ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  gastronomie: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  tanken: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  tankstelle: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  kraftstoff: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  miete: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'],
  nebenkosten: ['RENT_AND_UTILITIES', null],
  strom: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  gehalt: ['INCOME', 'INCOME_WAGES'],
  lohn: ['INCOME', 'INCOME_WAGES'],
  einkommen: ['INCOME', null],
  umbuchung: ['TRANSFER', null],
  uberweisung: ['TRANSFER', null],
  versicherung: ['GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE'],
  apotheke: ['MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'],
  arzt: ['MEDICAL', 'MEDICAL_PRIMARY_CARE'],
  gesundheit: ['MEDICAL', null],
  reisen: ['TRAVEL', null],
  urlaub: ['TRAVEL', null],
  kleidung: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'],
  einkaufen: ['GENERAL_MERCHANDISE', null],
  freizeit: ['ENTERTAINMENT', null],
  bankgebuhren: ['GENERAL_SERVICES', 'BANK_FEES'],
  // French
  courses: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  alimentation: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  epicerie: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  restauration: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  carburant: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  essence: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  loyer: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'],
  electricite: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  salaire: ['INCOME', 'INCOME_WAGES'],
  revenu: ['INCOME', null],
  virement: ['TRANSFER', null],
  assurance: ['GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE'],
  pharmacie: ['MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'],
  medecin: ['MEDICAL', 'MEDICAL_PRIMARY_CARE'],
  sante: ['MEDICAL', null],
  voyage: ['TRAVEL', null],
  vetement: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'],
  loisir: ['ENTERTAINMENT', null],
  'frais bancaire': ['GENERAL_SERVICES', 'BANK_FEES'],
  // Spanish
  supermercado: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  comestibles: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  restaurante: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  gasolina: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  combustible: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  alquiler: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'],
  electricidad: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  salario: ['INCOME', 'INCOME_WAGES'],
  sueldo: ['INCOME', 'INCOME_WAGES'],
  nomina: ['INCOME', 'INCOME_WAGES'],
  ingresos: ['INCOME', null],
  transferencia: ['TRANSFER', null],
  seguro: ['GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE'],
  farmacia: ['MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'],
  salud: ['MEDICAL', null],
  viaje: ['TRAVEL', null],
  ropa: ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'],
  ocio: ['ENTERTAINMENT', null],
  comision: ['GENERAL_SERVICES', 'BANK_FEES'],
  // Dutch
  boodschappen: ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  huur: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'],
  salaris: ['INCOME', 'INCOME_WAGES'],
  brandstof: ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  verzekering: ['GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE'],
};

/** A word whose meaning depends on its parent: 'Gas' is fuel, but 'Utilities:Gas' is the gas bill. */
const CONTEXTUAL: Readonly<Record<string, Partial<Record<TransactionCategory, string>>>> = {
  gas: { RENT_AND_UTILITIES: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY' },
};

/** A text table look-up, also trying the singular ('restaurants' → 'restaurant', 'fees' → 'fee'). */
function lookupText(
  phrase: string,
): { key: string; entry: readonly [TransactionCategory, string | null] } | null {
  const candidates = [
    phrase,
    phrase.replace(/ies$/, 'y'),
    phrase.replace(/es$/, ''),
    phrase.replace(/s$/, ''),
  ];
  for (const key of candidates) {
    const entry = TEXT_CATEGORIES[key];
    if (entry) return { key, entry };
  }
  return null;
}

/**
 * Resolves hierarchy segments (most general first) by exact words, most specific segment first; a
 * contextual word ('gas') is read in the light of its nearest resolved parent.
 */
function resolveSegments(
  segments: readonly string[],
): { category: TransactionCategory; detailed: string | null } | null {
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    const found = lookupText(segments[index] ?? '');
    if (!found) continue;
    const contextual = CONTEXTUAL[found.key];
    if (contextual) {
      const parent = resolveSegments(segments.slice(0, index));
      const detailed = parent ? contextual[parent.category] : undefined;
      if (parent && detailed) return { category: parent.category, detailed };
    }
    return { category: found.entry[0], detailed: found.entry[1] };
  }
  return null;
}

/** The longest table phrase found as whole words inside `text`, or null. */
function findPhraseInside(text: string): { category: TransactionCategory; detailed: string | null } | null {
  const words = text.split(' ');
  for (let length = Math.min(4, words.length); length > 0; length -= 1) {
    for (let start = 0; start + length <= words.length; start += 1) {
      const found = lookupText(words.slice(start, start + length).join(' '));
      if (found) return { category: found.entry[0], detailed: found.entry[1] };
    }
  }
  return null;
}

/**
 * A free-text QIF/CSV category → category. '[Savings]' (QIF transfer to an account) → TRANSFER. A QIF
 * class after '/' is ignored ('Groceries/Vacation'); ':' and '>' separate subcategories, and the most
 * specific part that is a known word wins ('Auto:Fuel' → fuel); a known word inside a longer text
 * ('Weekly groceries') matches vaguely.
 */
function mapFreeTextCategory(text: string | null | undefined): Mapped | null {
  const raw = (text ?? '').trim();
  if (!raw) return null;
  if (/^\[.*\]$/.test(raw)) return { category: 'TRANSFER', detailed: null, level: 'exact' };

  const whole = lookupText(foldPart(raw));
  if (whole) return { category: whole.entry[0], detailed: whole.entry[1], level: 'exact' };

  const withoutClass = raw.includes('/') && !raw.startsWith('/') ? raw.slice(0, raw.indexOf('/')) : raw;
  const segments = withoutClass.split(/[:>]/).map(foldPart).filter(Boolean);
  const exact = resolveSegments(segments);
  if (exact) return { ...exact, level: 'exact' };

  for (let index = segments.length - 1; index >= 0; index -= 1) {
    const inside = findPhraseInside(segments[index] ?? '');
    if (inside) return { ...inside, level: 'vague' };
  }
  return null;
}
