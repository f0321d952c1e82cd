import { FONT_SIZES, type FontSize } from '@/lib/theme';
import { usePreferences } from '@/lib/preferences';
import { PreferencesState } from './preferences-state';
import { ButtonGroupRow, SettingsGroup, SettingsText, SwitchRow } from './settings-form-kit';

const FONT_SIZE_LABELS: Record<FontSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };
const FONT_SIZE_OPTIONS = FONT_SIZES.map((value) => ({ value, label: FONT_SIZE_LABELS[value] }));

export const SCREEN_READER_TEXT =
  'Lodestar is built to work with screen readers: every page has landmarks and headings, every control has a name, and every chart comes with a table of its numbers. If something does not read well, please contact support so it can be fixed.';

/** Spec §2 accessibility section: Motion & Animation, Visual, Screen Reader. Applied at once. */
export function AccessibilitySettings() {
  const { preferences, updatePreference } = usePreferences();
  return (
    <PreferencesState label="accessibility settings">
      <SettingsGroup title="Motion & Animation">
        <SwitchRow
          label="Reduce Motion"
          description="Turns off animations and transitions, charts included. Your device's reduced-motion setting is always respected."
          checked={preferences.reduce_motion}
          onCheckedChange={(checked) => void updatePreference('reduce_motion', checked)}
        />
      </SettingsGroup>
      <SettingsGroup title="Visual">
        <ButtonGroupRow
          label="Font Size"
          description="Scales all text and spacing."
          value={preferences.font_size}
          options={FONT_SIZE_OPTIONS}
          onValueChange={(next) => void updatePreference('font_size', next)}
        />
        <SwitchRow
          label="High Contrast"
          description="Black and white text with strong borders (WCAG AAA contrast), in light and dark themes."
          checked={preferences.high_contrast}
          onCheckedChange={(checked) => void updatePreference('high_contrast', checked)}
        />
      </SettingsGroup>
      <SettingsGroup title="Screen Reader">
        <SettingsText text={SCREEN_READER_TEXT} />
      </SettingsGroup>
    </PreferencesState>
  );
}
