import { describe, expect, it } from 'vitest';
import { clampFrom, clampSpan, retentionNotice, retentionStart, spanClamped } from './retention';

describe('the plan’s data-retention window', () => {
  it('starts so that the window holds today and the days before it', () => {
    expect(retentionStart('2026-11-20', 365)).toBe('2025-11-21');
    expect(retentionStart('2026-11-20', 730)).toBe('2024-11-21');
    // Across 2024-02-29: 365 days ending 2024-03-01 start on 2023-03-03.
    expect(retentionStart('2024-03-01', 365)).toBe('2023-03-03');
  });

  it('moves an earlier or missing start up to the window, and leaves everything alone without one', () => {
    expect(clampFrom('2020-01-01', '2025-11-21')).toBe('2025-11-21');
    expect(clampFrom(undefined, '2025-11-21')).toBe('2025-11-21');
    expect(clampFrom('2026-01-01', '2025-11-21')).toBe('2026-01-01');
    expect(clampFrom(undefined, null)).toBeUndefined();
    expect(clampFrom('2020-01-01', null)).toBe('2020-01-01');
  });

  it('keeps the visible part of a span, none of one wholly older', () => {
    const window = '2025-11-21';
    expect(clampSpan({ from: '2025-11-01', to: '2025-11-30' }, window)).toEqual({
      from: '2025-11-21',
      to: '2025-11-30',
    });
    expect(clampSpan({ from: '2025-10-01', to: '2025-10-31' }, window)).toBeNull();
    expect(clampSpan({ from: '2025-12-01', to: '2025-12-31' }, window)).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(clampSpan({ from: '2000-01-01', to: '2000-12-31' }, null)).toEqual({
      from: '2000-01-01',
      to: '2000-12-31',
    });
    expect(spanClamped({ from: '2025-11-20', to: '2025-11-30' }, window)).toBe(true);
    expect(spanClamped({ from: '2025-11-21', to: '2025-11-30' }, window)).toBe(false);
  });

  it('words the notice for a plan that can upgrade and for the top plan', () => {
    expect(retentionNotice(365, true)).toBe(
      'Your plan shows the last 365 days. Upgrade to see older history.',
    );
    expect(retentionNotice(730, false)).toBe('Your plan shows the last 730 days.');
  });
});
