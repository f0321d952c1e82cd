import { redactErrorText } from '@lodestar/domain';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../app-types';
import { AppError, type ErrorCode } from './app-error';
import { errorEnvelope } from './envelope';

const UNEXPECTED = 'An unexpected error occurred';

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'EXTERNAL_SERVICE',
  503: 'SERVICE_UNAVAILABLE',
  504: 'TIMEOUT',
};

/** Anything thrown becomes an AppError; unknown failures become a generic 500 with no detail. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 400) {
      // e.g. a body that is not valid JSON, rejected before schema validation.
      return AppError.validation([
        { field: 'body', message: error.message || 'Invalid request', code: 'invalid_body' },
      ]);
    }
    const code = CODE_FOR_STATUS[error.status];
    if (code) return new AppError(code, error.message || code, {}, { cause: error });
  }
  return new AppError('INTERNAL', UNEXPECTED, {}, { cause: error });
}

/** The single place that turns errors into HTTP responses (DESIGN.md §4). */
export function errorHandler(now: () => Date): ErrorHandler<AppEnv> {
  return (error, c) => {
    const appError = toAppError(error);
    const logger = c.get('logger');
    if (appError.status >= 500) {
      logger?.error({ err: error, code: appError.code, path: c.req.path }, 'request failed');
    } else {
      logger?.info({ code: appError.code, path: c.req.path }, appError.message);
    }
    const safe = new AppError(appError.code, redactErrorText(appError.message, UNEXPECTED), appError.extra);
    return c.json(errorEnvelope(safe, c.get('requestId'), now()), appError.status);
  };
}
