import { describe, expect, it } from 'vitest';
import { isInvestmentCategory, isConfidentCategory, primaryCategoryOf } from '../categories';
import { addDays, parseIsoDate } from '../dates';
import { demoBankAccounts, demoBankTransactions, type DemoBankTransaction } from './index';

const SEED = 'demo-user-1';
const TODAY = '2026-11-22';
const FROM = '2024-11-22';
const rows = demoBankTransactions({ seed: SEED, from: FROM, to: TODAY, today: TODAY });
const accounts = demoBankAccounts(SEED, 'standard');
const accountId = (
  subtypeOrCurrency: 'checking' | 'savings' | 'credit card' | 'brokerage' | 'mortgage' | 'EUR',
) =>
  (subtypeOrCurrency === 'EUR'
    ? accounts.find((account) => account.currency === 'EUR')
    : accounts.find((account) => account.subtype === subtypeOrCurrency && account.currency === 'USD')
  )?.externalId ?? '';
const CARD = accountId('credit card');
const CHECKING = accountId('checking');

const weekdayOf = (date: string): number => {
  const { year, month, day } = parseIsoDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
};
const daysBetween = (a: string, b: string): number => (Date.parse(b) - Date.parse(a)) / 86_400_000;

describe('demoBankTransactions: volume and shape', () => {
  it('yields a realistic number of rows for two years', () => {
    expect(rows.length).toBeGreaterThan(1_500);
    expect(rows.length).toBeLessThan(3_000);
  });

  it('keeps every row well-formed', () => {
    const accountIds = new Map(accounts.map((account) => [account.externalId, account.currency]));
    for (const row of rows) {
      expect(row.date >= FROM && row.date <= TODAY).toBe(true);
      expect(accountIds.get(row.accountExternalId)).toBe(row.currency);
      expect(Number.isSafeInteger(row.amountMinor)).toBe(true);
      expect(row.amountMinor).not.toBe(0);
      expect(row.name.length).toBeGreaterThan(0);
      expect(row.name.length).toBeLessThanOrEqual(50);
      expect(['online', 'in store', 'other']).toContain(row.paymentChannel);
      expect(['VERY_HIGH', 'HIGH', 'MEDIUM', 'LOW']).toContain(row.providerConfidence);
      if (row.authorizedDate !== undefined) {
        const lag = daysBetween(row.authorizedDate, row.date);
        expect(lag).toBeGreaterThanOrEqual(0);
        expect(lag).toBeLessThanOrEqual(3);
      }
    }
    expect(JSON.stringify(rows)).not.toMatch(/NaN|Infinity|null/);
    expect(new Set(rows.map((row) => row.externalId)).size).toBe(rows.length);
  });

  it('uses Plaid-style categories the domain can label', () => {
    for (const { providerCategory } of rows) {
      expect(providerCategory.detailed.startsWith(`${providerCategory.primary}_`)).toBe(true);
      const known =
        primaryCategoryOf(providerCategory.primary) !== undefined ||
        isInvestmentCategory(providerCategory.primary);
      expect(known).toBe(true);
    }
  });

  it('mixes in MEDIUM and LOW confidence so some rows show as Uncategorized', () => {
    const levels = new Set(rows.map((row) => row.providerConfidence));
    expect(levels).toEqual(new Set(['VERY_HIGH', 'HIGH', 'MEDIUM', 'LOW']));
    const untrusted = rows.filter((row) => !isConfidentCategory(row.providerConfidence)).length / rows.length;
    expect(untrusted).toBeGreaterThan(0.03);
    expect(untrusted).toBeLessThan(0.3);
  });

  it('generates nothing after today and nothing before 2020', () => {
    const beyond = demoBankTransactions({ seed: SEED, from: FROM, to: '2027-03-01', today: TODAY });
    expect(beyond).toEqual(rows);
    expect(demoBankTransactions({ seed: SEED, from: '2019-01-01', to: '2019-12-31', today: TODAY })).toEqual(
      [],
    );
    expect(demoBankTransactions({ seed: SEED, from: '2026-01-01', to: '2025-01-01', today: TODAY })).toEqual(
      [],
    );
  });

  it('refuses malformed dates', () => {
    expect(() => demoBankTransactions({ seed: SEED, from: '2026-02-30', to: TODAY, today: TODAY })).toThrow(
      RangeError,
    );
    expect(() => demoBankTransactions({ seed: SEED, from: FROM, to: TODAY, today: '2126-01-01' })).toThrow(
      RangeError,
    );
  });
});

