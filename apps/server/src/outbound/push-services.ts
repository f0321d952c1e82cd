/**
 * Hosts of the Web Push services browsers subscribe through: Google's FCM (Chrome, Edge on Android,
 * Opera, Samsung Internet, Brave…), Mozilla's autopush (Firefox), Apple's web push (Safari) and
 * Microsoft's WNS (Edge on Windows). A push endpoint elsewhere is refused unless PUSH_ALLOW_ANY_HOST.
 */
export const PUSH_SERVICE_DOMAINS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** The host is one of the push services' domains or a subdomain of one. */
export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}
