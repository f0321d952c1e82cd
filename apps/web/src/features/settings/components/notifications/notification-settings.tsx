import { NOTIFICATION_FREQUENCIES, type Preferences } from '@lodestar/domain';
import { PreferencesState } from '../preferences-state';
import { usePreferences } from '@/lib/preferences';
import {
  ButtonGroupRow,
  type CheckboxOption,
  CheckboxGroupRow,
  NumberRow,
  SettingsGroup,
  SwitchRow,
} from '../settings-form-kit';
import { PushNotificationsCard } from './push-notifications-card';

type NotificationType = keyof Preferences['notification_types'];
type Frequency = (typeof NOTIFICATION_FREQUENCIES)[number];

const FREQUENCY_LABELS: Record<Frequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const FREQUENCY_OPTIONS = NOTIFICATION_FREQUENCIES.map((value) => ({
  value,
  label: FREQUENCY_LABELS[value],
}));

export const NOTIFICATION_TYPE_OPTIONS: readonly CheckboxOption<NotificationType>[] = [
  { value: 'large_transactions', label: 'Large transactions' },
  { value: 'new_connections', label: 'New connections' },
  { value: 'weekly_summaries', label: 'Weekly summaries' },
  { value: 'security_alerts', label: 'Security alerts' },
  { value: 'budget_alerts', label: 'Budgets at 80 % and 100 %' },
];

/** Spec §2 notifications section: email and push switches, frequency, thresholds, types. */
export function NotificationSettings() {
  const { preferences, updatePreference } = usePreferences();
  const thresholds = preferences.alert_thresholds;
  const types = preferences.notification_types;
  const currency = preferences.default_currency;
  return (
    <PreferencesState label="notification settings">
      <SettingsGroup title="Channels" description="Where alerts reach you.">
        <SwitchRow
          label="Email Notifications"
          description="Alerts and summaries by email."
          checked={preferences.email_notifications}
          onCheckedChange={(checked) => void updatePreference('email_notifications', checked)}
        />
        <SwitchRow
          label="Push Notifications"
          description="Alerts on the devices where you allow them."
          checked={preferences.push_notifications}
          onCheckedChange={(checked) => void updatePreference('push_notifications', checked)}
        />
      </SettingsGroup>
      <PushNotificationsCard />
      <SettingsGroup title="Alerts" description="How often you hear from Lodestar, and when.">
        <ButtonGroupRow
          label="Frequency"
          description="Alerts are gathered into one message per period, in your time zone."
          value={preferences.notification_frequency}
          options={FREQUENCY_OPTIONS}
          onValueChange={(next) => void updatePreference('notification_frequency', next)}
        />
        <NumberRow
          label="Daily Spending"
          description="Alert when a day's spending is above this amount. Leave blank to turn it off."
          kind="spending"
          prefix={currency}
          value={thresholds.spending}
          onValueChange={(spending) => void updatePreference('alert_thresholds', { ...thresholds, spending })}
        />
        <NumberRow
          label="Low Balance"
          description="Alert when an account's balance falls below this amount (100 when left blank)."
          kind="low_balance"
          prefix={currency}
          value={thresholds.low_balance}
          onValueChange={(lowBalance) =>
            void updatePreference('alert_thresholds', {
              ...thresholds,
              low_balance: lowBalance ?? thresholds.low_balance,
            })
          }
        />
        <NumberRow
          label="Large Transaction"
          description={`A payment of at least this much, in ${currency} (your reporting currency), is a large transaction (1,000 when left blank).`}
          kind="large_transaction"
          prefix={currency}
          value={thresholds.large_transaction}
          onValueChange={(large) =>
            void updatePreference('alert_thresholds', {
              ...thresholds,
              large_transaction: large ?? thresholds.large_transaction,
            })
          }
        />
      </SettingsGroup>
      <SettingsGroup title="Notification Types" description="Which alerts you get.">
        <CheckboxGroupRow
          label="Notify me about"
          options={NOTIFICATION_TYPE_OPTIONS}
          values={NOTIFICATION_TYPE_OPTIONS.map((option) => option.value).filter((type) => types[type])}
          onValuesChange={(values) =>
            void updatePreference('notification_types', {
              large_transactions: values.includes('large_transactions'),
              new_connections: values.includes('new_connections'),
              weekly_summaries: values.includes('weekly_summaries'),
              security_alerts: values.includes('security_alerts'),
              budget_alerts: values.includes('budget_alerts'),
              // Lodestar sends no product updates (ADR 011): the stored value is kept as it is.
              product_updates: types.product_updates,
            })
          }
        />
      </SettingsGroup>
    </PreferencesState>
  );
}
