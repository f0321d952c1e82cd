/**
 * Everyday spending: groceries, dining and coffee, getting around, shopping (with marketplace refunds),
 * personal care and health, the home, going out, cash and the occasional cheque.
 */
import { civilFromDays, daysFromCivil, daysInMonth, monthIndex, nextBankDay, weekday } from './calendar';
import type { DayContext, Stream } from './context';
import { OPENING_DAY } from './profile';
import type { Rng } from './random';
import { statementLine, storeNumber } from './schedule';
import { isAway } from './travel';
import type { DemoBankConfidence } from './types';

/** A place to spend money: its statement descriptor, clean merchant name and category. */
type Place = {
  descriptor: string;
  merchant: string;
  category: string;
  confidence: DemoBankConfidence;
  channel: 'in store' | 'online';
  /** Card-terminal prefix some processors add ('SQ *', 'TST* '): no store number, less confident. */
  processor?: string;
};

const place = (
  descriptor: string,
  merchant: string,
  category: string,
  confidence: DemoBankConfidence = 'HIGH',
  channel: 'in store' | 'online' = 'in store',
  processor?: string,
): Place => ({ descriptor, merchant, category, confidence, channel, processor });

const GROCERY_NAMES: Record<string, string> = {
  'GREENLEAF MARKET': 'Greenleaf Market',
  'FRESHWAY SUPERMARKET': 'FreshWay Supermarket',
  'HARVEST FOODS': 'Harvest Foods',
};
const WHOLESALE = place('COSTMART WHOLESALE', 'CostMart Wholesale', 'FOOD_AND_DRINK_GROCERIES', 'VERY_HIGH');
const COOP = place('CORNER CO-OP', 'Corner Co-op', 'FOOD_AND_DRINK_GROCERIES', 'MEDIUM', 'in store', 'SQ *');

const RESTAURANTS: readonly Place[] = [
  place('OLIVE & THYME BISTRO', 'Olive & Thyme', 'FOOD_AND_DRINK_RESTAURANT', 'HIGH', 'in store', 'TST* '),
  place('SAKURA SUSHI BAR', 'Sakura Sushi Bar', 'FOOD_AND_DRINK_RESTAURANT'),
  place(
    'LA PALOMA TAQUERIA',
    'La Paloma Taqueria',
    'FOOD_AND_DRINK_RESTAURANT',
    'MEDIUM',
    'in store',
    'SQ *',
  ),
  place('THE COPPER KETTLE', 'The Copper Kettle', 'FOOD_AND_DRINK_RESTAURANT'),
  place('NONNA ROSA TRATTORIA', 'Nonna Rosa', 'FOOD_AND_DRINK_RESTAURANT', 'HIGH', 'in store', 'TST* '),
  place('BANGKOK GARDEN', 'Bangkok Garden', 'FOOD_AND_DRINK_RESTAURANT'),
  place('HOPWORKS BREWPUB', 'Hopworks Brewpub', 'FOOD_AND_DRINK_RESTAURANT', 'MEDIUM'),
];
const FAST_FOOD: readonly Place[] = [
  place('BURGER BARN', 'Burger Barn', 'FOOD_AND_DRINK_FAST_FOOD', 'VERY_HIGH'),
  place('CHIPOTLAY MEXICAN GRILL', 'Chipotlay', 'FOOD_AND_DRINK_FAST_FOOD', 'VERY_HIGH'),
  place('SLICE PIZZA CO', 'Slice Pizza Co', 'FOOD_AND_DRINK_FAST_FOOD'),
];
const COFFEE: readonly Place[] = [
  place('BLUE HERON COFFEE', 'Blue Heron Coffee', 'FOOD_AND_DRINK_COFFEE', 'VERY_HIGH'),
  place('DAILY GRIND CAFE', 'Daily Grind Cafe', 'FOOD_AND_DRINK_COFFEE', 'MEDIUM', 'in store', 'SQ *'),
  place('STARLING COFFEE CO', 'Starling Coffee', 'FOOD_AND_DRINK_COFFEE', 'HIGH'),
];

