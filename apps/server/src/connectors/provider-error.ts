/** A provider's failure, as connectors and the price service report it (kept apart from types.ts so
 * services the connector types name can raise it without an import cycle). */

export type ProviderErrorKind = 'needs_reauth' | 'rate_limited' | 'unavailable' | 'timeout' | 'invalid';

/** A provider failure in words a user can read (never the provider's raw body). */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }

  /** 429, 5xx and timeouts are worth another try; the rest are not. */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable' || this.kind === 'timeout';
  }
}
