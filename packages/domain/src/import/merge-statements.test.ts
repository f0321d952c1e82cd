import { describe, expect, it } from 'vitest';
import { MT940_DE } from './fixtures/mt940-exports';
import { mergeStatementsByAccount } from './merge-statements';
import { parseMt940 } from './mt940';

describe('mergeStatementsByAccount', () => {
  it('joins daily statements of one account: every row, the first opening and the last closing balance', () => {
    const statements = parseMt940(MT940_DE);
    expect(statements).toHaveLength(2);
    const [merged, ...others] = mergeStatementsByAccount(statements);
    expect(others).toEqual([]);
    expect(merged?.transactions.map((row) => row.date)).toEqual([
      '2023-12-29',
      '2024-01-02',
      '2024-01-02',
      '2024-01-02',
    ]);
    expect(merged?.account).toMatchObject({
      externalId: '12030000/1020304050',
      openingBalance: { amountMinor: 250_000, asOf: '2023-12-28' },
      balance: { amountMinor: 369_060, asOf: '2024-01-02' },
    });
  });

  it('keeps statements of different accounts apart, and counts identical rows across statements', () => {
    const other = MT940_DE.replace(/12030000\/1020304050/g, (match, at: number) =>
      at > MT940_DE.indexOf('-\r\n') ? 'DE02120300000000202051' : match,
    );
    expect(mergeStatementsByAccount(parseMt940(other)).map((item) => item.account?.externalId)).toEqual([
      '12030000/1020304050',
      'DE02120300000000202051',
    ]);
    const twice = `${MT940_DE}${MT940_DE}`;
    const [merged] = mergeStatementsByAccount(parseMt940(twice));
    const fingerprints = merged?.transactions.map((row) => row.fingerprint) ?? [];
    expect(new Set(fingerprints).size).toBe(8);
  });
});
