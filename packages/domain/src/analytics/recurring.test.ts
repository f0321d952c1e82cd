import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../dates';
import { detectRecurring, detectRecurringReusing, type RecurringInput, upcomingDates } from './recurring';

const TODAY = '2026-11-22';

/** Deterministic noise in [-1, 1) (mulberry32), so the synthetic series are the same on every run. */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * 2 - 1;
  };
}

function series(
  key: string,
  rows: readonly (readonly [string, number])[],
  extra: Partial<RecurringInput> = {},
): RecurringInput {
  return {
    key,
    name: key.charAt(0).toUpperCase() + key.slice(1),
    category: null,
    accountId: 'acc-1',
    currency: 'USD',
    transactions: rows.map(([date, amountMinor], index) => ({ id: `${key}-${index}`, date, amountMinor })),
    ...extra,
  };
}

/** `count` monthly dates ending near `last`, each moved by up to ±`jitter` days. */
function monthly(last: string, count: number, jitter = 0, seed = 1): string[] {
  const next = noise(seed);
  return Array.from({ length: count }, (_, index) =>
    addDays(addMonths(last, index - count + 1), Math.round(next() * jitter)),
  );
}

describe('detectRecurring', () => {
  it('finds nothing in an empty input or a series without rows', () => {
    expect(detectRecurring([], TODAY)).toEqual([]);
    expect(detectRecurring([series('empty', [])], TODAY)).toEqual([]);
  });

  it('finds a monthly subscription with date jitter and reports its price increase', () => {
    const dates = monthly('2026-11-15', 12, 3);
    const amounts = dates.map((_, index) => (index < 9 ? -1549 : -1799));
    const [netflix, ...rest] = detectRecurring(
      [
        series(
          'netflix',
          dates.map((date, index) => [date, amounts[index] as number]),
          { category: 'ENTERTAINMENT' },
        ),
      ],
      TODAY,
    );
    expect(rest).toEqual([]);
    expect(netflix).toMatchObject({
      key: 'netflix',
      category: 'ENTERTAINMENT',
      direction: 'outflow',
      cadence: 'monthly',
      occurrences: 12,
      lastAmountMinor: -1799,
      nextAmountMinor: -1799,
      lastDate: dates[11],
      priceIncrease: { fromMinor: -1549, toMinor: -1799, date: dates[9] },
    });
    expect(netflix?.averageAmountMinor).toBe(-Math.round((9 * 1549 + 3 * 1799) / 12));
    expect(netflix?.intervalDays).toBeGreaterThanOrEqual(29);
    expect(netflix?.intervalDays).toBeLessThanOrEqual(32);
    expect(netflix?.transactionIds).toHaveLength(12);
    expect(netflix?.nextDate.slice(0, 7)).toBe('2026-12');
  });

  it('finds a weekly gym charge and a biweekly salary (inflow)', () => {
    const gym = Array.from({ length: 30 }, (_, index) => [addDays('2026-11-16', -7 * index), -2500] as const);
    const jitter = noise(7);
    const salary = Array.from(
      { length: 20 },
      (_, index) => [addDays('2026-11-13', -14 * index + Math.round(jitter())), 310_000 + index] as const,
    );
    const found = detectRecurring(
      [series('gym', gym), series('acme', salary, { accountId: 'acc-2' })],
      TODAY,
    );
    expect(
      found.map((payment) => [payment.key, payment.cadence, payment.direction, payment.occurrences]),
    ).toEqual([
      ['gym', 'weekly', 'outflow', 30],
      ['acme', 'biweekly', 'inflow', 20],
    ]);
    const [gymFound, salaryFound] = found;
    expect(gymFound?.nextDate).toBe('2026-11-23');
    expect(gymFound?.intervalDays).toBe(7);
    expect(salaryFound?.priceIncrease).toBeNull();
    expect(salaryFound?.intervalDays).toBe(14);
  });

  it('finds yearly insurance from two payments about a year apart, not from two 300 days apart', () => {
    const yearly = detectRecurring(
      [
        series('insurer', [
          ['2025-03-02', -84_000],
          ['2026-03-09', -86_500],
        ]),
      ],
      TODAY,
    );
    expect(yearly).toHaveLength(1);
    expect(yearly[0]).toMatchObject({ cadence: 'yearly', occurrences: 2, nextDate: '2027-03-09' });
    expect(
      detectRecurring(
        [
          series('insurer', [
            ['2025-05-02', -84_000],
            ['2026-02-26', -84_000],
          ]),
        ],
        TODAY,
      ),
    ).toEqual([]);
  });

  it('finds a utility bill with ±15 % amount noise and does not call the noise a price increase', () => {
    const next = noise(3);
    const dates = monthly('2026-11-03', 12, 3, 5);
    const [power] = detectRecurring(
      [
        series(
          'power',
          dates.map((date) => [date, -Math.round(12_000 * (1 + 0.15 * next()))]),
        ),
      ],
      TODAY,
    );
    expect(power).toMatchObject({ cadence: 'monthly', occurrences: 12, priceIncrease: null });
  });

  it('bridges one missed month', () => {
    const dates = monthly('2026-11-10', 10).filter((date) => !date.startsWith('2026-06'));
    const [found] = detectRecurring(
      [
        series(
          'spotify',
          dates.map((date) => [date, -1199]),
        ),
      ],
      TODAY,
    );
    expect(found).toMatchObject({ cadence: 'monthly', occurrences: 9, lastDate: '2026-11-10' });
    expect([30, 31]).toContain(found?.intervalDays);
  });

  it('leaves out a stopped subscription but keeps one just inside the grace period', () => {
    const stopped = monthly('2026-09-20', 8).map((date) => [date, -999] as const);
    expect(detectRecurring([series('hulu', stopped)], TODAY)).toEqual([]);
    const late = monthly('2026-10-05', 8).map((date) => [date, -999] as const);
    expect(detectRecurring([series('hulu', late)], TODAY)).toHaveLength(1);
  });

  it('does not call irregular coffee purchases recurring', () => {
    const next = noise(11);
    const rows: [string, number][] = [];
    let date = '2025-11-25';
    while (date <= TODAY) {
      rows.push([date, -Math.round(450 + 250 * next())]);
      date = addDays(date, 1 + Math.floor(((next() + 1) / 2) * 12));
    }
    expect(rows.length).toBeGreaterThan(40);
    expect(detectRecurring([series('coffee', rows)], TODAY)).toEqual([]);
  });

  it('finds the subscription among one-off purchases at the same merchant', () => {
    const next = noise(5);
    const subscription = monthly('2026-11-08', 12, 2).map((date) => [date, -1499] as const);
    const oneOffs = Array.from({ length: 15 }, (_, index) => {
      const day = addDays('2025-12-01', Math.floor(((next() + 1) / 2) * 355));
      return [day, -(index === 0 ? 1420 : Math.round(3000 + 8000 * ((next() + 1) / 2)))] as const;
    });
    const [found, ...rest] = detectRecurring([series('amazon', [...subscription, ...oneOffs])], TODAY);
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      cadence: 'monthly',
      occurrences: 12,
      averageAmountMinor: -1499,
      priceIncrease: null,
    });
    expect(found?.transactionIds.every((id) => Number(id.split('-')[1]) < 12)).toBe(true);
  });

  it('holds over many noisy series: coffee stays irregular, subscriptions and bills are found', () => {
    for (let seed = 1; seed <= 25; seed += 1) {
      const next = noise(seed);
      const coffee: [string, number][] = [];
      for (
        let date = '2025-11-25';
        date <= TODAY;
        date = addDays(date, 1 + Math.floor(((next() + 1) / 2) * 10))
      ) {
        coffee.push([date, -Math.round(450 + 250 * next())]);
      }
      const subscription = monthly('2026-11-08', 12, 3, seed).map((date) => [date, -999] as const);
      const oneOffs = Array.from(
        { length: 20 },
        () =>
          [
            addDays('2025-12-01', Math.floor(((next() + 1) / 2) * 355)),
            -Math.round(500 + 10_000 * ((next() + 1) / 2)),
          ] as const,
      );
      const bill = monthly('2026-11-03', 12, 3, seed + 100).map(
        (date) => [date, -Math.round(9_000 * (1 + 0.15 * next()))] as const,
      );
      const found = detectRecurring(
        [series('coffee', coffee), series('shop', [...subscription, ...oneOffs]), series('water', bill)],
        TODAY,
      );
      expect(
        found
          .map((payment) => [payment.key, payment.cadence, payment.occurrences, payment.priceIncrease])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ).toEqual([
        ['shop', 'monthly', 12, null],
        ['water', 'monthly', 12, null],
      ]);
    }
  });

  it('keeps a subscription through a price rise among one-off purchases', () => {
    const dates = monthly('2026-11-12', 11, 2, 9);
    const charges = dates.map((date, index) => [date, index < 8 ? -999 : -1199] as const);
    const oneOffs = [
      ['2026-01-20', -4_250],
      ['2026-04-02', -8_999],
      ['2026-07-14', -3_120],
      ['2026-10-30', -10_400],
    ] as const;
    const [found] = detectRecurring([series('apple', [...charges, ...oneOffs])], TODAY);
    expect(found).toMatchObject({
      occurrences: 11,
      priceIncrease: { fromMinor: -999, toMinor: -1199, date: dates[8] },
    });
  });

  it('keeps a 31st billing day through February and month ends', () => {
    const rows = [
      ['2025-12-31', -2000],
      ['2026-01-31', -2000],
      ['2026-02-28', -2000],
    ] as const;
    const [found] = detectRecurring([series('rent', rows)], '2026-03-05');
    expect(found).toMatchObject({ cadence: 'monthly', nextDate: '2026-03-31' });
    const [onThe30th] = detectRecurring([series('rent', [...rows, ['2026-03-31', -2000]])], '2026-04-02');
    expect(onThe30th?.nextDate).toBe('2026-04-30');
    const leap = detectRecurring(
      [
        series('club', [
          ['2023-02-28', -5000],
          ['2024-02-29', -5000],
        ]),
      ],
      '2024-03-01',
    );
    expect(leap[0]).toMatchObject({ cadence: 'yearly', nextDate: '2025-02-28' });
  });

  it('ignores rows after today and needs three monthly occurrences', () => {
    const rows = [
      ['2026-10-01', -500],
      ['2026-11-01', -500],
      ['2026-12-01', -500],
    ] as const;
    expect(detectRecurring([series('gym', rows)], TODAY)).toEqual([]);
    expect(detectRecurring([series('gym', rows)], '2026-12-01')).toHaveLength(1);
  });

  it('projects upcoming dates of a payment', () => {
    expect(upcomingDates({ cadence: 'weekly', nextDate: '2026-11-23' }, '2026-12-10')).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(upcomingDates({ cadence: 'monthly', nextDate: '2026-12-01' }, '2026-11-30')).toEqual([]);
  });
});

