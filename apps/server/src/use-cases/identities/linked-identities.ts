import { countSignInMethods, deleteLinkedIdentity, listLinkedIdentities, type Database } from '@lodestar/db';
import type { Auth } from '../../auth/auth';
import type { Config, SignInProviderId } from '../../config/env';
import { AppError } from '../../http/app-error';

/** Where a provider sends the browser back after linking (Settings → Profile). */
export const IDENTITY_LINK_RETURN = '/settings/profile';

export const IDENTITY_MESSAGES = {
  notConfigured: 'That sign-in provider is not set up on this server',
  lastMethod:
    'This is the only way left to sign in to your account. Add a passkey or link another provider first',
  notFound: 'No such linked identity',
} as const;

type Deps = { auth: Auth; db: Database; config: Pick<Config, 'signIn' | 'publicUrl'> };

const FALLBACK_LABELS: Record<SignInProviderId, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  oidc: 'Single sign-on',
};

function isProvider(id: string): id is SignInProviderId {
  return id in FALLBACK_LABELS;
}

export async function listIdentities({ db, config }: Deps, userId: string) {
  const rows = await listLinkedIdentities(db, userId);
  const methods = await countSignInMethods(db, userId, []);
  return {
    identities: rows.flatMap((row) =>
      isProvider(row.providerId)
        ? [
            {
              id: row.id,
              provider: row.providerId,
              providerLabel:
                config.signIn.providers.find((provider) => provider.id === row.providerId)?.label ??
                FALLBACK_LABELS[row.providerId],
              email: row.providerEmail,
              createdAt: row.createdAt.toISOString(),
            },
          ]
        : [],
    ),
    hasPassword: methods.password,
  };
}

/**
 * The provider's authorisation address for linking another identity to the signed-in account, and the
 * cookie that binds the flow's state to this browser.
 */
export async function linkIdentityUrl(
  { auth, config }: Deps,
  provider: SignInProviderId,
  headers: Headers,
): Promise<{ url: string; setCookies: string[] }> {
  if (!config.signIn.providers.some((configured) => configured.id === provider)) {
    throw new AppError('VALIDATION_FAILED', IDENTITY_MESSAGES.notConfigured);
  }
  const result = await auth.api.linkSocialAccount({
    body: {
      provider,
      callbackURL: IDENTITY_LINK_RETURN,
      errorCallbackURL: IDENTITY_LINK_RETURN,
      disableRedirect: true,
    },
    headers,
    returnHeaders: true,
  });
  return { url: result.response.url, setCookies: result.headers.getSetCookie() };
}

/** Unlinks one identity, unless nothing else (password, passkey, another configured provider) is left. */
export async function unlinkIdentity({ db, config }: Deps, userId: string, id: string): Promise<void> {
  const configured = config.signIn.providers.map((provider) => provider.id);
  const methods = await countSignInMethods(db, userId, configured);
  const owned = (await listLinkedIdentities(db, userId)).some((row) => row.id === id);
  if (!owned) throw AppError.notFound(IDENTITY_MESSAGES.notFound);
  const others = methods.identities.filter((identity) => identity.id !== id).length;
  if (!methods.password && methods.passkeys === 0 && others === 0) {
    throw new AppError('CONFLICT', IDENTITY_MESSAGES.lastMethod);
  }
  if (!(await deleteLinkedIdentity(db, userId, id))) throw AppError.notFound(IDENTITY_MESSAGES.notFound);
}
