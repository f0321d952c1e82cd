import { describe, expect, it } from 'vitest';
import { fixedWindow } from './rate-limit';

describe('fixed window', () => {
  it.each([
    [125_000, 60_000, { start: 120_000, reset: 180_000 }],
    [120_000, 60_000, { start: 120_000, reset: 180_000 }],
    [179_999, 60_000, { start: 120_000, reset: 180_000 }],
    [0, 1000, { start: 0, reset: 1000 }],
  ])('the window of %i (length %i) is %j', (now, windowMs, window) =>
    expect(fixedWindow(now, windowMs)).toEqual(window),
  );
});
