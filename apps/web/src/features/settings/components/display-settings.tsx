import { UI_TIMING } from '@lodestar/domain/constants';
import { toast } from 'sonner';
import { THEME_OPTIONS } from '@/components/theme-switcher';
import { setDisplayPreferences, useDisplayPreferences } from '@/lib/display-preferences';
import { ButtonGroupRow, SettingsGroup } from './settings-form-kit';

/** Display: the theme works now (saved in this browser); the other display settings need an account. */
export function DisplaySettings() {
  const { theme } = useDisplayPreferences();
  return (
    <SettingsGroup title="Appearance" description="Saved in this browser and applied at once.">
      <ButtonGroupRow
        label="Theme"
        description="System follows your device's light or dark setting."
        value={theme}
        options={THEME_OPTIONS}
        onValueChange={(next) => {
          setDisplayPreferences({ theme: next });
          const label = THEME_OPTIONS.find((option) => option.value === next)?.label ?? next;
          // Spec §8: 'Theme preference saved', '{Light/Dark/System} mode activated', shown for 2 s.
          toast.success('Theme preference saved', {
            description: `${label} mode activated`,
            duration: UI_TIMING.shortToastMs,
          });
        }}
      />
    </SettingsGroup>
  );
}
