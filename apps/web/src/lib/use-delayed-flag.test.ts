import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedFlag } from './use-delayed-flag';

describe('useDelayedFlag', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns on only after the key has stayed set for the delay', () => {
    const { result, rerender } = renderHook(({ key }) => useDelayedFlag(key, 150), {
      initialProps: { key: null as string | null },
    });
    expect(result.current).toBe(false);
    rerender({ key: '/insights' });
    act(() => vi.advanceTimersByTime(149));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('starts again for a new key and turns off at once when cleared', () => {
    const { result, rerender } = renderHook(({ key }) => useDelayedFlag(key, 150), {
      initialProps: { key: '/a' as string | null },
    });
    act(() => vi.advanceTimersByTime(150));
    expect(result.current).toBe(true);
    rerender({ key: '/b' });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(150));
    expect(result.current).toBe(true);
    rerender({ key: null });
    expect(result.current).toBe(false);
  });
});
