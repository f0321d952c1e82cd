/** Settings sections of spec §2: id, title, description and search keywords. */
export const SETTINGS_SECTIONS = [
  {
    id: 'profile',
    title: 'Profile',
    description: 'Manage account information and preferences.',
    keywords: [
      'name',
      'email',
      'account',
      'security',
      'password',
      'two-factor',
      '2fa',
      'statistics',
      'verification',
      'passkeys',
      'devices',
      'active sessions',
      'security activity',
    ],
    holds:
      'your name, your email address and whether it is verified, account statistics, your password, two-factor authentication, passkeys, active sessions and recent security activity',
  },
  {
    id: 'financial',
    title: 'Financial',
    description: 'Financial preferences.',
    keywords: ['favorites', 'favourites', 'starred', 'accounts', 'categories', 'visibility'],
    holds: 'your starred accounts and which transaction categories are shown across the app',
  },
  {
    id: 'notifications',
    title: 'Notifications',
    description: 'Email and push alerts, how often, and for what.',
    keywords: ['email', 'push', 'alerts', 'frequency', 'threshold', 'low balance', 'spending'],
    holds:
      'email and push switches, how often you hear from Lodestar, spending and low-balance thresholds, and which alerts you get',
  },
  {
    id: 'privacy',
    title: 'Privacy & Security',
    description: 'What is shown, what is shared, and how your data is kept.',
    keywords: [
      'password',
      'mfa',
      '2fa',
      'authentication',
      'balances',
      'analytics',
      'marketing',
      'cookies',
      'data',
    ],
    holds:
      'whether balances are shown, analytics, personalisation and marketing preferences, and how your data is kept',
  },
  {
    id: 'display',
    title: 'Display',
    description: 'Theme, number and date formats, time zone and currency.',
    keywords: [
      'theme',
      'dark',
      'light',
      'number format',
      'date format',
      'time zone',
      'currency',
      'date range',
    ],
    holds: 'number format, date format, time zone, currency and the default date range',
  },
  {
    id: 'accessibility',
    title: 'Accessibility',
    description: 'Motion, text size and contrast.',
    keywords: ['motion', 'animation', 'font size', 'text size', 'contrast', 'screen reader'],
    holds: 'reduced motion, text size and high contrast',
  },
  {
    id: 'developer',
    title: 'Developer',
    description: 'API keys and developer tools.',
    keywords: ['api', 'keys', 'tokens', 'webhooks', 'cron', 'jobs'],
    holds: 'API keys for the public API and a button to run all scheduled jobs now',
  },
  {
    id: 'danger',
    title: 'Danger Zone',
    description: 'Irreversible actions.',
    keywords: ['delete', 'export', 'disconnect', 'sign out', 'sessions'],
    holds:
      'signing out of all sessions, exporting your data, disconnecting all accounts and deleting your account',
  },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
export type SettingsSectionId = SettingsSection['id'];

/** The section with this id; no id means the first section (Profile); an unknown id means none. */
export function findSection(id: string | undefined): SettingsSection | undefined {
  if (id === undefined) return SETTINGS_SECTIONS[0];
  return SETTINGS_SECTIONS.find((section) => section.id === id);
}

/** Whether a section matches a search by its title, description or keywords (case-insensitive). */
export function sectionMatches(section: SettingsSection, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [section.title, section.description, ...section.keywords].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
