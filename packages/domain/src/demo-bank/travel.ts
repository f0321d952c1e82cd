/**
 * Travel: a yearly trip to the household's flat in Lisbon (flights on the card, a top-up from savings,
 * spending from the euro account, some card purchases abroad with a 3% foreign-transaction fee, airport
 * parking) and a domestic weekend getaway with a hotel hold.
 */
import { civilFromDays, daysFromCivil, nextBankDay, weekday } from './calendar';
import type { DayContext, Stream } from './context';
import { OPENING_DAY } from './profile';
import { major2, statementLine } from './schedule';

/** The yearly Lisbon trip: first and last day (day numbers) and the booking. */
export type Trip = {
  start: number;
  end: number;
  bookedOn: number;
  flightsMinor: number;
  topUpOn: number;
  topUpMinor: number;
};

/** The Lisbon trip of `year` (May, June, September or October; 7–11 nights). */
export function tripOfYear(ctx: DayContext, year: number): Trip {
  return ctx.once(`trip|${year}`, () => planTrip(ctx, year));
}

function planTrip(ctx: DayContext, year: number): Trip {
  const plan = ctx.plan(`trip|${year}`);
  const start = daysFromCivil(year, plan.pick([5, 6, 9, 10]), plan.int(2, 18));
  const end = start + plan.int(7, 11);
  return {
    start,
    end,
    bookedOn: start - plan.int(50, 95),
    flightsMinor: plan.amount(1_450, 0.15, 980, 2_400),
    topUpOn: nextBankDay(start - 12),
    topUpMinor: plan.int(4, 7) * 500_00,
  };
}

/** The domestic getaway of `year`: Friday to Sunday. */
function getawayOfYear(ctx: DayContext, year: number): { start: number; end: number; nightlyMinor: number } {
  return ctx.once(`getaway|${year}`, () => {
    const plan = ctx.plan(`getaway|${year}`);
    let start = daysFromCivil(year, plan.pick([3, 7, 8, 11]), plan.int(1, 20));
    while (weekday(start) !== 5) start += 1;
    return { start, end: start + 2, nightlyMinor: plan.amount(205, 0.15, 150, 320) };
  });
}

/** Whether the household is away (abroad or on the getaway): everyday spending at home pauses. */
export function isAway(ctx: DayContext): boolean {
  return ctx.once(`away|${ctx.day}`, () => awayOn(ctx));
}

function awayOn(ctx: DayContext): boolean {
  const trip = tripOfYear(ctx, ctx.year);
  if (ctx.day > trip.start && ctx.day < trip.end) return true;
  const getaway = getawayOfYear(ctx, ctx.year);
  return ctx.day > getaway.start && ctx.day <= getaway.end;
}

/** EUR → USD rate of a day: a smooth deterministic wobble between about 1.03 and 1.17. */
export function eurUsd(day: number): number {
  return Math.round((1.1 + 0.05 * Math.sin(day / 97) + 0.02 * Math.sin(day / 23)) * 10_000) / 10_000;
}

const LISBON_RESTAURANTS = [
  'TASCA DO BAIRRO',
  'O MARQUES',
  'CERVEJARIA DO RIO',
  'TABERNA DA RUA',
  'SOLAR DOS PRESUNTOS',
];
const LISBON_SHOPS = ['LIVRARIA BERTRAMO', 'CONSERVEIRA DE LISBOA', 'A VIDA PORTUGUESA', 'LOJA DOS AZULEJOS'];

type ForeignPurchase = {
  slug: string;
  eurMinor: number;
  usdMinor: number;
  lagDays: number;
  shop: string;
  category: string;
};

/** Card purchases abroad on `day` (converted to USD), with the day they post. */
function foreignCardPurchases(ctx: DayContext, day: number): ForeignPurchase[] {
  return ctx.once(`abroad|${day}`, () => planForeignPurchases(ctx, day));
}

function planForeignPurchases(ctx: DayContext, day: number): ForeignPurchase[] {
  if (day < OPENING_DAY) return [];
  const trip = tripOfYear(ctx, civilFromDays(day).year);
  if (day <= trip.start || day >= trip.end) return [];
  const plan = ctx.plan(`abroad|${day}`);
  const purchases: ForeignPurchase[] = [];
  const count = plan.chance(0.45) ? plan.int(1, 2) : 0;
  for (let n = 0; n < count; n++) {
    const restaurant = plan.chance(0.6);
    const eurMinor = restaurant ? plan.amount(48, 0.35, 14, 160) : plan.amount(35, 0.6, 6, 220);
    purchases.push({
      slug: `abroad-${n}`,
      eurMinor,
      usdMinor: Math.round(eurMinor * eurUsd(day)),
      lagDays: plan.int(1, 3),
      shop: restaurant ? plan.pick(LISBON_RESTAURANTS) : plan.pick(LISBON_SHOPS),
      category: restaurant ? 'FOOD_AND_DRINK_RESTAURANT' : 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
    });
  }
  return purchases;
}

