import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cachedPreferenceValues, renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { json, server } from '@/test/fake-server';
import { setViewport } from '@/test/render-app';
import { DisplaySettings } from './display-settings';

describe('display settings', () => {
  it('shows a skeleton while the preferences load, then the saved values', async () => {
    servePreferences({ number_format: 'de-DE', default_currency: 'EUR', time_zone: 'Asia/Tokyo' });
    renderInApp(<DisplaySettings />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading display settings…');
    expect(await screen.findByRole('combobox', { name: 'Number Format' })).toHaveTextContent(
      'German — 1.234.567,89',
    );
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR · Euro — 1.234,56 €');
    expect(screen.getByRole('combobox', { name: 'Time Zone' })).toHaveTextContent('Tokyo');
    expect(screen.getByRole('combobox', { name: 'Default Date Range' })).toHaveTextContent('Last 30 days');
  });

  it('changes the theme at once, saves it and says so', async () => {
    setViewport(1440, { prefersDark: false });
    const prefs = servePreferences();
    const user = userEvent.setup();
    renderInApp(<DisplaySettings />);
    const theme = await screen.findByRole('radiogroup', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(await screen.findByText('Theme preference saved')).toBeInTheDocument();
    expect(screen.getByText('Dark mode activated')).toBeInTheDocument();
    expect(prefs.puts()).toEqual([{ key: 'theme', value: 'dark' }]);
    expect(cachedPreferenceValues()).toMatchObject({ theme: 'dark' });
  });

  it("says 'Failed to save theme preference' when the theme cannot be saved", async () => {
    const prefs = servePreferences();
    prefs.failWrites(true);
    const user = userEvent.setup();
    renderInApp(<DisplaySettings />);
    const theme = await screen.findByRole('radiogroup', { name: 'Theme' });
    await user.click(within(theme).getByRole('radio', { name: 'Light' }));
    expect(await screen.findByText('Failed to save theme preference')).toBeInTheDocument();
    expect(screen.queryByText('Theme preference saved')).not.toBeInTheDocument();
  });

  it('offers every date format with an example and saves the choice', async () => {
    const prefs = servePreferences();
    const user = userEvent.setup();
    renderInApp(<DisplaySettings />);
    await user.click(await screen.findByRole('combobox', { name: 'Date Format' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent?.split(' — ')[0])).toEqual([
      'MM/DD/YYYY',
      'DD/MM/YYYY',
      'YYYY-MM-DD',
      'DD.MM.YYYY',
    ]);
    expect(options[2]?.textContent).toMatch(/YYYY-MM-DD — \d{4}-\d{2}-\d{2}$/);
    await user.click(options[2] as HTMLElement);
    await waitFor(() => expect(prefs.patches()).toEqual([{ date_format: 'YYYY-MM-DD' }]));
  });

  it('offers every IANA time zone, by city, and saves the choice', async () => {
    const prefs = servePreferences({ time_zone: 'Europe/Berlin' });
    const user = userEvent.setup();
    renderInApp(<DisplaySettings />);
    const zone = await screen.findByRole('combobox', { name: 'Time Zone' });
    expect(zone).toHaveTextContent('Berlin · Europe');
    await user.click(zone);
    const options = await screen.findAllByRole('option');
    expect(options.length).toBe(
      Intl.supportedValuesOf('timeZone').length +
        (Intl.supportedValuesOf('timeZone').includes('UTC') ? 0 : 1),
    );
    const labels = options.map((option) => option.textContent?.split(' — ')[0]);
    expect(labels).toEqual(expect.arrayContaining(['Auckland · Pacific', 'UTC']));
    await user.click(
      options.find((option) => option.textContent?.startsWith('Auckland · Pacific')) as HTMLElement,
    );
    await waitFor(() => expect(prefs.patches()).toEqual([{ time_zone: 'Pacific/Auckland' }]));
    // Opening a list of 400-odd zones is slow in jsdom, not in a browser.
  });

  it('offers the spec currencies and date ranges', async () => {
    servePreferences();
    const user = userEvent.setup();
    renderInApp(<DisplaySettings />);
    await user.click(await screen.findByRole('combobox', { name: 'Currency' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent?.slice(0, 3))).toEqual([
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'AUD',
      'CAD',
      'CHF',
      'CNY',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Default Date Range' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Last 12 months',
      'Year to date',
      'All time',
    ]);
  });

  it('keeps working from the cached copy when the preferences cannot be loaded', async () => {
    localStorage.setItem('user-preferences', JSON.stringify({ number_format: 'fr-FR' }));
    server.on('GET', '/api/v1/user/preferences', () => json(503, { success: false, error: 'Down' }));
    renderInApp(<DisplaySettings />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load preferences');
    expect(screen.getByRole('combobox', { name: 'Number Format' })).toHaveTextContent('French');
    servePreferences({ number_format: 'ja-JP' });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Number Format' })).toHaveTextContent('Japanese');
  });
});
