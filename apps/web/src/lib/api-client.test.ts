import { describe, expect, it } from 'vitest';
import { ApiError, apiFetch, errorMessage, type FetchLike } from './api-client';

/** A fake fetch that answers every call with one response and records what it was asked. */
function respond(status: number, body: unknown, contentType: string | null = 'application/json') {
  const calls: { input: string; init?: RequestInit }[] = [];
  const fetchImpl: FetchLike = async (input, init) => {
    calls.push({ input, init });
    const headers = new Headers();
    if (contentType) headers.set('content-type', contentType);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, headers });
  };
  return { calls, fetchImpl };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(caught instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(caught)}`);
  return caught;
}

describe('apiFetch', () => {
  it('calls /api/v1 with the session cookie and unwraps data', async () => {
    const { fetchImpl, calls } = respond(200, { success: true, data: { status: 'ok' } });
    await expect(apiFetch('/health', {}, fetchImpl)).resolves.toEqual({ status: 'ok' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input).toBe('/api/v1/health');
    expect(calls[0]?.init?.credentials).toBe('same-origin');
    expect(new Headers(calls[0]?.init?.headers).get('accept')).toBe('application/json');
    expect(new Headers(calls[0]?.init?.headers).has('content-type')).toBe(false);
  });

  it('sends a body as JSON with a JSON content type, keeping the method and other headers', async () => {
    const { fetchImpl, calls } = respond(201, { success: true, data: { id: 'a1' } });
    const created = await apiFetch<{ id: string }>(
      '/accounts',
      { method: 'POST', body: { name: 'Checking' }, headers: { 'x-request-id': 'r1' } },
      fetchImpl,
    );
    expect(created.id).toBe('a1');
    const headers = new Headers(calls[0]?.init?.headers);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-request-id')).toBe('r1');
    expect(calls[0]?.init?.body).toBe('{"name":"Checking"}');
  });

  it('cannot be talked out of same-origin credentials', async () => {
    const { fetchImpl, calls } = respond(200, { success: true, data: null });
    await apiFetch('/x', { credentials: 'include' }, fetchImpl);
    expect(calls[0]?.init?.credentials).toBe('same-origin');
  });

  it('throws an ApiError with status, code, message and validation items on a 400', async () => {
    const { fetchImpl } = respond(400, {
      success: false,
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      items: [{ field: 'email', message: 'Invalid email format', code: 'invalid_format' }],
      timestamp: '2025-01-01T00:00:00.000Z',
    });
    const error = await failure(apiFetch('/x', {}, fetchImpl));
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      items: [{ field: 'email', message: 'Invalid email format', code: 'invalid_format' }],
    });
    expect(errorMessage(error)).toBe('Invalid email format');
  });

  it('carries the server message so retries can tell authentication errors apart', async () => {
    const { fetchImpl } = respond(401, {
      success: false,
      error: 'Authentication required',
      code: 'UNAUTHORIZED',
    });
    const error = await failure(apiFetch('/me', {}, fetchImpl));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Authentication required');
    expect(error.items).toEqual([]);
  });

  it('treats success:false as an error even with a 200 status', async () => {
    const { fetchImpl } = respond(200, { success: false, error: 'Nope', code: 'CONFLICT' });
    const error = await failure(apiFetch('/x', {}, fetchImpl));
    expect(error).toMatchObject({ status: 200, code: 'CONFLICT', message: 'Nope' });
  });

  it('falls back to a generic message when the error envelope has none', async () => {
    const { fetchImpl } = respond(500, { success: false });
    const error = await failure(apiFetch('/x', {}, fetchImpl));
    expect(error).toMatchObject({ status: 500, code: 'UNKNOWN', message: 'An unexpected error occurred' });
  });

  it("refuses a response that is not JSON with 'Invalid response format'", async () => {
    const { fetchImpl } = respond(502, '<html>Bad gateway</html>', 'text/html');
    const error = await failure(apiFetch('/x', {}, fetchImpl));
    expect(error).toMatchObject({ status: 502, message: 'Invalid response format' });
  });

  it('refuses a JSON content type with a body that does not parse, or is not an object', async () => {
    const broken = respond(200, '{"success": tru');
    await expect(apiFetch('/x', {}, broken.fetchImpl)).rejects.toThrow('Invalid response format');
    const bare = respond(200, 'null');
    await expect(apiFetch('/x', {}, bare.fetchImpl)).rejects.toThrow('Invalid response format');
  });

  it('returns undefined for 204 No Content', async () => {
    const { fetchImpl } = respond(204, '', null);
    await expect(apiFetch('/x', { method: 'DELETE' }, fetchImpl)).resolves.toBeUndefined();
  });
});
