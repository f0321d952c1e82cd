import { describe, expect, it } from 'vitest';
import { shouldRetryQuery } from './providers';

describe('query retries (spec §9)', () => {
  it('retries up to three times', () => {
    expect(
      [0, 1, 2, 3].map((count) => shouldRetryQuery(count, new Error('Failed to fetch dashboard data'))),
    ).toEqual([true, true, true, false]);
  });

  it("retries only once for 'Authentication required'", () => {
    expect(shouldRetryQuery(0, new Error('Authentication required'))).toBe(true);
    expect(shouldRetryQuery(1, new Error('Authentication required'))).toBe(false);
  });
});
