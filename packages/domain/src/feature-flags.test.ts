import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, resolveFeatureFlags } from './feature-flags';

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

  it.each([
    [{}, { crypto: true, bankLinking: true, export: true, publicApi: false }],
    [{ publicApi: true }, { crypto: true, bankLinking: true, export: true, publicApi: true }],
    [
      { crypto: false, export: undefined },
      { crypto: false, bankLinking: true, export: true, publicApi: false },
    ],
  ])('overrides %j → %j', (overrides, flags) => expect(resolveFeatureFlags(overrides)).toEqual(flags));
});