/** The Lisbon trip: booking, savings top-up, spending abroad, fees, airport parking. */
const lisbonTrip: Stream = (ctx) => {
  const trip = tripOfYear(ctx, ctx.year);
  const nextTrip = tripOfYear(ctx, ctx.year + 1);
  for (const booked of [trip, nextTrip]) {
    if (booked.bookedOn !== ctx.day) continue;
    ctx.purchase({
      slug: 'flights',
      account: 'card',
      amountMinor: -booked.flightsMinor,
      name: 'SKYLARK AIRWAYS',
      merchantName: 'Skylark Airways',
      description: `SKYLARK AIRWAYS 0162${ctx.profile.tag.slice(0, 7).toUpperCase()} 2 PAX LIS`,
      category: 'TRAVEL_FLIGHTS',
      confidence: 'VERY_HIGH',
      channel: 'online',
      method: 'credit_card',
    });
  }
  const available =
    trip.topUpOn === ctx.day ? ctx.monthEnd(ctx.monthIndex - 1).balance.savings - 2_000_00 : 0;
  const topUpMinor = Math.min(trip.topUpMinor, Math.floor(available / 500_00) * 500_00);
  if (trip.topUpOn === ctx.day && topUpMinor > 0) {
    ctx.transfer({
      slug: 'trip-top-up',
      from: 'savings',
      to: 'checking',
      amountMinor: topUpMinor,
      out: {
        name: `ONLINE TRANSFER TO CHECKING ****${ctx.profile.masks.checking}`,
        category: 'TRANSFER_OUT_ACCOUNT_TRANSFER',
      },
      in: {
        name: `ONLINE TRANSFER FROM SAVINGS ****${ctx.profile.masks.savings}`,
        category: 'TRANSFER_IN_ACCOUNT_TRANSFER',
      },
      method: 'internal_transfer',
    });
  }
  if (ctx.day === trip.end) {
    ctx.purchase({
      slug: 'airport-parking',
      account: 'card',
      amountMinor: -(trip.end - trip.start + 1) * 19_00,
      name: 'PARKWAY AIRPORT PARKING',
      merchantName: 'Parkway Airport Parking',
      category: 'TRANSPORTATION_PARKING',
      confidence: 'HIGH',
      channel: 'in store',
      method: 'credit_card',
    });
  }
  if (ctx.day > trip.start && ctx.day < trip.end) {
    const rng = ctx.rng('lisbon');
    const meals = rng.int(1, 2);
    for (let n = 0; n < meals; n++) {
      const place = rng.pick(LISBON_RESTAURANTS);
      ctx.emit({
        slug: `lisbon-meal-${n}`,
        account: 'eur',
        amountMinor: -rng.amount(38, 0.4, 9, 140),
        name: statementLine([place, 'LISBOA']),
        merchantName: place.replace(/\b\w+/g, (word) => word.charAt(0) + word.slice(1).toLowerCase()),
        description: statementLine(['COMPRA', place, 'LISBOA PRT'], 80),
        category: 'FOOD_AND_DRINK_RESTAURANT',
        confidence: rng.pick(['HIGH', 'MEDIUM', 'LOW'] as const),
        channel: 'in store',
        method: 'debit_card',
      });
    }
    if (rng.chance(0.8)) {
      ctx.emit({
        slug: 'lisbon-cafe-0',
        account: 'eur',
        amountMinor: -rng.amount(4.6, 0.35, 1.8, 14),
        name: 'PASTELARIA ALFAMA LISBOA',
        merchantName: 'Pastelaria Alfama',
        category: 'FOOD_AND_DRINK_COFFEE',
        confidence: 'MEDIUM',
        channel: 'in store',
        method: 'debit_card',
      });
    }
    if (rng.chance(0.4)) {
      ctx.emit({
        slug: 'lisbon-groceries-0',
        account: 'eur',
        amountMinor: -rng.amount(32, 0.45, 6, 110),
        name: 'PINGO FRESCO LISBOA',
        merchantName: 'Pingo Fresco',
        category: 'FOOD_AND_DRINK_GROCERIES',
        confidence: 'HIGH',
        channel: 'in store',
        method: 'debit_card',
      });
    }
    if (rng.chance(0.6)) {
      const taxi = rng.chance(0.35);
      ctx.emit({
        slug: 'lisbon-transit-0',
        account: 'eur',
        amountMinor: taxi ? -rng.amount(11, 0.4, 5, 38) : -rng.pick([1_85, 3_70, 6_80, 10_00]),
        name: taxi ? 'VIA TAXI LISBOA' : 'METRO LISBOA VIVA VIAGEM',
        merchantName: taxi ? 'Via Taxi' : 'Metro Lisboa',
        category: taxi ? 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES' : 'TRANSPORTATION_PUBLIC_TRANSIT',
        confidence: taxi ? 'MEDIUM' : 'HIGH',
        channel: 'in store',
        method: 'debit_card',
      });
    }
    if (rng.chance(0.2)) {
      ctx.emit({
        slug: 'lisbon-museum-0',
        account: 'eur',
        amountMinor: -rng.pick([10_00, 15_00, 20_00, 24_00]),
        name: 'MUSEU NACIONAL DO AZULEJO',
        merchantName: 'Museu Nacional do Azulejo',
        category: 'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS',
        confidence: 'MEDIUM',
        channel: 'in store',
        method: 'debit_card',
      });
    }
    for (const purchase of foreignCardPurchases(ctx, ctx.day)) {
      const rate = eurUsd(ctx.day).toFixed(4);
      ctx.purchase({
        slug: purchase.slug,
        account: 'card',
        amountMinor: -purchase.usdMinor,
        lagDays: purchase.lagDays,
        name: statementLine([purchase.shop, 'LISBOA PRT']),
        description: `${purchase.shop} LISBOA PRT EUR ${major2(purchase.eurMinor)} @ ${rate}`,
        category: purchase.category,
        confidence: 'MEDIUM',
        channel: 'in store',
        method: 'credit_card',
      });
    }
  }
  // The 3% foreign-transaction fee posts with each purchase abroad.
  for (let back = 1; back <= 3; back++) {
    for (const purchase of foreignCardPurchases(ctx, ctx.day - back)) {
      if (purchase.lagDays !== back) continue;
      ctx.emit({
        slug: `fx-fee-${back}-${purchase.slug}`,
        account: 'card',
        amountMinor: -Math.max(1, Math.round(purchase.usdMinor * 0.03)),
        name: 'FOREIGN TRANSACTION FEE',
        description: `FOREIGN TRANSACTION FEE ${purchase.shop} USD ${major2(purchase.usdMinor)}`,
        category: 'BANK_FEES_FOREIGN_TRANSACTION_FEES',
        confidence: 'VERY_HIGH',
        channel: 'other',
      });
    }
  }
};

