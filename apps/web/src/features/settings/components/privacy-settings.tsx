import { Info } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { usePreferences } from '@/lib/preferences';
import { Highlight } from '../search';
import { PreferencesState } from './preferences-state';
import { SettingsGroup, SettingsText, SwitchRow } from './settings-form-kit';

export const ANALYTICS_EXPLANATION =
  'Anonymous measurements of page speed and errors help find what is slow or broken. They never include amounts, account names or transactions.';

/** Spec §2 Data Management text: retention and cookies. */
export const DATA_MANAGEMENT_TEXTS = [
  'Your transaction data is retained indefinitely, until you delete it or your account from the Danger Zone.',
  'Lodestar uses essential cookies only, to keep you signed in. Analytics cookies are set only while Analytics & Performance is on.',
] as const;

function AnalyticsExplanation() {
  return (
    <Tooltip label={ANALYTICS_EXPLANATION} side="top">
      <button
        type="button"
        className="mt-1 inline-flex items-center gap-1 rounded-sm text-sm text-primary underline-offset-2 hover:underline"
      >
        <Info aria-hidden="true" className="size-4" />
        <Highlight text="What is collected?" />
      </button>
    </Tooltip>
  );
}

/** Spec §2 privacy section: balances, analytics, personalisation, marketing, data management. */
export function PrivacySettings() {
  const { preferences, updatePreference } = usePreferences();
  return (
    <PreferencesState label="privacy settings">
      <SettingsGroup title="Privacy" description="What is shown on screen and what you share with us.">
        <SwitchRow
          label="Show Account Balances"
          description="When off, balances and amounts are masked everywhere; percentages stay visible."
          checked={preferences.show_balances}
          onCheckedChange={(checked) => void updatePreference('show_balances', checked)}
        />
        <SwitchRow
          label="Analytics & Performance"
          description="Share anonymous usage and performance measurements."
          checked={preferences.analytics_enabled}
          onCheckedChange={(checked) => void updatePreference('analytics_enabled', checked)}
          labelAdornment={<AnalyticsExplanation />}
        />
        <SwitchRow
          label="Personalized Experience"
          description="Tailor insights and suggestions to how you use Lodestar."
          checked={preferences.personalization_enabled}
          onCheckedChange={(checked) => void updatePreference('personalization_enabled', checked)}
        />
        <SwitchRow
          label="Marketing Communications"
          description="Occasional emails about new features and offers."
          checked={preferences.marketing_enabled}
          onCheckedChange={(checked) => void updatePreference('marketing_enabled', checked)}
        />
      </SettingsGroup>
      <SettingsGroup title="Data Management">
        {DATA_MANAGEMENT_TEXTS.map((text) => (
          <SettingsText key={text} text={text} />
        ))}
      </SettingsGroup>
    </PreferencesState>
  );
}
