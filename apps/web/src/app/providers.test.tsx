import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { usePreferences } from '@/lib/preferences';
import { servePreferences } from '@/lib/preferences-test-harness';
import { server } from '@/test/fake-server';
import { createQueryClient, Providers, shouldRetryQuery } from './providers';

describe('query client (spec §9)', () => {
  it('retries up to three times', () => {
    const error = new Error('Failed to fetch dashboard data');
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, error))).toEqual([true, true, true, false]);
  });

  it("retries only once for 'Authentication required'", () => {
    const error = new Error('Authentication required');
    expect([0, 1].map((count) => shouldRetryQuery(count, error))).toEqual([true, false]);
  });

  it('does not retry an answer that will not change (403 public API off, 404, 400, 422)', () => {
    for (const status of [400, 403, 404, 422]) {
      expect(
        shouldRetryQuery(0, new ApiError(status, 'X', 'The public API is turned off on this server')),
      ).toBe(false);
    }
    expect(shouldRetryQuery(0, new ApiError(429, 'RATE_LIMITED', 'Too many requests'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(503, 'SERVICE_UNAVAILABLE', 'Not ready'))).toBe(true);
  });

  it('keeps data fresh for 5 minutes and cached for 10', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(5 * 60 * 1000);
    expect(defaults?.gcTime).toBe(10 * 60 * 1000);
  });
});

describe('toasts (spec §9)', () => {
  it('shows at most three at a time, newest first', async () => {
    render(<Providers>{null}</Providers>);
    for (const n of [1, 2, 3, 4, 5]) toast(`Message ${n}`);
    await screen.findByText('Message 5');
    const visible = (n: number) =>
      screen.getByText(`Message ${n}`).closest('[data-sonner-toast]')?.getAttribute('data-visible');
    expect([5, 4, 3, 2, 1].map(visible)).toEqual(['true', 'true', 'true', 'false', 'false']);
  });

  it('keeps a toast for 4 seconds by default', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<Providers>{null}</Providers>);
      act(() => {
        toast('Saved');
      });
      expect(await screen.findByText('Saved')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3500);
      });
      expect(screen.getByText('Saved')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1500);
      });
      await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });
});

function Currency() {
  const { preferences, loading } = usePreferences();
  return <p>{loading ? 'Loading' : preferences.default_currency}</p>;
}

describe('preferences', () => {
  it("are available everywhere inside the providers, from the user's account when signed in", async () => {
    servePreferences({ default_currency: 'CAD' });
    render(
      <Providers>
        <Currency />
      </Providers>,
    );
    expect(await screen.findByText('CAD')).toBeInTheDocument();
  });

  it('come from this browser on signed-out screens, without asking the server', async () => {
    server.signOut();
    localStorage.setItem('user-preferences', JSON.stringify({ default_currency: 'CNY' }));
    render(
      <Providers>
        <Currency />
      </Providers>,
    );
    expect(await screen.findByText('CNY')).toBeInTheDocument();
    expect(server.calls('/api/v1/user/preferences')).toEqual([]);
  });
});
