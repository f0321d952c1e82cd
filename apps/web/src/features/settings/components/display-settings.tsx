import {
  DATE_FORMATS,
  DATE_RANGES,
  DATE_RANGE_LABELS,
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  formatCurrency,
  formatDateTokens,
  formatNumber,
  NUMBER_FORMATS,
  supportedTimeZones,
  UI_TIMING,
} from '@lodestar/domain';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { THEME_OPTIONS } from '@/components/theme-switcher';
import { PREFERENCES_MESSAGES, usePreferences } from '@/lib/preferences';
import { LayoutSettings } from './layout-settings';
import { PreferencesState } from './preferences-state';
import { ButtonGroupRow, type DropdownOption, DropdownRow, SettingsGroup } from './settings-form-kit';

const NUMBER_FORMAT_NAMES: Record<(typeof NUMBER_FORMATS)[number], string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  'de-DE': 'German',
  'fr-FR': 'French',
  'ja-JP': 'Japanese',
  'zh-CN': 'Chinese (Simplified)',
};

const CURRENCY_NAMES: Record<DisplayCurrency, string> = {
  USD: 'US Dollar',
  EUR: 'Euro',
  GBP: 'British Pound',
  JPY: 'Japanese Yen',
  AUD: 'Australian Dollar',
  CAD: 'Canadian Dollar',
  CHF: 'Swiss Franc',
  CNY: 'Chinese Yuan',
};

/**
 * A zone as people look for it, city first so typing a city's first letters finds it:
 * 'America/Argentina/Buenos_Aires' → 'Buenos Aires · America/Argentina'.
 */
function zoneLabel(zone: string): string {
  const parts = zone.replace(/_/g, ' ').split('/');
  const city = parts.pop() ?? zone;
  return parts.length ? `${city} · ${parts.join('/')}` : city;
}

function timeIn(zone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(now);
}

/** Every IANA zone this browser knows (and the saved one, should the browser not list it), by city. */
function useTimeZoneOptions(current: string, now: Date) {
  const minute = Math.floor(now.getTime() / 60_000);
  return useMemo(() => {
    const at = new Date(minute * 60_000);
    const zones = supportedTimeZones();
    if (!zones.includes(current)) zones.push(current);
    return zones
      .map((value) => ({ value, label: zoneLabel(value), example: timeIn(value, at) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [current, minute]);
}

/** Spec §2 display section: theme, number and date formats, time zone, currency, default date range. */
export function DisplaySettings() {
  const { preferences, updatePreference, setTheme } = usePreferences();
  // Examples show today's date and the time now, so the choice is easy to recognise.
  const now = new Date();
  const numberFormats: DropdownOption<(typeof NUMBER_FORMATS)[number]>[] = NUMBER_FORMATS.map((value) => ({
    value,
    label: NUMBER_FORMAT_NAMES[value],
    example: formatNumber(1234567.89, value),
  }));
  const dateFormats = DATE_FORMATS.map((value) => ({
    value,
    label: value,
    example: formatDateTokens(now, value, preferences.time_zone),
  }));
  const timeZones = useTimeZoneOptions(preferences.time_zone, now);
  const currencies = DISPLAY_CURRENCIES.map((value) => ({
    value,
    label: `${value} · ${CURRENCY_NAMES[value]}`,
    example: formatCurrency(1234.56, value, preferences.number_format),
  }));
  const dateRanges = DATE_RANGES.map((value) => ({ value, label: DATE_RANGE_LABELS[value] }));
  return (
    <PreferencesState label="display settings">
      <SettingsGroup title="Appearance" description="Applied at once and saved to your account.">
        <ButtonGroupRow
          label="Theme"
          description="System follows your device's light or dark setting."
          value={preferences.theme}
          options={THEME_OPTIONS}
          onValueChange={(next) => {
            void setTheme(next).then((saved) => {
              if (!saved) return;
              const label = THEME_OPTIONS.find((option) => option.value === next)?.label ?? next;
              // Spec §8: 'Theme preference saved', '{Light/Dark/System} mode activated', shown for 2 s.
              toast.success(PREFERENCES_MESSAGES.themeSaved, {
                description: `${label} mode activated`,
                duration: UI_TIMING.shortToastMs,
              });
            });
          }}
        />
      </SettingsGroup>
      <SettingsGroup title="Formats" description="How numbers, dates and times are written across the app.">
        <DropdownRow
          label="Number Format"
          description="Digit grouping and decimal separator."
          value={preferences.number_format}
          options={numberFormats}
          onValueChange={(value) => void updatePreference('number_format', value)}
        />
        <DropdownRow
          label="Date Format"
          description="The order of day, month and year."
          value={preferences.date_format}
          options={dateFormats}
          onValueChange={(value) => void updatePreference('date_format', value)}
        />
        <DropdownRow
          label="Time Zone"
          description="Dates, days and alert periods follow this time zone."
          value={preferences.time_zone}
          options={timeZones}
          onValueChange={(value) => void updatePreference('time_zone', value)}
        />
      </SettingsGroup>
      <SettingsGroup title="Defaults" description="What pages show before you choose otherwise.">
        <DropdownRow
          label="Currency"
          description="The reporting currency totals are shown in."
          value={preferences.default_currency}
          options={currencies}
          onValueChange={(value) => void updatePreference('default_currency', value)}
        />
        <DropdownRow
          label="Default Date Range"
          description="The period charts and lists start with."
          value={preferences.default_date_range}
          options={dateRanges}
          onValueChange={(value) => void updatePreference('default_date_range', value)}
        />
      </SettingsGroup>
      <LayoutSettings />
    </PreferencesState>
  );
}
