import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from './feature-flags';

describe('feature flags (spec §1)', () => {
  it('turns crypto, bank linking and export on and the public API off', () => {
    expect(DEFAULT_FEATURE_FLAGS).toEqual({
      crypto: true,
      bankLinking: true,
      export: true,
      publicApi: false,
    });
    expect(Object.isFrozen(DEFAULT_FEATURE_FLAGS)).toBe(true);
  });
});
