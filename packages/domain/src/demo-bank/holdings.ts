/** The demo brokerage account's holdings and the daily closes of its securities. */
import { dayNumber, isoOf, isTradingDay } from './calendar';
import { OPENING_DAY } from './profile';
import { microToDecimal } from './investing';
import { major2 } from './schedule';
import { PRICE_ANCHOR_DAY, SECURITY_SPECS, securitySpec } from './securities';
import { assertSupportedDay, type DemoWorld, worldFor } from './world';
import type { DemoBankHolding, DemoBankPrice, DemoBankSecurity } from './types';

/** The securities the demo brokerage account can hold (fictional funds and companies, all USD). */
export const DEMO_BANK_SECURITIES: readonly DemoBankSecurity[] = SECURITY_SPECS.map(
  ({ securityId, ticker, name, type, currency }) => ({ securityId, ticker, name, type, currency }),
);

function lastTradingDayOnOrBefore(day: number): number {
  let current = day;
  while (!isTradingDay(current) && current > PRICE_ANCHOR_DAY) current -= 1;
  return current;
}

/**
 * Positions of the brokerage account at the end of `asOf`: the opening positions of 2020-01-01 plus every
 * buy posted since, priced at the close of the last trading day on or before asOf. Cost basis is the
 * total paid, as a decimal string in major units of the currency.
 */
export function demoBankHoldings(input: { seed: string; asOf: string }): DemoBankHolding[] {
  const day = dayNumber(input.asOf);
  assertSupportedDay(day, 'asOf');
  return holdingsOf(worldFor(input.seed), day);
}

/** demoBankHoldings on an existing world. */
export function holdingsOf(world: DemoWorld, day: number): DemoBankHolding[] {
  const snapshot = world.snapshotAt(Math.max(day, OPENING_DAY - 1));
  const priceDay = lastTradingDayOnOrBefore(day);
  const holdings: DemoBankHolding[] = [];
  for (const security of DEMO_BANK_SECURITIES) {
    const quantityMicro = snapshot.quantityMicro[security.securityId] ?? 0;
    if (quantityMicro <= 0) continue;
    const priceMinor = world.close(security.securityId, priceDay);
    holdings.push({
      ...security,
      accountExternalId: world.accountId('brokerage'),
      quantity: microToDecimal(quantityMicro),
      price: major2(priceMinor),
      priceDate: isoOf(priceDay),
      marketValueMinor: Math.round((quantityMicro * priceMinor) / 1_000_000),
      costBasis: major2(snapshot.costMinor[security.securityId] ?? 0),
    });
  }
  return holdings;
}

/**
 * Daily closes of one demo security for the NYSE trading days in [from, to] (no weekends or exchange
 * holidays): a geometric random walk with drift from 2019-12-31, a pure function of (seed, security,
 * day), so split ranges join exactly. Days before 2019-12-31 are not covered. The money-market fund
 * stays at 1.00.
 */
export function demoBankPrices(input: {
  seed: string;
  securityId: string;
  from: string;
  to: string;
}): DemoBankPrice[] {
  securitySpec(input.securityId);
  const from = Math.max(dayNumber(input.from), PRICE_ANCHOR_DAY);
  const to = dayNumber(input.to);
  assertSupportedDay(to, 'to');
  const world = worldFor(input.seed);
  const prices: DemoBankPrice[] = [];
  for (let day = from; day <= to; day++) {
    if (isTradingDay(day))
      prices.push({ date: isoOf(day), close: major2(world.close(input.securityId, day)) });
  }
  return prices;
}