describe('detectRecurringReusing', () => {
  /** Subscriptions, bills and one-offs at several merchants and accounts (seeded, the same every run). */
  function inputs(seed: number): RecurringInput[] {
    const next = noise(seed);
    return Array.from({ length: 12 }, (_, index) => {
      const dates = monthly('2026-11-10', 8 + (index % 5), index % 4, seed + index);
      const rows: [string, number][] = dates.map((date) => [date, -(900 + index * 101)]);
      for (let extra = 0; extra < index % 6; extra += 1) {
        rows.push([
          addDays('2026-01-01', Math.floor(((next() + 1) / 2) * 300)),
          -Math.round(5_000 * ((next() + 1) / 2)),
        ]);
      }
      // Every third one stopped long ago: nothing to report for it.
      const shifted =
        index % 3 === 2
          ? rows.map(([date, amount]): [string, number] => [addMonths(date, -9), amount])
          : rows;
      return series(`merchant-${index % 7}`, shifted, {
        accountId: `acc-${index % 2}`,
        currency: index === 11 ? 'EUR' : 'USD',
      });
    });
  }

  it('answers what detectRecurring answers, reusing only the series that did not change', () => {
    const first = inputs(7);
    const fresh = detectRecurringReusing(first, TODAY, null);
    expect(fresh.payments).toEqual(detectRecurring(first, TODAY));
    expect(fresh.payments.length).toBeGreaterThan(3);
    // Nothing changed: the same answer, every series reused.
    const again = detectRecurringReusing(first, TODAY, fresh.memo);
    expect(again.payments).toEqual(fresh.payments);
    for (const [key, entry] of again.memo.series) expect(entry).toBe(fresh.memo.series.get(key));
    // One series loses its last row, one gains a row, one is gone and one is new, one is renamed.
    const changed = first.map((input) => ({ ...input }));
    const at = (index: number): RecurringInput => {
      const input = changed[index];
      if (!input) throw new Error(`no series ${index}`);
      return input;
    };
    const [a, b, c, d] = [at(0), at(1), at(3), at(4)];
    a.transactions = a.transactions.slice(0, -1);
    b.transactions = [...b.transactions, { id: 'new-row', date: '2026-11-20', amountMinor: -1_001 }];
    d.name = 'Renamed';
    changed.splice(changed.indexOf(c), 1);
    changed.push(
      series(
        'newcomer',
        monthly('2026-11-12', 6).map((date) => [date, -4_200] as const),
      ),
    );
    const after = detectRecurringReusing(changed, TODAY, again.memo);
    expect(after.payments).toEqual(detectRecurring(changed, TODAY));
    expect(after.payments.some((payment) => payment.key === 'newcomer')).toBe(true);
    expect(after.memo.series.get(`${a.accountId}\u0000${a.key}\u0000USD`)).not.toBe(
      again.memo.series.get(`${a.accountId}\u0000${a.key}\u0000USD`),
    );
    expect(after.memo.series.size).toBe(changed.length);
  });

  it('reuses nothing on another day, or when two series share a key', () => {
    const first = inputs(11);
    const fresh = detectRecurringReusing(first, TODAY, null);
    const later = addDays(TODAY, 200);
    // Two hundred days on, every subscription has stopped: a reused answer would still list them.
    const next = detectRecurringReusing(first, later, fresh.memo);
    expect(next.payments).toEqual(detectRecurring(first, later));
    expect(next.payments).toEqual([]);
    const twice = [...first, { ...first[0]!, transactions: first[0]!.transactions.slice(1) }];
    const doubled = detectRecurringReusing(twice, TODAY, fresh.memo);
    expect(doubled.payments).toEqual(detectRecurring(twice, TODAY));
    expect(doubled.memo.series.size).toBe(0);
  });
});
