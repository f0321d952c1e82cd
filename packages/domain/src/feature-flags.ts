/** Product feature flags (spec §1): crypto on, bank-data linking on, export on, public API off. */
export type FeatureFlags = { crypto: boolean; bankLinking: boolean; export: boolean; publicApi: boolean };

export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlags> = Object.freeze({
  crypto: true,
  bankLinking: true,
  export: true,
  publicApi: false,
});

/** The defaults with the given overrides applied; undefined overrides keep the default. */
export function resolveFeatureFlags(
  overrides: Partial<Record<keyof FeatureFlags, boolean | undefined>> = {},
): FeatureFlags {
  return {
    crypto: overrides.crypto ?? DEFAULT_FEATURE_FLAGS.crypto,
    bankLinking: overrides.bankLinking ?? DEFAULT_FEATURE_FLAGS.bankLinking,
    export: overrides.export ?? DEFAULT_FEATURE_FLAGS.export,
    publicApi: overrides.publicApi ?? DEFAULT_FEATURE_FLAGS.publicApi,
  };
}
