import type { ValidationItem } from '@lodestar/domain';
import type { components, paths } from './api-schema.gen';
import { actingHousehold, HOUSEHOLD_HEADER } from './acting-household';

/**
 * The one way the web app talks to the server's `/api/v1` JSON envelope (spec §3):
 * `{ success: true, data }`, or `{ success: false, error, code }` plus `items` on a 400.
 */

export const API_BASE = '/api/v1';

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

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Like RequestInit, but `body` is any JSON-serialisable value (or FormData, sent as is). */
export type ApiRequestInit = Omit<RequestInit, 'body'> & { body?: unknown };

type Envelope<T> = {
  success?: unknown;
  data?: T;
  error?: unknown;
  code?: unknown;
  items?: unknown;
};

function isJson(response: Response): boolean {
  return /^application\/(.+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
}

function validationItems(value: unknown): ValidationItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ValidationItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as ValidationItem).field === 'string' &&
      typeof (item as ValidationItem).message === 'string',
  );
}

/**
 * Calls `/api/v1{path}` with the session cookie and returns the envelope's `data`.
 * Throws ApiError for an error envelope, a non-2xx status or a response that is not JSON
 * ('Invalid response format'). `fetchImpl` is injectable for tests.
 */
export async function apiFetch<T>(
  path: string,
  init: ApiRequestInit = {},
  fetchImpl: FetchLike = (input, requestInit) => fetch(input, requestInit),
): Promise<T> {
  const { body: payload, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('accept', 'application/json');
  // The household chosen in the header's switcher (ADR 038); the server checks it on every request.
  const household = actingHousehold();
  if (household && !headers.has(HOUSEHOLD_HEADER)) headers.set(HOUSEHOLD_HEADER, household);
  let body: BodyInit | undefined;
  if (payload instanceof FormData) {
    body = payload;
  } else if (payload instanceof Blob) {
    // A file sent as it is (the browser streams it from disk): a JSON file unless the caller says.
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    body = payload;
  } else if (payload !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(payload);
  }
  const response = await fetchImpl(`${API_BASE}${path}`, {
    ...rest,
    headers,
    body,
    credentials: 'same-origin',
  });
  if (response.status === 204) return undefined as T;
  if (!isJson(response)) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'Invalid response format');
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'Invalid response format');
  }
  if (typeof envelope !== 'object' || envelope === null) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'Invalid response format');
  }
  if (!response.ok || envelope.success !== true) {
    throw new ApiError(
      response.status,
      typeof envelope.code === 'string' ? envelope.code : 'UNKNOWN',
      typeof envelope.error === 'string' ? envelope.error : 'An unexpected error occurred',
      validationItems(envelope.items),
    );
  }
  return envelope.data as T;
}

/** Whether an error means the session has ended (the server answered 401). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The message to show for a failure: the server's own words when it sent some (for a refused input,
 * what was wrong with it rather than "Validation failed").
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.items.length > 0)
    return [...new Set(error.items.map((item) => item.message))].join(' ');
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred. Please try again.';
}

/*
 * Types of the API, from the generated `paths` (api-schema.gen.ts, built from the server's OpenAPI
 * document by `npm run api-types`). A feature names a type by the endpoint that answers it, so a change
 * in a server schema shows up here as a type error instead of a shape the screens do not expect.
 */

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessBody<Responses> = {
  [Status in keyof Responses]: Status extends 200 | 201 | 202 ? JsonOf<Responses[Status]> : never;
}[keyof Responses];

/** The envelope's `data` of a successful answer of `method path`. */
export type ApiData<P extends keyof paths, M extends Method = 'get'> =
  SuccessBody<Operation<P, M> extends { responses: infer R } ? R : never> extends { data: infer Data }
    ? Data
    : never;

/** The JSON body `method path` takes. */
export type ApiBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;

/** The query parameters `method path` takes. */
export type ApiQuery<P extends keyof paths, M extends Method = 'get'> =
  Operation<P, M> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** A named schema of the document (`components.schemas`). */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];
