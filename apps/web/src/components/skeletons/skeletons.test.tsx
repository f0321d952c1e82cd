import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthCardSkeleton } from './auth-card-skeleton';
import { ChartSkeleton } from './chart-skeleton';
import { DashboardSkeleton } from './dashboard-skeleton';
import { ListSkeleton } from './list-skeleton';
import { OverlaySkeleton } from './overlay-skeleton';
import { RoundChartSkeleton } from './round-chart-skeleton';
import { SettingsSkeleton } from './settings-skeleton';

describe('loading skeletons (spec §2)', () => {
  it.each([
    ['dashboard', <DashboardSkeleton key="d" />, 'Loading dashboard…'],
    ['settings', <SettingsSkeleton key="s" />, 'Loading settings…'],
    ['list', <ListSkeleton key="l" />, 'Loading…'],
    ['chart', <ChartSkeleton key="c" />, 'Loading…'],
    ['round chart', <RoundChartSkeleton key="r" />, 'Loading…'],
    ['authentication card', <AuthCardSkeleton key="a" />, 'Loading…'],
    ['overlay', <OverlaySkeleton key="o" />, 'Working…'],
  ])('%s is one busy status region that says what is loading', (_name, element, label) => {
    render(element);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent(label);
    expect(status.textContent).toBe(label);
  });

  it('lists five rows by default, or as many as asked', () => {
    const { container, rerender } = render(<ListSkeleton />);
    expect(container.querySelectorAll('[data-skeleton-row]')).toHaveLength(5);
    rerender(<ListSkeleton rows={12} />);
    expect(container.querySelectorAll('[data-skeleton-row]')).toHaveLength(12);
  });

  it('puts four summary figures above the chart', () => {
    const { container } = render(<ChartSkeleton />);
    expect(container.querySelectorAll('[data-skeleton-figure]')).toHaveLength(4);
  });

  it('names the work in progress on the overlay', () => {
    render(<OverlaySkeleton label="Importing transactions…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Importing transactions…');
  });
});
