import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/client';
import { twoFactorClient } from 'better-auth/client/plugins';

/**
 * The browser side of the server's better-auth endpoints under `/api/auth/*` (same origin, session in
 * an HttpOnly cookie the script never sees). A sign-in that needs a second factor answers
 * `twoFactorRedirect: true`; callers send the user to /two-factor themselves, keeping `redirect`.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  // Looked up on every call (not captured once), so tests that swap the global fetch reach it.
  fetchOptions: { credentials: 'same-origin', customFetchImpl: (input, init) => fetch(input, init) },
  plugins: [twoFactorClient(), passkeyClient()],
});

export type AuthClient = typeof authClient;
