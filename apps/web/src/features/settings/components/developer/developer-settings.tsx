/** Spec §2 developer section: API keys and 'Run All Cron Jobs'. */
export function DeveloperSettings() {
  return null;
}
