import { Link } from 'react-router';
import { usePreferences } from '@/lib/preferences';
import { PreferencesState } from './preferences-state';
import { SettingsGroup, SettingsText, SwitchRow } from './settings-form-kit';

/**
 * Why the spec's analytics, personalisation and marketing switches are not offered (ADR 011): Lodestar
 * collects nothing, tailors nothing and mails no offers, so a switch would change nothing.
 */
export const NOTHING_SHARED_TEXT =
  'Lodestar collects no usage analytics, sends no marketing email and shares nothing with third parties, so there is nothing here to switch off. Your data stays on the server that runs it.';

/** Spec §2 Data Management text: retention and cookies. */
export const DATA_MANAGEMENT_TEXTS = [
  'Your transaction data is retained indefinitely, until you delete it or your account from the Danger Zone.',
  'Lodestar uses essential cookies only, to keep you signed in. It sets no analytics or advertising cookies.',
] as const;

/** Spec §2 privacy section: balances and data management (see NOTHING_SHARED_TEXT for the rest). */
export function PrivacySettings() {
  const { preferences, updatePreference } = usePreferences();
  return (
    <PreferencesState label="privacy settings">
      <SettingsGroup title="Privacy" description="What is shown on screen, and what leaves your server.">
        <SwitchRow
          label="Show Account Balances"
          description="When off, balances and amounts are masked everywhere; percentages stay visible."
          checked={preferences.show_balances}
          onCheckedChange={(checked) => void updatePreference('show_balances', checked)}
        />
        <SettingsText text={NOTHING_SHARED_TEXT} />
      </SettingsGroup>
      <SettingsGroup title="Data Management">
        {DATA_MANAGEMENT_TEXTS.map((text) => (
          <SettingsText key={text} text={text} />
        ))}
        <p className="px-5 py-4 text-sm text-muted-foreground">
          What this server stores and sends, and your rights over it:{' '}
          <Link to="/privacy" className="font-medium text-primary underline underline-offset-4">
            Privacy Policy
          </Link>{' '}
          and{' '}
          <Link to="/terms" className="font-medium text-primary underline underline-offset-4">
            Terms of Service
          </Link>
          .
        </p>
      </SettingsGroup>
    </PreferencesState>
  );
}
