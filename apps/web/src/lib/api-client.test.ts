import { describe, expect, it } from 'vitest';
import { ApiError, apiFetch } from './api-client';

function respond(status: number, body: unknown, contentType = 'application/json') {
  const calls: { input: string; init?: RequestInit }[] = [];
  const fetchImpl = async (input: string, init?: RequestInit) => {
    calls.push({ input, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': contentType },
    });
  };
  return { calls, fetchImpl };
}

describe('apiFetch', () => {
  it('unwraps the data of a success envelope', async () => {
    const { fetchImpl, calls } = respond(200, { success: true, data: { status: 'ok' } });
    await expect(apiFetch('/health', {}, fetchImpl)).resolves.toEqual({ status: 'ok' });
    expect(calls[0]?.input).toBe('/api/v1/health');
    expect(calls[0]?.init?.credentials).toBe('same-origin');
  });

  it('sends bodies as JSON', async () => {
    const { fetchImpl, calls } = respond(200, { success: true, data: null });
    await apiFetch('/things', { method: 'POST', body: { name: 'Checking' } }, fetchImpl);
    const headers = new Headers(calls[0]?.init?.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.init?.body).toBe('{"name":"Checking"}');
  });

  it('throws an ApiError carrying validation items', async () => {
    const { fetchImpl } = respond(400, {
      success: false,
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      items: [{ field: 'email', message: 'Invalid email format', code: 'invalid_format' }],
    });
    const error = await apiFetch('/x', {}, fetchImpl).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      items: [{ field: 'email', message: 'Invalid email format' }],
    });
  });

  it("refuses a response that is not JSON with 'Invalid response format'", async () => {
    const { fetchImpl } = respond(502, '<html>Bad gateway</html>', 'text/html');
    await expect(apiFetch('/x', {}, fetchImpl)).rejects.toThrow('Invalid response format');
  });
});
