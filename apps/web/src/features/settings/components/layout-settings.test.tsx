import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { DisplaySettings } from './display-settings';

const listItems = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Settings → Display → Layout', { timeout: 15_000 }, () => {
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

  it('never hides the last widget shown', async () => {
    servePreferences({ dashboard_layout: { widgets: ['history'] } });
    renderInApp(<DisplaySettings />);
    expect(await screen.findByRole('checkbox', { name: 'Show Net-worth history' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Show Net worth' })).not.toBeChecked();
  });
});
