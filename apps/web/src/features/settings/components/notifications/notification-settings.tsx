/** Spec §2 notifications section: email and push switches, frequency, thresholds, types. */
export function NotificationSettings() {
  return null;
}
