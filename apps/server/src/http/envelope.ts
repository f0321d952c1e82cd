import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppError } from './app-error';

/** Success envelope (spec §3): `{ success: true, data }`. */
export function ok<T, S extends ContentfulStatusCode = 200>(c: Context, data: T, status?: S) {
  return c.json({ success: true as const, data }, (status ?? 200) as S);
}

export type ErrorEnvelope = {
  success: false;
  error: string;
  code: string;
  requestId?: string;
  items?: AppError['extra']['items'];
  timestamp?: string;
  reset?: number;
  limit?: number;
  details?: string;
};

/** Error envelope; validation failures carry `items` and `timestamp`, rate limits `reset` and `limit`. */
export function errorEnvelope(error: AppError, requestId: string | undefined, now: Date): ErrorEnvelope {
  const body: ErrorEnvelope = { success: false, error: error.message, code: error.code };
  if (requestId) body.requestId = requestId;
  if (error.code === 'VALIDATION_FAILED') {
    body.items = error.extra.items ?? [];
    body.timestamp = now.toISOString();
  }
  if (error.extra.reset !== undefined) body.reset = error.extra.reset;
  if (error.extra.limit !== undefined) body.limit = error.extra.limit;
  if (error.extra.details !== undefined) body.details = error.extra.details;
  return body;
}