/** Records a purchase at `where`: card most of the time, the debit card otherwise. */
function buy(
  ctx: DayContext,
  rng: Rng,
  slug: string,
  where: Place,
  amountMinor: number,
  options: { pendingAmountMinor?: number; debitShare?: number; lagDays?: number } = {},
): void {
  const debit = where.channel === 'in store' && rng.chance(options.debitShare ?? 0.2);
  const store = where.processor ? '' : storeNumber(ctx.seed, where.descriptor, rng.int(0, 1));
  const name = statementLine([`${where.processor ?? ''}${where.descriptor}`, store]);
  const city = where.channel === 'online' ? '' : ctx.profile.city;
  ctx.purchase({
    slug,
    account: debit ? 'checking' : 'card',
    amountMinor: -amountMinor,
    pendingAmountMinor: options.pendingAmountMinor === undefined ? undefined : -options.pendingAmountMinor,
    lagDays: options.lagDays,
    name,
    merchantName: where.merchant,
    description: statementLine([debit ? 'POS DEBIT' : '', name, city], 100),
    category: where.category,
    confidence: where.confidence,
    channel: where.channel,
    method: debit ? 'debit_card' : 'credit_card',
  });
}

/** Groceries one to three times a week, mostly at weekends; a wholesale run now and then. */
const groceries: Stream = (ctx) => {
  if (isAway(ctx)) return;
  const rng = ctx.rng('groceries');
  const chance = [0.4, 0.15, 0.15, 0.3, 0.15, 0.25, 0.55][ctx.weekday] ?? 0.2;
  const thanksgiving = ctx.month === 11 && ctx.weekday === 3 && ctx.date >= 21 && ctx.date <= 27;
  if (!thanksgiving && !rng.chance(chance)) return;
  const [primary, secondary] = ctx.profile.grocers;
  const kind = rng.weighted([
    ['primary', 55],
    ['secondary', 25],
    ['wholesale', 10],
    ['coop', 10],
  ] as const);
  const where =
    kind === 'wholesale'
      ? WHOLESALE
      : kind === 'coop'
        ? COOP
        : place(
            kind === 'primary' ? primary : secondary,
            GROCERY_NAMES[kind === 'primary' ? primary : secondary] ?? 'Grocery',
            'FOOD_AND_DRINK_GROCERIES',
            'VERY_HIGH',
          );
  const typical = kind === 'wholesale' ? 185 : kind === 'coop' ? 24 : thanksgiving ? 190 : 78;
  buy(ctx, rng, 'groceries-0', where, rng.amount(typical, 0.42, 6, 420), { debitShare: 0.25 });
};

/** Restaurants (tip added when the charge posts), fast food and coffee. */
const eatingOut: Stream = (ctx) => {
  if (isAway(ctx)) return;
  const rng = ctx.rng('dining');
  const dinner = [0.2, 0.08, 0.1, 0.12, 0.16, 0.38, 0.34][ctx.weekday] ?? 0.15;
  if (rng.chance(dinner)) {
    const bill = rng.amount(52, 0.45, 14, 260);
    const tip = Math.round(bill * rng.pick([0.15, 0.18, 0.2, 0.2, 0.22]));
    buy(ctx, rng, 'restaurant-0', rng.pick(RESTAURANTS), bill + tip, {
      pendingAmountMinor: bill,
      debitShare: 0.1,
    });
  }
  if (rng.chance(ctx.weekday === 0 || ctx.weekday === 6 ? 0.12 : 0.1)) {
    buy(ctx, rng, 'fast-food-0', rng.pick(FAST_FOOD), rng.amount(14, 0.35, 6, 42));
  }
  if (rng.chance(ctx.weekday === 0 || ctx.weekday === 6 ? 0.2 : 0.36)) {
    buy(ctx, rng, 'coffee-0', rng.pick(COFFEE), rng.amount(5.6, 0.25, 3.25, 14), { debitShare: 0.3 });
  }
};

