/**
 * Business constants and limits of spec §9, in one place. Durations are milliseconds unless named
 * otherwise; money thresholds are in major units of the user's currency.
 */

export const PAGING = {
  /** Tables: 10 rows per page by default, never more than 100, newest first. */
  table: { defaultPageSize: 10, maxPageSize: 100, defaultSort: 'desc' },
  /** The transaction listing endpoint: 50 by default, at most 200. */
  transactionListing: { defaultPageSize: 50, maxPageSize: 200 },
  /** The transactions widget: 10 per page, page 1. */
  transactions: { defaultPageSize: 10, defaultPage: 1 },
} as const;

/** Default history window (months back from today) and the first year history goes back to. */
export const DATES = { defaultMonthsBack: 6, historicalStartYear: 2020 } as const;

/** Retry helper defaults (spec §9): 3 attempts in all, 1000 ms before the second, doubling after. */
export const RETRY = { attempts: 3, delayMs: 1000, backoff: true } as const;

/** Outbound HTTP request timeout (spec §9). */
export const HTTP_TIMEOUT_MS = 30_000;

export const AGGREGATION = {
  minimumFlowAmount: 100,
  minimumSavingsFlow: 50,
  minimumCategoryPercent: 1,
  /** Crypto share of net worth (percent) above which an insight is raised. */
  cryptoShareThresholdPercent: 10,
} as const;

/** Display decimals (spec §9): crypto quantities 8, fractional quantities 4, money 2. */
export const DECIMALS = { crypto: 8, fractional: 4, regular: 2 } as const;

/** TanStack Query cache times (fresh / kept) and retries. */
export const CACHE = {
  default: { staleMs: 5 * 60_000, gcMs: 10 * 60_000 },
  dashboard: { staleMs: 30_000, gcMs: 5 * 60_000 },
  transactions: { staleMs: 5 * 60_000, gcMs: 10 * 60_000 },
  spending: { staleMs: 5 * 60_000, gcMs: 10 * 60_000 },
  expenseFlow: { staleMs: 5 * 60_000, gcMs: 10 * 60_000 },
  queryRetries: 3,
  authErrorRetries: 1,
} as const;

export const LIMITS = {
  emailMaxLength: 254,
  passwordMinLength: 12,
  nameMinLength: 2,
  nameMaxLength: 100,
  otpLength: 6,
  transactionNameLimit: 50,
  transactionNameTruncateTo: 47,
  descriptionLimit: 500,
  accountNameTruncateTo: 20,
  categoryConfidenceThreshold: 0.7,
} as const;

/** General limits of spec §9 (outside the tier limits). */
export const GENERAL_LIMITS = { transactions: 1000, accounts: 5, exportRows: 500 } as const;

export const PREFERENCES_TIMING = {
  debounceMs: 500,
  thresholdDebounceMs: 1000,
  thresholdMin: 0,
  thresholdMax: 1_000_000,
  thresholdStep: 0.01,
  lowBalanceDefault: 100,
  /** An outflow of at least this much (major units of the reporting currency) is a large transaction. */
  largeTransactionDefault: 1000,
} as const;

export const UI_TIMING = {
  deletionRedirectMs: 2000,
  shortToastMs: 2000,
  toastMs: 4000,
  visibleToasts: 3,
  tooltipDelayMs: 700,
  hoverCardOpenMs: 700,
  hoverCardCloseMs: 300,
  authSuccessPauseMs: 500,
  breachedPasswordToastMs: 6000,
} as const;

export const CHART = { decimationSamples: 240, maxXTicks: 6, yTicks: 5, tooltipDecimals: 2 } as const;

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_LOCALE = 'en-US';

/** Responsive breakpoints (spec §2): mobile below 768 px, tablet 768–1023, desktop 1024 and above. */
export const BREAKPOINTS = { tabletMinPx: 768, desktopMinPx: 1024 } as const;

/** Theme choices (spec §3 `theme`). */
export const THEMES = ['light', 'dark', 'system'] as const;

/** Font sizes (spec §3 `font_size`). */
export const FONT_SIZES = ['small', 'medium', 'large'] as const;

/** Browser storage key of the cached preferences (spec §3). */
export const PREFERENCES_STORAGE_KEY = 'user-preferences';
