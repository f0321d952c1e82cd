import { describe, expect, it } from 'vitest';
import { lttb } from './lttb';

type Point = { x: number; y: number };
const X = (point: Point) => point.x;
const Y = (point: Point) => point.y;
const series = (ys: readonly number[]): Point[] => ys.map((y, x) => ({ x, y }));
/** A deterministic wavy series with no randomness. */
const wave = (length: number): Point[] =>
  Array.from({ length }, (_, x) => ({ x, y: Math.round(1000 * Math.sin(x / 7) + 300 * Math.cos(x / 3)) }));

describe('lttb', () => {
  it('picks the point of the largest triangle in each bucket (worked example)', () => {
    const points = series([0, 1, 0, 5, 0, 1, 0]);
    // Buckets [1, 2] and [3, 4, 5]; third corners: the average of bucket two (4, 2), then the last point.
    expect(lttb(points, 4, X, Y).map(X)).toEqual([0, 2, 3, 6]);
  });

  it.each([
    [1000, 240],
    [1000, 3],
    [241, 240],
    [10, 9],
    [365, 100],
    [5000, 1000],
  ])('%i points thinned to %i: exact length, first and last kept, x increasing', (length, samples) => {
    const points = wave(length);
    const result = lttb(points, samples, X, Y);
    expect(result).toHaveLength(samples);
    expect(result[0]).toBe(points[0]);
    expect(result[result.length - 1]).toBe(points[length - 1]);
    for (let index = 1; index < result.length; index += 1) {
      expect((result[index] as Point).x).toBeGreaterThan((result[index - 1] as Point).x);
    }
  });

  it.each([
    ['a spike', 1_000_000],
    ['a dip', -1_000_000],
  ])('keeps %s', (_, extreme) => {
    const points = series(Array.from({ length: 1000 }, (_, x) => (x === 637 ? extreme : 100 + (x % 5))));
    const result = lttb(points, 50, X, Y);
    expect(result.map(Y)).toContain(extreme);
    expect(result.map(X)).toContain(637);
  });

  it('keeps every isolated spike and dip when they fall in different buckets', () => {
    const extremes = new Map([
      [120, 5000],
      [333, -4000],
      [610, 7000],
      [871, -9000],
    ]);
    const points = series(Array.from({ length: 1000 }, (_, x) => extremes.get(x) ?? 0));
    const kept = lttb(points, 40, X, Y).map(X);
    for (const x of extremes.keys()) expect(kept).toContain(x);
  });

  it('returns the input points themselves (identity kept)', () => {
    const points = wave(100);
    for (const point of lttb(points, 10, X, Y)) expect(points).toContain(point);
  });

  it('is deterministic', () => expect(lttb(wave(800), 60, X, Y)).toEqual(lttb(wave(800), 60, X, Y)));

  it('breaks a tie by keeping the earliest point', () =>
    expect(lttb(series([0, 0, 0, 0, 0, 0]), 3, X, Y).map(X)).toEqual([0, 1, 5]));

  it.each([
    [0, 10],
    [1, 10],
    [2, 2],
    [10, 10],
    [9, 10],
  ])('leaves %i points alone for %i samples (a copy)', (length, samples) => {
    const points = wave(length);
    const result = lttb(points, samples, X, Y);
    expect(result).toEqual(points);
    expect(result).not.toBe(points);
  });

  it.each([2, 1, 0, -5, 2.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'leaves the input alone for %d samples',
    (samples) => expect(lttb(wave(50), samples, X, Y)).toEqual(wave(50)),
  );
});
