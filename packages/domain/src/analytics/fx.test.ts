import { describe, expect, it } from 'vitest';
import { createFxTable, type EcbRate, type ManualRate, parseRate, STALE_RATE_DAYS } from './fx';

const ecb = (date: string, currency: string, perEur: string): EcbRate => ({ date, currency, perEur });
const manual = (date: string, base: string, quote: string, rate: string): ManualRate => ({
  date,
  base,
  quote,
  rate,
});

const ECB: EcbRate[] = [
  // Deliberately out of order: the table sorts per currency.
  ecb('2026-11-20', 'USD', '1.08'),
  ecb('2026-11-13', 'USD', '1.05'),
  ecb('2026-11-20', 'JPY', '162'),
  ecb('2026-11-20', 'GBP', '0.8'),
  ecb('2026-11-10', 'CHF', '0.95'),
  ecb('2026-11-20', 'KWD', '0.333'),
];

describe('createFxTable: ECB rates', () => {
  const table = createFxTable(ECB, []);

  it.each([
    ['EUR', 'USD', '2026-11-22', 1.08, '2026-11-20'],
    ['USD', 'EUR', '2026-11-22', 1 / 1.08, '2026-11-20'],
    ['USD', 'JPY', '2026-11-20', 150, '2026-11-20'],
    ['JPY', 'GBP', '2026-11-20', 0.8 / 162, '2026-11-20'],
    // The last known rate on or before the day.
    ['EUR', 'USD', '2026-11-19', 1.05, '2026-11-13'],
    ['EUR', 'USD', '2026-11-13', 1.05, '2026-11-13'],
    // A cross rate rests on its older leg.
    ['USD', 'CHF', '2026-11-20', 0.95 / 1.08, '2026-11-10'],
  ])('%s→%s on %s is %d (rate of %s)', (from, to, date, rate, rateDate) => {
    const found = table.rate(from, to, date);
    expect(found?.rate).toBeCloseTo(rate, 12);
    expect(found?.date).toBe(rateDate);
    expect(found?.source).toBe('ecb');
  });

  it('is 1 for the same currency, dated the day asked', () =>
    expect(table.rate('XYZ', 'XYZ', '2026-11-22')).toEqual({
      rate: 1,
      date: '2026-11-22',
      source: 'identity',
      stale: false,
      estimated: false,
    }));

  it.each([
    // Before a currency's first rate: its earliest rate, estimated, dated the newest leg it rests on.
    ['EUR', 'USD', '2026-11-12', 1.05, '2026-11-13'],
    ['USD', 'JPY', '2026-11-19', 162 / 1.05, '2026-11-20'],
    ['CHF', 'USD', '2026-01-01', 1.05 / 0.95, '2026-11-13'],
  ])('estimates %s→%s on %s from the earliest rates (%d of %s)', (from, to, date, rate, rateDate) => {
    const found = table.rate(from, to, date);
    expect(found?.rate).toBeCloseTo(rate, 12);
    expect(found).toMatchObject({ date: rateDate, source: 'ecb', estimated: true, stale: false });
  });

  it('does not estimate a day that has a rate on or before it', () =>
    expect(table.rate('EUR', 'USD', '2026-11-13')?.estimated).toBe(false));

  it.each([
    ['EUR', 'SEK', '2026-11-22'],
    ['SEK', 'USD', '2026-11-22'],
  ])('has no rate for %s→%s on %s', (from, to, date) => expect(table.rate(from, to, date)).toBeNull());

  it.each([
    ['2026-11-20', false],
    [`2026-11-${20 + STALE_RATE_DAYS}`, false],
    [`2026-11-${21 + STALE_RATE_DAYS}`, true],
  ])('a rate of 2026-11-20 used on %s is stale: %s', (date, stale) =>
    expect(table.rate('EUR', 'GBP', date)?.stale).toBe(stale),
  );

  it('lists its currencies, EUR included', () =>
    expect(table.currencies()).toEqual(['CHF', 'EUR', 'GBP', 'JPY', 'KWD', 'USD']));

  it('lists nothing when empty', () => expect(createFxTable([], []).currencies()).toEqual([]));

  it('keeps the last of two rates given for the same day', () =>
    expect(
      createFxTable([ecb('2026-11-20', 'USD', '1.1'), ecb('2026-11-20', 'USD', '1.2')], []).rate(
        'EUR',
        'USD',
        '2026-11-20',
      )?.rate,
    ).toBe(1.2));
});