/** The weekend getaway: a hotel charged at checkout (pending with a $100 incidentals hold) and dinners. */
const getaway: Stream = (ctx) => {
  const trip = getawayOfYear(ctx, ctx.year);
  if (ctx.day === trip.end) {
    const total = Math.round(trip.nightlyMinor * 2 * 1.12);
    ctx.purchase({
      slug: 'hotel',
      account: 'card',
      amountMinor: -total,
      pendingAmountMinor: -(total + 100_00),
      lagDays: 2,
      name: 'HARBORVIEW INN',
      merchantName: 'Harborview Inn',
      description: 'HARBORVIEW INN & SUITES FOLIO 2 NIGHTS',
      category: 'TRAVEL_LODGING',
      confidence: 'VERY_HIGH',
      channel: 'in store',
      method: 'credit_card',
    });
  }
  if (ctx.day >= trip.start && ctx.day <= trip.end) {
    const rng = ctx.rng('getaway');
    const bill = rng.amount(74, 0.35, 28, 190);
    const tip = Math.round(bill * rng.between(0.18, 0.22));
    ctx.purchase({
      slug: 'getaway-dinner',
      account: 'card',
      amountMinor: -(bill + tip),
      pendingAmountMinor: -bill,
      name: 'TST* HARBOR FISH HOUSE',
      merchantName: 'Harbor Fish House',
      category: 'FOOD_AND_DRINK_RESTAURANT',
      confidence: 'HIGH',
      channel: 'in store',
      method: 'credit_card',
    });
  }
};

/** Travel streams, in the order they run each day. */
export const TRAVEL_STREAMS: readonly Stream[] = [lisbonTrip, getaway];
