import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cachedPreferenceValues, renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { AccessibilitySettings, SCREEN_READER_TEXT } from './accessibility-settings';

describe('accessibility settings', () => {
  it('applies reduce motion, font size and high contrast at once, caches and saves them in one PATCH', async () => {
    const prefs = servePreferences();
    const user = userEvent.setup();
    renderInApp(<AccessibilitySettings />);
    await user.click(await screen.findByRole('switch', { name: 'Reduce Motion' }));
    expect(document.documentElement).toHaveClass('reduce-motion');
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    expect(document.documentElement).toHaveAttribute('data-font-size', 'large');
    await user.click(screen.getByRole('switch', { name: 'High Contrast' }));
    expect(document.documentElement).toHaveClass('high-contrast');
    expect(cachedPreferenceValues()).toMatchObject({
      reduce_motion: true,
      font_size: 'large',
      high_contrast: true,
    });
    await waitFor(() =>
      expect(prefs.patches()).toEqual([{ reduce_motion: true, font_size: 'large', high_contrast: true }]),
    );
  });

  it('shows the saved values, applied to the page once they load', async () => {
    servePreferences({ font_size: 'small', high_contrast: true });
    renderInApp(<AccessibilitySettings />);
    expect(await screen.findByRole('radio', { name: 'Small' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'High Contrast' })).toHaveAttribute('aria-checked', 'true');
    expect(document.documentElement).toHaveAttribute('data-font-size', 'small');
    expect(document.documentElement).toHaveClass('high-contrast');
  });

  it('explains screen reader support', async () => {
    servePreferences();
    renderInApp(<AccessibilitySettings />);
    expect(await screen.findByText(SCREEN_READER_TEXT)).toBeInTheDocument();
    expect(SCREEN_READER_TEXT).toMatch(/contact support/);
  });
});