/** Fuel about every nine days, transit top-ups, rides and parking. */
const gettingAround: Stream = (ctx) => {
  if (isAway(ctx)) return;
  const rng = ctx.rng('transport');
  if (rng.chance(0.11)) {
    buy(
      ctx,
      rng,
      'fuel-0',
      place('SUMMIT FUEL', 'Summit Fuel', 'TRANSPORTATION_GAS', 'VERY_HIGH'),
      rng.amount(48, 0.22, 18, 95),
    );
  }
  if (ctx.weekday >= 1 && ctx.weekday <= 5 && rng.chance(0.045)) {
    ctx.purchase({
      slug: 'transit-0',
      account: 'card',
      amountMinor: -rng.pick([20_00, 25_00, 40_00]),
      name: 'METRO TRANSIT FARE RELOAD',
      merchantName: 'Metro Transit',
      description: 'METRO TRANSIT HOPCARD RELOAD',
      category: 'TRANSPORTATION_PUBLIC_TRANSIT',
      confidence: 'VERY_HIGH',
      channel: 'online',
      method: 'credit_card',
    });
  }
  if (rng.chance(ctx.weekday === 5 || ctx.weekday === 6 ? 0.12 : 0.05)) {
    const fare = rng.amount(17, 0.4, 7, 65);
    const tip = rng.chance(0.6) ? Math.round(fare * 0.15) : 0;
    ctx.purchase({
      slug: 'ride-0',
      account: 'card',
      amountMinor: -(fare + tip),
      pendingAmountMinor: -fare,
      name: `RYDE *TRIP ${String(rng.int(100000, 999999))}`,
      merchantName: 'Ryde',
      description: 'RYDE *TRIP HELP.RYDE.COM',
      category: 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
      confidence: 'VERY_HIGH',
      channel: 'online',
      method: 'credit_card',
    });
  }
  if (rng.chance(0.035)) {
    buy(
      ctx,
      rng,
      'parking-0',
      place('CITYPARK GARAGE', 'CityPark', 'TRANSPORTATION_PARKING', 'MEDIUM'),
      rng.pick([6_00, 8_50, 12_00, 15_00, 22_00]),
    );
  }
};

type Order = { amountMinor: number; refundAfter?: number; reference: string };

/** Marketplace orders placed on `day`, with the refund delay of the ones later returned. */
function marketplaceOrders(ctx: DayContext, day: number): Order[] {
  return ctx.once(`marketplace|${day}`, () => planOrders(ctx, day));
}

function planOrders(ctx: DayContext, day: number): Order[] {
  if (day < OPENING_DAY) return [];
  const plan = ctx.plan(`marketplace|${day}`);
  const { month, day: date } = civilFromDays(day);
  const holidaySeason = (month === 11 && date >= 20) || (month === 12 && date <= 20);
  const count = plan.chance(holidaySeason ? 0.38 : 0.17) ? (plan.chance(0.2) ? 2 : 1) : 0;
  const orders: Order[] = [];
  for (let n = 0; n < count; n++) {
    orders.push({
      amountMinor: plan.amount(holidaySeason ? 52 : 34, 0.75, 4.99, 480),
      refundAfter: plan.chance(0.08) ? plan.int(5, 21) : undefined,
      reference: `${plan.int(100, 999)}-${plan.int(1_000_000, 9_999_999)}`,
    });
  }
  return orders;
}

const MARKETPLACE = 'Rainforest Marketplace';

