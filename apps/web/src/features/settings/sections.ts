import { NEWS_CATEGORY_LABELS, TRANSACTION_CATEGORIES } from '@lodestar/domain';
import { NEWS_TEXTS } from './messages';

/**
 * Settings sections of spec §2: id, title, description, search keywords, and the texts of the cards and
 * rows each section shows (group titles, row labels, button texts), which the search also looks through.
 */
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
    texts: [
      'Profile Information',
      'Full name',
      'Account Information',
      'Email',
      'Verified',
      'Unverified',
      'Member since',
      'Last login',
      'Plan',
      'Connected accounts',
      'Security',
      'Change Password',
      'Update your password',
      'Two-Factor Authentication',
      'Add extra security',
      'Require two-factor authentication',
      'Passkeys',
      'Active sessions',
      'Recent security activity',
    ],
  },
  {
    id: 'financial',
    title: 'Financial',
    description: 'Financial preferences.',
    keywords: [
      'favorites',
      'favourites',
      'starred',
      'accounts',
      'categories',
      'visibility',
      'rules',
      'news',
      'publishers',
      'headlines',
    ],
    holds:
      'your starred accounts, a way to your categorization rules, which transaction categories are shown across the app, and which market news you see',
    texts: [
      'Favorites',
      'Star accounts from the Accounts page',
      'Rules',
      'See, edit, reorder and run your categorization rules.',
      'Manage rules',
      'Category Visibility',
      'Visible Categories',
      ...Object.values(TRANSACTION_CATEGORIES),
      NEWS_TEXTS.group,
      NEWS_TEXTS.groupDescription,
      NEWS_TEXTS.sources,
      NEWS_TEXTS.sourcesDescription,
      NEWS_TEXTS.sourcesEmpty,
      NEWS_TEXTS.seen,
      NEWS_TEXTS.seenDescription,
      NEWS_TEXTS.types,
      NEWS_TEXTS.typesDescription,
      ...Object.values(NEWS_CATEGORY_LABELS),
    ],
  },
  {
    id: 'notifications',
    title: 'Notifications',
    description: 'Email and push alerts, how often, and for what.',
    keywords: ['email', 'push', 'alerts', 'frequency', 'threshold', 'low balance', 'spending'],
    holds:
      'email and push switches, how often you hear from Lodestar, spending and low-balance thresholds, and which alerts you get',
    texts: [
      'Channels',
      'Email Notifications',
      'Push Notifications',
      'Alerts',
      'Frequency',
      'Daily',
      'Weekly',
      'Monthly',
      'Daily Spending',
      'Low Balance',
      'Large Transaction',
      'Notification Types',
      'Large transactions',
      'New connections',
      'Weekly summaries',
      'Security alerts',
      'Budgets at 80 % and 100 %',
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy & Security',
    description: 'What is shown, what leaves your server, and how your data is kept.',
    keywords: [
      'password',
      'mfa',
      '2fa',
      'authentication',
      'balances',
      'analytics',
      'marketing',
      'sharing',
      'cookies',
      'data',
    ],
    holds: 'whether balances are shown, what is shared (nothing), and how your data is kept',
    texts: [
      'Privacy',
      'Show Account Balances',
      'Lodestar collects no usage analytics, sends no marketing email and shares nothing with third parties',
      'Data Management',
      'Cookies',
    ],
  },
  {
    id: 'display',
    title: 'Display',
    description: 'Theme, formats, time zone, currency and the layout of lists, sidebar and dashboard.',
    keywords: [
      'theme',
      'dark',
      'light',
      'number format',
      'date format',
      'time zone',
      'currency',
      'date range',
      'compact',
      'density',
      'sidebar',
      'menu order',
      'dashboard',
      'widgets',
      'layout',
    ],
    holds:
      'number format, date format, time zone, currency, the default date range, compact lists, the sidebar order and the dashboard widgets',
    texts: [
      'Appearance',
      'Theme',
      'Light',
      'Dark',
      'System',
      'Formats',
      'Number Format',
      'Date Format',
      'Time Zone',
      'Defaults',
      'Currency',
      'Default Date Range',
      'Layout',
      'Compact Lists',
      'Sidebar Order',
      'Dashboard Widgets',
    ],
  },
  {
    id: 'accessibility',
    title: 'Accessibility',
    description: 'Motion, text size and contrast.',
    keywords: ['motion', 'animation', 'font size', 'text size', 'contrast', 'screen reader'],
    holds: 'reduced motion, text size and high contrast',
    texts: [
      'Motion & Animation',
      'Reduce Motion',
      'Visual',
      'Font Size',
      'Small',
      'Medium',
      'Large',
      'High Contrast',
      'Screen Reader',
    ],
  },
  {
    id: 'billing',
    title: 'Billing',
    description: 'Your plan, its usage and limits, and payment.',
    keywords: [
      'plan',
      'subscription',
      'upgrade',
      'pro',
      'free',
      'payment',
      'card',
      'invoice',
      'limits',
      'usage',
    ],
    holds: 'your plan, usage against its limits, and the buttons to upgrade or manage billing',
    texts: [
      'Plan',
      'Usage',
      'Upgrade to Pro',
      'Manage billing',
      'Compare plans',
      'Accounts',
      'Transactions',
      'API calls today',
    ],
  },
  {
    id: 'developer',
    title: 'Developer',
    description: 'API keys and developer tools.',
    keywords: ['api', 'keys', 'tokens', 'webhooks', 'cron', 'jobs'],
    holds: 'API keys for the public API and a button to run all scheduled jobs now',
    texts: ['API keys', 'Create API Key', 'Developer tools', 'Scheduled jobs', 'Run All Cron Jobs'],
  },
  {
    id: 'danger',
    title: 'Danger Zone',
    description: 'Irreversible actions.',
    keywords: ['delete', 'export', 'disconnect', 'sign out', 'sessions'],
    holds:
      'signing out of all sessions, exporting your data, disconnecting all accounts and deleting your account',
    texts: [
      'Irreversible actions',
      'Sign out of all sessions',
      'Request data export',
      'Disconnect all accounts',
      'Delete account',
      'Restore from an export',
      'Restore data',
    ],
  },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
export type SettingsSectionId = SettingsSection['id'];

/** The section with this id; no id means the first section (Profile); an unknown id means none. */
export function findSection(id: string | undefined): SettingsSection | undefined {
  if (id === undefined) return SETTINGS_SECTIONS[0];
  return SETTINGS_SECTIONS.find((section) => section.id === id);
}

/** A search as compared: trimmed, lower case, runs of spaces as one. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Where a section matches a search: its title, description, keywords, or a card or row in it. */
export type SectionMatch = { title: boolean; description: boolean; keyword: boolean; texts: string[] };

/** What of a section matches a search (case-insensitive), or null when nothing does. */
export function matchSection(section: SettingsSection, query: string): SectionMatch | null {
  const needle = normalizeQuery(query);
  if (!needle) return { title: false, description: false, keyword: false, texts: [] };
  const has = (text: string) => text.toLowerCase().includes(needle);
  const match: SectionMatch = {
    title: has(section.title),
    description: has(section.description),
    keyword: section.keywords.some(has),
    texts: section.texts.filter(has),
  };
  return match.title || match.description || match.keyword || match.texts.length > 0 ? match : null;
}

/** Whether a section matches a search by its title, description, keywords or card and row texts. */
export function sectionMatches(section: SettingsSection, query: string): boolean {
  return matchSection(section, query) !== null;
}