describe('demoBankTransactions: determinism', () => {
  it('returns the same rows on every call', () => {
    expect(demoBankTransactions({ seed: SEED, from: FROM, to: TODAY, today: TODAY })).toEqual(rows);
  });

  it.each(['2025-06-30', '2026-02-28', '2026-11-19', '2026-11-21'])(
    'joins [from..%s] and the rest into exactly the full range',
    (split) => {
      const first = demoBankTransactions({ seed: SEED, from: FROM, to: split, today: TODAY });
      const second = demoBankTransactions({ seed: SEED, from: addDays(split, 1), to: TODAY, today: TODAY });
      expect([...first, ...second]).toEqual(rows);
    },
  );

  it('joins many small windows too', () => {
    const pieces: DemoBankTransaction[] = [];
    for (let start = '2026-09-01'; start <= TODAY; start = addDays(start, 7)) {
      const end = addDays(start, 6) < TODAY ? addDays(start, 6) : TODAY;
      pieces.push(...demoBankTransactions({ seed: SEED, from: start, to: end, today: TODAY }));
    }
    expect(pieces).toEqual(rows.filter((row) => row.date >= '2026-09-01'));
  });

  it('does not depend on the order in which days are first generated', () => {
    const seed = 'order-check';
    const late = demoBankTransactions({ seed, from: '2026-06-01', to: TODAY, today: TODAY });
    // Push the seed out of the small cache of worlds, so the full range starts from scratch.
    for (const other of ['evict-1', 'evict-2', 'evict-3', 'evict-4']) {
      demoBankTransactions({ seed: other, from: '2020-01-01', to: '2020-01-05', today: '2020-01-05' });
    }
    const full = demoBankTransactions({ seed, from: FROM, to: TODAY, today: TODAY });
    expect(full.filter((row) => row.date >= '2026-06-01')).toEqual(late);
  });

  it('differs between seeds', () => {
    const other = demoBankTransactions({ seed: 'demo-user-2', from: FROM, to: TODAY, today: TODAY });
    expect(other.map((row) => row.amountMinor)).not.toEqual(rows.map((row) => row.amountMinor));
  });
});

