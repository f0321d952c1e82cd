/**
 * Card subscriptions on fixed days: a streaming service whose price rises every two years (15.49 → 17.99
 * in 2025), a second one the household cancels and later rejoins, music, cloud storage, the gym and a
 * monthly donation.
 */
import { monthIndex } from './calendar';
import type { DayContext, Stream } from './context';
import type { Profile } from './profile';
import { monthlyOccurrence } from './schedule';
import type { DemoBankConfidence } from './types';

type Subscription = {
  key: string;
  day: (profile: Profile) => number;
  name: string;
  merchantName: string;
  description: string;
  category: string;
  confidence: DemoBankConfidence;
  /** Price in minor units for the month index, or undefined when not subscribed that month. */
  price: (profile: Profile, index: number) => number | undefined;
};

const STREAMFLIX_LADDER = [11_99, 13_99, 15_49, 17_99, 19_99, 22_99] as const;

/** Streamflix's price: a new step every 24 months from April–August 2019 (seed-shifted). */
export function streamflixPrice(profile: Profile, index: number): number {
  const step = Math.floor((index - (monthIndex(2019, 4) + profile.streamingPhase)) / 24);
  const last = STREAMFLIX_LADDER.length - 1;
  if (step < 0) return STREAMFLIX_LADDER[0];
  return (STREAMFLIX_LADDER[Math.min(step, last)] ?? 22_99) + Math.max(0, step - last) * 2_00;
}

/** CinemaPlus runs in 24-month cycles: subscribed 15 months, cancelled 9, then rejoined. */
export function cinemaPlusActive(profile: Profile, index: number): boolean {
  const position = (((index - (monthIndex(2019, 1) + profile.cinemaPhase)) % 24) + 24) % 24;
  return position < 15;
}

const SUBSCRIPTIONS: readonly Subscription[] = [
  {
    key: 'streamflix',
    day: (profile) => 3 + (profile.cardAutopayDay % 7),
    name: 'STREAMFLIX.COM',
    merchantName: 'Streamflix',
    description: 'STREAMFLIX.COM 866-555-0142 CA',
    category: 'ENTERTAINMENT_TV_AND_MOVIES',
    confidence: 'VERY_HIGH',
    price: streamflixPrice,
  },
  {
    key: 'cinemaplus',
    day: (profile) => 12 + profile.cinemaPhase,
    name: 'CINEMAPLUS SUBSCRIPTION',
    merchantName: 'CinemaPlus',
    description: 'CINEMAPLUS*SUBSCRIPTION BURBANK CA',
    category: 'ENTERTAINMENT_TV_AND_MOVIES',
    confidence: 'HIGH',
    price: (profile, index) =>
      cinemaPlusActive(profile, index) ? (index >= monthIndex(2023, 10) ? 8_99 : 7_99) : undefined,
  },
  {
    key: 'tunely',
    day: (profile) => 20 + (profile.streamingPhase % 3),
    name: 'TUNELY PREMIUM',
    merchantName: 'Tunely',
    description: 'TUNELY P1A2B3C4 STOCKHOLM SWE',
    category: 'ENTERTAINMENT_MUSIC_AND_AUDIO',
    confidence: 'VERY_HIGH',
    price: (_profile, index) => (index >= monthIndex(2023, 7) ? 11_99 : 10_99),
  },
  {
    key: 'cloudvault',
    day: () => 26,
    name: 'CLOUDVAULT STORAGE',
    merchantName: 'CloudVault',
    description: 'CLOUDVAULT.COM/BILL STORAGE PLAN',
    category: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
    confidence: 'MEDIUM',
    price: (_profile, index) => (index >= monthIndex(2021, 9) ? 9_99 : 2_99),
  },
  {
    key: 'gym',
    day: () => 1,
    name: 'IRONWORKS FITNESS',
    merchantName: 'Ironworks Fitness',
    description: 'IRONWORKS FITNESS CLUB DUES',
    category: 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
    confidence: 'HIGH',
    price: (_profile, index) => (index >= monthIndex(2024, 1) ? 44_99 : 39_99),
  },
  {
    key: 'foodbank',
    day: () => 28,
    name: 'CITY FOOD BANK DONATION',
    merchantName: 'City Food Bank',
    description: 'CITY FOOD BANK RECURRING GIFT',
    category: 'GOVERNMENT_AND_NON_PROFIT_DONATIONS',
    confidence: 'HIGH',
    price: (_profile, index) => (index % 12 === 11 ? 100_00 : 25_00),
  },
];

/** Charges every active subscription whose billing day is today. */
const subscriptions: Stream = (ctx: DayContext) => {
  for (const subscription of SUBSCRIPTIONS) {
    const index = monthlyOccurrence(ctx, subscription.day(ctx.profile), 'none');
    if (index === undefined) continue;
    const price = subscription.price(ctx.profile, index);
    if (price === undefined) continue;
    ctx.purchase({
      slug: `sub-${subscription.key}`,
      account: 'card',
      amountMinor: -price,
      name: subscription.name,
      merchantName: subscription.merchantName,
      description: subscription.description,
      category: subscription.category,
      confidence: subscription.confidence,
      channel: 'online',
      method: 'credit_card',
    });
  }
};

/** Subscription streams, in the order they run each day. */
export const SUBSCRIPTION_STREAMS: readonly Stream[] = [subscriptions];
