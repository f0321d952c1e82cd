import { describe, expect, it } from 'vitest';
import { MT940_DE, MT940_FREE, MT940_NL, MT942 } from './fixtures/mt940-exports';
import { parseMt940 } from './mt940';
import { ImportParseError } from './types';

/** The 1-based line of the first line starting with `prefix` at or after line `from`. */
function lineOf(text: string, prefix: string, from = 1): number {
  const lines = text.split(/\r?\n/);
  const index = lines.findIndex((line, at) => at + 1 >= from && line.startsWith(prefix));
  if (index < 0) throw new Error(`no ${prefix}`);
  return index + 1;
}

function refusal(read: () => unknown): ImportParseError {
  try {
    read();
  } catch (error) {
    if (error instanceof ImportParseError) return error;
    throw error;
  }
  throw new Error('expected an ImportParseError');
}

const withoutFingerprint = <T extends { fingerprint: string }>({ fingerprint: _f, ...row }: T) => row;

describe('parseMt940', () => {
  it('reads German structured :86: fields and booking dates across New Year, one statement each', () => {
    const [december, january, ...others] = parseMt940(MT940_DE);
    expect(others).toEqual([]);
    expect(december?.account).toEqual({
      type: 'MT940',
      externalId: '12030000/1020304050',
      currency: 'EUR',
      balance: { amountMinor: 245_410, currency: 'EUR', asOf: '2023-12-29' },
      openingBalance: { amountMinor: 250_000, currency: 'EUR', asOf: '2023-12-28' },
    });
    expect(december?.transactions.map(withoutFingerprint)).toEqual([
      {
        line: 5,
        date: '2023-12-29',
        amountMinor: -4_590,
        currency: 'EUR',
        name: 'Telefonica Germany GmbH Co. OHG',
        payee: 'Telefonica Germany GmbH Co. OHG',
        memo: 'Mobilfunk Dezember 2023 Kundennr 7712 · IBAN DE91100000000123456789',
        externalId: 'VF-2023-12-9911',
      },
    ]);
    expect(january?.account?.balance).toEqual({ amountMinor: 369_060, currency: 'EUR', asOf: '2024-01-02' });
    expect(january?.transactions.map(withoutFingerprint)).toEqual([
      {
        line: lineOf(MT940_DE, ':61:2312310102'),
        // Valued 31 December 2023, booked 2 January: the booking's year is the next one.
        date: '2024-01-02',
        amountMinor: 125_000,
        currency: 'EUR',
        name: 'Hausverwaltung Schmidt',
        payee: 'Hausverwaltung Schmidt',
        memo: 'Erstattung Nebenkosten 2023 · IBAN DE02300209000106531065',
      },
      {
        line: lineOf(MT940_DE, ':61:2401020102DR'),
        date: '2024-01-02',
        amountMinor: -350,
        currency: 'EUR',
        name: 'BAECKEREI KOEHLER',
        payee: 'BAECKEREI KOEHLER',
        memo: '2024-01-02T08.15 Debitk. 1 2026-12 Bäckerei Köhler',
      },
      {
        line: lineOf(MT940_DE, ':61:2401020102RC'),
        date: '2024-01-02',
        amountMinor: -1_000,
        currency: 'EUR',
        name: 'Eigene Bank',
        payee: 'Eigene Bank',
        memo: 'Rücküberweisung Gebühr',
      },
    ]);
    const sum = (january?.transactions ?? []).reduce((total, row) => total + row.amountMinor, 0);
    expect(245_410 + sum).toBe(369_060);
  });

  it('takes the previous year for a booking in December of a payment valued in January', () => {
    const file = MT940_DE.replace(':61:2312310102CR', ':61:2401021229CR');
    expect(parseMt940(file)[1]?.transactions[0]?.date).toBe('2023-12-29');
  });

  it('reads the slash-keyed :86: of Dutch banks inside a SWIFT envelope', () => {
    const [statement] = parseMt940(MT940_NL);
    expect(statement?.account).toMatchObject({ externalId: 'NL20INGB0001234567EUR', currency: 'EUR' });
    expect(statement?.transactions.map(withoutFingerprint)).toEqual([
      {
        line: 6,
        date: '2024-03-01',
        amountMinor: -2_500,
        currency: 'EUR',
        name: 'Gemeente Amsterdam',
        payee: 'Gemeente Amsterdam',
        memo: 'Parkeervergunning maart · IBAN NL86INGB0002445588',
        externalId: 'PV-2024-03-1188',
      },
      {
        line: 11,
        date: '2024-03-02',
        amountMinor: 150_050,
        currency: 'EUR',
        name: 'J. de Vries',
        payee: 'J. de Vries',
        memo: 'Terugbetaling vakantie · IBAN NL44RABO0123456789',
      },
    ]);
  });

  it('reads free-text :86: fields, and MT942 interim reports', () => {
    const [statement] = parseMt940(MT940_FREE);
    expect(
      statement?.transactions.map(({ name, amountMinor, currency }) => ({ name, amountMinor, currency })),
    ).toEqual([
      { name: 'PRZELEW ZEWNETRZNY ALLEGRO SP Z O O ZAMOWIENIE 8844', amountMinor: -18_999, currency: 'PLN' },
      { name: 'WYNAGRODZENIE KWIECIEN FIRMA ABC', amountMinor: 420_000, currency: 'PLN' },
    ]);
    const [interim] = parseMt940(MT942);
    expect(interim?.account).toEqual({
      type: 'MT942',
      externalId: 'DE02120300000000202051',
      currency: 'EUR',
    });
    expect(interim?.transactions.map(withoutFingerprint)).toEqual([
      {
        line: 6,
        date: '2024-04-15',
        amountMinor: -1_999,
        currency: 'EUR',
        name: 'Streaming AB',
        payee: 'Streaming AB',
        memo: 'Musik Abo April',
      },
    ]);
  });

  it('refuses a malformed line with its number, and a file that is not MT940', () => {
    const amount = refusal(() => parseMt940(MT940_DE.replace('DR3,50NMSC', 'DR3.50NMSC')));
    expect(amount.line).toBe(lineOf(MT940_DE, ':61:2401020102DR'));
    expect(amount.message).toMatch(/^Line \d+: :61: "2401020102DR3\.50NMSCNONREF" is not a statement line/);
    const date = refusal(() => parseMt940(MT940_DE.replace(':61:2312291229', ':61:2313291229')));
    expect(date.message).toBe('Line 5: :61: "231329" is not a valid value date (YYMMDD)');
    const balance = refusal(() => parseMt940(MT940_DE.replace(':62F:C240102EUR3690,60', ':62F:C240102EUR')));
    expect(balance.line).toBe(lineOf(MT940_DE, ':62F:C240102'));
    expect(refusal(() => parseMt940('hello\nworld')).message).toContain('not an MT940 or MT942 statement');
  });
});
