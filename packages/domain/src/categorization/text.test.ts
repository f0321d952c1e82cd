import { describe, expect, it } from 'vitest';
import { compareText, daysBetween, foldText } from './text';

describe('text helpers', () => {
  it.each([
    ['Café  DU Monde ', 'cafe du monde'],
    ['ÜBERWEISUNG', 'uberweisung'],
    ['', ''],
  ])('foldText(%j) → %j', (input, expected) => expect(foldText(input)).toBe(expected));

  it.each([
    ['2026-03-10', '2026-03-13', 3],
    ['2026-03-13', '2026-03-10', -3],
    ['2024-02-28', '2024-03-01', 2],
    ['2026-03-28', '2026-03-30', 2],
    ['2025-12-31', '2026-01-01', 1],
  ])('daysBetween(%s, %s) → %d', (from, to, days) => expect(daysBetween(from, to)).toBe(days));

  it('refuses bad dates', () => expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow(RangeError));

  it('orders by code unit', () => {
    expect(['b', 'a', 'B', 'a1'].sort(compareText)).toEqual(['B', 'a', 'a1', 'b']);
  });
});
