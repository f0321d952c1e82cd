/** Spec §2 financial section: favorites list and category visibility. */
export function FinancialSettings() {
  return null;
}
