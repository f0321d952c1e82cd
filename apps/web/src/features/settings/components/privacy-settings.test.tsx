import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { ANALYTICS_EXPLANATION, DATA_MANAGEMENT_TEXTS, PrivacySettings } from './privacy-settings';

describe('privacy settings', () => {
  it('shows the four switches with their saved values and saves a change', async () => {
    const prefs = servePreferences({ marketing_enabled: true });
    const user = userEvent.setup();
    renderInApp(<PrivacySettings />);
    const balances = await screen.findByRole('switch', { name: 'Show Account Balances' });
    expect(balances).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Analytics & Performance' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Personalized Experience' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Marketing Communications' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(balances);
    expect(balances).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('switch', { name: 'Marketing Communications' }));
    await waitFor(() =>
      expect(prefs.patches()).toEqual([{ show_balances: false, marketing_enabled: false }]),
    );
  });

  it('explains analytics on keyboard focus (and hover)', async () => {
    servePreferences();
    const user = userEvent.setup();
    renderInApp(<PrivacySettings />);
    await screen.findByRole('switch', { name: 'Analytics & Performance' });
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'What is collected?' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ANALYTICS_EXPLANATION);
  });

  it('says how data is kept: indefinitely, essential cookies only', async () => {
    servePreferences();
    renderInApp(<PrivacySettings />);
    expect(await screen.findByRole('heading', { name: 'Data Management' })).toBeInTheDocument();
    for (const text of DATA_MANAGEMENT_TEXTS) expect(screen.getByText(text)).toBeInTheDocument();
    expect(DATA_MANAGEMENT_TEXTS.join(' ')).toMatch(/retained indefinitely[\s\S]*essential cookies only/);
  });
});