describe('createFxTable: convertMinor', () => {
  const table = createFxTable(ECB, []);

  it.each([
    // [amount, from, to, date, expected minor]
    [10_000, 'EUR', 'USD', '2026-11-20', 10_800],
    [10_800, 'USD', 'EUR', '2026-11-20', 10_000],
    [-10_800, 'USD', 'EUR', '2026-11-20', -10_000],
    [1_000, 'USD', 'JPY', '2026-11-20', 1_500], // $10.00 → ¥1500 (JPY has no minor unit)
    [1_500, 'JPY', 'USD', '2026-11-20', 1_000],
    [100, 'EUR', 'KWD', '2026-11-20', 333], // €1.00 → 0.333 KWD (3 decimals)
    [333, 'KWD', 'EUR', '2026-11-20', 100],
    [0, 'EUR', 'USD', '2026-11-20', 0],
    [12_345, 'GBP', 'GBP', '2026-11-20', 12_345],
  ])('%i %s → %s on %s = %i', (amount, from, to, date, expected) =>
    expect(table.convertMinor(amount, from, to, date)?.amountMinor).toBe(expected),
  );

  it.each([
    // [rate, amount, expected]: half away from zero, exactly (no binary drift)
    ['1.5', 1, 2],
    ['1.5', -1, -2],
    ['1.25', 2, 3],
    ['1.25', -2, -3],
    ['1.24', 2, 2],
    ['1.005', 100, 101], // 100 × 1.005 is 100.49999… in floating point
    ['1.005', -100, -101],
    ['0.0001', 4_999, 0],
    ['0.0001', -4_999, 0],
  ])('at %s, %i converts to %i', (rate, amount, expected) => {
    const result = createFxTable([ecb('2026-11-20', 'USD', rate)], []).convertMinor(
      amount,
      'EUR',
      'USD',
      '2026-11-20',
    );
    expect(Object.is(result?.amountMinor, expected)).toBe(true);
  });

  it('reports the rate date, source and staleness', () =>
    expect(table.convertMinor(10_000, 'EUR', 'CHF', '2026-11-22')).toEqual({
      amountMinor: 9_500,
      rateDate: '2026-11-10',
      source: 'ecb',
      stale: true,
      estimated: false,
    }));

  it('converts a day before the first rate at the earliest rate, estimated', () =>
    expect(table.convertMinor(100, 'EUR', 'USD', '2026-01-01')).toEqual({
      amountMinor: 105,
      rateDate: '2026-11-13',
      source: 'ecb',
      stale: false,
      estimated: true,
    }));

  it('is null for a currency without any rate', () =>
    expect(table.convertMinor(100, 'EUR', 'SEK', '2026-01-01')).toBeNull());

  it.each([
    () => table.convertMinor(1.5, 'EUR', 'USD', '2026-11-20'),
    () => table.convertMinor(100, 'EUR', 'XYZ', '2026-11-20'),
    () => table.convertMinor(100, 'EUR', 'USD', '2026-11-31'),
    () => table.convertMinor(Number.MAX_SAFE_INTEGER, 'EUR', 'JPY', '2026-11-20'),
  ])('refuses bad input (%#)', (call) => expect(call).toThrow(RangeError));
});

describe('createFxTable: minorFactor', () => {
  const table = createFxTable(ECB, []);
  const convert = (amount: bigint, factor: { num: bigint; den: bigint }) => {
    const n = amount * factor.num;
    const magnitude = ((n < 0n ? -n : n) * 2n + factor.den) / (2n * factor.den);
    return Number(n < 0n ? -magnitude : magnitude);
  };

  it('converts exactly as convertMinor does, minor-unit exponents included', () => {
    const pairs = [
      ['USD', 'EUR'],
      ['EUR', 'USD'],
      ['USD', 'JPY'],
      ['JPY', 'KWD'],
      ['GBP', 'CHF'],
    ] as const;
    for (const [from, to] of pairs) {
      const factor = table.minorFactor(from, to, '2026-11-20');
      expect(factor, `${from} → ${to}`).not.toBeNull();
      for (const amount of [1, -1, 5, 50, 125, -125, 999_999, -1_234_567, 40_500]) {
        expect(convert(BigInt(amount), factor!), `${amount} ${from} → ${to}`).toBe(
          table.convertMinor(amount, from, to, '2026-11-20')?.amountMinor,
        );
      }
    }
  });

  it('is 1 for the same currency and null without any rate', () => {
    expect(table.minorFactor('USD', 'USD', '2026-11-20')).toEqual({ num: 1n, den: 1n });
    expect(table.minorFactor('USD', 'BRL', '2026-11-20')).toBeNull();
  });
});

