/** Spec §2 privacy section: balances, analytics, personalisation, marketing, data management. */
export function PrivacySettings() {
  return null;
}
