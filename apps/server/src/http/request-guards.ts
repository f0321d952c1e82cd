import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF protection for cookie-authenticated requests (DESIGN.md §4): a state-changing request must
 * come from our own origin (Origin is one of PUBLIC_URL's, see Config.trustedOrigins; Sec-Fetch-Site), and a request with a body must be JSON, which a
 * browser cannot send cross-site without a CORS preflight we never grant. Bearer-token clients (API
 * keys, cron) carry no ambient credentials and skip the origin check.
 */
export function csrfGuard(
  allowedOrigins: () => string[],
  /**
   * Paths authorised by a token in the URL rather than the session cookie, which mail providers POST to
   * as a form (RFC 8058 one-click unsubscribe): no ambient credential, so nothing to forge.
   */
  tokenPaths: readonly string[] = [],
): MiddlewareHandler {
  return async (c, next) => {
    if (!MUTATING.has(c.req.method) || tokenPaths.includes(c.req.path)) return next();
    const bearer = c.req.header('authorization')?.toLowerCase().startsWith('bearer ');
    if (!bearer) {
      const fetchSite = c.req.header('sec-fetch-site');
      if (fetchSite === 'cross-site') throw AppError.forbidden('Cross-site request refused');
      const origin = c.req.header('origin');
      // Compared with the configured public origin, never with one built from the Host header, which a
      // DNS-rebinding page controls (Host: evil.example:3000 with Origin http://evil.example:3000).
      if (origin && !allowedOrigins().includes(origin)) {
        throw AppError.forbidden('Cross-site request refused');
      }
    }
    const hasBody =
      Number(c.req.header('content-length') ?? '0') > 0 || c.req.header('transfer-encoding') !== undefined;
    const contentType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (hasBody && contentType !== 'application/json') {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Request body must be JSON (Content-Type: application/json)',
      );
    }
    return next();
  };
}