describe('createFxTable: manual rates', () => {
  it.each([
    // [manual rates, from, to, expected rate, source, date]
    [[manual('2026-11-20', 'EUR', 'USD', '1.1')], 'EUR', 'USD', 1.1, 'manual', '2026-11-20'],
    [[manual('2026-11-21', 'EUR', 'USD', '1.1')], 'EUR', 'USD', 1.1, 'manual', '2026-11-21'],
    [[manual('2026-11-19', 'EUR', 'USD', '1.1')], 'EUR', 'USD', 1.08, 'ecb', '2026-11-20'],
    [[manual('2026-11-20', 'USD', 'EUR', '0.8')], 'EUR', 'USD', 1.25, 'manual', '2026-11-20'],
    [[manual('2026-11-20', 'USD', 'JPY', '140')], 'JPY', 'USD', 1 / 140, 'manual', '2026-11-20'],
    // A manual rate for another pair does not override the ECB cross rate.
    [[manual('2026-11-21', 'GBP', 'USD', '2')], 'EUR', 'USD', 1.08, 'ecb', '2026-11-20'],
    // The pair's own direction wins a same-day tie with its inverse.
    [
      [manual('2026-11-20', 'USD', 'EUR', '0.5'), manual('2026-11-20', 'EUR', 'USD', '1.1')],
      'EUR',
      'USD',
      1.1,
      'manual',
      '2026-11-20',
    ],
    // The later of a rate and its inverse wins.
    [
      [manual('2026-11-20', 'USD', 'EUR', '0.5'), manual('2026-11-18', 'EUR', 'USD', '1.1')],
      'EUR',
      'USD',
      2,
      'manual',
      '2026-11-20',
    ],
  ] as const)('%j: %s→%s is %d (%s, %s)', (rates, from, to, rate, source, date) => {
    const found = createFxTable(ECB, rates).rate(from, to, '2026-11-22');
    expect(found?.rate).toBeCloseTo(rate, 12);
    expect(found?.source).toBe(source);
    expect(found?.date).toBe(date);
  });

  it('bridges a currency the ECB does not publish through a manual rate', () => {
    const table = createFxTable(ECB, [manual('2026-11-20', 'USD', 'ARS', '1000')]);
    expect(table.rate('EUR', 'ARS', '2026-11-22')).toMatchObject({ rate: 1080, source: 'manual' });
    expect(table.rate('GBP', 'ARS', '2026-11-22')?.rate).toBeCloseTo(1350, 9);
    expect(table.convertMinor(100_000, 'ARS', 'GBP', '2026-11-22')).toEqual({
      amountMinor: 74, // ARS 1000.00 = GBP 0.7407…
      rateDate: '2026-11-20',
      source: 'manual',
      stale: false,
      estimated: false,
    });
    expect(table.currencies()).toContain('ARS');
  });

  it('bridges through the latest manual rate, EUR first on a tie', () => {
    const table = createFxTable(ECB, [
      manual('2026-11-20', 'USD', 'ARS', '1000'),
      manual('2026-11-20', 'EUR', 'ARS', '1200'),
      manual('2026-11-15', 'GBP', 'ARS', '9'),
    ]);
    expect(table.rate('JPY', 'ARS', '2026-11-22')?.rate).toBeCloseTo(1200 / 162, 9);
  });

  it('uses a manual rate dated after the day only as an estimate, when nothing older exists', () => {
    const only = createFxTable([], [manual('2026-11-20', 'EUR', 'USD', '1.1')]);
    expect(only.rate('EUR', 'USD', '2026-11-19')).toMatchObject({
      rate: 1.1,
      date: '2026-11-20',
      source: 'manual',
      estimated: true,
    });
    // One manual rate for today converts every earlier day at that rate: a flat history, no jump.
    const days = ['2020-01-01', '2026-10-01', '2026-11-19', '2026-11-20', '2026-11-22'];
    expect(days.map((day) => only.convertMinor(1_000_00, 'USD', 'EUR', day)?.amountMinor)).toEqual(
      days.map(() => 909_09),
    );
    expect(days.map((day) => only.convertMinor(1_000_00, 'USD', 'EUR', day)?.estimated)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    // With an ECB rate on or before the day, the later manual rate is not used for it.
    expect(
      createFxTable(ECB, [manual('2026-11-21', 'EUR', 'USD', '1.1')]).rate('EUR', 'USD', '2026-11-20'),
    ).toMatchObject({ rate: 1.08, source: 'ecb', estimated: false });
  });

  it('estimates from the nearest later manual rate', () =>
    expect(
      createFxTable(
        [],
        [manual('2026-11-20', 'EUR', 'USD', '1.2'), manual('2026-11-10', 'USD', 'EUR', '0.8')],
      ).rate('EUR', 'USD', '2026-11-01'),
    ).toMatchObject({ rate: 1.25, date: '2026-11-10', estimated: true }));

  it('works with manual rates alone', () =>
    expect(
      createFxTable([], [manual('2026-11-01', 'GBP', 'USD', '1.25')]).convertMinor(
        100,
        'USD',
        'GBP',
        '2026-11-22',
      ),
    ).toEqual({
      amountMinor: 80,
      rateDate: '2026-11-01',
      source: 'manual',
      stale: true,
      estimated: false,
    }));

  it('refuses a malformed rate or date in its input', () => {
    expect(() => createFxTable([ecb('2026-11-20', 'USD', '-1')], [])).toThrow(
      'Enter the rate as a positive number',
    );
    expect(() => createFxTable([], [manual('2026-13-01', 'EUR', 'USD', '1')])).toThrow(RangeError);
  });
});

describe('parseRate', () => {
  it.each([
    ['1.0842', 1.0842],
    ['157', 157],
    ['0.0061', 0.0061],
    [' 2.5 ', 2.5],
    ['+3', 3],
    ['1.000000000000000001', 1],
  ])('%j is %d', (value, expected) => expect(parseRate(value)).toBe(expected));

  it.each(['0', '0.000', '-1', '', 'abc', '1e3', '1,5', '.5', '5.', 'Infinity', 'NaN', '1.2.3'])(
    '%j is refused',
    (value) => expect(() => parseRate(value)).toThrow('Enter the rate as a positive number'),
  );
});
