/** Settings sections of spec §2: id, title, description and search keywords. */
export const SETTINGS_SECTIONS = [
  {
    id: 'profile',
    title: 'Profile',
    description: 'Manage account information and preferences.',
    keywords: ['name', 'email', 'account', 'security', 'password', 'two-factor'],
    holds:
      'Your name, email and its verification, account statistics, password and two-factor authentication.',
  },
  {
    id: 'financial',
    title: 'Financial',
    description: 'Favourite accounts and which categories you see.',
    keywords: ['favorites', 'favourites', 'categories', 'visibility'],
    holds: 'Your starred accounts and the transaction categories shown across the app.',
  },
  {
    id: 'notifications',
    title: 'Notifications',
    description: 'Email and push alerts, how often, and for what.',
    keywords: ['email', 'push', 'alerts', 'threshold', 'low balance', 'spending'],
    holds: 'Email and push switches, digest frequency, spending and low-balance thresholds, and alert types.',
  },
  {
    id: 'privacy',
    title: 'Privacy & Security',
    description: 'What is shown, shared and kept.',
    keywords: ['password', 'mfa', '2fa', 'authentication', 'balances', 'analytics', 'cookies'],
    holds:
      'Showing balances, analytics, personalisation and marketing preferences, and how your data is kept.',
  },
  {
    id: 'display',
    title: 'Display',
    description: 'Theme, number and date formats, time zone and currency.',
    keywords: ['theme', 'dark', 'light', 'format', 'currency', 'time zone', 'date range'],
    holds: 'Theme, number format, date format, time zone, currency and default date range.',
  },
  {
    id: 'accessibility',
    title: 'Accessibility',
    description: 'Motion, text size and contrast.',
    keywords: ['motion', 'animation', 'font size', 'contrast', 'screen reader'],
    holds: 'Reduce motion, font size, high contrast, and notes for screen reader users.',
  },
  {
    id: 'developer',
    title: 'Developer',
    description: 'API keys and developer tools.',
    keywords: ['api', 'keys', 'tokens', 'webhooks', 'cron'],
    holds: 'API keys for the public API and a button to run your scheduled jobs now.',
  },
  {
    id: 'danger',
    title: 'Danger Zone',
    description: 'Irreversible actions.',
    keywords: ['delete', 'export', 'disconnect', 'sign out'],
    holds:
      'Signing out everywhere, exporting your data, disconnecting all accounts and deleting your account.',
  },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

export function findSection(id: string | undefined) {
  return SETTINGS_SECTIONS.find((section) => section.id === (id ?? 'profile'));
}