/** Online marketplace orders, and refunds (positive on the card) of some of them weeks later. */
const marketplace: Stream = (ctx) => {
  marketplaceOrders(ctx, ctx.day).forEach((order, n) => {
    ctx.purchase({
      slug: `marketplace-${n}`,
      account: 'card',
      amountMinor: -order.amountMinor,
      name: `RAINFOREST MKTPL*${order.reference.slice(-6)}`,
      merchantName: MARKETPLACE,
      description: `RAINFOREST MARKETPLACE ORDER ${order.reference} RAINFOREST.COM/BILL WA`,
      category: 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
      confidence: 'VERY_HIGH',
      channel: 'online',
      method: 'credit_card',
    });
  });
  for (let back = 5; back <= 21; back++) {
    marketplaceOrders(ctx, ctx.day - back).forEach((order, n) => {
      if (order.refundAfter !== back) return;
      ctx.emit({
        slug: `marketplace-refund-${back}-${n}`,
        account: 'card',
        amountMinor: order.amountMinor,
        name: `RAINFOREST MKTPL REFUND*${order.reference.slice(-6)}`,
        merchantName: MARKETPLACE,
        description: `RAINFOREST MARKETPLACE REFUND ORDER ${order.reference}`,
        category: 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
        confidence: 'HIGH',
        channel: 'online',
        method: 'credit_card',
      });
    });
  }
};

/** Birthdays of three people the household buys presents for (month, day), fixed per seed. */
function birthdays(ctx: DayContext): readonly (readonly [number, number])[] {
  return ctx.once('birthdays', () => {
    const plan = ctx.plan('birthdays');
    return [0, 1, 2].map(() => [plan.int(1, 12), plan.int(1, 28)] as const);
  });
}

