import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { DATA_MANAGEMENT_TEXTS, NOTHING_SHARED_TEXT, PrivacySettings } from './privacy-settings';

describe('privacy settings', () => {
  it('shows the balances switch with its saved value and saves a change', async () => {
    const prefs = servePreferences({ show_balances: true });
    const user = userEvent.setup();
    renderInApp(<PrivacySettings />);
    const balances = await screen.findByRole('switch', { name: 'Show Account Balances' });
    expect(balances).toHaveAttribute('aria-checked', 'true');
    await user.click(balances);
    expect(balances).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(prefs.patches()).toEqual([{ show_balances: false }]));
  });

  it('offers no switch that nothing acts on, and says why', async () => {
    servePreferences({ analytics_enabled: true, marketing_enabled: true });
    renderInApp(<PrivacySettings />);
    await screen.findByRole('switch', { name: 'Show Account Balances' });
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    for (const name of ['Analytics & Performance', 'Personalized Experience', 'Marketing Communications']) {
      expect(screen.queryByRole('switch', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByText(NOTHING_SHARED_TEXT)).toBeInTheDocument();
  });

  it('says how data is kept: indefinitely, essential cookies only', async () => {
    servePreferences();
    renderInApp(<PrivacySettings />);
    expect(await screen.findByRole('heading', { name: 'Data Management' })).toBeInTheDocument();
    for (const text of DATA_MANAGEMENT_TEXTS) expect(screen.getByText(text)).toBeInTheDocument();
    expect(DATA_MANAGEMENT_TEXTS.join(' ')).toMatch(/retained indefinitely[\s\S]*essential cookies only/);
    expect(DATA_MANAGEMENT_TEXTS.join(' ')).not.toMatch(/while Analytics/);
  });
});
