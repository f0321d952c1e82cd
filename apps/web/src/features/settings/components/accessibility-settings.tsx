import { FONT_SIZES, type FontSize } from '@/lib/theme';
import { setDisplayPreferences, useDisplayPreferences } from '@/lib/display-preferences';
import { ButtonGroupRow, SettingsGroup, SwitchRow } from './settings-form-kit';

const FONT_SIZE_LABELS: Record<FontSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };
const FONT_SIZE_OPTIONS = FONT_SIZES.map((value) => ({ value, label: FONT_SIZE_LABELS[value] }));

/** Spec §2 accessibility section: Motion & Animation, Visual, Screen Reader. Saved in this browser. */
export function AccessibilitySettings() {
  const preferences = useDisplayPreferences();
  return (
    <div className="space-y-6">
      <SettingsGroup title="Motion & Animation">
        <SwitchRow
          label="Reduce Motion"
          description="Turns off animations and transitions. Your device's reduced-motion setting is always respected."
          checked={preferences.reduce_motion}
          onCheckedChange={(checked) => setDisplayPreferences({ reduce_motion: checked })}
        />
      </SettingsGroup>
      <SettingsGroup title="Visual">
        <ButtonGroupRow
          label="Font Size"
          description="Scales all text and spacing."
          value={preferences.font_size}
          options={FONT_SIZE_OPTIONS}
          onValueChange={(next) => setDisplayPreferences({ font_size: next })}
        />
        <SwitchRow
          label="High Contrast"
          description="Black and white text with strong borders (WCAG AAA contrast), in light and dark themes."
          checked={preferences.high_contrast}
          onCheckedChange={(checked) => setDisplayPreferences({ high_contrast: checked })}
        />
      </SettingsGroup>
      <SettingsGroup title="Screen Reader">
        <p className="px-5 py-4 text-sm text-muted-foreground">
          Lodestar is built to work with screen readers: every page has landmarks and headings, every control
          has a name, and every chart will come with a table of its numbers. If something does not read well,
          please report it so it can be fixed.
        </p>
      </SettingsGroup>
    </div>
  );
}