describe('demoBankTransactions: a plausible life', () => {
  const payroll = rows.filter(
    (row) => row.providerCategory.detailed === 'INCOME_WAGES' && /PAYROLL/.test(row.name),
  );

  it('pays a salary every other Friday (or the bank day before) into checking', () => {
    const in2025 = payroll.filter((row) => row.date.startsWith('2025'));
    expect(in2025.length).toBeGreaterThanOrEqual(26);
    expect(in2025.length).toBeLessThanOrEqual(27);
    for (const row of payroll) {
      expect(row.accountExternalId).toBe(CHECKING);
      expect(row.amountMinor).toBeGreaterThan(0);
      expect([4, 5]).toContain(weekdayOf(row.date));
    }
    for (let i = 1; i < payroll.length; i++) {
      const gap = daysBetween(payroll[i - 1]?.date ?? '', payroll[i]?.date ?? '');
      expect(gap).toBeGreaterThanOrEqual(13);
      expect(gap).toBeLessThanOrEqual(15);
    }
  });

  it('raises the salary each year', () => {
    const average = (year: string) => {
      const paid = payroll.filter((row) => row.date.startsWith(year)).map((row) => row.amountMinor);
      return paid.reduce((a, b) => a + b, 0) / paid.length;
    };
    expect(average('2026')).toBeGreaterThan(average('2025') * 1.015);
    const amounts = payroll.map((row) => row.amountMinor);
    const rises = amounts.filter((amount, i) => i > 0 && amount > (amounts[i - 1] ?? amount) * 1.02);
    expect(rises.length).toBeGreaterThanOrEqual(1);
  });

  it('raises the streaming price once (15.49 → 17.99) and keeps charging monthly', () => {
    const streaming = rows.filter((row) => row.merchantName === 'Streamflix' && row.status === 'posted');
    expect(new Set(streaming.map((row) => row.amountMinor))).toEqual(new Set([-15_49, -17_99]));
    const lastOld = streaming.filter((row) => row.amountMinor === -15_49).at(-1)?.date ?? '';
    const firstNew = streaming.find((row) => row.amountMinor === -17_99)?.date ?? '';
    expect(lastOld < firstNew).toBe(true);
    expect(streaming.length).toBeGreaterThanOrEqual(23);
    expect(streaming.every((row) => row.accountExternalId === CARD)).toBe(true);
  });

  it('has a subscription that is cancelled (no charge for months)', () => {
    const dates = rows.filter((row) => row.merchantName === 'CinemaPlus').map((row) => row.date);
    expect(dates.length).toBeGreaterThan(3);
    const gaps = [
      ...dates.slice(1).map((date, i) => daysBetween(dates[i] ?? date, date)),
      daysBetween(dates.at(-1) ?? TODAY, TODAY),
    ];
    expect(Math.max(...gaps)).toBeGreaterThan(60);
  });

  it('refunds some marketplace orders on the card, matching an earlier purchase', () => {
    const wider = demoBankTransactions({ seed: SEED, from: addDays(FROM, -30), to: TODAY, today: TODAY });
    const refunds = rows.filter(
      (row) => row.merchantName === 'Rainforest Marketplace' && row.amountMinor > 0,
    );
    expect(refunds.length).toBeGreaterThanOrEqual(2);
    for (const refund of refunds) {
      expect(refund.accountExternalId).toBe(CARD);
      const order = wider.find(
        (row) =>
          row.merchantName === 'Rainforest Marketplace' &&
          row.amountMinor === -refund.amountMinor &&
          row.date < refund.date &&
          /ORDER (\d{3}-\d{7})/.exec(row.description ?? '')?.[1] ===
            /ORDER (\d{3}-\d{7})/.exec(refund.description ?? '')?.[1],
      );
      expect(order).toBeDefined();
    }
  });

  it('gives every transfer exactly two legs: opposite amounts, one currency, one day, two accounts', () => {
    const groups = new Map<string, DemoBankTransaction[]>();
    for (const row of rows) {
      if (row.transferGroup === undefined) continue;
      groups.set(row.transferGroup, [...(groups.get(row.transferGroup) ?? []), row]);
    }
    expect(groups.size).toBeGreaterThan(24 * 4);
    for (const legs of groups.values()) {
      expect(legs).toHaveLength(2);
      const [a, b] = legs as [DemoBankTransaction, DemoBankTransaction];
      expect(a.amountMinor + b.amountMinor).toBe(0);
      expect(a.currency).toBe(b.currency);
      expect(a.date).toBe(b.date);
      expect(a.accountExternalId).not.toBe(b.accountExternalId);
      expect(a.status).toBe('posted');
    }
    const cardPayments = [...groups.values()].filter((legs) =>
      legs.some((leg) => leg.accountExternalId === CARD && leg.amountMinor > 0),
    );
    expect(cardPayments.length).toBeGreaterThanOrEqual(23);
    expect(cardPayments.every((legs) => legs.some((leg) => leg.accountExternalId === CHECKING))).toBe(true);
  });

  it('amortises the mortgage: monthly payments in, interest charged, interest falling', () => {
    const mortgage = rows.filter((row) => row.accountExternalId === accountId('mortgage'));
    const payments = mortgage.filter((row) => row.amountMinor > 0);
    const interest = mortgage.filter((row) => row.amountMinor < 0);
    expect(payments.length).toBe(24);
    expect(interest.length).toBe(24);
    expect(payments.every((row) => row.transferGroup !== undefined)).toBe(true);
    expect(-(interest.at(-1)?.amountMinor ?? 0)).toBeLessThan(-(interest[0]?.amountMinor ?? 0));
    expect((payments[0]?.amountMinor ?? 0) > -(interest[0]?.amountMinor ?? 0)).toBe(true);
  });

  it('moves money to savings and the brokerage monthly, with interest and dividends coming back', () => {
    const savings = rows.filter((row) => row.accountExternalId === accountId('savings'));
    expect(savings.filter((row) => row.providerCategory.detailed === 'INCOME_INTEREST_EARNED').length).toBe(
      24,
    );
    const brokerage = rows.filter((row) => row.accountExternalId === accountId('brokerage'));
    expect(
      brokerage.filter((row) => row.providerCategory.detailed === 'INCOME_DIVIDENDS').length,
    ).toBeGreaterThan(40);
    const buys = brokerage.filter((row) => row.providerCategory.detailed === 'INVESTMENT_BUY');
    expect(buys.length).toBeGreaterThanOrEqual(24 * 6);
    for (const buy of buys) {
      expect(buy.amountMinor).toBeLessThan(0);
      expect(buy.investment?.quantity).toMatch(/^\d+(\.\d{1,6})?$/);
      expect(buy.investment?.price).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('spends in euros on the yearly trip and charges a foreign-transaction fee on card purchases abroad', () => {
    const euro = rows.filter((row) => row.accountExternalId === accountId('EUR'));
    expect(euro.every((row) => row.currency === 'EUR')).toBe(true);
    for (const year of ['2025', '2026']) {
      const tripSpending = euro.filter(
        (row) => row.date.startsWith(year) && row.providerCategory.detailed === 'FOOD_AND_DRINK_RESTAURANT',
      );
      expect(tripSpending.length).toBeGreaterThan(5);
    }
    const fees = rows.filter((row) => row.providerCategory.detailed === 'BANK_FEES_FOREIGN_TRANSACTION_FEES');
    expect(fees.length).toBeGreaterThan(0);
    for (const fee of fees) {
      const purchase = rows.find(
        (row) =>
          row.accountExternalId === CARD &&
          row.date === fee.date &&
          /EUR \d+\.\d{2} @/.test(row.description ?? '') &&
          Math.abs(Math.round(row.amountMinor * 0.03) - fee.amountMinor) <= 1,
      );
      expect(purchase).toBeDefined();
    }
  });

  it('covers the everyday categories', () => {
    const detailed = new Set(rows.map((row) => row.providerCategory.detailed));
    for (const code of [
      'FOOD_AND_DRINK_GROCERIES',
      'FOOD_AND_DRINK_RESTAURANT',
      'FOOD_AND_DRINK_COFFEE',
      'TRANSPORTATION_GAS',
      'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
      'RENT_AND_UTILITIES_TELEPHONE',
      'GENERAL_SERVICES_INSURANCE',
      'TRANSFER_OUT_WITHDRAWAL',
      'MEDICAL_PRIMARY_CARE',
      'HOME_IMPROVEMENT_HARDWARE',
      'GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES',
      'TRAVEL_FLIGHTS',
      'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
    ]) {
      expect(detailed.has(code)).toBe(true);
    }
    const groceries = rows.filter(
      (row) => row.providerCategory.detailed === 'FOOD_AND_DRINK_GROCERIES',
    ).length;
    expect(groceries / (730 / 7)).toBeGreaterThan(1);
    expect(groceries / (730 / 7)).toBeLessThan(3);
  });
});

describe('demoBankTransactions: pending → posted', () => {
  const later = addDays(TODAY, 5);
  const pending = rows.filter((row) => row.status === 'pending');
  const afterwards = demoBankTransactions({ seed: SEED, from: addDays(TODAY, -10), to: later, today: later });

  it('shows the last days’ card and debit purchases as pending, dated on authorisation', () => {
    expect(pending.length).toBeGreaterThan(0);
    for (const row of pending) {
      expect([CARD, CHECKING]).toContain(row.accountExternalId);
      expect(row.date >= addDays(TODAY, -2)).toBe(true);
      expect(row.authorizedDate).toBe(row.date);
      expect(row.pendingExternalId).toBeUndefined();
      expect(row.transferGroup).toBeUndefined();
    }
    expect(rows.filter((row) => row.date < addDays(TODAY, -2)).every((row) => row.status === 'posted')).toBe(
      true,
    );
  });

  it('posts each of them later under a new id that points at the pending row, dated after the first today', () => {
    for (const row of pending) {
      const posted = afterwards.filter((candidate) => candidate.pendingExternalId === row.externalId);
      expect(posted).toHaveLength(1);
      const [settled] = posted as [DemoBankTransaction];
      expect(settled.status).toBe('posted');
      expect(settled.externalId).not.toBe(row.externalId);
      expect(settled.accountExternalId).toBe(row.accountExternalId);
      expect(settled.name).toBe(row.name);
      expect(settled.date > TODAY).toBe(true);
      expect(afterwards.some((candidate) => candidate.externalId === row.externalId)).toBe(false);
    }
  });

  it('sometimes posts a different amount than was pending (tips, holds)', () => {
    let changed = 0;
    for (let offset = 0; offset < 60; offset += 4) {
      const today = addDays('2026-06-01', offset);
      const before = demoBankTransactions({ seed: SEED, from: addDays(today, -3), to: today, today });
      const after = demoBankTransactions({
        seed: SEED,
        from: addDays(today, -3),
        to: addDays(today, 5),
        today: addDays(today, 5),
      });
      for (const row of before.filter((candidate) => candidate.status === 'pending')) {
        const settled = after.find((candidate) => candidate.pendingExternalId === row.externalId);
        if (settled && settled.amountMinor !== row.amountMinor) changed++;
      }
    }
    expect(changed).toBeGreaterThan(3);
  });

  it('replays incremental syncs into exactly the rows of one long sync', () => {
    const start = '2026-10-01';
    const store = new Map<string, DemoBankTransaction>();
    const apply = (batch: DemoBankTransaction[]) => {
      for (const row of batch) {
        if (row.pendingExternalId !== undefined) store.delete(row.pendingExternalId);
        store.set(row.externalId, row);
      }
    };
    apply(demoBankTransactions({ seed: SEED, from: addDays(start, -730), to: start, today: start }));
    let last = start;
    for (const step of [1, 3, 1, 6, 2, 14]) {
      const today = addDays(last, step);
      apply(demoBankTransactions({ seed: SEED, from: addDays(last, 1), to: today, today }));
      last = today;
    }
    const once = demoBankTransactions({ seed: SEED, from: addDays(start, -730), to: last, today: last });
    const byId = (a: DemoBankTransaction, b: DemoBankTransaction) => (a.externalId < b.externalId ? -1 : 1);
    expect([...store.values()].sort(byId)).toEqual([...once].sort(byId));
  });
});
