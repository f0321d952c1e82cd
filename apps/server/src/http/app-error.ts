import type { ValidationItem } from '@lodestar/domain';

/**
 * The one error type the API raises. Each code maps to exactly one HTTP status (spec §8,
 * DESIGN.md §4); `app.onError` turns it into the envelope.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** The user's plan lacks the feature or has reached a limit: the web app offers an upgrade. */
  UPGRADE_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  EXTERNAL_SERVICE: 502,
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export type AppErrorDetails = {
  items?: ValidationItem[];
  /** Rate limit: epoch milliseconds when the window resets, and the window's limit. */
  reset?: number;
  limit?: number;
  /** Provider errors: a safe, user-facing detail (never a raw provider body). */
  details?: string;
};

export class AppError extends Error {
  readonly status: ErrorStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: AppErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  static validation(items: ValidationItem[]): AppError {
    return new AppError('VALIDATION_FAILED', 'Validation failed', { items });
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static unauthorized(message = 'Authentication required'): AppError {
    return new AppError('UNAUTHORIZED', message);
  }

  static forbidden(message = 'Forbidden'): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static rateLimited(reset: number, limit: number): AppError {
    return new AppError('RATE_LIMITED', 'Too many requests. Please try again later.', { reset, limit });
  }
}
