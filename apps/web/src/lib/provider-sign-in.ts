import { authClient } from './auth-client';
import { withRedirect } from './redirect';
import { leavePage } from './leave-page';
export { providerErrorMessage } from './provider-errors';
import type { ServerConfig } from './server-config';

/** A provider the server has configured (`GET /api/v1/config` → signInProviders). */
export type SignInProvider = ServerConfig['signInProviders'][number];

/**
 * Starts a sign-in (or, with the terms accepted, a sign-up) through an identity provider: the server
 * answers the provider's address and the browser goes there. The provider sends it back signed in to
 * `target`, to the second-factor step, or to this page with `?error=`.
 */
export async function startProviderSignIn(options: {
  provider: SignInProvider['id'];
  target: string;
  from: '/sign-in' | '/sign-up';
  signUp: boolean;
}): Promise<{ ok: true } | { ok: false; status: number; code?: string; message?: string }> {
  const { data, error } = await authClient.$fetch<{ url?: string }>('/sign-in/social', {
    method: 'POST',
    body: {
      provider: options.provider,
      callbackURL: options.target,
      errorCallbackURL: withRedirect(options.from, options.target),
      ...(options.signUp
        ? {
            requestSignUp: true,
            termsAccepted: true,
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          }
        : {}),
    },
  });
  if (error || !data?.url) {
    const failure = (error ?? {}) as { status?: number; code?: string; message?: string };
    return { ok: false, status: failure.status ?? 0, code: failure.code, message: failure.message };
  }
  leavePage.to(data.url);
  return { ok: true };
}
