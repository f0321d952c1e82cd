import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { NotificationSettings } from './notification-settings';

describe('notification settings', () => {
  it('shows the saved switches and frequency, and saves changes', async () => {
    const prefs = servePreferences({ notification_frequency: 'weekly' });
    const user = userEvent.setup();
    renderInApp(<NotificationSettings />);
    const email = await screen.findByRole('switch', { name: 'Email Notifications' });
    expect(email).toHaveAttribute('aria-checked', 'true');
    const push = screen.getByRole('switch', { name: 'Push Notifications' });
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true');
    await user.click(push);
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await waitFor(() =>
      expect(prefs.patches()).toEqual([{ push_notifications: true, notification_frequency: 'monthly' }]),
    );
  });

  it('saves the thresholds: blank spending turns the alert off, blank low balance is 100', async () => {
    const prefs = servePreferences({
      alert_thresholds: { spending: 500, low_balance: 250, large_transaction: 1000 },
    });
    renderInApp(<NotificationSettings />);
    const spending = await screen.findByRole('spinbutton', { name: 'Daily Spending' });
    const lowBalance = screen.getByRole('spinbutton', { name: 'Low Balance' });
    expect(spending).toHaveValue(500);
    expect(lowBalance).toHaveValue(250);
    fireEvent.change(spending, { target: { value: '' } });
    fireEvent.change(lowBalance, { target: { value: '' } });
    await waitFor(() =>
      expect(prefs.patches()).toEqual([
        { alert_thresholds: { spending: null, low_balance: 100, large_transaction: 1000 } },
      ]),
    );
  });

  it('saves the large-transaction threshold in the reporting currency', async () => {
    const prefs = servePreferences({ default_currency: 'JPY' });
    renderInApp(<NotificationSettings />);
    const large = await screen.findByRole('spinbutton', { name: 'Large Transaction' });
    expect(large).toHaveValue(1000);
    expect(screen.getByText(/in JPY \(your reporting currency\)/)).toBeInTheDocument();
    fireEvent.change(large, { target: { value: '150000' } });
    await waitFor(() =>
      expect(prefs.patches()).toEqual([
        { alert_thresholds: { spending: null, low_balance: 100, large_transaction: 150_000 } },
      ]),
    );
  });

  it('offers no "Product updates" alert: Lodestar sends none', async () => {
    servePreferences();
    renderInApp(<NotificationSettings />);
    const group = await screen.findByRole('group', { name: 'Notify me about' });
    expect(within(group).queryByRole('checkbox', { name: 'Product updates' })).not.toBeInTheDocument();
  });

  it('does not save an invalid threshold', async () => {
    const prefs = servePreferences();
    renderInApp(<NotificationSettings />);
    const spending = await screen.findByRole('spinbutton', { name: 'Daily Spending' });
    fireEvent.change(spending, { target: { value: '-20' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid amount: Please enter a valid positive number',
    );
    expect(prefs.patches()).toEqual([]);
  });

  it('turns notification types on and off with friendly labels', async () => {
    const prefs = servePreferences();
    const user = userEvent.setup();
    renderInApp(<NotificationSettings />);
    const group = await screen.findByRole('group', { name: 'Notify me about' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => [
          box.id && document.querySelector(`label[for="${box.id}"]`)?.textContent,
          box.getAttribute('aria-checked'),
        ]),
    ).toEqual([
      ['Large transactions', 'true'],
      ['New connections', 'true'],
      ['Weekly summaries', 'false'],
      ['Security alerts', 'true'],
      ['Budgets at 80 % and 100 %', 'true'],
    ]);
    await user.click(within(group).getByRole('checkbox', { name: 'Weekly summaries' }));
    await waitFor(() =>
      expect(prefs.patches()).toEqual([
        {
          notification_types: {
            large_transactions: true,
            new_connections: true,
            weekly_summaries: true,
            security_alerts: true,
            budget_alerts: true,
            product_updates: false,
          },
        },
      ]),
    );
  });
});
