import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { json, server } from '@/test/fake-server';
import { DisplaySettings } from './display-settings';

const listItems = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Settings → Display → Layout', () => {
  it('turns compact lists on: saved, and the page switches to compact density at once', async () => {
    const preferences = servePreferences();
    const user = userEvent.setup();
    renderInApp(<DisplaySettings />);
    const compact = await screen.findByRole('switch', { name: 'Compact Lists' });
    expect(document.documentElement.dataset.density).toBe('comfortable');
    await user.click(compact);
    expect(document.documentElement.dataset.density).toBe('compact');
    await waitFor(() => expect(preferences.stored().compact_view).toBe(true));
  });

  it('moves a sidebar section with the keyboard and saves the order', async () => {
    const preferences = servePreferences();
    const user = userEvent.setup();
    renderInApp(<DisplaySettings />);
    const up = await screen.findByRole('button', { name: 'Move Expenses section up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(listItems('Sidebar Order').slice(0, 5)).toEqual([
      'Dashboard',
      'Accounts',
      'Expenses',
      'Activity',
      'Insights',
    ]);
    // The focus stays with the moved section, so pressing again moves it again.
    expect(screen.getByRole('button', { name: 'Move Expenses section up' })).toHaveFocus();
    await waitFor(() =>
      expect(preferences.stored().sidebar_section_order).toEqual([
        'dashboard',
        'accounts',
        'expenses',
        'activity',
        'insights',
        'assets',
        'real-estate',
      ]),
    );
    await user.click(screen.getAllByRole('button', { name: 'Reset to default' })[0]!);
    await waitFor(() => expect(preferences.stored().sidebar_section_order).toEqual([]));
  });

  it('hides a dashboard widget and moves another, saving the shown widgets in order', async () => {
    const preferences = servePreferences();
    const user = userEvent.setup();
    renderInApp(<DisplaySettings />);
    await user.click(await screen.findByRole('checkbox', { name: 'Show Allocation' }));
    await waitFor(() =>
      expect(preferences.stored().dashboard_layout.widgets).toEqual([
        'summary',
        'history',
        'accounts',
        'activity',
      ]),
    );
    // The hidden widget waits at the end and cannot be moved until shown again.
    expect(listItems('Dashboard Widgets').at(-1)).toBe('Allocation (hidden)');
    expect(screen.getByRole('button', { name: 'Move Allocation widget up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Activity widget up' }));
    await waitFor(() =>
      expect(preferences.stored().dashboard_layout.widgets).toEqual([
        'summary',
        'history',
        'activity',
        'accounts',
      ]),
    );
  });

  it('places a pinned report among the widgets, and clearing it unpins the report', async () => {
    const preferences = servePreferences({ dashboard_layout: { widgets: ['summary', 'history'] } });
    const report = {
      id: 'r1',
      name: 'Groceries by month',
      definition: { measure: 'spending', groupBy: 'none', interval: 'month', chart: 'bar' },
      pinned: true,
      position: 0,
      createdAt: '2026-11-20T00:00:00Z',
      updatedAt: '2026-11-20T00:00:00Z',
    };
    let pinned = true;
    server.on('GET', '/api/v1/reports', () =>
      json(200, { success: true, data: { reports: [{ ...report, pinned }] } }),
    );
    server.on('PATCH', '/api/v1/reports/r1', ({ body }) => {
      pinned = (body as { pinned: boolean }).pinned;
      return json(200, { success: true, data: { report: { ...report, pinned } } });
    });
    const user = userEvent.setup();
    renderInApp(<DisplaySettings />);
    const up = await screen.findByRole('button', { name: 'Move Report: Groceries by month widget up' });
    expect(listItems('Dashboard Widgets').slice(0, 3)).toEqual([
      'Net worth',
      'Net-worth history',
      'Report: Groceries by month',
    ]);
    await user.click(up);
    await waitFor(() =>
      expect(preferences.stored().dashboard_layout.widgets).toEqual(['summary', 'report:r1', 'history']),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Show Report: Groceries by month' }));
    await waitFor(() => expect(server.calls('/api/v1/reports/r1', 'PATCH')).toHaveLength(1));
    expect(server.calls('/api/v1/reports/r1', 'PATCH')[0]?.body).toEqual({ pinned: false });
    await waitFor(() => expect(screen.queryByText('Report: Groceries by month')).toBeNull());
  });

  it('never hides the last widget shown', async () => {
    servePreferences({ dashboard_layout: { widgets: ['history'] } });
    renderInApp(<DisplaySettings />);
    expect(await screen.findByRole('checkbox', { name: 'Show Net-worth history' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Show Net worth' })).not.toBeChecked();
  });
});