/** Superstore, clothes, electronics, books, gifts, marketplace-style PayPal buys. */
const shopping: Stream = (ctx) => {
  const rng = ctx.rng('shopping');
  const away = isAway(ctx);
  const december = ctx.month === 12 && ctx.date <= 22;
  if (!away && rng.chance(ctx.weekday === 6 || ctx.weekday === 0 ? 0.12 : 0.04)) {
    buy(
      ctx,
      rng,
      'superstore-0',
      place('BULLSEYE STORES', 'Bullseye', 'GENERAL_MERCHANDISE_SUPERSTORES', 'VERY_HIGH'),
      rng.amount(46, 0.6, 6, 320),
    );
  }
  if (!away && rng.chance(december ? 0.08 : 0.03)) {
    buy(
      ctx,
      rng,
      'clothing-0',
      rng.pick([
        place('THREADLINE APPAREL', 'Threadline', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'),
        place(
          'NORTH TRAIL OUTFITTERS',
          'North Trail Outfitters',
          'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES',
        ),
        place('STRIDE SHOES', 'Stride Shoes', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES', 'MEDIUM'),
      ]),
      rng.amount(68, 0.55, 12, 340),
    );
  }
  if (rng.chance(december ? 0.02 : 0.005)) {
    buy(
      ctx,
      rng,
      'electronics-0',
      place(
        'VOLTAGE ELECTRONICS',
        'Voltage Electronics',
        'GENERAL_MERCHANDISE_ELECTRONICS',
        'VERY_HIGH',
        'online',
      ),
      rng.amount(180, 0.8, 19, 1_600),
    );
  }
  if (!away && rng.chance(0.02)) {
    buy(
      ctx,
      rng,
      'books-0',
      place('CHAPTER HOUSE BOOKS', 'Chapter House Books', 'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS'),
      rng.amount(24, 0.4, 8, 90),
    );
  }
  if (rng.chance(0.02)) {
    ctx.purchase({
      slug: 'paypal-0',
      account: 'card',
      amountMinor: -rng.amount(29, 0.6, 5, 180),
      name: `PAYPAL *${rng.pick(['CRAFTNOOK', 'VINYLSPOT', 'GEARSWAP', 'PRINTSHOP42'])}`,
      description: 'PAYPAL INST XFER 4029357733 CA',
      category: 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
      confidence: 'LOW',
      channel: 'online',
      method: 'credit_card',
    });
  }
  const birthdaySoon = birthdays(ctx).some(
    ([month, date]) => daysFromCivil(ctx.year, month, date) - ctx.day === 3,
  );
  if (birthdaySoon || (december && rng.chance(0.1))) {
    buy(
      ctx,
      rng,
      'gift-0',
      place('PAPER LANTERN GIFTS', 'Paper Lantern Gifts', 'GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES'),
      rng.amount(48, 0.5, 12, 220),
    );
  }
};

/** Haircuts, pharmacy, doctor and dentist. */
const health: Stream = (ctx) => {
  if (isAway(ctx)) return;
  const rng = ctx.rng('health');
  if (rng.chance(0.035)) {
    buy(
      ctx,
      rng,
      'haircut-0',
      place(
        'SHEAR GENIUS SALON',
        'Shear Genius Salon',
        'PERSONAL_CARE_HAIR_AND_BEAUTY',
        'MEDIUM',
        'in store',
        'SQ *',
      ),
      rng.pick([32_00, 38_00, 45_00, 65_00, 85_00]),
    );
  }
  if (rng.chance(0.035)) {
    buy(
      ctx,
      rng,
      'pharmacy-0',
      place('WELLRX PHARMACY', 'WellRx Pharmacy', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS', 'VERY_HIGH'),
      rng.amount(16, 0.6, 3.5, 95),
    );
  }
  const weekdayNow = ctx.weekday >= 1 && ctx.weekday <= 5;
  if (weekdayNow && rng.chance(0.015)) {
    buy(
      ctx,
      rng,
      'doctor-0',
      place('CASCADE MEDICAL GROUP', 'Cascade Medical Group', 'MEDICAL_PRIMARY_CARE'),
      rng.chance(0.7) ? rng.pick([25_00, 30_00, 40_00]) : rng.amount(190, 0.5, 80, 620),
    );
  }
  if ((ctx.month === 3 || ctx.month === 9) && weekdayNow) {
    const plan = ctx.plan(`dental|${ctx.year}|${ctx.month}`);
    if (nextBankDay(daysFromCivil(ctx.year, ctx.month, plan.int(2, 26))) === ctx.day) {
      buy(
        ctx,
        rng,
        'dentist-0',
        place('BRIGHTSMILE DENTAL', 'BrightSmile Dental', 'MEDICAL_DENTAL_CARE'),
        plan.chance(0.75) ? plan.amount(45, 0.3, 20, 90) : plan.amount(260, 0.4, 120, 900),
      );
    }
  }
};

/** Hardware runs, and a bigger project each spring. */
const home: Stream = (ctx) => {
  const rng = ctx.rng('home');
  const hardware = place(
    'HAMMER & NAIL HOME CENTER',
    'Hammer & Nail',
    'HOME_IMPROVEMENT_HARDWARE',
    'VERY_HIGH',
  );
  if (!isAway(ctx) && rng.chance(ctx.weekday === 6 || ctx.weekday === 0 ? 0.09 : 0.02)) {
    buy(ctx, rng, 'hardware-0', hardware, rng.amount(38, 0.7, 4, 260));
  }
  const plan = ctx.plan(`project|${ctx.year}`);
  let projectDay = daysFromCivil(ctx.year, 4, 5) + plan.int(0, 50);
  while (weekday(projectDay) !== 6) projectDay += 1;
  if (projectDay === ctx.day) {
    const furniture = plan.chance(0.4);
    buy(
      ctx,
      rng,
      'project-0',
      furniture
        ? place('OAKHOUSE FURNITURE', 'Oakhouse Furniture', 'HOME_IMPROVEMENT_FURNITURE', 'HIGH', 'online')
        : hardware,
      plan.amount(1_300, 0.4, 600, 3_200),
      { debitShare: 0 },
    );
  }
};

/** Films, concerts, a bottle of wine. */
const goingOut: Stream = (ctx) => {
  if (isAway(ctx)) return;
  const rng = ctx.rng('fun');
  if (rng.chance(ctx.weekday === 5 || ctx.weekday === 6 ? 0.07 : 0.015)) {
    buy(
      ctx,
      rng,
      'cinema-0',
      place('GRAND LUX CINEMAS', 'Grand Lux Cinemas', 'ENTERTAINMENT_TV_AND_MOVIES'),
      rng.amount(31, 0.35, 12, 70),
    );
  }
  if (rng.chance(0.007)) {
    ctx.purchase({
      slug: 'tickets-0',
      account: 'card',
      amountMinor: -rng.amount(140, 0.5, 45, 480),
      name: 'TICKETHUB*LIVE EVENT',
      merchantName: 'TicketHub',
      description: 'TICKETHUB*LIVE EVENT 800-555-0100',
      category: 'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS',
      confidence: 'HIGH',
      channel: 'online',
      method: 'credit_card',
    });
  }
  if (rng.chance(ctx.weekday === 5 ? 0.12 : 0.02)) {
    buy(
      ctx,
      rng,
      'wine-0',
      place('CORK & BARREL WINE SHOP', 'Cork & Barrel', 'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR'),
      rng.amount(32, 0.5, 9, 160),
    );
  }
};

/** ATM withdrawals (with a fee away from the bank's own machines) and a cheque most months. */
const cash: Stream = (ctx) => {
  if (isAway(ctx)) return;
  const rng = ctx.rng('cash');
  if (rng.chance(0.03)) {
    const own = rng.chance(0.75);
    const surcharge = own ? 0 : rng.pick([2_50, 3_00, 3_50]);
    ctx.emit({
      slug: 'atm-0',
      account: 'checking',
      amountMinor: -(rng.pick([40_00, 60_00, 80_00, 100_00, 100_00, 200_00]) + surcharge),
      name: own
        ? `ATM WITHDRAWAL ${storeNumber(ctx.seed, 'atm')} ${ctx.profile.city}`
        : `NON-LODESTAR ATM WITHDRAWAL QUIKSTOP ${storeNumber(ctx.seed, 'quikstop')}`,
      description: own
        ? 'ATM CASH WITHDRAWAL LODESTAR BRANCH'
        : 'ATM CASH WITHDRAWAL INCL. OPERATOR SURCHARGE',
      category: 'TRANSFER_OUT_WITHDRAWAL',
      confidence: 'VERY_HIGH',
      channel: 'in store',
      method: 'atm',
    });
    if (!own) {
      ctx.emit({
        slug: 'atm-fee-0',
        account: 'checking',
        amountMinor: -3_00,
        name: 'NON-LODESTAR ATM FEE',
        category: 'BANK_FEES_ATM_FEES',
        confidence: 'VERY_HIGH',
        channel: 'other',
      });
    }
  }
  const plan = ctx.plan(`cheque|${ctx.monthIndex}`);
  if (plan.chance(0.4)) {
    const clears = nextBankDay(
      daysFromCivil(ctx.year, ctx.month, plan.int(3, daysInMonth(ctx.year, ctx.month) - 3)),
    );
    if (clears === ctx.day) {
      const number = 1001 + ctx.monthIndex - monthIndex(2020, 1);
      ctx.emit({
        slug: 'cheque-0',
        account: 'checking',
        amountMinor: -plan.int(6, 45) * 10_00,
        name: `CHECK #${number}`,
        description: `CHECK ${number} PAID`,
        category: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
        confidence: 'LOW',
        channel: 'other',
        method: 'check',
      });
    }
  }
};

/** Everyday spending streams, in the order they run each day. */
export const SPENDING_STREAMS: readonly Stream[] = [
  groceries,
  eatingOut,
  gettingAround,
  marketplace,
  shopping,
  health,
  home,
  goingOut,
  cash,
];
