import type { ValidationItem } from '@lodestar/domain';

/**
 * The one way the web app talks to the server's `/api/v1` JSON envelope:
 * `{ success: true, data }` or `{ success: false, error, code, items? }`.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly items: ValidationItem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type ApiRequestInit = Omit<RequestInit, 'body'> & { body?: unknown };

/** Calls `/api/v1{path}` and returns the envelope's `data`; throws ApiError otherwise. */
export async function apiFetch<T>(
  path: string,
  init: ApiRequestInit = {},
  fetchImpl: FetchLike = (input, requestInit) => fetch(input, requestInit),
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.body);
  }
  const response = await fetchImpl(`/api/v1${path}`, {
    ...init,
    headers,
    body,
    credentials: 'same-origin',
  });
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'Invalid response format');
  }
  const envelope = (await response.json()) as {
    success?: boolean;
    data?: T;
    error?: string;
    code?: string;
    items?: ValidationItem[];
  };
  if (!response.ok || envelope.success !== true) {
    throw new ApiError(
      response.status,
      envelope.code ?? 'UNKNOWN',
      envelope.error ?? 'An unexpected error occurred',
      envelope.items ?? [],
    );
  }
  return envelope.data as T;
}
