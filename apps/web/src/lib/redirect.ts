/**
 * Where to go after signing in (spec §2): the `redirect` query parameter when it names one of the
 * allowed pages (or a page below one, such as /settings/profile), otherwise the dashboard. Anything
 * else (another origin, `//host`, a backslash, `..`, an unknown page) falls back to the default, so a
 * crafted link cannot send a user off-site after they sign in.
 */

export const DEFAULT_REDIRECT = '/dashboard';

/** Spec §2 allowed redirect targets. */
export const ALLOWED_REDIRECTS = [
  '/dashboard',
  '/insights',
  '/expenses',
  '/settings',
  '/assets',
  '/activity',
  '/banks',
  '/cexes',
  '/wallets',
  // A household invitation's link, opened signed out, comes back to it after signing in (ADR 038).
  '/household/accept',
  // So does a saved report's household link.
  '/reports',
] as const;

const PROBE_ORIGIN = 'http://lodestar.invalid';

function isAllowedPath(pathname: string): boolean {
  return ALLOWED_REDIRECTS.some((allowed) => pathname === allowed || pathname.startsWith(`${allowed}/`));
}

/**
 * `value` as a same-site path (with its query and hash) when it is an allowed target, else
 * '/dashboard'. Accepts what the sign-in guard puts in `?redirect=` (path plus query).
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value) return DEFAULT_REDIRECT;
  // Only a single leading slash; no backslashes (browsers read them as slashes), whitespace or controls.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\p{Cc}]/u.test(value)) {
    return DEFAULT_REDIRECT;
  }
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return DEFAULT_REDIRECT;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_REDIRECT;
  const rawPath = value.split(/[?#]/, 1)[0] ?? '';
  // `..` or `.` segments (also percent-encoded) would step outside the allowed page once resolved.
  if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(rawPath) || rawPath !== url.pathname) return DEFAULT_REDIRECT;
  if (!isAllowedPath(url.pathname)) return DEFAULT_REDIRECT;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `?redirect=<target>` appended, unless the target is the default. */
export function withRedirect(path: string, target: string): string {
  const safe = safeRedirect(target);
  return safe === DEFAULT_REDIRECT ? path : `${path}?redirect=${encodeURIComponent(safe)}`;
}
