/** Product feature flags (spec §1): crypto on, bank-data linking on, export on, public API off. */
export type FeatureFlags = { crypto: boolean; bankLinking: boolean; export: boolean; publicApi: boolean };

export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlags> = Object.freeze({
  crypto: true,
  bankLinking: true,
  export: true,
  publicApi: false,
});
